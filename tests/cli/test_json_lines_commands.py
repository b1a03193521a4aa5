"""``nardy moves`` and ``nardy bestmove``: JSON Lines in, JSON Lines out (INTERFACES.md §2–3)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from nardy.cli.moves import answer_lines as run_moves
from nardy.formats.position_json import position_from_json, position_to_json
from nardy.rules.plays import legal_plays
from nardy.variants import BACKGAMMON, LONG_NARDY

START = {**position_to_json(BACKGAMMON.start_position()), "dice": [3, 1]}


def lines(*docs: object) -> list[str]:
    return [d if isinstance(d, str) else json.dumps(d) for d in docs]


def test_moves_answers_every_line_in_order_and_reports_bad_ones() -> None:
    nardy_start = {**position_to_json(LONG_NARDY.start_position()), "dice": [6, 6]}
    out = io.StringIO()
    status = run_moves(
        lines(
            START,
            "{broken",
            {**START, "dice": [7, 1]},
            {**START, "board": [1] * 24},
            {**START, "variant": "chess"},
            nardy_start,
        ),
        out,
    )
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 1
    assert len(answers) == 6
    assert len(answers[0]["plays"]) == 16
    assert "not valid JSON" in answers[1]["error"]
    assert "1 to 6" in answers[2]["error"]
    assert "checkers" in answers[3]["error"]
    assert "unknown variant" in answers[4]["error"]
    assert [p["steps"] for p in answers[5]["plays"]] == [[[24, 18], [24, 18]]]


def test_moves_positions_are_the_legal_finals_in_the_rollers_numbering() -> None:
    out = io.StringIO()
    assert run_moves(lines(START), out) == 0
    listed = json.loads(out.getvalue())["plays"]
    finals = {position_from_json(p["position"])[0] for p in listed}
    assert finals == {p.position for p in legal_plays(BACKGAMMON.start_position(), (3, 1))}
    assert all("dice" not in p["position"] for p in listed)


def test_bestmove_answers_each_line_before_the_next_is_written() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "nardy.cli", "bestmove", "--level", "advanced"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for dice in ([3, 1], [6, 5], [2, 2]):
            process.stdin.write(json.dumps({**START, "dice": dice}) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())  # would hang if not flushed
            position, _ = position_from_json(answer["play"]["position"])
            legal = {p.position for p in legal_plays(BACKGAMMON.start_position(), tuple(dice))}
            assert position in legal
        process.stdin.write("not json\n")
        process.stdin.flush()
        assert "error" in json.loads(process.stdout.readline())
    finally:
        process.stdin.close()
        assert process.wait(timeout=30) == 1


def test_bestmove_says_null_when_no_play_is_legal() -> None:
    from nardy.cli.bestmove import BestMove

    closed = [0] * 24
    for point in range(19, 25):
        closed[point - 1] = -2
    closed[0] = -3
    doc = {"variant": "backgammon", "board": closed, "bar": [1, 0], "off": [14, 0], "dice": [6, 6]}
    assert BestMove("advanced").answer(json.dumps(doc)) == {"play": None}
