"""Studying games with the engine: the review of a match (errors, luck, a summary per
player), hints for the decision at hand, and the analysis of a position given by itself.

Only :mod:`nardy.analysis.engine` calls the bot; everything else here asks it.
"""

DEFAULT_PLY = 1
"""The look-ahead of ``nardy analyze``, the server's reviews and hints by default: a 7-point
match takes seconds of CPU time at 1 ply and about a minute at 2 (docs/ENGINE.md,
"Studying games"), and the server shares its cores with the games."""
