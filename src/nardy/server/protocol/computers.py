"""The computer's seats as data (docs/PROTOCOL.md, "The state": ``computers``).

The server holds the computer's seat as ``computer:<level>``, or ``computer:<level>:<n>``
where several computers play (a chouette, a tournament), and shows it under an English
name (``computer (expert)``, ``computer 2 (expert)``) that the game record keeps. Clients
are sent the level beside the name instead of reading it out of the name: for each seat,
the computer's level, or None where a person sits or nobody does. The level is read from
the seat holder, which every table keeps, finished or not, never from the name.

>>> levels(["u1f2", "computer:expert", None])
[None, 'expert', None]
"""

from __future__ import annotations

from collections.abc import Iterable

HOLDER = "computer:"
"""How the computer's seat holders begin."""


def level_of(holder: str | None) -> str | None:
    """The computer's level at a seat held by ``holder``; None for a person or nobody.

    >>> level_of("computer:casual"), level_of("computer:expert:2")
    ('casual', 'expert')
    >>> level_of("a1b2c3"), level_of(None)
    (None, None)
    """
    if holder is None or not holder.startswith(HOLDER):
        return None
    return holder.split(":")[1]


def holder_of(level: str, number: int | None = None) -> str:
    """The seat holder of the computer at ``level`` (the ``number``-th where several play).

    >>> holder_of("expert"), holder_of("casual", 2)
    ('computer:expert', 'computer:casual:2')
    >>> level_of(holder_of("casual", 2))
    'casual'
    """
    return f"{HOLDER}{level}" if number is None else f"{HOLDER}{level}:{number}"


def is_computer(holder: str | None) -> bool:
    """Whether the computer holds the seat of ``holder``."""
    return level_of(holder) is not None


def levels(holders: Iterable[str | None]) -> list[str | None]:
    """:func:`level_of` each seat: the state's and the lists' ``computers``."""
    return [level_of(holder) for holder in holders]
