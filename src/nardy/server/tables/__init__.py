"""A table's owner: the room every table shares, match and chouette tables, the clock, and
what a connection is sent.
"""
