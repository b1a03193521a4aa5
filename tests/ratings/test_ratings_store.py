"""Ratings in the store (nardy.server.store.ratings): one rating period per rated match, the
deviation widened for idle days, outcomes written once; unrated matches and sessions that
nobody won leave the ratings alone."""

from __future__ import annotations

from dataclasses import astuple

import pytest

from nardy.ratings.glicko2 import Rating, idle, rate
from nardy.server.store.database import Store, TableRow
from nardy.server.store.ratings import DAY, Outcome, Ratings

ALA, BEN = "computer:casual", "computer:expert"


@pytest.fixture
def ratings() -> Ratings:
    store = Store("sqlite://")
    for n in range(4):
        row = TableRow(f"t{n}", "match", "dutch", {}, [ALA, BEN], {}, "over", None, "0", "0", 0.0)
        store.add_table(row)
    return Ratings(store)


def outcome(n: int, winner: int | None, at: float, rated: bool = True) -> Outcome:
    return Outcome(f"t{n}", "dutch", (ALA, BEN), (1, 0), winner, rated, at)


def test_each_rated_match_is_one_period_and_idle_days_widen_the_deviation(ratings):
    assert ratings.record(outcome(0, 0, 1000.0))
    first_a, first_b = rate(Rating(), [(Rating(), 1)]), rate(Rating(), [(Rating(), 0)])
    assert astuple(ratings.current(ALA, "dutch")) == pytest.approx(astuple(first_a))
    # thirty days later: both deviations grow for 30 idle periods before the match
    assert ratings.record(outcome(1, 1, 1000.0 + 30 * DAY + 5))
    a, b = idle(first_a, 30), idle(first_b, 30)
    assert astuple(ratings.current(ALA, "dutch")) == pytest.approx(astuple(rate(a, [(b, 0)])))
    assert astuple(ratings.current(BEN, "dutch")) == pytest.approx(astuple(rate(b, [(a, 1)])))
    [entry] = ratings.of(ALA)
    assert entry["games"] == 2 and entry["wins"] == 1


def test_an_outcome_is_written_once_and_unrated_ones_change_no_rating(ratings):
    assert ratings.record(outcome(0, 0, 1.0, rated=False))
    assert not ratings.record(outcome(0, 0, 2.0, rated=True))  # the same table again
    assert ratings.record(outcome(1, None, 3.0))  # a money session: nobody won
    assert ratings.of(ALA) == [] and ratings.leaderboard("dutch") == []
    assert ratings.unrecorded() == ["t2", "t3"]
