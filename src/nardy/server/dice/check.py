"""Checking the dice of a table from what the server hands out, game by game.

Two documents are read: the game record (``GET /api/tables/{id}/record``, its rolls taken
from the actions: each game's ``opening`` pairs, then each ``roll``) and the dice
document (``GET /api/tables/{id}/dice``, its rolls listed per game; a chouette's roll-off
places are single dice). Records of the first scheme (``"dice": {"commitment", "seed"}``
only) are checked as before: one sequence of rolls over the whole match. In the second
(``"scheme": "nardy-dice/2"``) every game whose seed is revealed is checked on its own —
its seed against the commitment published before it, every roll against the seed and the
contributions — and, once the table's seed is revealed too, every game seed against it.

>>> from nardy.server.dice import commitment as dice
>>> seed = bytes(range(32))
>>> game = dice.game_seed(seed, 1)
>>> key = dice.dice_key(game, ["alpha", ""])
>>> doc = {"commitment": dice.commitment(seed), "seed": None, "scheme": dice.SCHEME,
...        "games": [{"game": 1, "commitment": dice.commitment(game), "seed": game.hex(),
...                   "contributions": [{"value": "alpha"}, {"value": ""}],
...                   "rolls": [list(dice.roll(key, 0)), list(dice.roll(key, 1))]}]}
>>> verdict = check(doc)
>>> verdict.ok, verdict.lines[0]
(True, 'game 1: ok: its seed matches its commitment and all 2 rolls (contributions: 1 of 2)')
>>> doc["games"][0]["contributions"][1]["value"] = "changed"
>>> check(doc).ok
False
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any

from nardy.server.dice import commitment as dice_service


class DiceDocumentError(ValueError):
    """A document that does not hold the dice of a table."""


@dataclass
class Verdict:
    """What a check found: one line per game (or one for the whole match)."""

    ok: bool = True
    checked: int = 0
    """How many games (or matches, in the first scheme) were checked."""
    lines: list[str] = field(default_factory=list)

    def fail(self, line: str) -> None:
        self.ok = False
        self.lines.append(line)


def record_rolls(record: dict[str, Any]) -> list[list[list[int]]]:
    """The rolls of each game of a record, in the order the server drew them."""
    games: list[list[list[int]]] = []
    for game in _list(record.get("games", []), "games"):
        rolls: list[list[int]] = []
        for action in _list(game.get("actions", []), "actions"):
            if action.get("type") == "opening":
                rolls.extend([int(a), int(b)] for a, b in action["dice"])
            elif action.get("type") == "roll":
                a, b = action["dice"]
                rolls.append([int(a), int(b)])
        games.append(rolls)
    return games


def check(doc: dict[str, Any]) -> Verdict:
    """Check a record or a dice document (see the module docstring)."""
    try:
        return _check(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, DiceDocumentError):
            raise
        raise DiceDocumentError(f"this is not a table's dice: {error!r}") from None


def _check(doc: dict[str, Any]) -> Verdict:
    is_record = "format" in doc or "players" in doc
    dice = doc["dice"] if is_record else doc
    if not isinstance(dice, dict):
        raise DiceDocumentError("'dice' must be an object")
    commitment = _hex_text(dice.get("commitment"), "commitment")
    seed = dice.get("seed")
    if dice.get("scheme") != dice_service.SCHEME:
        rolls = [r for game in record_rolls(doc) for r in game] if is_record else dice.get("rolls")
        return _check_first_scheme(commitment, seed, rolls or [])
    per_game = record_rolls(doc) if is_record else None
    verdict = Verdict()
    master = None
    if seed:
        master = bytes.fromhex(_hex_text(seed, "seed"))
        if not _same(dice_service.commitment(master), commitment):
            verdict.fail("FAILED: the table's seed does not match its commitment")
            return verdict
    for index, game in enumerate(_list(dice["games"], "games")):
        number = int(game.get("game", index + 1))
        rolls = per_game[index] if per_game is not None and index < len(per_game) else None
        if rolls is None:
            rolls = game.get("rolls") or []
        _check_game(verdict, number, game, rolls, master)
    if verdict.ok and verdict.checked == 0:
        verdict.ok = False
        verdict.lines.append("no game is over yet: each game's seed is shown when it ends")
    return verdict


def _check_game(
    verdict: Verdict,
    number: int,
    game: dict[str, Any],
    rolls: list[list[int]],
    master: bytes | None,
) -> None:
    published = _hex_text(game.get("commitment"), f"game {number}'s commitment")
    seed_hex = game.get("seed")
    if master is not None:
        derived = dice_service.game_seed(master, number)
        if seed_hex and not _same(derived.hex(), seed_hex):
            verdict.fail(f"game {number}: FAILED: its seed is not the one the table's seed gives")
            return
        seed_hex = derived.hex()
    if not seed_hex:
        verdict.lines.append(f"game {number}: in play; its seed is shown when it ends")
        return
    seed = bytes.fromhex(_hex_text(seed_hex, f"game {number}'s seed"))
    if not _same(dice_service.commitment(seed), published):
        verdict.fail(f"game {number}: FAILED: its seed does not match its commitment")
        return
    values = []
    for sent in _list(game.get("contributions", []), "contributions"):
        value = sent.get("value") if isinstance(sent, dict) else sent
        if value is not None and not isinstance(value, str):
            raise DiceDocumentError(f"game {number}: a contribution must be text")
        values.append(value or "")
    key = dice_service.dice_key(seed, values)
    for k, rolled in enumerate(_list(rolls, "rolls")):
        expected = list(dice_service.roll(key, k))[: len(rolled)]
        if [int(d) for d in rolled] != expected:
            verdict.fail(
                f"game {number}: FAILED: roll {k + 1} was {list(rolled)}, "
                f"the seed and the contributions give {expected}"
            )
            return
    verdict.checked += 1
    given = sum(1 for v in values if v)
    verdict.lines.append(
        f"game {number}: ok: its seed matches its commitment and all {len(rolls)} rolls "
        f"(contributions: {given} of {len(values)})"
    )


def _check_first_scheme(commitment: str, seed: Any, rolls: list[Any]) -> Verdict:
    verdict = Verdict()
    if not seed:
        verdict.fail("the seed is not revealed yet: it is published when the match is over")
        return verdict
    key = bytes.fromhex(_hex_text(seed, "seed"))
    if not _same(dice_service.commitment(key), commitment):
        verdict.fail("FAILED: the seed does not match the commitment published before the game")
        return verdict
    for k, rolled in enumerate(rolls):
        expected = list(dice_service.roll(key, k))
        if [int(d) for d in rolled] != expected:
            verdict.fail(f"FAILED: roll {k + 1} was {list(rolled)}, the seed gives {expected}")
            return verdict
    verdict.checked = 1
    verdict.lines.append(f"ok: the seed matches the commitment and all {len(rolls)} rolls")
    return verdict


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.lower(), b.lower())


def _hex_text(value: Any, what: str) -> str:
    if (
        not isinstance(value, str)
        or len(value) % 2
        or not all(c in "0123456789abcdefABCDEF" for c in value)
    ):
        raise DiceDocumentError(f"the {what} must be hexadecimal text")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise DiceDocumentError(f"'{what}' must be a list")
    return value
