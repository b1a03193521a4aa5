"""``nardy bench analysis``: nardy's review of backgammon matches against GNU Backgammon's
own analysis of the same matches.

The matches are played by nardy's own levels, two different ones each (so each has a
stronger and a weaker player), with seeded dice; each is written as a Jellyfish ``.mat``
file, analysed by Debian's ``gnubg`` (:func:`nardy.bench.gnubg.analyse_mats`) and by
:func:`nardy.analysis.review.analyse`. For each player the comparison takes

* the **checker-play error rate**, 1000 × error / unforced moves in normalised equity —
  both programs count the same unforced moves, so the rates compare directly;
* the **ranking**: whether both say the same player erred less;
* **gnubg's very bad moves** (by gnubg's own thresholds; Debian's gnubg 1.07 starts from
  0.03 / 0.06 / 0.12): how many nardy marks at least *bad*, and for those it does not, how
  far nardy's own error falls short — below its *doubtful* mark (nardy would all but play
  the move itself: its engine judges the position differently) or *doubtful* (near the
  *bad* mark, where a deeper look could tip it);
* the luck of each player's rolls.

``--json`` prints every figure; the text is a table per match and the totals. With
``--keep DIR`` the matches and gnubg's analyses stay in ``DIR``, each written as it is
done, and a later run with the same folder uses them instead of making them again: gnubg's
2-ply analysis of twenty matches takes the better part of an hour, and a comparison
stopped part way goes on where it stopped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from nardy.analysis.marks import at_least, mark

LEVEL_PAIRS: tuple[tuple[str, str], ...] = (
    ("beginner", "advanced"),
    ("expert", "casual"),
    ("casual", "intermediate"),
    ("advanced", "beginner"),
    ("intermediate", "expert"),
    ("beginner", "casual"),
    ("expert", "beginner"),
    ("casual", "advanced"),
    ("intermediate", "beginner"),
    ("advanced", "expert"),
)
"""The levels of the two players of match number k are ``LEVEL_PAIRS[k % 10]``."""


@dataclass(frozen=True)
class Side:
    """One player of one match as both programs see it."""

    name: str
    moves: int
    gnubg_moves: int
    nardy_rate: float
    gnubg_rate: float
    nardy_luck: float
    gnubg_luck: float


@dataclass(frozen=True)
class Comparison:
    """One match: both sides, and gnubg's very bad moves with the marks nardy gave them."""

    file: str
    sides: tuple[Side, Side]
    very_bad: int
    very_bad_seen: int
    """Of gnubg's very bad moves, those nardy marks at least *bad*."""
    missed: tuple[float, ...] = ()
    """nardy's error of each of gnubg's very bad moves it marks less than *bad*."""

    @property
    def same_ranking(self) -> bool:
        a, b = self.sides
        return (a.nardy_rate < b.nardy_rate) == (a.gnubg_rate < b.gnubg_rate)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--matches", type=int, default=20, help="matches to play and compare")
    parser.add_argument("--length", type=int, default=5, help="points of each match")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument("--ply", type=int, default=None, help="nardy's analysis ply")
    parser.add_argument("--gnubg-ply", type=int, default=2, help="gnubg's analysis ply")
    parser.add_argument(
        "--rollouts",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="CPU seconds per match for settling nardy's close decisions by rollouts",
    )
    parser.add_argument(
        "--keep",
        default=None,
        metavar="DIR",
        help="folder to keep the matches and gnubg's analyses in; a run with the same folder "
        "reuses those already there (a long comparison resumes)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def match_path(number: int, folder: Path) -> Path:
    """Where match ``number`` is written in ``folder``."""
    first, second = LEVEL_PAIRS[number % len(LEVEL_PAIRS)]
    return folder / f"match-{number:03d}-{first}-{second}.mat"


def kept_or_played(number: int, length: int, folder: Path) -> Path:
    """Match ``number`` as kept in ``folder`` by an earlier run if it is there at ``length``
    points, else played now (:func:`play_match`)."""
    from nardy.analysis.loading import load_match

    path = match_path(number, folder)
    if path.exists() and load_match(path)[0].settings.match_to == length:
        return path
    return play_match(number, length, folder)


def gnubg_analyses(
    paths: list[Path], ply: int, keep: bool, progress: Callable[[int], None]
) -> list[dict[str, Any]]:
    """gnubg's analysis of each match; with ``keep``, each written beside its ``.mat`` file
    as it is done (``NAME.gnubgPLY.json``) and read back from there by a later run, so a
    long comparison stopped part way goes on where it stopped."""
    from nardy.bench.gnubg import analyse_mats

    if not keep:
        return analyse_mats(paths, ply, progress)
    found = []
    for k, path in enumerate(paths):
        kept = path.with_suffix(f".gnubg{ply}.json")
        if not kept.exists():
            (analysis,) = analyse_mats([path], ply)
            kept.write_text(json.dumps(analysis))
        found.append(json.loads(kept.read_text()))
        progress(k + 1)
    return found


def play_match(number: int, length: int, folder: Path) -> Path:
    """Play match ``number`` between two nardy levels (:data:`LEVEL_PAIRS`) with seeded
    dice, and write it as a ``.mat`` file in ``folder``."""
    from nardy.bot.agents.agent import seeded_dice
    from nardy.bot.agents.bot_agent import BotAgent, play_observed_match
    from nardy.formats.jellyfish import write_mat
    from nardy.rules.match import Match
    from nardy.rules.settings import Settings
    from nardy.variants import BACKGAMMON

    first, second = LEVEL_PAIRS[number % len(LEVEL_PAIRS)]
    agents = (
        BotAgent(BACKGAMMON, first, seed=2 * number),
        BotAgent(BACKGAMMON, second, seed=2 * number + 1),
    )
    settings = Settings.for_variant(BACKGAMMON, {"match_to": length})
    match = play_observed_match(Match.new(BACKGAMMON, settings), agents, seeded_dice(number))
    path = match_path(number, folder)
    path.write_text(write_mat(match, (f"{first}-{number}", f"{second}-{number}")))
    return path


def compare(path: Path, review: dict[str, Any], gnubg: dict[str, Any]) -> Comparison:
    """The figures of one match from nardy's review and gnubg's analysis of it."""
    from nardy.analysis.loading import load_match

    match, players = load_match(path)
    names = {gnubg["match-info"][side]["name"]: side for side in ("X", "O")}
    sides = []
    for p, name in enumerate(players):
        mine = review["summary"][p]
        theirs = gnubg["stats"][names[name]]
        moves = theirs["moves"]
        sides.append(
            Side(
                name,
                mine["moves"],
                moves["unforced-moves"],
                mine["move_error_rate"],
                1000.0 * moves["error-skill"] / max(moves["unforced-moves"], 1),
                mine["luck_total"],
                theirs["dice"]["luck"],
            )
        )
    very_bad = seen = 0
    missed: list[float] = []
    for game, ours, analysed in zip(match.games, review["games"], gnubg["games"], strict=False):
        marks = {d["action"]: d["mark"] for d in ours["decisions"] if d["kind"] == "move"}
        errors = {d["action"]: d["error"] for d in ours["decisions"] if d["kind"] == "move"}
        plays = [i for i, action in enumerate(game.actions) if action.type == "play"]
        moves = [entry for entry in analysed["game"] if entry["action"] == "move"]
        for index, entry in zip(plays, moves, strict=False):
            if sorted(entry["dice"]) != sorted(game.actions[index].dice or ()):
                break  # the two lists no longer match up
            if entry.get("analysis", {}).get("skill") == "very bad":
                very_bad += 1
                if at_least(marks.get(index), "bad"):
                    seen += 1
                else:
                    missed.append(float(errors.get(index, 0.0)))
    return Comparison(path.name, (sides[0], sides[1]), very_bad, seen, tuple(missed))


def within_tolerance(side: Side) -> bool:
    """Whether nardy's checker-play error rate is within max(5, 30 %) of gnubg's.

    >>> within_tolerance(Side("a", 10, 10, 14.0, 10.0, 0.0, 0.0))
    True
    >>> within_tolerance(Side("a", 10, 10, 30.0, 40.0, 0.0, 0.0))
    True
    >>> within_tolerance(Side("a", 10, 10, 20.0, 40.0, 0.0, 0.0))
    False
    """
    return abs(side.nardy_rate - side.gnubg_rate) <= max(5.0, 0.3 * side.gnubg_rate)


def figures(comparisons: list[Comparison]) -> dict[str, Any]:
    """The totals: how far apart the error rates are (and for how many players within
    max(5, 30 %) of gnubg's), the ranking, the very bad moves (and of those nardy marks less
    than bad, how many it marks not even doubtful).

    >>> side = Side("a", 10, 10, 5.0, 6.0, 0.1, 0.2)
    >>> totals = figures([Comparison("m.mat", (side, side), 4, 1, (0.0, 0.05, 0.01))])
    >>> totals["very_bad_share"], totals["very_bad_missed_below_doubtful"]
    (0.25, 2)
    >>> totals["rates_within_tolerance"]
    2
    """
    sides = [side for c in comparisons for side in c.sides]
    missed = [error for c in comparisons for error in c.missed]
    differences = [side.nardy_rate - side.gnubg_rate for side in sides]
    very_bad = sum(c.very_bad for c in comparisons)
    seen = sum(c.very_bad_seen for c in comparisons)
    return {
        "matches": len(comparisons),
        "players": len(sides),
        "rate_difference_mean": statistics.fmean(differences),
        "rate_difference_mean_abs": statistics.fmean(abs(d) for d in differences),
        "rate_difference_max_abs": max(abs(d) for d in differences),
        "rates_within_tolerance": sum(within_tolerance(side) for side in sides),
        "rate_correlation": statistics.correlation(
            [s.nardy_rate for s in sides], [s.gnubg_rate for s in sides]
        )
        if len(sides) > 2
        else None,
        "same_ranking": sum(c.same_ranking for c in comparisons),
        "very_bad": very_bad,
        "very_bad_marked_bad": seen,
        "very_bad_share": seen / very_bad if very_bad else None,
        "very_bad_missed_below_doubtful": sum(mark(error) is None for error in missed),
        "luck_difference_mean_abs": statistics.fmean(
            abs(s.nardy_luck - s.gnubg_luck) for s in sides
        ),
    }


def main(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from nardy.analysis import DEFAULT_PLY
    from nardy.analysis.loading import load_match
    from nardy.analysis.review import analyse
    from nardy.bench.gnubg import PROGRAM

    if PROGRAM is None:
        print("nardy bench analysis needs GNU Backgammon (the Debian package gnubg)")
        return 1
    ply = DEFAULT_PLY if args.ply is None else args.ply
    console = Console(stderr=True)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task("playing matches", total=args.matches)
            paths = []
            for k in range(args.matches):
                paths.append(kept_or_played(args.seed + k, args.length, folder))
                bar.update(task, completed=k + 1)
            task = bar.add_task(f"gnubg analysing at {args.gnubg_ply} ply", total=len(paths))
            theirs = gnubg_analyses(
                paths,
                args.gnubg_ply,
                args.keep is not None,
                lambda done: bar.update(task, completed=done),
            )
            task = bar.add_task(f"nardy analysing at {ply} ply", total=len(paths))
            comparisons = []
            for k, (path, gnubg) in enumerate(zip(paths, theirs, strict=True)):
                match, players = load_match(path)
                review = analyse(match, players, ply, rollout_seconds=args.rollouts).to_json()
                comparisons.append(compare(path, review, gnubg))
                bar.update(task, completed=k + 1)
    totals = figures(comparisons)
    if args.json:
        doc = {
            "ply": ply,
            "gnubg_ply": args.gnubg_ply,
            "rollout_seconds": args.rollouts,
            "length": args.length,
            "totals": totals,
            "matches": [asdict(c) for c in comparisons],
        }
        print(json.dumps(doc, indent=1))
        return 0
    table = Table(title=f"checker-play error rate: nardy {ply}-ply, gnubg {args.gnubg_ply}-ply")
    for column in ("match", "player", "moves", "nardy", "gnubg", "luck nardy", "luck gnubg"):
        table.add_column(column, justify="left" if column in ("match", "player") else "right")
    for c in comparisons:
        for side in c.sides:
            table.add_row(
                c.file,
                side.name,
                str(side.moves),
                f"{side.nardy_rate:.1f}",
                f"{side.gnubg_rate:.1f}",
                f"{side.nardy_luck:+.2f}",
                f"{side.gnubg_luck:+.2f}",
            )
    out = Console()
    out.print(table)
    for key, value in totals.items():
        out.print(f"{key}: {value:.3f}" if isinstance(value, float) else f"{key}: {value}")
    return 0
