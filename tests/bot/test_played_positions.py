"""Positions of played matches for labels (``nardy label --from``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy.bot.evaluation.model import Model
from nardy.bot.training.label import load_data
from nardy.bot.training.played import before_rolls, match_files, played_positions
from nardy.cli import main
from nardy.cli.selfplay import selfplay
from nardy.formats.match_files import MatchFileError, read_match, write_match
from nardy.formats.record import replay
from nardy.variants import BACKGAMMON, LONG_NARDY


def said(capsys: pytest.CaptureFixture[str]) -> str:
    """What the command printed to standard error, its lines as rich wrapped them joined."""
    return " ".join(capsys.readouterr().err.split())


def record(variant: str, seed: int) -> dict:  # type: ignore[type-arg]
    return selfplay(variant, {"match_to": 3}, 1, seed)


def test_each_position_is_the_rollers_before_a_recorded_roll() -> None:
    match = replay(record("backgammon", 3))
    rolls = [a for game in match.games for a in game.actions if a.type == "roll"]
    positions = before_rolls(match)
    assert len(positions) == len(rolls) > 10
    for cells in positions:
        BACKGAMMON.validate(cells)
        assert sum(n for n in cells[1:25] if n > 0) + cells[0] + cells[25] == 15
    # the roller's view: the first roll after the opening play is the other player's, whose
    # own checkers (positive) still stand where they started while the mover's have moved
    start = BACKGAMMON.start_position().cells
    mine = [max(n, 0) for n in positions[0][1:25]]
    theirs = [min(n, 0) for n in positions[0][1:25]]
    assert mine == [max(n, 0) for n in start[1:25]]
    assert theirs != [min(n, 0) for n in start[1:25]]


def test_a_record_and_its_mat_file_give_the_same_positions(tmp_path: Path) -> None:
    match = replay(record("backgammon", 5))
    mat, _ = read_match(write_match(match, ("a", "b"), "mat"))
    assert before_rolls(mat) == before_rolls(match)


def test_folders_are_searched_and_other_variants_and_bad_files_left_out(tmp_path: Path) -> None:
    (tmp_path / "deep").mkdir()
    (tmp_path / "a.json").write_text(json.dumps(record("backgammon", 1)))
    (tmp_path / "deep" / "b.sgf").write_text(
        write_match(replay(record("backgammon", 2)), ("a", "b"), "sgf")
    )
    (tmp_path / "deep" / "c.json").write_text(json.dumps(record("long-nardy", 3)))
    (tmp_path / "broken.mat").write_text("not a match")
    (tmp_path / "notes.txt").write_text("ignored: not a match file's suffix")
    files = match_files([tmp_path])
    assert [p.name for p in files] == ["a.json", "broken.mat", "b.sgf", "c.json"]
    found = played_positions(BACKGAMMON, files)
    assert found.matches == 2
    assert [reason.split(":")[0] for reason in found.skipped] == [
        str(tmp_path / "broken.mat"),
        str(tmp_path / "deep" / "c.json"),
    ]
    assert "a match of long-nardy" in found.skipped[1]
    both = before_rolls(replay(record("backgammon", 1))) + before_rolls(
        replay(record("backgammon", 2))
    )
    assert [tuple(row) for row in found.cells.tolist()] == list(dict.fromkeys(both))
    with pytest.raises(MatchFileError, match="no such file"):
        match_files([tmp_path / "missing"])


def test_nardy_label_from_played_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for seed in (1, 2):
        (games / f"{seed}.json").write_text(json.dumps(record("backgammon", seed)))
    start = tmp_path / "start.npz"
    Model.create(BACKGAMMON, {"contact": 6, "race": 4}, seed=2).save(start)
    data = tmp_path / "data.npz"
    args = ["label", "--variant", "backgammon", "--weights", str(start), "--ply", "1"]
    run = [*args, "--processes", "1", "--positions", "12", "--out", str(data)]
    assert main([*run, "--from", str(games)]) == 0
    cells, targets, meta = load_data(data)
    assert cells.shape == (12, 30) and targets.shape == (12, 5)
    assert meta["from"] == [str(games)]
    assert "positions before a roll in 2 matches" in said(capsys)
    played = {tuple(row) for row in played_positions(BACKGAMMON, match_files([games])).cells}
    assert {tuple(row) for row in cells.tolist()} <= played
    assert main([*run, "--from", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in said(capsys)
    assert main([*run, "--from", str(games), "--against", "heuristic"]) == 2
    assert "not both" in said(capsys)
    long_nardy = tmp_path / "ln.npz"
    Model.create(LONG_NARDY, {"contact": 6, "race": 4}, seed=2).save(long_nardy)
    other = ["label", "--variant", "long-nardy", "--weights", str(long_nardy)]
    assert main([*other, "--from", str(games), "--out", str(data)]) == 2
    assert "no long-nardy positions" in said(capsys)
