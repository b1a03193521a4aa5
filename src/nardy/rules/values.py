"""A cheaper :func:`dataclasses.replace` for the rules' immutable values.

Every event makes a new game, a new match and, for a step, a new turn, each a frozen
dataclass copied with a field or two changed. ``dataclasses.replace`` looks up the fields,
builds the keyword arguments and calls ``__init__``, which sets each field through
``object.__setattr__``: for a game of eighteen fields that cost a command as much as
applying its rules. :func:`evolve` copies the fields' values at once instead, which is the
same value for a class whose every field is set by ``__init__`` (no ``init=False`` field,
no ``__post_init__``, no slots), as the rules' values are.

>>> from dataclasses import dataclass, replace
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> evolve(Point(1, 2), y=5), evolve(Point(1, 2), y=5) == replace(Point(1, 2), y=5)
(Point(x=1, y=5), True)
>>> evolve(Point(1), z=3)
Traceback (most recent call last):
...
TypeError: Point has no field 'z'
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each class's field names, read once."""


def evolve(value: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass instance ``value`` with ``changes`` (see the module
    docstring); :class:`TypeError` for a name that is not one of its fields. What is not
    a field (a cached property's value) is not copied."""
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = _checked_fields(kind)
    for name in changes:
        if name not in names:
            raise TypeError(f"{kind.__name__} has no field {name!r}")
    fresh: T = object.__new__(kind)
    old = value.__dict__
    state = fresh.__dict__
    for name in names:
        state[name] = old[name]
    state.update(changes)
    return fresh


def _checked_fields(kind: type) -> tuple[str, ...]:
    """The field names of ``kind``, which must be a class :func:`evolve` can copy."""
    found = fields(kind)
    if (
        hasattr(kind, "__post_init__")
        or hasattr(kind, "__slots__")
        or any(not f.init for f in found)
    ):
        raise TypeError(f"{kind.__name__} is not a plain frozen dataclass: use replace")
    return tuple(f.name for f in found)
