"""What a position is worth to the player on roll, as cubeless chances: the inputs a
network sees (:mod:`.encoding`, :mod:`.features`), the networks (:mod:`.network`), one per
class of position (:mod:`.model`), the exact bear-off databases (:mod:`.bearoff`), the
evaluator that puts them together and ranks the plays of a roll (:mod:`.evaluator`), and
the trained networks shipped with the package (:mod:`.shipped`).

It knows nothing of search, the cube or players: the rest of :mod:`nardy.bot` builds on it.
"""
