"""The format commands, ``nardy convert`` and ``nardy position`` (INTERFACES.md §10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gnubg_runner import needs_gnubg, run_gnubg
from test_jellyfish import self_played
from test_sgf import GNUBG_ANALYSED_MATCH, played

from nardy.cli import main
from nardy.formats.jellyfish import read_mat
from nardy.formats.record import match_to_record, replay
from nardy.formats.sgf import write_sgf

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10"


def test_position_between_its_three_forms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", START, "--to", "gnubg"]) == 0
    gnubg = capsys.readouterr().out.strip()
    assert gnubg == "4HPwATDgc/ABMA:cImqAAAAAAAE"
    assert main(["position", gnubg, "--to", "xgid"]) == 0
    assert capsys.readouterr().out.strip() == START
    assert main(["position", START]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["dice"] == [5, 2] and doc["board"][5] == 5
    assert main(["position", json.dumps(doc), "--to", "gnubg"]) == 0
    assert capsys.readouterr().out.startswith("4HPwATDgc/ABMA:")


def test_position_says_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52"]) == 1
    assert "not an XGID" in capsys.readouterr().err
    board = [15] + [0] * 10 + [-15] + [0] * 12
    long_nardy = json.dumps({"variant": "long-nardy", "board": board})
    assert main(["position", long_nardy, "--to", "xgid"]) == 1
    assert "only backgammon positions, not long-nardy" in capsys.readouterr().err


def test_convert_between_record_mat_and_sgf(tmp_path: Path) -> None:
    match = self_played(4, match_to=5)
    record = tmp_path / "a.json"
    record.write_text(json.dumps(match_to_record(match, ("Ala", "Ola"))))
    assert main(["convert", str(record), str(tmp_path / "b.sgf")]) == 0
    assert main(["convert", str(tmp_path / "b.sgf"), str(tmp_path / "c.mat")]) == 0
    assert main(["convert", str(tmp_path / "c.mat"), str(tmp_path / "d.json")]) == 0
    back = json.loads((tmp_path / "d.json").read_text())
    assert back["players"] == ["Ala", "Ola"] and back["score"] == list(match.score)
    assert played(replay(back)) == played(match)


def test_convert_writes_a_review_into_sgf(tmp_path: Path) -> None:
    match = self_played(4, match_to=5)
    first_play = next(i for i, a in enumerate(match.games[0].actions) if a.type == "play")
    review = {"games": [{"decisions": [{"action": first_play, "kind": "move", "mark": "bad"}]}]}
    (tmp_path / "a.json").write_text(json.dumps(match_to_record(match)))
    (tmp_path / "review.json").write_text(json.dumps(review))
    out = tmp_path / "b.sgf"
    args = [
        "convert",
        str(tmp_path / "a.json"),
        str(out),
        "--review",
        str(tmp_path / "review.json"),
    ]
    assert main(args) == 0
    assert "BM[1]" in out.read_text()


def test_convert_says_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(tmp_path / "missing.sgf"), str(tmp_path / "x.json")]) == 1
    assert "missing.sgf" in capsys.readouterr().err
    (tmp_path / "a.json").write_text(json.dumps(match_to_record(self_played(1))))
    assert main(["convert", str(tmp_path / "a.json"), str(tmp_path / "x.txt")]) == 1
    assert "ends in .json, .mat or .sgf" in capsys.readouterr().err


@needs_gnubg
def test_gnubgs_sgf_converts_to_a_record_nardy_replay_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sgf, mat = tmp_path / "gnubg.sgf", tmp_path / "gnubg.mat"
    run_gnubg(tmp_path, GNUBG_ANALYSED_MATCH, SGF=str(sgf), MAT=str(mat), SEED="5")
    record = tmp_path / "gnubg.json"
    assert main(["convert", str(sgf), str(record)]) == 0
    assert main(["replay", str(record)]) == 0
    assert "over" in capsys.readouterr().out
    assert played(replay(json.loads(record.read_text()))) == played(read_mat(mat.read_text()).match)


def test_analyze_reads_sgf_and_its_review_marks_the_sgf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``nardy analyze`` reads an .sgf file; its review, given to ``nardy convert``, marks
    one node for each marked decision."""
    sgf = tmp_path / "a.sgf"
    sgf.write_text(write_sgf(self_played(6, match_to=3), ("Ala", "Ola")))
    assert main(["analyze", str(sgf), "--json", "--ply", "0"]) == 0
    review = json.loads(capsys.readouterr().out)
    (tmp_path / "review.json").write_text(json.dumps(review))
    marked = tmp_path / "marked.sgf"
    args = ["convert", str(sgf), str(marked), "--review", str(tmp_path / "review.json")]
    assert main(args) == 0
    text = marked.read_text()
    kinds = ("move", "double", "take")  # a resignation's answer has no node in .sgf
    marks = [d for g in review["games"] for d in g["decisions"] if d["mark"] and d["kind"] in kinds]
    assert marks
    written = sum(text.count(tag) for tag in ("DO[]", "BM[", "DC[]", "BC["))
    assert written == len(marks)
