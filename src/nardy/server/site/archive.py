"""Dead tables leave the lobby (docs/PROTOCOL.md, "Presence and the archive").

An unfinished table that none of its seated people has had a connection to for
:data:`~nardy.server.defaults.ARCHIVE` seconds is *archived*: it is off the public lists
(``GET /api/tables`` and the lobby's "being played now") but nothing else changes — it is
still unfinished, in its players' history and in their own list, and whoever sits there
resumes it by opening it (a game against the computer waits for its player). Archiving is
read from the table's row alone (its ``away`` option, written by the table:
:meth:`Room.note_presence <nardy.server.tables.room.Room.note_presence>`), so every process
of a site answers the same without asking the table's owner.

Some tables stay listed however long their players are away (:func:`kept_listed`).

>>> from dataclasses import replace
>>> from nardy.server.store.database import TableRow
>>> row = TableRow("t", "match", "backgammon", {}, ["p", "computer:expert"],
...                {"away": 1000.0}, "playing", None, "", "", 0.0)
>>> archived(row, now=1000.0 + 899, after=900), archived(row, now=1000.0 + 900, after=900)
(False, True)
>>> archived(replace(row, options={"away": None}), now=10**9, after=900)  # somebody is here
False
>>> archived(replace(row, options={"away": 0.0, "tournament": {"id": "x"}}), 10**9, 900)
False
"""

from __future__ import annotations

from nardy.server.store.database import TableRow


def away_since(row: TableRow) -> float | None:
    """Since when (Unix time) none of the table's seated people has been connected; None
    while one is. A table stored before the server kept this counts from its creation."""
    if "away" not in row.options:
        return row.created
    away = row.options["away"]
    return None if away is None else float(away)


def kept_listed(row: TableRow, after: float) -> bool:
    """Whether the table stays listed however long its players are away: a tournament's
    pairing (its tournament runs while it is unfinished), and a table whose clock gives a
    move more time than ``after`` (correspondence play: nobody need be there between
    moves). Extend this where a kind of table must never be archived."""
    if "tournament" in row.options:
        return True
    clock = row.options.get("clock")
    return isinstance(clock, dict) and float(clock.get("move") or 0) > after


def archived(row: TableRow, now: float, after: float) -> bool:
    """Whether the unfinished table ``row`` is archived at Unix time ``now``."""
    since = away_since(row)
    return since is not None and now - since >= after and not kept_listed(row, after)
