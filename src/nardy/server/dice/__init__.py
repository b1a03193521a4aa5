"""Dice nobody has to trust: commitments, a table's dice book, and checking rolls."""
