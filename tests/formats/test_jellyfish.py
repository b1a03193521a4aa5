"""Jellyfish .mat export and import, and agreement with GNU Backgammon on both."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from gnubg_runner import FAST_PLAYERS, needs_gnubg, run_gnubg

from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.formats.gnubg_id import position_id
from nardy.formats.jellyfish import MatError, read_mat, write_mat
from nardy.formats.record import match_to_record
from nardy.rules.game import Game
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.rules.turn import Turn
from nardy.variants import BACKGAMMON, LONG_NARDY, NACKGAMMON

SKIPPED = {"opening", "roll", "resign", "accept", "decline"}
"""Record actions a .mat file does not hold one for one (see the module docstring)."""


def self_played(seed: int, match_to: int = 5, variant: Any = BACKGAMMON, **values: Any) -> Match:
    settings = Settings.for_variant(variant, {"match_to": match_to, **values})
    agents = (RandomAgent(seed * 2 + 1, resign=0.01), RandomAgent(seed * 2 + 2, resign=0.01))
    return play_match(Match.new(variant, settings), agents, seeded_dice(seed), games=3)


def checked_actions(match: Match) -> list[Any]:
    """Each game's recorded actions that a .mat file holds, its result, and the score."""
    doc = match_to_record(match)
    games = [
        ([a for a in g["actions"] if a["type"] not in SKIPPED], g.get("result"))
        for g in doc["games"]
    ]
    return [games, doc["score"], doc["settings"]]


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_of_self_played_matches(seed: int) -> None:
    match = self_played(seed, match_to=(1, 3, 5, 7)[seed % 4])
    text = write_mat(match, ("Ala", "Ola Nowak"))
    back = read_mat(text)
    assert back.players == ("Ala", "Ola Nowak")
    assert back.match.is_over() and back.match.score == match.score
    assert checked_actions(back.match) == checked_actions(match)
    assert write_mat(back.match, back.players) == text


def test_self_played_matches_have_cube_actions_and_resignations() -> None:
    texts = [write_mat(self_played(seed)) for seed in range(12)]
    joined = "\n".join(texts)
    for word in ("Doubles => 2", "Takes", "Drops", "and the match"):
        assert word in joined
    resigned = [
        g.result
        for seed in range(12)
        for g in self_played(seed).games
        if g.result and g.result.kind == "resign"
    ]
    assert resigned


def test_money_session_with_jacoby_round_trips() -> None:
    match = self_played(3, match_to=0, jacoby=True)
    text = write_mat(match)
    assert " 0 point match" in text and '; [Jacoby "On"]' in text
    assert checked_actions(read_mat(text).match) == checked_actions(match)


@pytest.mark.parametrize(
    ("values", "header"), [({"crawford": False}, "Crawford"), ({"cube": False}, "CubeLimit")]
)
def test_settings_in_headers_round_trip(values: dict[str, Any], header: str) -> None:
    match = self_played(5, match_to=3, **values)
    text = write_mat(match, date="2024.05.17")
    assert header in text and '; [EventDate "2024.05.17"]' in text
    assert checked_actions(read_mat(text).match) == checked_actions(match)


def test_nackgammon_round_trips() -> None:
    match = self_played(2, match_to=3, variant=NACKGAMMON)
    text = write_mat(match)
    assert '; [Variation "NackGammon"]' in text
    back = read_mat(text).match
    assert back.variant.name == "nackgammon"
    assert checked_actions(back) == checked_actions(match)


def test_layout_matches_gnubg() -> None:
    """Columns as gnubg 1.07 writes them: left cell at 5, right cell at 33."""
    text = write_mat(self_played(1), ("gnubg", "root"))
    lines = text.splitlines()
    assert lines[:4] == [" 5 point match", "", " Game 1", f" gnubg : 0{' ' * 22}root : 0"]
    cells = re.compile(r"\d\d:| Doubles| Takes| Drops| Wins")
    for line in lines:
        if re.match(r"^ *\d+\) ", line) and line[5:6].strip():
            assert cells.match(line, 5)
            starts = [m.start() for m in cells.finditer(line, 6)]
            assert not starts or starts[0] == 33 or (starts[0] > 33 and line[32:34] == "  ")


def other_notation(text: str) -> str:
    """The same file written the way other programs write moves: ``bar``, ``off``,
    ``(2)`` and a checker's steps joined into one path (``24/18/13``)."""

    def rewrite(found: re.Match[str]) -> str:
        tokens = found[2].split()
        tokens = [t.replace("25/", "bar/").replace("/0", "/off") for t in tokens]
        joined: list[str] = []
        for token in tokens:
            if (
                joined
                and "*" not in joined[-1]
                and joined[-1].split("/")[-1] == token.split("/")[0]
            ):
                joined[-1] += "/" + token.split("/", 1)[1]
            else:
                joined.append(token)
        counted: list[str] = []
        for token in joined:
            if counted and re.sub(r"\(\d\)", "", counted[-1]) == token:
                n = int((re.search(r"\((\d)\)", counted[-1]) or [0, "1"])[1]) + 1
                counted[-1] = f"{token}({n})"
            else:
                counted.append(token)
        return f"{found[1]} {' '.join(counted)}"

    return re.sub(r"(\d\d:) ((?:\S+/\S+ ?)+)", rewrite, text)


@pytest.mark.parametrize("seed", range(4))
def test_other_programs_notation_reads_to_the_same_match(seed: int) -> None:
    match = self_played(seed)
    text = other_notation(write_mat(match))
    assert "bar/" in text or "/off" in text or "(2)" in text
    back = read_mat(text).match
    assert back.score == match.score
    positions = [g.position for g in back.games]
    assert positions == [g.position for g in match.games]


HAND_WRITTEN = """; [Site "by hand"]

 3 point match

 Game 1
 Ala : 0                       Ola : 0
  1)                             65: 24/13
  2) 31: 8/7 6/3                 64: 24/18* 13/9
  3) 66: bar/off                 """


def test_errors_name_the_line() -> None:
    with pytest.raises(MatError, match=r"line 9: no move is possible with 6-6"):
        read_mat(HAND_WRITTEN)
    with pytest.raises(MatError, match=r"line 1: a \.mat file starts with its length"):
        read_mat("Game 1\n")
    with pytest.raises(MatError, match="no ' N point match' line"):
        read_mat('; [Site "x"]\n')
    bad_score = HAND_WRITTEN.replace("Ola : 0", "Ola : 1").split("  3)")[0]
    with pytest.raises(MatError, match="starts at 0-1 in the file"):
        read_mat(bad_score)
    with pytest.raises(MatError, match="long-nardy"):
        write_mat(Match.new(LONG_NARDY))
    with pytest.raises(MatError, match="automatic doubles"):
        write_mat(Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"auto_doubles": 1})))
    with pytest.raises(MatError, match="':'"):
        write_mat(self_played(0), ("a:b", "c"))


def test_hand_written_compound_and_hit_moves() -> None:
    text = HAND_WRITTEN.split("  3)")[0]
    match = read_mat(text).match
    assert match.game.actions[-1].steps in {((24, 18), (13, 9)), ((13, 9), (24, 18))}
    assert match.game.position.bar == (1, 0)


def test_resignation_after_a_roll_is_written_and_read() -> None:
    from nardy.rules.game import Accept, OpeningRoll, Resign

    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
    match = match.apply(OpeningRoll((3, 1))).apply(Resign(0, 2)).apply(Accept(1))
    text = write_mat(match)
    assert "  1) 31:" in text and "Wins 2 points" in text
    back = read_mat(text).match
    assert back.games[0].result == match.games[0].result


# ----------------------------------------------------------------------------- gnubg

DUMP_MATCH = """
gnubg.command("import mat " + os.environ["MAT"])
json.dump(gnubg.match(analysis=0, boards=1), open(OUT, "w"), default=str)
"""


def nardy_view(game: Game) -> list[tuple[Any, ...]]:
    """What gnubg's ``match()`` says of each decision of ``game``."""
    rows: list[tuple[Any, ...]] = []
    position = game.variant.start_position()
    for action in game.actions:
        side = "XO"[action.player] if action.player is not None else None
        if action.type == "play":
            assert action.dice is not None and action.steps is not None
            rows.append(
                ("move", side, sorted(action.dice), sorted(action.steps), position_id(position))
            )
            turn = Turn.begin(position, action.dice)
            for step in action.steps:
                turn = turn.step(step)
            position = turn.position.flipped()
        elif action.type in ("double", "take", "drop"):
            rows.append((action.type, side))
    return rows


def gnubg_view(game: dict[str, Any]) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    for record in game["game"]:
        if record["action"] == "move":
            steps = sorted(tuple(s) for s in record.get("move", []))
            rows.append(("move", record["player"], sorted(record["dice"]), steps, record["board"]))
        elif record["action"] in ("double", "take", "drop"):
            rows.append((record["action"], record["player"]))
    return rows


@needs_gnubg
@pytest.mark.parametrize("seed", [0, 1, 6, 7])
def test_gnubg_reads_our_files_as_we_do(tmp_path: Path, seed: int) -> None:
    match = self_played(seed, match_to=(5, 7)[seed % 2])
    path = tmp_path / "nardy.mat"
    path.write_text(write_mat(match, ("Ala", "Ola")))
    seen = run_gnubg(tmp_path, DUMP_MATCH, MAT=str(path))
    games = [g for g in match.games if g.actions]
    assert len(seen["games"]) == len(games)
    assert seen["match-info"]["match-length"] == match.settings.match_to
    for game, before, theirs in zip(games, match.scores_before(), seen["games"], strict=False):
        assert gnubg_view(theirs) == nardy_view(game)
        info = theirs["info"]
        assert game.result is not None
        assert (info["score-X"], info["score-O"]) == before
        assert info["winner"] == "XO"[game.result.winner or 0]
        assert info["points-won"] == game.result.points
        assert info["resigned"] == (game.result.kind == "resign")
    last = seen["games"][-1]["info"]
    final = [last["score-X"], last["score-O"]]
    final["XO".index(last["winner"])] += last["points-won"]
    assert tuple(final) == match.score


GNUBG_SELF_PLAY = (
    FAST_PLAYERS
    + """
gnubg.command("set seed " + os.environ["SEED"])
gnubg.command("new match 3")
gnubg.command("export match mat " + os.environ["MAT"])
json.dump(gnubg.match(analysis=0, boards=0), open(OUT, "w"), default=str)
"""
)


@needs_gnubg
@pytest.mark.parametrize("seed", [7, 11])
def test_we_read_gnubg_files_as_gnubg_does(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "gnubg.mat"
    seen = run_gnubg(tmp_path, GNUBG_SELF_PLAY, MAT=str(path), SEED=str(seed))
    read = read_mat(path.read_text())
    match = read.match
    assert read.players[0] == seen["match-info"]["X"]["name"]
    assert len(match.games) == len(seen["games"])
    for game, theirs in zip(match.games, seen["games"], strict=True):
        assert game.result is not None
        info = theirs["info"]
        assert info["winner"] == "XO"[game.result.winner or 0]
        assert info["points-won"] == game.result.points
        moves = [r for r in theirs["game"] if r["action"] == "move"]
        assert len(moves) == sum(a.type == "play" for a in game.actions)
    last = seen["games"][-1]["info"]
    final = [last["score-X"], last["score-O"]]
    final["XO".index(last["winner"])] += last["points-won"]
    assert tuple(final) == match.score and match.is_over()
