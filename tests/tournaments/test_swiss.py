"""Swiss pairing over random results (INTERFACES.md §8, swiss): no rematch, at most one
bye each, everybody paired or given the bye every round, and score groups kept: a small
round is as close in points as the best of every legal round."""

from __future__ import annotations

import random
import time

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy.server.tournaments.pairings import Pairing, met, points
from nardy.server.tournaments.swiss import NoPairing, pair_swiss


def play(rounds: int, players: list[str], chance: random.Random) -> list[tuple[Pairing, ...]]:
    """Rounds paired one after another, each result drawn by ``chance``."""
    done: list[tuple[Pairing, ...]] = []
    for _ in range(rounds):
        try:
            paired = pair_swiss(players, done)
        except NoPairing:
            break
        check_round(players, done, paired)
        done.append(tuple(p if p.is_bye else won_by(p, chance) for p in paired))
    return done


def won_by(pairing: Pairing, chance: random.Random) -> Pairing:
    return Pairing(pairing.first, pairing.second, chance.choice(pairing.players))


def check_round(
    players: list[str], before: list[tuple[Pairing, ...]], paired: tuple[Pairing, ...]
) -> None:
    seated = [p for pairing in paired for p in pairing.players]
    assert sorted(seated) == sorted(players), "everybody paired or given the bye, once"
    assert not met([paired]) & met(before), "no rematch"
    byes = [p.first for p in paired if p.is_bye]
    assert len(byes) == len(players) % 2
    earlier = {p.first for r in before for p in r if p.is_bye}
    assert not set(byes) & earlier, "at most one bye each"


def spread(paired: tuple[Pairing, ...], score: dict[str, int]) -> int:
    """The squared points between paired players (a bye: its player's points)."""
    return sum(
        (score.get(p.first, 0) - score.get(p.second, 0)) ** 2
        if p.second is not None
        else score.get(p.first, 0) ** 2
        for p in paired
    )


def best_spread(players: list[str], before: list[tuple[Pairing, ...]]) -> int | None:
    """The least spread of every legal round, by trying them all (small fields only)."""
    score, seen = points(before), met(before)
    byes = {p.first for r in before for p in r if p.is_bye}

    def rounds(left: list[str]) -> list[list[Pairing]]:
        if not left:
            return [[]]
        if len(left) % 2:
            return [
                [Pairing.bye(p), *rest]
                for p in left
                if p not in byes
                for rest in rounds([o for o in left if o != p])
            ]
        first, found = left[0], []
        for other in left[1:]:
            if frozenset((first, other)) in seen:
                continue
            for rest in rounds([o for o in left[1:] if o != other]):
                found.append([Pairing(first, other), *rest])
        return found

    every = rounds(players)
    return min((spread(tuple(r), score) for r in every), default=None)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 40), st.integers(1, 8), st.randoms(use_true_random=False))
def test_every_round_is_legal(count: int, rounds: int, chance: random.Random) -> None:
    players = [f"p{i}" for i in range(count)]
    done = play(rounds, players, chance)
    assert len(done) == min(rounds, len(done))
    if count >= 2 * rounds + 2:
        assert len(done) == rounds, "a field this size is never stuck"


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 9), st.integers(0, 4), st.randoms(use_true_random=False))
def test_score_groups_as_close_as_can_be(count: int, rounds: int, chance: random.Random) -> None:
    players = [f"p{i}" for i in range(count)]
    done = play(rounds, players, chance)
    best = best_spread(players, done)
    if best is None:
        with pytest.raises(NoPairing):
            pair_swiss(players, done)
        return
    paired = pair_swiss(players, done)
    assert spread(paired, points(done)) == best


def test_small_blocks_still_pair_legally() -> None:
    chance = random.Random(7)
    players = [f"p{i}" for i in range(21)]
    done = play(4, players, chance)
    check_round(players, done, pair_swiss(players, done, block=4))


def test_a_round_of_256_pairs_in_under_a_second() -> None:
    chance = random.Random(1)
    players = [f"p{i}" for i in range(256)]
    done = play(6, players, chance)
    start = time.perf_counter()
    pair_swiss(players, done)
    assert time.perf_counter() - start < 1.0


def test_pairs_are_made_inside_score_groups_when_they_can_be() -> None:
    first = (
        Pairing("a", "b", "a"),
        Pairing("c", "d", "c"),
        Pairing("e", "f", "e"),
        Pairing("g", "h", "g"),
    )
    paired = pair_swiss(list("abcdefgh"), [first])
    score = points([first])
    assert all(score.get(p.first, 0) == score.get(p.second or "", 0) for p in paired)


def test_two_players_cannot_meet_twice() -> None:
    with pytest.raises(NoPairing):
        pair_swiss(["a", "b"], [(Pairing("a", "b", "a"),)])


def test_no_second_bye() -> None:
    done = [(Pairing("a", "b", "a"), Pairing.bye("c")), (Pairing("a", "c", "c"), Pairing.bye("b"))]
    paired = pair_swiss(["a", "b", "c"], done)
    assert [p.players for p in paired] == [("c", "b"), ("a",)]
