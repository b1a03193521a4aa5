"""What every chat line must be, at a table (docs/PROTOCOL.md, "Client → server") and on a
tournament's page (docs/PROTOCOL.md, "Tournament chat"): text, stripped of the spaces
around it, that shows something — not only spaces, zero-width or other format
characters, controls, the Hangul fillers or the braille blank, which all print as nothing.

>>> chat_text("  gl  ")
'gl'
>>> chat_text("👍"), chat_text("?")
('👍', '?')
>>> chat_text(" \\n\\t ")
Traceback (most recent call last):
...
nardy.server.protocol.chat.ChatRefused: a chat message needs some 'text'
>>> chat_text("\\u200b\\u3164\\u2800")
Traceback (most recent call last):
...
nardy.server.protocol.chat.ChatRefused: a chat message needs some 'text' that shows
"""

from __future__ import annotations

import unicodedata

CHAT_LENGTH = 500
"""The most characters of one chat line."""

BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters Unicode counts as letters or symbols that print as nothing: the Hangul
fillers and the braille blank."""


class ChatRefused(ValueError):
    """A chat line that cannot be said, with the reason."""


def chat_text(value: object) -> str:
    """``value`` as a chat line's text: stripped, never empty, showing something."""
    if not isinstance(value, str) or not value.strip():
        raise ChatRefused("a chat message needs some 'text'")
    if not any(_shows(ch) for ch in value):
        raise ChatRefused("a chat message needs some 'text' that shows")
    return value.strip()


def _shows(ch: str) -> bool:
    """Whether ``ch`` prints something: not a separator (Z*), a control, format,
    surrogate, private-use or unassigned character (C*), nor a blank."""
    return unicodedata.category(ch)[0] not in "ZC" and ch not in BLANKS
