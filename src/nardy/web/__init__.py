"""The browser client: static files the server hands out; no build step."""
