"""The small text format of the rules pages, turned into HTML.

Blocks are separated by blank lines. A block of lines that all begin with ``- `` is a
list; ``### `` begins a subheading; ``{figure:NAME}`` alone places a diagram; anything else
is a paragraph. Inside a block, ``**strong**`` and ``*emphasis*`` mark words, and
``[words](page:dutch)`` links to another rules page (``[words](/)`` to the lobby). All
other text is escaped, so the words can hold any character.

>>> for block in blocks("One **two** [three](page:dutch).\\n\\n- a\\n- b", "pl"):
...     print(block.html)
<p>One <strong>two</strong> <a href="/rules/dutch?lang=pl">three</a>.</p>
<ul><li>a</li><li>b</li></ul>
>>> blocks("{figure:ln-start}", "en")[0].figure
'ln-start'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

FIGURE = re.compile(r"\{figure:([a-z0-9-]+)\}")
LINK = re.compile(r"\[([^\]]+)\]\((page:[a-z-]+|/)\)")
STRONG = re.compile(r"\*\*(.+?)\*\*")
EMPHASIS = re.compile(r"\*(.+?)\*")


class MarkupError(ValueError):
    """Text that the format cannot hold (a stray marker, an unknown kind of link)."""


@dataclass(frozen=True)
class Block:
    html: str
    figure: str | None = None
    """The name of the diagram this block places, if it is one."""


def blocks(text: str, lang: str) -> list[Block]:
    """The blocks of ``text``; links point at the pages in ``lang``."""
    found = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in chunk.strip().splitlines()]
        whole = " ".join(lines)
        figure = FIGURE.fullmatch(whole)
        if figure:
            found.append(Block("", figure.group(1)))
        elif all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{inline(line[2:], lang)}</li>" for line in lines)
            found.append(Block(f"<ul>{items}</ul>"))
        elif whole.startswith("### "):
            found.append(Block(f"<h3>{inline(whole[4:], lang)}</h3>"))
        else:
            found.append(Block(f"<p>{inline(whole, lang)}</p>"))
    return found


def inline(text: str, lang: str) -> str:
    """One line of text with its marks as HTML."""
    if FIGURE.search(text):
        raise MarkupError(f"a figure stands alone in its block: {text!r}")
    html = escape(text, quote=False)

    def link(found: re.Match[str]) -> str:
        target = found.group(2)
        href = "/" if target == "/" else f"/rules/{target[5:]}?lang={lang}"
        return f'<a href="{href}">{found.group(1)}</a>'

    html = LINK.sub(link, html)
    html = STRONG.sub(r"<strong>\1</strong>", html)
    html = EMPHASIS.sub(r"<em>\1</em>", html)
    if "*" in html or "](" in html:
        raise MarkupError(f"an unclosed mark or an unknown link in {text!r}")
    return html


def plain(text: str) -> str:
    """``text`` without its marks (for titles and descriptions).

    >>> plain("The **head** rule, see [Dutch](page:dutch)")
    'The head rule, see Dutch'
    """
    text = LINK.sub(r"\1", text)
    return EMPHASIS.sub(r"\1", STRONG.sub(r"\1", text))
