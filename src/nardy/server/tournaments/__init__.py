"""Tournaments: Swiss, knock-out and arena (INTERFACES.md §8).

The pure part — :mod:`.pairings` (the values), :mod:`.swiss`, :mod:`.knockout`,
:mod:`.arena` and :mod:`.standings` — works on immutable values only; :mod:`.director`
owns the running tournaments, creates their tables through the lobby and stores results.
"""
