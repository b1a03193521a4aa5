"""GNU Backgammon's .sgf, written and read, and agreement with gnubg on both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gnubg_runner import FAST_PLAYERS, needs_gnubg, run_gnubg
from test_jellyfish import checked_actions, gnubg_view, nardy_view, self_played

from nardy.formats.jellyfish import read_mat
from nardy.formats.record import match_to_record, replay
from nardy.formats.sgf import read_sgf, write_sgf
from nardy.formats.sgf_syntax import SgfError
from nardy.rules.game import Accept, MakePlay, OpeningRoll, Resign, Roll
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON, LONG_NARDY, NACKGAMMON


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_of_self_played_matches(seed: int) -> None:
    match = self_played(seed, match_to=(1, 3, 5, 7)[seed % 4])
    text = write_sgf(match, ("Ala", "Ola [the] \\ one"))
    back = read_sgf(text)
    assert back.players == ("Ala", "Ola [the] \\ one")
    assert back.match.is_over() and back.match.score == match.score
    assert checked_actions(back.match) == checked_actions(match)
    assert write_sgf(back.match, back.players) == text


def test_self_played_files_hold_cube_actions_resignations_and_crawford() -> None:
    texts = "".join(write_sgf(self_played(seed)) for seed in range(12))
    for word in ("[double]", "[take]", "[drop]", "R]", "RU[Crawford:CrawfordGame]"):
        assert word in texts


def test_money_session_with_jacoby_round_trips() -> None:
    match = self_played(3, match_to=0, jacoby=True)
    text = write_sgf(match)
    assert "MI[length:0]" in text and "RU[Jacoby]" in text
    assert checked_actions(read_sgf(text).match) == checked_actions(match)


def test_nackgammon_round_trips_as_gnubg_names_it() -> None:
    match = self_played(2, match_to=3, variant=NACKGAMMON)
    text = write_sgf(match)
    assert "RU[Crawford:Nackgammon]" in text
    back = read_sgf(text).match
    assert back.variant.name == "nackgammon"
    assert checked_actions(back) == checked_actions(match)


def test_crawford_off_round_trips() -> None:
    match = self_played(5, match_to=3, crawford=False)
    text = write_sgf(match)
    assert "RU[" not in text
    assert checked_actions(read_sgf(text).match) == checked_actions(match)


def test_resignation_after_a_roll_is_written_and_read() -> None:
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
    match = match.apply(OpeningRoll((3, 1))).apply(Resign(0, 2)).apply(Accept(1))
    text = write_sgf(match)
    assert ";W[31])" in text and "RE[B+2R]" in text
    back = read_sgf(text).match
    assert back.games[0].result == match.games[0].result


def test_the_review_goes_where_gnubg_keeps_its_marks() -> None:
    match = self_played(2)
    actions = match.games[0].actions
    plays = [i for i, a in enumerate(actions) if a.type == "play"]
    rolls = [i for i, a in enumerate(actions) if a.type == "roll"]
    review = {
        "games": [
            {
                "decisions": [
                    {"action": plays[0], "kind": "move", "mark": "very bad", "luck": 0.25},
                    {"action": plays[1], "kind": "move", "mark": None, "luck": -0.5},
                    {"action": rolls[0], "kind": "double", "mark": "doubtful", "luck": None},
                ]
            }
        ]
    }
    nodes = write_sgf(match, analysis=review).split("\n;")
    moves = [n for n in nodes if n[:2] in ("W[", "B[") and n[2].isdigit()]
    assert moves[0].endswith("]LU[+0.250]BM[2]")
    assert moves[1].endswith("]LU[-0.500]DC[]")  # DC: the cube decision before its roll


def test_marks_of_a_roll_before_a_resignation_and_of_the_answer() -> None:
    """The cube decision before a roll that is then resigned goes to that roll's node; the
    answer to a resignation has no node in gnubg's files and is left out."""
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
    match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    match = match.apply(Roll(1, (6, 4))).apply(Resign(1, 1)).apply(Accept(0))
    kinds = [a.type for a in match.games[0].actions]
    review = {
        "games": [
            {
                "decisions": [
                    {"action": kinds.index("roll"), "kind": "double", "mark": "bad"},
                    {"action": kinds.index("accept"), "kind": "resign", "mark": "very bad"},
                ]
            }
        ]
    }
    text = write_sgf(match, analysis=review)
    assert text.endswith(";B[64]BC[1])\n") and "BM[" not in text


def test_errors_say_what_is_wrong() -> None:
    with pytest.raises(SgfError, match="backgammon or nackgammon, not long-nardy"):
        write_sgf(Match.new(LONG_NARDY))
    with pytest.raises(SgfError, match="not an SGF file"):
        read_sgf(" 3 point match")
    with pytest.raises(SgfError, match="Hypergammon1 is not in nardy's rules"):
        read_sgf("(;GM[6]MI[length:3]RU[Crawford:Hypergammon1];W[21])")
    with pytest.raises(SgfError, match="sets up a position"):
        read_sgf("(;GM[6]MI[length:3];AE[a:y]AW[a];W[21])")
    text = write_sgf(self_played(1))
    with pytest.raises(SgfError, match="the file says RE"):
        read_sgf(text.replace("RE[W+", "RE[B+", 1).replace("RE[B+", "RE[W+", 1))
    with pytest.raises(SgfError, match="starts at 0-1 in the file"):
        read_sgf(text.replace("[bs:0]", "[bs:1]", 1))


# ----------------------------------------------------------------------------- gnubg

LOAD_MATCH = """
gnubg.command("load match " + os.environ["SGF"])
json.dump(gnubg.match(analysis=1, boards=1), open(OUT, "w"), default=str)
"""


@needs_gnubg
@pytest.mark.parametrize("seed", [0, 1, 6, 7, 9])
def test_gnubg_loads_our_files_with_the_same_moves_and_score(tmp_path: Path, seed: int) -> None:
    variant = NACKGAMMON if seed == 9 else BACKGAMMON
    match = self_played(seed, match_to=(5, 7)[seed % 2], variant=variant)
    path = tmp_path / "nardy.sgf"
    path.write_text(write_sgf(match, ("Ala", "Ola")))
    seen = run_gnubg(tmp_path, LOAD_MATCH, SGF=str(path))
    games = [g for g in match.games if g.actions]
    assert len(seen["games"]) == len(games)
    assert seen["match-info"]["match-length"] == match.settings.match_to
    assert seen["match-info"]["X"]["name"] == "Ala"
    assert seen["match-info"]["variation"] == ("Nackgammon" if seed == 9 else "Standard")
    for game, before, theirs in zip(games, match.scores_before(), seen["games"], strict=True):
        assert gnubg_view(theirs) == nardy_view(game)
        info = theirs["info"]
        assert game.result is not None
        assert (info["score-X"], info["score-O"]) == before
        assert info["winner"] == "XO"[game.result.winner or 0]
        assert info["points-won"] == game.result.points
        assert info["resigned"] == (game.result.kind == "resign")


@needs_gnubg
def test_gnubg_shows_nardys_marks_and_luck(tmp_path: Path) -> None:
    match = self_played(2)
    actions = match.games[0].actions
    plays = [i for i, a in enumerate(actions) if a.type == "play"]
    review = {
        "games": [
            {
                "decisions": [
                    {"action": plays[0], "kind": "move", "mark": "bad", "luck": 0.25},
                    {"action": plays[2], "kind": "move", "mark": "doubtful", "luck": -0.125},
                    {"action": plays[3], "kind": "move", "mark": "very bad", "luck": 0.0},
                ]
            }
        ]
    }
    path = tmp_path / "nardy.sgf"
    path.write_text(write_sgf(match, analysis=review))
    seen = run_gnubg(tmp_path, LOAD_MATCH, SGF=str(path))
    moves = [r for r in seen["games"][0]["game"] if r["action"] == "move"]
    shown = [(m.get("analysis") or {}).get("skill") for m in moves[:4]]
    assert shown == ["bad", None, "doubtful", "very bad"]
    assert moves[0]["analysis"]["luck-value"] == pytest.approx(0.25)
    assert moves[2]["analysis"]["luck-value"] == pytest.approx(-0.125)


GNUBG_ANALYSED_MATCH = (
    FAST_PLAYERS
    + """
gnubg.command("set variation " + os.environ.get("VARIATION", "standard"))
gnubg.command("set seed " + os.environ["SEED"])
gnubg.command("new match 3")
gnubg.command("set analysis chequerplay evaluation plies 0")
gnubg.command("set analysis cubedecision evaluation plies 0")
gnubg.command("analyse match")
gnubg.command("save match " + os.environ["SGF"])
gnubg.command("export match mat " + os.environ["MAT"])
json.dump(gnubg.match(analysis=0, boards=0), open(OUT, "w"), default=str)
"""
)


def played(match: Match) -> list[list[Any]]:
    """Each game's plays and cube actions, with their players."""
    return [
        [(a.player, a.type, a.dice, a.steps) for a in g.actions if a.type != "opening"]
        for g in match.games
    ]


@needs_gnubg
@pytest.mark.parametrize(
    ("seed", "variation"), [(7, "standard"), (11, "standard"), (23, "nackgammon")]
)
def test_gnubgs_own_analysed_files_read_as_its_mat(
    tmp_path: Path, seed: int, variation: str
) -> None:
    sgf, mat = tmp_path / "gnubg.sgf", tmp_path / "gnubg.mat"
    env = {"SGF": str(sgf), "MAT": str(mat), "SEED": str(seed), "VARIATION": variation}
    run_gnubg(tmp_path, GNUBG_ANALYSED_MATCH, **env)
    text = sgf.read_text()
    assert "A[" in text and "LU[" in text  # gnubg's own analysis, skipped when reading
    from_sgf, from_mat = read_sgf(text), read_mat(mat.read_text())
    assert from_sgf.players == from_mat.players
    expected = "nackgammon" if variation == "nackgammon" else "backgammon"
    assert from_sgf.match.variant.name == from_mat.match.variant.name == expected
    assert from_sgf.match.score == from_mat.match.score and from_sgf.match.is_over()
    assert [g.result for g in from_sgf.match.games] == [g.result for g in from_mat.match.games]
    assert played(from_sgf.match) == played(from_mat.match)
    record = match_to_record(from_sgf.match, from_sgf.players)
    assert replay(record).score == from_mat.match.score
