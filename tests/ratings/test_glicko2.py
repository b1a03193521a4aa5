"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system".

The paper's player: rating 1500, RD 200, volatility 0.06, τ = 0.5. Three games: a win against
1400 (RD 30), losses against 1550 (RD 100) and 1700 (RD 300). The paper prints each quantity
rounded, and computes v and Δ from g and E already rounded to 4 and 3 places; the tests check
our exact values at the paper's precision, and recompute v and Δ from the paper's own rounded
table to show where the last digits come from.
"""

from __future__ import annotations

import math

import pytest

from nardy.ratings.glicko2 import SCALE, Rating, expected, g, idle, period, rate

PLAYER = Rating(1500, 200, 0.06)
OPPONENTS = [Rating(1400, 30), Rating(1550, 100), Rating(1700, 300)]
SCORES = [1, 0, 0]
RESULTS = list(zip(OPPONENTS, SCORES, strict=True))


def test_step_2_the_glicko_2_scale():
    assert PLAYER.mu == 0 and round(PLAYER.phi, 4) == 1.1513
    assert [round(o.mu, 4) for o in OPPONENTS] == [-0.5756, 0.2878, 1.1513]
    assert [round(o.phi, 4) for o in OPPONENTS] == [0.1727, 0.5756, 1.7269]


def test_step_3_the_table_of_g_and_e():
    assert [round(g(o.phi), 4) for o in OPPONENTS] == [0.9955, 0.9531, 0.7242]
    assert [round(expected(0, o.mu, o.phi), 3) for o in OPPONENTS] == [0.639, 0.432, 0.303]


def test_steps_3_and_4_v_and_delta_from_the_papers_rounded_table():
    gs, es = [0.9955, 0.9531, 0.7242], [0.639, 0.432, 0.303]
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej in zip(gs, es, strict=True))
    delta = v * sum(gj * (s - ej) for gj, ej, s in zip(gs, es, SCORES, strict=True))
    assert round(v, 4) == 1.7785 and round(delta, 4) == -0.4834
    exact = period(PLAYER, RESULTS)
    assert exact.v == pytest.approx(1.7785, abs=0.001)
    assert exact.delta == pytest.approx(-0.4834, abs=0.001)


def test_steps_5_to_8_the_new_volatility_deviation_and_rating():
    worked = period(PLAYER, RESULTS)
    assert math.floor(worked.volatility * 1e5) / 1e5 == 0.05999  # the paper cuts at 5 places
    assert worked.phi_star == pytest.approx(1.152862, abs=1e-5)
    assert round(worked.after.phi, 4) == 0.8722
    assert round(worked.after.mu, 4) == -0.2069
    assert round(worked.after.deviation, 2) == 151.52
    assert round(1500 + SCALE * round(worked.after.mu, 4), 2) == 1464.06  # the paper's r′
    assert worked.after.rating == pytest.approx(1464.06, abs=0.02)


def test_a_win_raises_and_a_loss_lowers_and_they_mirror_between_equals():
    a, b = Rating(1500, 350), Rating(1500, 350)
    winner, loser = rate(a, [(b, 1)]), rate(b, [(a, 0)])
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.deviation < 350 and loser.deviation < 350


def test_an_expected_win_moves_less_than_an_upset():
    strong, weak = Rating(1800, 60), Rating(1400, 60)
    assert rate(strong, [(weak, 1)]).rating - 1800 < rate(weak, [(strong, 1)]).rating - 1400


def test_a_surprising_series_raises_the_volatility():
    """The branch of step 5 where Δ² > φ² + v: a steady player who keeps beating far
    stronger opponents."""
    steady = Rating(1500, 50, 0.06)
    results = [(Rating(2300, 30), 1)] * 10
    worked = period(steady, results)
    assert worked.delta**2 > steady.phi**2 + worked.v
    assert worked.volatility > 0.06


def test_idle_periods_widen_the_deviation_up_to_a_newcomers():
    assert idle(Rating(1500, 100), 1).deviation == pytest.approx(
        SCALE * math.sqrt((100 / SCALE) ** 2 + 0.06**2)
    )
    assert idle(Rating(1500, 340), 1000).deviation == 350
    assert idle(PLAYER, 0) == PLAYER
    assert rate(PLAYER, []) == idle(PLAYER)


def test_bad_scores_are_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        rate(PLAYER, [(OPPONENTS[0], 2)])
