"""Computer players: agents that decide plays, doubles and resignations."""
