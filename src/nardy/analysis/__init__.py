"""Studying games with the engine: the review of a match (errors, luck, a summary per
player), hints for the decision at hand, and the analysis of a position given by itself.

Only :mod:`nardy.analysis.engine` calls the bot; everything else here asks it.
"""

DEFAULT_PLY = 1
"""The deepest look that analyses a 7-point match in about a minute on a small machine
(measured in the README): the default of ``nardy analyze``, the server's reviews and hints."""
