"""Close decisions of a review settled by truncated rollouts (nardy.analysis.settle): the
closest first within the budget, the same values for the same decisions, and a review whose
fixed fields (INTERFACES.md §5) keep their meaning."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nardy.analysis import choices, settle
from nardy.analysis.decision import Decision
from nardy.analysis.engine import Engine, Stakes
from nardy.analysis.loading import load_match
from nardy.analysis.review import analyse
from nardy.formats.notation import format_play
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON

MATCH = Path(__file__).parents[1] / "data" / "analysis" / "match-003-advanced-beginner.mat"


@pytest.fixture(scope="module")
def loaded():
    return load_match(str(MATCH))


@pytest.fixture(scope="module")
def plain(loaded) -> dict[str, Any]:
    match, players = loaded
    return analyse(match, players, 0).to_json()


@pytest.fixture(scope="module")
def rolled(loaded) -> dict[str, Any]:
    match, players = loaded
    return analyse(match, players, 0, rollout_seconds=2.0).to_json()


def decisions(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for game in doc["games"] for d in game["decisions"]]


def close(d: dict[str, Any]) -> bool:
    """Whether a decision of the plain review was close: its best two choices less than
    settle.CLOSE apart."""
    if d["kind"] == "move":
        values = sorted((c["equity"] for c in d["candidates"]), reverse=True)
        return len(values) > 1 and values[0] - values[1] < settle.CLOSE + 1e-4
    cube = d["cube"]
    if d["kind"] == "double":
        double = min(cube["double_take"], cube["double_pass"])
        return abs(cube["no_double"] - double) < settle.CLOSE + 1e-4
    if d["kind"] == "take":
        return abs(cube["double_take"] - cube["double_pass"]) < settle.CLOSE + 1e-4
    return False


def test_no_budget_is_the_review_at_its_ply_alone(loaded, plain):
    match, players = loaded
    assert analyse(match, players, 0, rollout_seconds=0.0).to_json() == plain
    assert not any("rollout" in d for d in decisions(plain))


def test_close_decisions_are_rolled_out_and_the_clear_ones_kept(plain, rolled):
    before, after = decisions(plain), decisions(rolled)
    assert len(before) == len(after)
    settled = [(b, a) for b, a in zip(before, after, strict=True) if "rollout" in a]
    assert settled, "a budget of seconds settles some decision"
    for b, a in zip(before, after, strict=True):
        assert {"action", "player", "kind", "error", "mark", "luck"} <= set(a)
        assert (a["action"], a["player"], a["kind"], a["played"]) == (
            b["action"],
            b["player"],
            b["kind"],
            b["played"],
        )
        if "rollout" not in a:
            assert a == b  # a clearly decided (or unsettled) decision keeps its values
            continue
        assert close(b)
        assert a["rollout"] == {"games": settle.GAMES, "truncate": settle.TRUNCATE}
        assert a["error"] >= 0
        assert a["error"] == pytest.approx(a["best_equity"] - a["equity"], abs=2e-4)
        if a["kind"] == "move":
            best = a["candidates"][0]
            assert best["play"] == a["best"] and best["difference"] == 0 and "rollout" in best
            mine = [c for c in a["candidates"] if c["played"]]
            assert len(mine) == 1 and mine[0]["equity"] == pytest.approx(a["equity"])
            assert "rollout" in mine[0]
    # the clearly decided errors stay the largest they were
    clear = max((b["error"] for b in before if not close(b)), default=0.0)
    assert max(a["error"] for b, a in settled) <= max(clear, settle.CLOSE)


def test_the_summary_adds_up_the_settled_errors(rolled):
    for player, summary in enumerate(rolled["summary"]):
        errors = [d["error"] for d in decisions(rolled) if d["player"] == player]
        assert summary["decisions"] == len(errors)
        assert summary["error_total"] == pytest.approx(sum(errors), abs=1e-3)
        assert summary["pr"] == pytest.approx(500 * sum(errors) / len(errors), abs=0.05)


def test_the_same_decisions_settled_get_the_same_values(loaded, rolled):
    match, players = loaded
    again = analyse(match, players, 0, rollout_seconds=0.5).to_json()
    pairs = [
        (a, b)
        for a, b in zip(decisions(rolled), decisions(again), strict=True)
        if "rollout" in a and "rollout" in b
    ]
    assert pairs
    for a, b in pairs:
        assert a == b


# ----------------------------------------------------------------------------- the budget


class Burner:
    """An engine that takes ``cost`` CPU seconds a rollout and counts them."""

    def __init__(self, cost: float) -> None:
        self.cost = cost
        self.rolled: list[Any] = []

    def truncated(self, spots: Any, games: int, truncate: int) -> Any:
        began = time.process_time()
        while time.process_time() - began < self.cost * len(spots):
            pass
        self.rolled += [cells for cells, _ in spots]
        return [[float(cells)] * 5 for cells, _ in spots]


def question(engine: Burner, index: int, gap: float, cells: tuple[int, ...]) -> settle.Question:
    def judge(outputs: list[Any]) -> Decision:
        return Decision(index, 0, "double", gap, "double", "double", 0.0, 0.0, rollout={})

    rolled = tuple((engine, c, False) for c in cells)
    return settle.Question(0, index, gap, rolled, judge)  # type: ignore[arg-type]


def test_the_closest_go_first_until_the_budget_is_spent():
    engine = Burner(0.05)
    gaps = [0.07, 0.001, 0.03, 0.05, 0.02]
    questions = [question(engine, i, gap, (i,)) for i, gap in enumerate(gaps)]
    found: list[Decision] = [
        Decision(i, 0, "double", 0.0, "double", "double", 0.0, 0.0) for i in range(len(gaps))
    ]
    told = []
    count = settle.settle([found], questions, 0.12, progress=lambda: told.append(1))
    assert count == 2 and len(told) == 2
    assert engine.rolled == [1, 4]  # the two closest
    assert [d.rollout is not None for d in found] == [False, True, False, False, True]


def test_no_seconds_settle_nothing_and_a_position_is_rolled_out_once():
    engine = Burner(0.0)
    questions = [question(engine, 0, 0.01, (7,)), question(engine, 1, 0.02, (7, 8))]
    found = [Decision(i, 0, "double", 0.0, "double", "double", 0.0, 0.0) for i in range(2)]
    assert settle.settle([found], questions, 0.0) == 0 and not engine.rolled
    assert settle.settle([found], questions, 10.0) == 2
    assert engine.rolled == [7, 8]


# ----------------------------------------------------------------------------- the judgement


def test_outputs_as_the_ranking_s_give_its_values_back():
    """A rollout's outputs become equity as the ranking's do: fed the ranking's own
    chances, a settled play keeps the ranking's values."""
    settings = Settings(match_to=5)
    engine, stakes = Engine(BACKGAMMON, settings), Stakes.at(BACKGAMMON, settings, score=(2, 3))
    position = BACKGAMMON.start_position()
    ranked = engine.rank(position.cells, (4, 3), 1, stakes)
    close = [i for i in range(1, len(ranked)) if ranked[0].value - ranked[i].value < settle.CLOSE]
    assert close, "the opening 43 has close plays"
    mine = ranked[close[-1]]
    shown = tuple(
        {"play": format_play(position, c.steps), "equity": c.value, "played": c is mine}
        for c in ranked[:5]
    )
    decision = Decision(0, 0, "move", 0.0, "x", "y", mine.value, ranked[0].value, candidates=shown)
    question = settle.play_question((0, 0), decision, engine, stakes, ranked, mine.cells, position)
    assert question is not None and [r[1] for r in question.rolled][-1] == mine.cells
    by_cells = {c.cells: c.outputs for c in ranked}
    settled = question.judge([np.asarray(by_cells[r[1]]) for r in question.rolled])
    assert settled.equity == pytest.approx(mine.value)
    assert settled.best_equity == pytest.approx(ranked[0].value)
    assert settled.error == pytest.approx(ranked[0].value - mine.value)
    assert settled.rollout == {"games": settle.GAMES, "truncate": settle.TRUNCATE}


def test_a_double_and_its_answer_are_judged_by_the_engine_s_cube_model():
    engine, stakes = Engine(BACKGAMMON, Settings()), Stakes.money()
    spot = settle.Spot(engine, stakes, BACKGAMMON.start_position().cells)
    # near the doubling point, then near the take point (money, centred cube)
    near_double, near_take = (np.array([w, 0.1, 0.0, 0.03, 0.0]) for w in (0.67, 0.75))
    double = Decision(0, 0, "double", 0.0, "no double", "no double", 0.0, 0.0)
    take = Decision(1, 1, "take", 0.0, "drop", "drop", 0.0, 0.0)
    asked = settle.cube_question((0, 0), double, spot, stakes.cube_values(near_double))
    answer = settle.cube_question((0, 1), take, spot, stakes.cube_values(near_take))
    assert asked is not None and answer is not None
    assert settle.cube_question((0, 0), double, spot, stakes.cube_values(near_take)) is None
    for outputs in (near_double, near_take):  # whatever the rollout finds
        values = stakes.cube_values(outputs)
        doubled, answered = asked.judge([outputs]), answer.judge([outputs])
        answers = choices.take(values)
        assert doubled.cube == choices.cube_json(values, outputs)
        assert doubled.error == pytest.approx(max(values.best - values.no_double, 0.0))
        assert doubled.best == ("double" if values.double > values.no_double else "no double")
        assert answered.error == pytest.approx(answers.best - answers.no)
        assert answered.best == ("take" if answers.yes >= answers.no else "drop")
        assert answered.cube == choices.cube_json(values)
