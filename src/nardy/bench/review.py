"""``nardy bench review``: what the analysis finds in games of the computer's own levels,
for variants no outside program analyses (long nardy, Dutch) as well as backgammon.

Two players of one level play seeded games (one-point matches, so the cube plays no part
unless the variant's settings give it one); each game is analysed, and the figures are

* the error rate (1000 × error per decision) and the checker-play error rate of that
  level, with the marks given — low for the strongest level, clearly higher for a noisy
  one;
* every error's sign (never negative) and the best choice's error (always 0);
* the luck of every roll: its mean per roll with a 95 % interval, which should hold 0.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="long-nardy", help="backgammon, long-nardy, dutch")
    parser.add_argument("--level", default="strongest", help="the level that plays both sides")
    parser.add_argument("--games", type=int, default=20, help="games to play and analyse")
    parser.add_argument("--ply", type=int, default=None, help="the analysis ply")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a setting, repeatable"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def play_and_review(
    variant_name: str, level: str, seed: int, ply: int, values: dict[str, Any]
) -> dict[str, Any]:
    """One game between two players of ``level``, and its review."""
    from nardy.analysis.review import analyse
    from nardy.bot.agents.agent import seeded_dice
    from nardy.bot.agents.bot_agent import BotAgent, play_observed_match
    from nardy.rules.match import Match
    from nardy.rules.settings import Settings
    from nardy.variants import variant_named

    variant = variant_named(variant_name)
    settings = Settings.for_variant(variant, {"match_to": 1, **values})
    agents = (
        BotAgent(variant, level, seed=2 * seed),
        BotAgent(variant, level, seed=2 * seed + 1),
    )
    match = play_observed_match(Match.new(variant, settings), agents, seeded_dice(seed))
    return analyse(match, (f"{level} A", f"{level} B"), ply).to_json()


def figures(reviews: list[dict[str, Any]]) -> dict[str, Any]:
    """The totals over the reviews (both players are the same level)."""
    decisions = [d for r in reviews for g in r["games"] for d in g["decisions"]]
    moves = [d for d in decisions if d["kind"] == "move"]
    lucks = [roll["luck"] for r in reviews for g in r["games"] for roll in g["rolls"]]
    mean = statistics.fmean(lucks) if lucks else 0.0
    spread = statistics.stdev(lucks) / math.sqrt(len(lucks)) if len(lucks) > 1 else 0.0
    best = [c for d in moves for c in d["candidates"][:1]]
    marks = {name: sum(1 for d in decisions if d["mark"] == name) for name in reviews[0]["marks"]}
    return {
        "games": len(reviews),
        "decisions": len(decisions),
        "error_rate": 1000 * sum(d["error"] for d in decisions) / max(len(decisions), 1),
        "move_error_rate": 1000 * sum(d["error"] for d in moves) / max(len(moves), 1),
        "marks": marks,
        "least_error": min((d["error"] for d in decisions), default=0.0),
        "largest_best_difference": max((abs(c["difference"]) for c in best), default=0.0),
        "rolls": len(lucks),
        "luck_mean": mean,
        "luck_interval": [mean - 1.96 * spread, mean + 1.96 * spread],
        "luck_sum": sum(lucks),
    }


def _setting(item: str) -> tuple[str, Any]:
    """``KEY=VALUE``, the value read as JSON where it parses.

    >>> _setting("cube=true"), _setting("scoring=oin")
    (('cube', True), ('scoring', 'oin'))
    """
    key, _, text = item.partition("=")
    try:
        return key, json.loads(text)
    except json.JSONDecodeError:
        return key, text


def main(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    from nardy.analysis import DEFAULT_PLY

    ply = DEFAULT_PLY if args.ply is None else args.ply
    values = dict(_setting(item) for item in args.set)
    reviews = []
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{args.variant}, {args.level}", total=args.games)
        for k in range(args.games):
            reviews.append(play_and_review(args.variant, args.level, args.seed + k, ply, values))
            bar.update(task, completed=k + 1)
    totals = {"variant": args.variant, "level": args.level, "ply": ply, **figures(reviews)}
    if args.json:
        print(json.dumps(totals, indent=1))
        return 0
    out = Console()
    for key, value in totals.items():
        out.print(f"{key}: {value:.4f}" if isinstance(value, float) else f"{key}: {value}")
    return 0
