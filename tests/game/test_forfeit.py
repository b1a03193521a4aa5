"""Forfeits (losing on time or by leaving) as the rules make them, and how records keep them:
the games are scored as resignations at the highest level (B9, LN9), and every action the
forfeit writes says why."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from nardy.analysis.review import analyse
from nardy.bot.agents.agent import RandomAgent, next_event
from nardy.cli.replay import replay_file
from nardy.formats.record import RecordError, match_to_record, replay
from nardy.rules.chouette import Chouette
from nardy.rules.errors import IllegalActionError
from nardy.rules.forfeit import forfeit, forfeited
from nardy.rules.game import (
    Accept,
    Decline,
    Double,
    Drop,
    Event,
    MakePlay,
    OpeningRoll,
    Phase,
    Reason,
    Resign,
    Roll,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.plays import legal_plays
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY


def dice_from(seed: int) -> Callable[[], tuple[int, int]]:
    rng = random.Random(seed)
    return lambda: (rng.randint(1, 6), rng.randint(1, 6))


def played(variant: Variant, settings: dict[str, object], seed: int, events: int) -> Match:
    """A match of random play, ``events`` events in."""
    match = Match.new(variant, Settings.for_variant(variant, settings))
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    dice = dice_from(seed)
    for _ in range(events):
        match = match.apply(next_event(match.game, agents, dice))
    return match


def forfeited_by(match: Match, loser: int, reason: Reason) -> tuple[Match, list[Event]]:
    events = []
    dice = dice_from(99)
    for event in forfeit(match, loser, reason, dice):
        events.append(event)
        match = match.apply(event)
    return match, events


def test_b9_a_forfeit_loses_every_game_left_as_resignations_at_the_highest_level() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 5}))
    match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    before = len(match.games)
    over, events = forfeited_by(match, 0, "time")
    assert over.is_over() and over.winner == 1
    assert all(getattr(event, "reason", None) == "time" for event in events)
    assert {e.level for e in events if isinstance(e, Resign)} == {3}
    for game in over.games[before - 1 :]:
        assert game.result is not None and game.result.kind == "resign"
        assert game.result.winner == 1
        made = game.actions if game is not over.games[before - 1] else game.actions[-2:]
        assert [a.reason for a in made] == ["time"] * len(made)
    assert forfeited(over) == (0, "time")
    assert forfeited(match) is None


def test_money_play_forfeit_ends_only_the_game_in_play() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 0}))
    match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    over, events = forfeited_by(match, 1, "left")
    assert len(over.games) == len(match.games) + 1  # the next game waits for its roll-off
    finished = over.games[-2]
    assert finished.result is not None and finished.result.winner == 0
    assert over.game.phase is Phase.OPENING and not over.game.actions
    assert [type(e).__name__ for e in events] == ["Resign", "Accept"]


def test_b6_a_pending_double_is_dropped_by_the_loser_and_taken_for_the_losers_own() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 0}))
    match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    doubled = match.apply(Double(1))  # player 0 answers
    _, events = forfeited_by(doubled, 0, "time")
    assert events == [Drop(0, "time")]
    _, events = forfeited_by(doubled, 1, "time")  # the doubler forfeits: the double is taken
    assert events == [Take(0, "time"), Resign(1, 3, "time"), Accept(0, "time")]


def test_b9_a_pending_offer_is_declined_before_the_forfeits_own() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 0}))
    match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    offered = match.apply(Resign(1, 1))
    _, events = forfeited_by(offered, 1, "time")
    assert events == [Decline(0, "time"), Resign(1, 3, "time"), Accept(0, "time")]
    _, events = forfeited_by(offered, 0, "time")  # the answerer forfeits
    assert events == [Decline(0, "time"), Resign(0, 3, "time"), Accept(1, "time")]


def test_ln9_a_long_nardy_forfeit_is_an_immediate_resignation_scored_on_the_position() -> None:
    match = played(LONG_NARDY, {"match_to": 1}, seed=2, events=6)
    over, events = forfeited_by(match, 0, "left")
    assert over.is_over() and over.winner == 1
    assert events == [Resign(0, 1, "left")]


def test_a_forfeit_before_the_roll_off_plays_the_roll_off_first() -> None:
    match = Match.new(DUTCH, Settings.for_variant(DUTCH, {"match_to": 1}))
    over, events = forfeited_by(match, 1, "time")
    assert isinstance(events[0], OpeningRoll) and events[0].reason == "time"
    assert over.winner == 0


def test_the_record_keeps_the_reason_and_replays_it() -> None:
    match = played(BACKGAMMON, {"match_to": 3}, seed=8, events=12)
    over, _ = forfeited_by(match, 1, "time")
    doc = match_to_record(over, ["Ala", "Ben"])
    reasons = [a.get("reason") for g in doc["games"] for a in g["actions"]]
    assert "time" in reasons and set(reasons) <= {None, "time"}
    assert all(g["result"]["kind"] == "resign" for g in doc["games"][len(match.games) :])
    again = replay(json.loads(json.dumps(doc)))
    assert again == over and forfeited(again) == (1, "time")
    # readers that ignore the field get the same match, told nothing of why
    for game in doc["games"]:
        for action in game["actions"]:
            action.pop("reason", None)
    plain = replay(doc)
    assert plain.score == over.score and forfeited(plain) is None


def test_a_record_with_an_unknown_reason_is_refused() -> None:
    match = played(BACKGAMMON, {"match_to": 1}, seed=8, events=4)
    over, _ = forfeited_by(match, 1, "time")
    doc = match_to_record(over, ["Ala", "Ben"])
    doc["games"][-1]["actions"][-1]["reason"] = "bored"
    with pytest.raises(RecordError, match="reason"):
        replay(doc)


def test_nardy_replay_says_who_lost_on_time(tmp_path: Path) -> None:
    match = played(BACKGAMMON, {"match_to": 1}, seed=4, events=5)
    over, _ = forfeited_by(match, 0, "time")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(match_to_record(over, ["Ala", "Ben"])))
    out = io.StringIO()
    assert replay_file(str(path), out) == 0
    assert out.getvalue().rstrip().endswith("(1 game, over; Ala lost on time)"), out.getvalue()


def test_the_review_judges_no_action_of_a_forfeit_and_says_why_the_game_ended() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 0}))
    match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    match = match.apply(Double(1))  # the answer to the double is the forfeit's
    over, _ = forfeited_by(match, 0, "time")
    review = analyse(over, ("Ala", "Ben"), ply=0).to_json()
    game = review["games"][0]
    actions = over.games[0].actions
    assert actions[-1].reason == "time"
    judged = {d["action"] for d in game["decisions"]}
    assert len(actions) - 1 not in judged  # the drop is not Ala's decision
    assert any(d["kind"] == "double" for d in game["decisions"])  # Ben's double still is
    assert game["result"]["reason"] == "time" and game["result"]["kind"] == "drop"


def test_game_actor_is_who_the_game_waits_for() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 0}))
    assert match.game.actor is None  # the roll-off waits for dice
    game = match.apply(OpeningRoll((3, 1))).game
    assert game.actor == 0
    steps = legal_plays(game.position, (3, 1))[0].steps
    game = game.apply(MakePlay(0, steps))
    assert game.actor == 1
    assert game.apply(Double(1)).actor == 0
    assert game.apply(Resign(1, 2)).actor == 0
    assert game.apply(Roll(1, (2, 1))).actor == 1
    assert game.apply(Double(1)).apply(Drop(0)).actor is None


def test_ch1_chouette_only_where_the_variant_is_played_as_one() -> None:
    with pytest.raises(IllegalActionError, match="not played as a chouette"):
        Chouette.new(["a", "b", "c"], DUTCH)
    assert Chouette.new(["a", "b", "c"], BACKGAMMON).participants == ("a", "b", "c")
