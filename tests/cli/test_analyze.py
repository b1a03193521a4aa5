"""``nardy analyze FILE``: the review as JSON (INTERFACES.md §5) or as a report."""

from __future__ import annotations

import json

from nardy.analysis import settle
from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.cli import main
from nardy.formats.jellyfish import write_mat
from nardy.formats.record import match_to_record
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON, LONG_NARDY


def record_file(tmp_path, variant=BACKGAMMON, values=None, seed=4):
    settings = Settings.for_variant(variant, values or {"match_to": 3})
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    match = play_match(Match.new(variant, settings), agents, seeded_dice(seed))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match_to_record(match, ("Ala", "Ola"))))
    return path, match


def test_json_has_the_fixed_fields(tmp_path, capsys):
    path, _ = record_file(tmp_path, LONG_NARDY, {"match_to": 3})
    assert main(["analyze", str(path), "--json", "--ply", "0"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"] == ["Ala", "Ola"]
    decision = doc["games"][0]["decisions"][0]
    assert {"action", "player", "kind", "error", "mark", "luck"} <= set(decision)
    assert decision["kind"] == "move"
    for summary in doc["summary"]:
        assert {"decisions", "error_total", "error_rate", "pr", "luck_total"} <= set(summary)


def test_a_mat_file_and_the_report_for_a_person(tmp_path, capsys):
    _, match = record_file(tmp_path)
    mat = tmp_path / "match.mat"
    mat.write_text(write_mat(match, ("Ala", "Ola")))
    assert main(["analyze", str(mat), "--ply", "0", "--all"]) == 0
    text = capsys.readouterr().out
    assert "Ala – Ola · backgammon · analysed at 0 ply" in text
    assert "Game 1" in text and "Summary" in text and "luck-adjusted result" in text
    assert " move " in text  # --all lists every decision


def test_a_file_that_is_no_record_says_why(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    action = {"type": "fly", "player": 0}
    bad.write_text(json.dumps({"variant": "backgammon", "games": [{"actions": [action]}]}))
    assert main(["analyze", str(bad)]) == 1
    assert "unknown action type" in capsys.readouterr().err
    assert main(["analyze", str(tmp_path / "missing.mat")]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert main(["analyze", str(bad), "--ply", "9"]) == 2


def test_rollouts_settle_close_decisions_and_say_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(settle, "GAMES", 36)  # one set of rotated dice: the wiring, quickly
    path, _ = record_file(tmp_path)
    assert main(["analyze", str(path), "--json", "--ply", "0", "--rollouts", "0.01"]) == 0
    doc = json.loads(capsys.readouterr().out)
    settled = [d for g in doc["games"] for d in g["decisions"] if "rollout" in d]
    assert settled and all(d["rollout"]["games"] > 0 for d in settled)
    assert main(["analyze", str(path), "--ply", "0", "--all", "--rollouts", "0.01"]) == 0
    assert "(rolled out, " in capsys.readouterr().out
    assert main(["analyze", str(path), "--ply", "0", "--rollouts", "-1"]) == 2
    assert "--rollouts must be 0 or more" in capsys.readouterr().err


def test_without_rollouts_nothing_is_rolled_out(tmp_path, capsys):
    path, _ = record_file(tmp_path)
    assert main(["analyze", str(path), "--json", "--ply", "0"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert not any("rollout" in d for g in doc["games"] for d in g["decisions"])
