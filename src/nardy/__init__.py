"""nardy: backgammon, long nardy and Dutch backgammon."""

__version__ = "0.1.0"
