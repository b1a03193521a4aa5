"""What every chat line must be, at a table (docs/PROTOCOL.md, "Client → server") and on a
tournament's page (docs/PROTOCOL.md, "Tournament chat"): text, stripped of the spaces
around it, with something left to show.

>>> chat_text("  gl  ")
'gl'
>>> chat_text(" \\n\\t ")
Traceback (most recent call last):
...
nardy.server.protocol.chat.ChatRefused: a chat message needs some 'text'
"""

from __future__ import annotations

CHAT_LENGTH = 500
"""The most characters of one chat line."""


class ChatRefused(ValueError):
    """A chat line that cannot be said, with the reason."""


def chat_text(value: object) -> str:
    """``value`` as a chat line's text: stripped, never empty."""
    if not isinstance(value, str) or not value.strip():
        raise ChatRefused("a chat message needs some 'text'")
    return value.strip()
