"""The review of a match (INTERFACES.md §5): which actions are decisions, errors never
negative and none for the best choice, luck that averages to zero, the summary's sums."""

from __future__ import annotations

from typing import Any

import pytest

from nardy.analysis.engine import OPENING_ROLLS, ROLLS, Engine, Stakes
from nardy.analysis.marks import mark
from nardy.analysis.review import analyse
from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.rules.game import Accept, Game, MakePlay, OpeningRoll, Phase, Resign, Roll
from nardy.rules.match import Match
from nardy.rules.plays import Play, final_cells
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, variant_named

CASES = [
    ("backgammon", {"match_to": 3}),
    ("backgammon", {"match_to": 0, "jacoby": True}),
    ("nackgammon", {"match_to": 3}),
    ("long-nardy", {"match_to": 3, "scoring": "mars"}),
    ("dutch", {"match_to": 3, "cube": True}),
]


def random_match(variant_name: str, values: dict[str, Any], seed: int) -> Match:
    variant = variant_named(variant_name)
    settings = Settings.for_variant(variant, values)
    agents = (RandomAgent(seed, resign=0.02), RandomAgent(seed + 1, resign=0.02))
    return play_match(Match.new(variant, settings), agents, seeded_dice(seed), games=2)


@pytest.fixture(scope="module", params=CASES, ids=[f"{v}-{s}" for v, s in CASES])
def reviewed(request: pytest.FixtureRequest) -> tuple[Match, dict[str, Any]]:
    variant_name, values = request.param
    match = random_match(variant_name, values, 7)
    return match, analyse(match, ("Ala", "Ola"), 0).to_json()


def states(match: Match) -> list[list[tuple[Game, Any]]]:
    """For each game, the game as it was before each of its actions."""
    from nardy.formats.record import action_events

    replay = Match.new(match.variant, match.settings)
    found = []
    for played in match.games:
        if not played.actions:
            continue
        before = []
        for action in played.actions:
            before.append((replay.game, action))
            for event in action_events(action):
                replay = replay.apply(event)
        found.append(before)
    return found


def test_every_error_is_at_least_zero_and_the_best_choice_has_none(reviewed):
    _, doc = reviewed
    decisions = [d for game in doc["games"] for d in game["decisions"]]
    assert decisions
    for d in decisions:
        assert d["error"] >= 0
        assert d["error"] == pytest.approx(d["best_equity"] - d["equity"], abs=2e-4)
        assert d["mark"] == mark(d["error"])
        if d["kind"] == "move":
            best = d["candidates"][0]
            assert best["difference"] == 0 and best["play"] == d["best"]
            played = [c for c in d["candidates"] if c["played"]]
            assert len(played) == 1 and played[0]["equity"] == pytest.approx(d["equity"])
            deepest = [c for c in d["candidates"] if c["ply"] == best["ply"]]
            assert all(c["difference"] <= 0 for c in deepest)
            assert all(c["ply"] <= best["ply"] for c in d["candidates"])


def test_the_decisions_are_the_unforced_plays_every_cube_choice_and_every_answer(reviewed):
    match, doc = reviewed
    for before, game in zip(states(match), doc["games"], strict=True):
        kinds: dict[int, set[str]] = {}
        for d in game["decisions"]:
            kinds.setdefault(d["action"], set()).add(d["kind"])
        for index, (state, action) in enumerate(before):
            expected = set()
            if action.type == "play":
                if len(final_cells(state.variant, state.position.cells, action.dice)) >= 2:
                    expected = {"move"}
            elif action.type == "double" or (
                action.type == "roll" and state.can_double(action.player)
            ):
                expected = {"double"}
            elif action.type in ("take", "drop"):
                expected = {"take"}
            elif action.type in ("accept", "decline"):
                expected = {"resign"}
            assert kinds.get(index, set()) == expected, (index, action)


def test_every_roll_has_its_luck_and_the_summary_adds_up(reviewed):
    match, doc = reviewed
    for before, game in zip(states(match), doc["games"], strict=True):
        rolled = [
            i
            for i, (state, action) in enumerate(before)
            if action.type == "roll"
            or (action.type == "opening" and state.variant.opening_is_first_roll)
        ]
        assert [r["action"] for r in game["rolls"]] == rolled
    for player, summary in enumerate(doc["summary"]):
        mine = [d for g in doc["games"] for d in g["decisions"] if d["player"] == player]
        luck = [r["luck"] for g in doc["games"] for r in g["rolls"] if r["player"] == player]
        total = sum(d["error"] for d in mine)
        assert summary["decisions"] == len(mine)
        assert summary["error_total"] == pytest.approx(total, abs=1e-3)
        if mine:
            assert summary["error_rate"] == pytest.approx(1000 * total / len(mine), abs=0.05)
            assert summary["pr"] == pytest.approx(500 * total / len(mine), abs=0.05)
        assert summary["luck_total"] == pytest.approx(sum(luck), abs=1e-3)
        assert summary["moves"] == sum(1 for d in mine if d["kind"] == "move")
    assert doc["unit"] == ("match" if match.settings.match_to else "money")


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY, DUTCH, NACKGAMMON])
def test_the_luck_of_all_rolls_of_a_position_averages_to_zero(variant):
    match = random_match(variant.name, {"match_to": 5}, 3)
    engine = Engine(variant, match.settings)
    for game, _ in states(match)[0][5:40:7]:
        if game.phase is not Phase.ROLLING:
            continue
        stakes = Stakes.of(game, game.turn, match)
        table = engine.roll_table(game.position.cells, 0, stakes)
        values = [
            c.value if c is not None else stakes.after_play(engine.passed(game.position.cells, 0))
            for _, _, c in table
        ]
        average = sum(chance * v for (_, chance, _), v in zip(table, values, strict=True))
        lucks = [v - average for v in values]
        assert sum(chance * x for (_, chance, _), x in zip(table, lucks, strict=True)) == (
            pytest.approx(0.0, abs=1e-12)
        )
    assert sum(chance for _, chance in ROLLS) == pytest.approx(1.0)
    assert sum(chance for _, chance in OPENING_ROLLS) == pytest.approx(1.0)


class BestAgent:
    """Plays, doubles and answers exactly as the analysis at 0 ply says is best."""

    def __init__(self, match: list[Match]) -> None:
        self.match = match

    def _stakes(self, game: Game, player: int) -> Stakes:
        return Stakes.of(game, player, self.match[0])

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        assert game.moving is not None and game.turn is not None
        engine = Engine.for_game(game)
        best = engine.rank(game.position.cells, game.moving.dice, 0, self._stakes(game, game.turn))
        return next(p for p in plays if p.position.cells == best[0].cells)

    def _cube(self, game: Game, player: int):
        engine = Engine.for_game(game)
        return self._stakes(game, player).cube_values(engine.before(game.position.cells, 0))

    def doubles(self, game: Game, player: int) -> bool:
        cube = self._cube(game, player)
        return cube.double > cube.no_double

    def takes(self, game: Game, player: int) -> bool:
        cube = self._cube(game, 1 - player)
        return cube.double_take <= cube.double_pass

    def resigns(self, game: Game, player: int) -> int | None:
        return None

    def accepts(self, game: Game, player: int, level: int) -> bool:
        return False


@pytest.mark.parametrize(
    ("variant_name", "values"),
    [("backgammon", {"match_to": 3}), ("dutch", {"match_to": 0, "cube": True})],
)
def test_playing_the_best_choice_everywhere_costs_nothing(variant_name, values):
    variant = variant_named(variant_name)
    holder = [Match.new(variant, Settings.for_variant(variant, values))]
    agent = BestAgent(holder)
    dice = seeded_dice(11)
    match = holder[0]
    from nardy.bot.agents.agent import next_event

    while not match.is_over() and len(match.games) <= 2:
        holder[0] = match
        match = match.apply(next_event(match.game, (agent, agent), dice))
    doc = analyse(match, ply=0).to_json()
    decisions = [d for game in doc["games"] for d in game["decisions"]]
    assert len(decisions) > 20
    assert all(d["error"] == 0 for d in decisions), [d for d in decisions if d["error"]]
    assert all(s["error_total"] == 0 for s in doc["summary"])


def test_a_resignation_answer_is_a_decision_weighed_against_playing_on():
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 0}))
    match = match.apply(OpeningRoll((6, 1))).apply(MakePlay(0, ((13, 7), (8, 7))))
    match = match.apply(Roll(1, (2, 1))).apply(MakePlay(1, ((24, 23), (13, 11))))
    match = match.apply(Resign(0, 1)).apply(Accept(1))  # the leader gives up a point
    doc = analyse(match, ply=0).to_json()
    answer = [d for d in doc["games"][0]["decisions"] if d["kind"] == "resign"]
    assert len(answer) == 1 and answer[0]["player"] == 1 and answer[0]["played"] == "accept"
    # Winning a point outright is worth more than playing on from behind.
    assert answer[0]["best"] == "accept" and answer[0]["error"] == 0
    assert answer[0]["cube"]["accept"] == 1.0
    assert answer[0]["cube"]["decline"] < 1.0


def test_stakes_turn_match_winning_chances_into_equity_per_cube():
    from nardy.bot.decisions.cube import CubeContext
    from nardy.bot.decisions.scales import MatchScale

    dmp = Stakes(CubeContext(scale=MatchScale(1, 1), in_use=False))
    assert dmp.normalise(0.75) == pytest.approx(0.5)  # 2 × MWC − 1 at double match point
    for stakes in (Stakes.money(2), Stakes(CubeContext(cube=2, scale=MatchScale(5, 3)))):
        for value in (-0.7, 0.0, 0.33):
            assert stakes.normalise(stakes.raw(value)) == pytest.approx(value)
    assert Stakes.money(4).result(8) == 2.0  # a gammon at a cube of 4: two cubes


def test_a_mat_file_reads_to_the_same_review_as_its_record(tmp_path):
    from nardy.analysis.loading import load_match
    from nardy.formats.jellyfish import write_mat
    from nardy.formats.record import match_to_record

    match = random_match("backgammon", {"match_to": 3}, 5)
    mat = tmp_path / "m.mat"
    mat.write_text(write_mat(match, ("Ala", "Ola")))
    record = tmp_path / "m.json"
    import json

    record.write_text(json.dumps(match_to_record(match, ("Ala", "Ola"))))
    reviews = [analyse(*load_match(path), 0).to_json() for path in (mat, record)]
    assert reviews[0]["players"] == ["Ala", "Ola"]
    errors = [[d["error"] for g in r["games"] for d in g["decisions"]] for r in reviews]
    # .mat cannot hold declined resignations or tied opening rolls; errors otherwise agree
    assert sum(errors[0]) == pytest.approx(sum(errors[1]), abs=0.5)
    assert reviews[0]["summary"][0]["moves"] == reviews[1]["summary"][0]["moves"]
