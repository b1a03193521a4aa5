"""Ways to write positions, plays and games down, and to read them back."""
