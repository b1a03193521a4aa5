"""The HTTP and WebSocket routes by resource, and the guard in front of them."""
