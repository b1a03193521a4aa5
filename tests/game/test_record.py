"""The game record (INTERFACES.md §4): replay finds the first illegal action with its game
and action number, catches tampered results and scores, explains malformed records; and
``nardy selfplay`` / ``nardy replay`` on the command line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from nardy.cli import main
from nardy.cli.selfplay import selfplay
from nardy.formats.record import RecordError, match_to_record, replay
from nardy.rules.game import (
    Accept,
    Confirm,
    Double,
    MakePlay,
    OpeningRoll,
    Resign,
    Roll,
    StepEvent,
    Take,
    Undo,
)
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON, LONG_NARDY


def three_games() -> dict[str, Any]:
    """A backgammon match to 3 of three short games, built by hand."""
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
    # Game 1: an opening play, a double and a take, then a resignation of a single game.
    match = match.apply(OpeningRoll((2, 2))).apply(OpeningRoll((3, 1)))
    match = match.apply(StepEvent(0, (8, 5))).apply(Undo(0))
    match = match.apply(StepEvent(0, (8, 5))).apply(StepEvent(0, (6, 5))).apply(Confirm(0))
    match = match.apply(Double(1)).apply(Take(0))
    match = match.apply(Roll(1, (6, 4))).apply(MakePlay(1, ((24, 18), (18, 14))))
    match = match.apply(Resign(1, 1)).apply(Accept(0))
    # Game 2: resigned at once.
    match = match.apply(OpeningRoll((1, 6))).apply(Resign(0, 1)).apply(Accept(1))
    # Game 3: the Crawford game.
    match = match.apply(OpeningRoll((5, 4))).apply(MakePlay(0, ((13, 8), (13, 9))))
    match = match.apply(Resign(1, 2)).apply(Accept(0))
    assert match.is_over() and match.score == (4, 1)
    return match_to_record(match, ("Ala", "Ola"))


def replay_error(doc: Any) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(doc)
    return caught.value


def test_record_of_a_hand_played_match() -> None:
    doc = three_games()
    assert doc["format"] == "nardy-record/1" and doc["variant"] == "backgammon"
    assert doc["settings"]["match_to"] == 3 and doc["players"] == ["Ala", "Ola"]
    first = doc["games"][0]
    assert first["actions"][0] == {"player": None, "type": "opening", "dice": [[2, 2], [3, 1]]}
    assert first["actions"][1] == {
        "player": 0,
        "type": "play",
        "dice": [3, 1],
        "steps": [[8, 5], [6, 5]],
    }  # only the confirmed play, not the undone step
    assert first["result"] == {"winner": 0, "points": 2, "kind": "resign"}
    assert [g["score_before"] for g in doc["games"]] == [[0, 0], [2, 0], [2, 1]]
    assert [g["cube_enabled"] for g in doc["games"]] == [True, False, True]
    assert doc["score"] == [4, 1]
    again = replay(json.loads(json.dumps(doc)))
    assert again.score == (4, 1) and match_to_record(again, ("Ala", "Ola")) == doc


def test_record_illegal_action_reports_game_and_action() -> None:
    doc = three_games()
    doc["games"][0]["actions"][5]["steps"] = [[24, 17], [18, 14]]  # 24/17 is no 6 or 4
    error = replay_error(doc)
    assert (error.game, error.action) == (1, 6)
    assert str(error).startswith("game 1, action 6: ") and "24/17 is not a legal step" in str(error)

    doc = three_games()
    doc["games"][2]["actions"][1]["player"] = 1  # out of turn
    error = replay_error(doc)
    assert (error.game, error.action) == (3, 2) and "player 0's turn" in str(error)

    doc = three_games()
    doc["games"][1]["actions"].insert(1, {"player": 1, "type": "double"})  # the Crawford game
    error = replay_error(doc)
    assert (error.game, error.action) == (2, 2) and "cube is not in use" in str(error)


def test_record_wrong_dice_of_a_play_are_caught() -> None:
    doc = three_games()
    doc["games"][0]["actions"][1]["dice"] = [4, 2]
    error = replay_error(doc)
    assert (error.game, error.action) == (1, 2) and "the roll is [3, 1]" in str(error)


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("games", 0, "result", "points"), 4, "game 1: the record's result"),
        (("games", 1, "result", "winner"), 0, "game 2: the record's result"),
        (("games", 2, "result", "kind"), "gammon", "game 3: the record's result"),
        (("score",), [4, 2], r"the record's score \[4, 2\] is not the replayed \[4, 1\]"),
        (("games", 1, "cube_enabled"), True, "game 2: the record says cube_enabled=True"),
        (("games", 1, "score_before"), [1, 0], r"game 2: the record's score before it"),
    ],
)
def test_record_tampered_results_and_scores_are_caught(
    where: tuple[Any, ...], value: Any, message: str
) -> None:
    doc = three_games()
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(RecordError, match=message):
        replay(doc)


def test_record_actions_moved_between_games_are_caught() -> None:
    doc = three_games()
    games = doc["games"]
    joined = copy.deepcopy(doc)
    joined["games"] = [
        {**games[0], "actions": games[0]["actions"] + games[1]["actions"]},
        games[2],
    ]
    error = replay_error(joined)
    assert (error.game, error.action) == (1, 9) and "game 1 is over" in str(error)

    split = copy.deepcopy(doc)
    first = games[0]["actions"]
    split["games"] = [
        {"score_before": [0, 0], "actions": first[:3]},
        {"score_before": [0, 0], "actions": first[3:]},
        games[1],
        games[2],
    ]
    with pytest.raises(RecordError, match="game 1 does not end, but another game follows"):
        replay(split)


def test_record_games_after_the_end_of_the_match() -> None:
    doc = three_games()
    doc["games"].append(copy.deepcopy(doc["games"][1]))
    with pytest.raises(RecordError, match="game 4 comes after the end of the match"):
        replay(doc)


def test_record_an_unfinished_match_replays() -> None:
    doc = three_games()
    doc["games"][2]["actions"] = doc["games"][2]["actions"][:2]
    del doc["games"][2]["result"]
    del doc["score"]
    match = replay(doc)
    assert match.score == (2, 1) and not match.is_over()


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "a record must be a JSON object"),
        ({"format": "nardy-record/9"}, "unknown record format 'nardy-record/9'"),
        ({"variant": "chess"}, "unknown variant 'chess'"),
        ({"variant": "backgammon", "settings": {"scoring": "oin"}}, "no setting 'scoring'"),
        ({"variant": "backgammon", "games": {}}, "'games' must be a list"),
        ({"variant": "backgammon", "games": [{}]}, "game 1 has no list of actions"),
        ({"variant": "backgammon", "games": [{"actions": [3]}]}, "must be a JSON object"),
        (
            {"variant": "backgammon", "games": [{"actions": [{"type": "double"}]}]},
            "a double action needs a player 0 or 1, not None",
        ),
        (
            {"variant": "backgammon", "games": [{"actions": [{"type": "dance", "player": 0}]}]},
            "unknown action type 'dance'",
        ),
        (
            {"variant": "backgammon", "games": [{"actions": [{"type": "opening"}]}]},
            "malformed opening action",
        ),
        (
            {"variant": "backgammon", "games": [{"actions": [{"type": "opening", "dice": [[7]]}]}]},
            "malformed opening action",
        ),
        (
            {"variant": "backgammon", "games": [{"actions": [{"type": "roll", "player": 0}]}]},
            "malformed roll action",
        ),
    ],
)
def test_record_malformed_records_are_explained(doc: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(doc)


def test_record_long_nardy_series_round_trip() -> None:
    doc = selfplay("long-nardy", {"match_to": 3, "last_roll": True}, 1, 7)
    match = replay(json.loads(json.dumps(doc)))
    assert list(match.score) == doc["score"] and max(match.score) >= 3
    first = doc["games"][0]["actions"]
    assert first[0]["type"] == "opening" and first[1]["type"] in ("roll", "resign")
    settings = Settings.for_variant(LONG_NARDY, doc["settings"])
    assert settings.last_roll and settings.match_to == 3


# ----------------------------------------------------------------------------- the CLI


def test_cli_selfplay_then_replay_prints_the_final_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "match.json"
    args = ["selfplay", "--variant", "backgammon", "--set", "match_to=5", "--seed", "3"]
    assert main([*args, "--out", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert f"{len(doc['games'])} games, score {doc['score']}" in capsys.readouterr().out
    assert main(["replay", str(out)]) == 0
    a, b = doc["score"]
    games = len(doc["games"])
    expected = f"random 1 {a} – {b} random 2 ({games} game{'s' * (games != 1)}, over)"
    assert capsys.readouterr().out.strip() == expected


def test_cli_selfplay_money_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "money.json"
    args = ["selfplay", "--variant", "dutch", "--set", "cube=true", "--games", "2"]
    assert main([*args, "--seed", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    assert "(2 games, over)" in capsys.readouterr().out


def test_cli_selfplay_bad_setting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.json"
    args = ["selfplay", "--variant", "dutch", "--set", "jacoby=true", "--seed", "1"]
    assert main([*args, "--out", str(out)]) == 2
    assert "dutch has no setting 'jacoby'" in capsys.readouterr().err
    assert not out.exists()


def test_cli_replay_of_a_broken_file_exits_1_with_the_first_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = three_games()
    doc["games"][1]["actions"][1]["level"] = 3  # resign at 3, but accepted as a single
    doc["games"][2]["actions"][1]["steps"] = [[13, 4]]  # a second illegal action
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("illegal: game 2: the record's result")
    doc = three_games()
    doc["games"][2]["actions"][1]["steps"] = [[13, 4]]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out == "illegal: game 3, action 2: 13/4 is not a legal step here\n"


def test_cli_replay_of_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    assert main(["replay", str(missing)]) == 1
    assert capsys.readouterr().out.startswith(f"cannot read {missing}")
    garbled = tmp_path / "garbled.json"
    garbled.write_text("{ not json", encoding="utf-8")
    assert main(["replay", str(garbled)]) == 1
    assert capsys.readouterr().out.startswith(f"cannot read {garbled}")
