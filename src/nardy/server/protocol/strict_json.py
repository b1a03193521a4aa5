"""Reading JSON from clients strictly: no NaN or Infinity, no lone surrogates.

Python's :func:`json.loads` accepts ``NaN`` and ``Infinity``, reads ``1e400`` as infinity,
fails on whole numbers of over 4,300 digits, and turns ``"\\ud800"`` into a string that
cannot be written as UTF-8; any of these would break a later step (a setting, a
stored chat line, a response). Everything a client sends, over HTTP or the table socket,
is read here, so such values are refused at the door with a message a person understands.

>>> parse('{"type": "chat", "text": "gl"}')
{'type': 'chat', 'text': 'gl'}
>>> parse('{"match_to": NaN}')
Traceback (most recent call last):
...
nardy.server.protocol.strict_json.JSONRefused: not valid JSON: NaN is not a number JSON allows
>>> parse('[1e400]')
Traceback (most recent call last):
...
nardy.server.protocol.strict_json.JSONRefused: not valid JSON: the number 1e400 is too large
>>> try:
...     parse('{"text": "\\\\ud83d"}')
... except JSONRefused as refused:
...     print(refused)
not valid JSON: a string holds a lone surrogate (\\ud83d)
"""

from __future__ import annotations

import json
import math
from typing import Any, TypeGuard

from nardy.rules.errors import NardyError


class JSONRefused(NardyError, ValueError):
    """A client's JSON that the server does not read."""


def _no_constant(name: str) -> Any:
    raise JSONRefused(f"not valid JSON: {name} is not a number JSON allows")


def _number(text: str) -> float:
    """A number with a fraction or exponent, refused where a double cannot hold it."""
    value = float(text)
    if math.isinf(value):
        raise JSONRefused(f"not valid JSON: the number {text[:20]} is too large")
    return value


def _whole(text: str) -> int:
    """A whole number, refused beyond the digits Python converts (4,300 by default)."""
    try:
        return int(text)
    except ValueError:
        raise JSONRefused(f"not valid JSON: a whole number has {len(text)} digits") from None


def parse(text: str | bytes) -> Any:
    """The JSON value in ``text``; :class:`JSONRefused` says what is wrong with it."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONRefused("not valid JSON: the text is not UTF-8") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant, parse_float=_number, parse_int=_whole)
    except json.JSONDecodeError as error:
        raise JSONRefused(f"not valid JSON: {error.msg}") from None
    except RecursionError:
        raise JSONRefused("not valid JSON: nested too deeply") from None
    _check_strings(doc)
    return doc


def _check_strings(doc: Any) -> None:
    """Refuse strings (values or keys) that UTF-8 cannot hold."""
    pending = [doc]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                pending.append(item)
        elif isinstance(value, list):
            pending.extend(value)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        bad = text[error.start]
        raise JSONRefused(
            f"not valid JSON: a string holds a lone surrogate (\\u{ord(bad):04x})"
        ) from None


def printable(text: str) -> str:
    """``text`` with anything UTF-8 cannot hold replaced (for data stored before these
    checks existed).

    >>> printable("a\\ud800b")
    'a\\ufffdb'
    """
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether a parsed JSON ``value`` is a whole number (``true`` is not 1 here).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> TypeGuard[int | float]:
    """Whether a parsed JSON ``value`` is a number (not ``true`` or ``false``).

    >>> is_number(2.5), is_number(60), is_number(False)
    (True, True, False)
    """
    return isinstance(value, int | float) and not isinstance(value, bool)
