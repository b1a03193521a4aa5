"""Mass self-play: random agents with seeded dice play whole matches, sessions and series of
every variant under many combinations of settings, and every match is checked against the
rules from the outside:

- its record survives ``match_to_record`` → JSON text → ``replay`` with the same games,
  results and score;
- each game's points are worked out again here from the final position, the cube and the
  way the game ended (B6, B7, B9, D7, LN8–LN10), not by asking the variant;
- the Crawford game is exactly the first game played with a score of N − 1, and no double
  is offered in it (B8);
- the match ends exactly when a player reaches N; a session plays the games asked for;
- long-nardy series games are started by the player LN11 names.

The sample must show what it claims to check: every combination ends games by resignation,
by a drop where the cube is in use and has a Crawford game where there is one; between
them, each variant's combinations end games with every kind of win its rules have, and
long nardy with a draw (LN10).

The default run is a small sample. ``NARDY_SELFPLAY_MATCHES=2000`` plays that many matches
for every combination (CONTRIBUTING.md, "Longer checks").
"""

from __future__ import annotations

import json
import os
from collections import Counter
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.formats.record import match_to_record, replay
from nardy.rules.cells import CHECKERS, OFF, OPP_BAR, OPP_OFF
from nardy.rules.game import Game, Result
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import variant_named

MATCHES = int(os.environ.get("NARDY_SELFPLAY_MATCHES", "6"))
"""Matches per combination of variant and settings."""
SHOWS_EVERYTHING = MATCHES >= 6
"""Whether the sample is large enough for the coverage checks (the default is)."""

COMBINATIONS: list[tuple[str, dict[str, Any], int]] = [
    # (variant, settings, games of a money session or unlimited series)
    ("backgammon", {"match_to": 1}, 1),
    ("backgammon", {"match_to": 3}, 1),
    ("backgammon", {"match_to": 5}, 1),
    ("backgammon", {"match_to": 5, "crawford": False}, 1),
    ("backgammon", {"match_to": 5, "cube": False}, 1),
    ("backgammon", {"match_to": 3, "backgammon_value": 2}, 1),
    ("backgammon", {}, 3),
    ("backgammon", {"jacoby": True}, 3),
    ("backgammon", {"auto_doubles": 2}, 3),
    ("backgammon", {"jacoby": True, "auto_doubles": 1, "backgammon_value": 2}, 3),
    ("nackgammon", {"match_to": 5}, 1),
    ("nackgammon", {"jacoby": True, "auto_doubles": 1}, 3),
    ("nackgammon", {"match_to": 5, "cube": False}, 1),
    ("long-nardy", {"match_to": 3}, 1),
    ("long-nardy", {"match_to": 5, "scoring": "oin"}, 1),
    ("long-nardy", {"match_to": 5, "first_move": "alternate"}, 1),
    ("long-nardy", {"match_to": 5, "last_roll": True}, 1),
    ("long-nardy", {"match_to": 5, "last_roll": True, "first_move": "alternate"}, 1),
    ("long-nardy", {"last_roll": True, "scoring": "oin"}, 4),
    ("long-nardy", {"match_to": 5, "cube": True}, 1),
    ("long-nardy", {"match_to": 3, "cube": True, "crawford": False, "last_roll": True}, 1),
    ("dutch", {"match_to": 3}, 1),
    ("dutch", {"match_to": 5, "enter_all_first": True}, 1),
    ("dutch", {}, 3),
    ("dutch", {"match_to": 5, "cube": True}, 1),
    ("dutch", {"match_to": 1, "cube": True}, 1),
    ("dutch", {"cube": True, "enter_all_first": True}, 3),
]


def combination_id(combination: tuple[str, dict[str, Any], int]) -> str:
    name, values, games = combination
    text = ",".join(f"{k}={v}" for k, v in values.items()) or "defaults"
    return f"{name}:{text}" + (f":{games}games" if not values.get("match_to") else "")


def agents(seed: int) -> tuple[RandomAgent, RandomAgent]:
    """Agents that double, drop and resign often enough to exercise every ending."""
    return (
        RandomAgent(seed * 2 + 1, double=0.15, take=0.7, resign=0.01, accept=0.5),
        RandomAgent(seed * 2 + 2, double=0.15, take=0.7, resign=0.01, accept=0.5),
    )


# ----------------------------------------------------------------------------- scoring


def cube_value(game: Game, settings: Settings) -> int:
    """The cube from the game's actions: automatic doubles (B5) and taken doubles (B6)."""
    value = 1
    opening = game.actions[0] if game.actions[0].type == "opening" else None
    if opening is not None and settings.match_to == 0 and game.cube_enabled:
        assert opening.attempts is not None
        ties = len(opening.attempts) - 1
        value *= 2 ** min(ties, settings.auto_doubles)
    takes = sum(1 for a in game.actions if a.type == "take")
    return min(value * 2**takes, 64)


def win_factor(name: str, settings: Settings, cells: tuple[int, ...]) -> tuple[str, int]:
    """How a win counts, from ``cells`` seen from the winner (B7, D7, LN8)."""
    loser_off = cells[OPP_OFF]
    if name == "long-nardy":
        return ("mars", 2) if settings.scoring == "mars" and loser_off == 0 else ("oin", 1)
    if loser_off:
        return "single", 1
    if name == "dutch":
        return "gammon", 2
    if cells[OPP_BAR] or any(cells[p] < 0 for p in range(1, 7)):
        return "backgammon", settings.backgammon_value
    return "gammon", 2


def expected_result(name: str, settings: Settings, game: Game) -> Result:
    """The result of a finished game worked out from its actions and final position."""
    actions = game.actions
    last = actions[-1]
    assert last.player is not None
    cube = cube_value(game, settings)
    assert game.cube == cube
    taken = any(a.type == "take" for a in actions)
    jacoby = settings.match_to == 0 and settings.jacoby and not taken

    if last.type == "drop":  # B6: the value before the double
        assert actions[-2].type == "double" and actions[-2].player == 1 - last.player
        return Result(1 - last.player, cube, "drop")
    if last.type == "accept":  # B9
        offer = actions[-2]
        assert offer.type == "resign" and offer.player == 1 - last.player
        assert offer.level is not None
        values = (1, 2) if name == "dutch" else (1, 2, settings.backgammon_value)
        value = 1 if jacoby else values[offer.level - 1]
        return Result(last.player, cube * value, "resign")
    if last.type == "resign":  # LN9: immediate, scored on the position at that moment
        assert name == "long-nardy"
        loser = last.player
        seen = game.position if game.turn == loser else game.position.flipped()
        factor = 2 if settings.scoring == "mars" and seen.cells[OFF] == 0 else 1
        return Result(1 - loser, cube * factor, "resign")

    assert last.type == "play"
    mover = last.player
    cells = game.current.cells  # the mover's view after the play
    if game.final_roll:  # LN10: black's answer to white's last bear-off
        assert settings.last_roll and mover != game.starter
        if cells[OFF] == CHECKERS:
            return Result(None, 0, "draw")
        winner_view = game.current.flipped().cells
        assert winner_view[OFF] == CHECKERS
        kind, factor = win_factor(name, settings, winner_view)
        return Result(1 - mover, cube * factor, kind)
    assert cells[OFF] == CHECKERS
    assert not (settings.last_roll and mover == game.starter)
    kind, factor = win_factor(name, settings, cells)
    return Result(mover, cube * (1 if jacoby else factor), kind)


# ----------------------------------------------------------------------------- checks


def check_match(name: str, settings: Settings, match: Match, games_wanted: int) -> None:
    played = [g for g in match.games if g.actions]
    target = settings.match_to
    score = (0, 0)
    scores_before = []
    for game in played:
        scores_before.append(score)
        if game.result is None:
            continue
        result = expected_result(name, settings, game)
        assert game.result == result, (game.actions, game.result, result)
        if result.winner is not None:
            points = list(score)
            points[result.winner] += result.points
            score = (points[0], points[1])
    assert match.score == score

    # B8: the first game played at N − 1 is the Crawford game; nothing else loses the cube.
    crawford = None
    if settings.cube and settings.crawford and target > 1:
        crawford = next((i for i, s in enumerate(scores_before) if target - 1 in s), None)
    for i, game in enumerate(played):
        assert game.cube_enabled == (settings.cube and i != crawford), i
        if not game.cube_enabled:
            assert all(a.type not in ("double", "take", "drop") for a in game.actions)
            assert game.cube == 1

    # The match ends exactly when a player reaches N; a session plays the games asked for.
    if target:
        assert all(max(s) < target for s in scores_before)
        assert max(match.score) >= target and match.is_over()
        assert all(g.result is not None for g in played)
    else:
        assert len(played) == games_wanted and not match.is_over()

    # LN11: later games of a series are started by the player the setting names.
    for previous, game in pairwise(played):
        assert previous.result is not None and previous.starter is not None
        if name != "long-nardy":
            assert game.actions[0].type == "opening"
            continue
        assert game.actions[0].type != "opening"
        winner = previous.result.winner
        if settings.first_move == "alternate" or winner is None:
            assert game.starter == 1 - previous.starter
        else:
            assert game.starter == 1 - winner
        assert game.actions[0].player == game.starter


def check_record(match: Match) -> None:
    record = match_to_record(match, ("a", "b"))
    text = json.dumps(record)
    again = replay(json.loads(text))
    assert again.score == match.score
    assert [g.result for g in again.games] == [g.result for g in match.games]
    assert match_to_record(again, ("a", "b")) == record


Key = tuple[str, tuple[tuple[str, Any], ...], int]
"""A combination with its settings as sorted pairs (hashable, for :func:`played`)."""


@cache
def played(combination: Key) -> Counter[str]:
    """Play and check the matches of one combination; how its games ended, and how many
    Crawford games it had."""
    name, items, games = combination
    values = dict(items)
    variant = variant_named(name)
    settings = Settings.for_variant(variant, values)
    kinds: Counter[str] = Counter()
    for seed in range(MATCHES):
        match = play_match(Match.new(variant, settings), agents(seed), seeded_dice(seed), games)
        try:
            check_match(name, settings, match, games)
            check_record(match)
        except AssertionError as error:
            raise AssertionError(
                f"{combination_id((name, values, games))}, seed {seed}: {error}"
            ) from None
        kinds.update(g.result.kind for g in match.games if g.result is not None)
        kinds["crawford"] += sum(1 for g in match.games if settings.cube and not g.cube_enabled)
    return kinds


def key(
    combination: tuple[str, dict[str, Any], int],
) -> tuple[str, tuple[tuple[str, Any], ...], int]:
    name, values, games = combination
    return name, tuple(sorted(values.items())), games


@pytest.mark.parametrize("combination", COMBINATIONS, ids=combination_id)
def test_selfplay_matches(combination: tuple[str, dict[str, Any], int]) -> None:
    kinds = played(key(combination))
    # Shown with ``pytest -s``: what the sample covered.
    print(f"\n{combination_id(combination)}: {MATCHES} matches, {dict(sorted(kinds.items()))}")
    if not SHOWS_EVERYTHING:
        return
    name, values, _ = combination
    settings = Settings.for_variant(variant_named(name), values)
    assert kinds["resign"], "no game ended by resignation"
    if settings.cube:
        assert kinds["drop"], "no game ended by a dropped double"
    if settings.cube and settings.crawford and settings.match_to >= 3:
        assert kinds["crawford"], "no Crawford game was played"


@pytest.mark.parametrize("name", sorted({name for name, _, _ in COMBINATIONS}))
def test_every_kind_of_win_is_played(name: str) -> None:
    """Between them, a variant's combinations end games with each kind of win (B7, D7,
    LN8) its settings allow, and long nardy with the draw of LN10."""
    if not SHOWS_EVERYTHING:
        pytest.skip(f"{MATCHES} matches per combination are too few to show every ending")
    variant = variant_named(name)
    ours = [c for c in COMBINATIONS if c[0] == name]
    seen: Counter[str] = sum((played(key(c)) for c in ours), Counter())
    wanted = {
        kind
        for _, values, _ in ours
        for kind, _ in variant.result_values(Settings.for_variant(variant, values))
    }
    if any(values.get("last_roll") for _, values, _ in ours):
        wanted.add("draw")
    assert wanted <= {kind for kind, count in seen.items() if count}, dict(seen)
