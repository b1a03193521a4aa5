"""Knock-out brackets for 2 to 64 players (INTERFACES.md §8, knockout)."""

from __future__ import annotations

import random

import pytest

from nardy.server.tournaments.knockout import bracket, next_round, rounds_for
from nardy.server.tournaments.pairings import Pairing


@pytest.mark.parametrize("count", range(2, 65))
def test_a_bracket_plays_down_to_one_winner(count: int) -> None:
    chance = random.Random(count)
    players = [f"s{i}" for i in range(count)]
    current = bracket(players)
    assert sorted(p for pairing in current for p in pairing.players) == sorted(players)
    byes = [p.first for p in current if p.is_bye]
    assert sorted(byes, key=players.index) == players[: len(byes)], "the byes go to the best seeds"
    assert len(byes) == (1 << rounds_for(count)) - count
    played = 1
    while True:
        done = tuple(
            p if p.is_bye else Pairing(p.first, p.second, chance.choice(p.players)) for p in current
        )
        following = next_round(done)
        if not following:
            break
        assert not any(p.is_bye for p in following), "byes only in round 1"
        assert [p.players for p in following] == [
            (a.winner, b.winner) for a, b in zip(done[::2], done[1::2], strict=True)
        ]
        current, played = following, played + 1
    assert played == rounds_for(count)
    assert len(done) == 1 and done[0].winner in players


def test_the_best_seeds_meet_last() -> None:
    current = bracket([f"s{i}" for i in range(16)])
    while len(current) > 1:
        current = next_round(tuple(Pairing(p.first, p.second, p.first) for p in current))
    assert current[0].players == ("s0", "s1")


def test_a_round_with_a_result_missing_is_not_followed() -> None:
    with pytest.raises(ValueError, match="not over"):
        next_round((Pairing("a", "b", "a"), Pairing("c", "d")))
