"""docs/RULES.md is the rules reference the code cites: every rule ID that code, tests or the
rules pages name is defined there, once, and every rule defined there is cited somewhere."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "RULES.md"
CITED = re.compile(r"(?<![A-Za-z0-9#])(?:CH|LN|[BCDS])\d{1,2}(?![0-9])")
DEFINED = re.compile(r"^- \*\*((?:CH|LN|[BCDS])\d{1,2})\*\* ", re.MULTILINE)


def defined() -> list[str]:
    return DEFINED.findall(REFERENCE.read_text(encoding="utf-8"))


def cited() -> dict[str, set[str]]:
    """Rule IDs named in the Python sources and tests, with the files naming them."""
    found: dict[str, set[str]] = {}
    for folder in ("src", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            for rule in CITED.findall(path.read_text(encoding="utf-8")):
                found.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_rule_is_defined_once():
    rules = defined()
    assert len(rules) == len(set(rules)), sorted(r for r in rules if rules.count(r) > 1)
    for group, count in (("C", 7), ("B", 9), ("CH", 8), ("LN", 11), ("D", 7), ("S", 9)):
        assert [r for r in rules if re.fullmatch(f"{group}\\d+", r)] == [
            f"{group}{n}" for n in range(1, count + 1)
        ], group


def test_every_cited_rule_is_in_the_reference():
    missing = {rule: files for rule, files in cited().items() if rule not in defined()}
    assert not missing, missing


def test_the_game_rules_are_cited_by_code_or_tests():
    """A rule of the games (not of the site) that nothing cites has no test to find."""
    games = [r for r in defined() if not r.startswith("S")]
    assert sorted(set(games) - set(cited())) == []


def test_the_readings_of_the_first_landing_are_written_down():
    text = REFERENCE.read_text(encoding="utf-8")
    for rule, words in (
        ("B5", "Its default is 0"),
        ("D4", "just before"),
        ("LN4", "through the point the step lands on"),
        ("LN9", "start of the current turn"),
        ("LN10", "drawn game uses up the Crawford game"),
    ):
        entry = text.split(f"**{rule}**", 1)[1].split("\n- **", 1)[0]
        assert "*Reading:*" in entry and words in " ".join(entry.split()), rule
