"""Every document the code, tests and docs cite exists, and so does every section they cite:
"INTERFACES.md §4" needs a heading "4. …" in docs/INTERFACES.md, and 'PROTOCOL.md, "The
state"' (or PROTOCOL.md, Variants) a heading of docs/PROTOCOL.md that begins with those words.
A reader follows a citation to a file and a heading, so the tests also refuse references to
a numbered work journal or tracker that nobody can open: a working period is cited by its
date or commit, a requirement by its rule ID (docs/RULES.md) or document section.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
TEXT = {".py", ".md", ".js", ".html", ".css", ".txt", ".toml"}
DOCUMENT = r"(?<![\w/.-])(?:docs/)?(?P<doc>[A-Z][A-Z_]+\.md|README)"
NUMBERED = re.compile(DOCUMENT + r" §(?P<first>\d+)(?:[–-](?P<last>\d+))?")
QUOTED = re.compile(DOCUMENT + r", [\"“](?P<title>[^\"”\n]+)[\"”]")
PLAIN = re.compile(DOCUMENT + r", (?![A-Z][A-Z_]+\.md)(?P<title>[A-Z][^\"“)\];:.,\n]*)")
NAMED = re.compile(r"(?<![\w/.-])(?:docs/)?(?P<doc>[A-Z][A-Z_]+\.md)\b")
JOURNAL = re.compile(r"(?<!per )\b[Ss]essions? \d+")
"""A numbered working period ("per session 200" is a rate, docs/PROTOCOL.md)."""
TRACKER = re.compile(r"\b[Ii]ssues? \d+")


def files(*places: str) -> Iterator[Path]:
    """The text files under ``places`` (folders or files, relative to the root)."""
    for place in places:
        path = ROOT / place
        found = [path] if path.is_file() else sorted(path.rglob("*"))
        for one in found:
            if one.suffix in TEXT and ".egg-info" not in str(one) and one.is_file():
                yield one


def document(name: str) -> Path | None:
    """The document a citation names: docs/NAME.md, or NAME.md at the root."""
    name = name.removesuffix(".md")
    for path in (DOCS / f"{name}.md", ROOT / f"{name}.md"):
        if path.is_file():
            return path
    return None


def headings(path: Path) -> list[str]:
    """The text of every Markdown heading of ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    fenced = False
    found = []
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.append(line.lstrip("#").strip())
    return found


def problems(text: str, where: str) -> Iterator[str]:
    """What is wrong with the citations in ``text``, the file ``where``."""
    for match in NAMED.finditer(text):
        if document(match["doc"]) is None:
            yield f"{where}: no document {match[0]}"
    for match in NUMBERED.finditer(text):
        cited = document(match["doc"])
        last = int(match["last"] or match["first"])
        for number in range(int(match["first"]), last + 1):
            if cited is None or not any(h.startswith(f"{number}. ") for h in headings(cited)):
                yield f"{where}: no section {number} in {match['doc']} ({match[0]})"
    for pattern in (QUOTED, PLAIN):
        for match in pattern.finditer(text):
            cited = document(match["doc"])
            title = match["title"].strip()
            if cited is None or not any(h.startswith(title) for h in headings(cited)):
                yield f"{where}: no section {title!r} in {match['doc']}"


def test_cited_documents_and_sections_exist() -> None:
    places = ("src", "tests", "docs", "README.md", "CHANGELOG.md", "CONTRIBUTING.md")
    this = Path(__file__).resolve()
    found = [
        problem
        for path in files(*places)
        if path != this
        for problem in problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert found == []


def test_the_check_catches_what_it_is_for() -> None:
    sample = (
        'INTERFACES.md §4; INTERFACES.md §9–11; PROTOCOL.md, "No such part";\n'
        'docs/NOWHERE.md; RULES.md, Nothing here); PROTOCOL.md, "The state".\n'
    )
    assert len(list(problems(sample, "sample"))) == 4


@pytest.mark.parametrize(
    ("pattern", "places"),
    [(JOURNAL, ("README.md", "docs", "src", "tests")), (TRACKER, ("src", "tests"))],
)
def test_no_reference_a_reader_cannot_open(pattern: re.Pattern[str], places: tuple[str]) -> None:
    this = Path(__file__).resolve()
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files(*places)
        if path != this
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []
