"""The game server: lobby, tables over WebSocket, storage and the dice service."""
