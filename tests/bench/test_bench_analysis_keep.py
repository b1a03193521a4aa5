"""``nardy bench analysis --keep DIR`` resumes: matches and gnubg's analyses already kept
in the folder are used again, the rest made (nardy.bench.analysis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nardy.bench import analysis, gnubg


def test_a_kept_match_is_used_again_at_its_length(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = analysis.play_match(0, 1, tmp_path)
    assert path == analysis.match_path(0, tmp_path)
    played: list[tuple[int, int]] = []

    def play(number: int, length: int, folder: Path) -> Path:
        played.append((number, length))
        return analysis.match_path(number, folder)

    monkeypatch.setattr(analysis, "play_match", play)
    assert analysis.kept_or_played(0, 1, tmp_path) == path and not played
    analysis.kept_or_played(0, 3, tmp_path)  # another length: played again
    analysis.kept_or_played(1, 1, tmp_path)  # not kept yet
    assert played == [(0, 3), (1, 1)]


def test_gnubgs_analyses_are_kept_one_by_one_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[str]] = []

    def analyse(paths: list[Path], ply: int = 2, progress: Any = None) -> list[dict[str, Any]]:
        asked.append([p.name for p in paths])
        return [{"match": p.name, "ply": ply} for p in paths]

    monkeypatch.setattr(gnubg, "analyse_mats", analyse)
    paths = [tmp_path / "a.mat", tmp_path / "b.mat"]
    done: list[int] = []
    first = analysis.gnubg_analyses(paths[:1], 2, True, done.append)
    assert (tmp_path / "a.gnubg2.json").exists()
    again = analysis.gnubg_analyses(paths, 2, True, done.append)
    assert again == [*first, {"match": "b.mat", "ply": 2}]
    assert asked == [["a.mat"], ["b.mat"]]  # a.mat's analysis read back, not asked again
    assert done == [1, 1, 2]
    analysis.gnubg_analyses(paths, 3, True, done.append)  # another ply: analysed again
    assert asked[-2:] == [["a.mat"], ["b.mat"]]
    analysis.gnubg_analyses(paths, 2, False, done.append)  # nothing kept: one batch
    assert asked[-1] == ["a.mat", "b.mat"]
