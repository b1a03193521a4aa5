"""The measured strength of every level, written out as Markdown: docs/STRENGTH.md in full
(``nardy strength``) and the README's short table (``nardy strength --summary``).

Both are made from the figures shipped beside each network (:mod:`nardy.bot.agents.measured`),
so the documents say what the lobby says; a test compares the committed files with what this
module writes.

>>> row = summary().splitlines()[2].split(" | ")
>>> row[0], [cell.split()[1] for cell in row[1:3]]
('| Backgammon', ['pubeval', 'pubeval'])
"""

from __future__ import annotations

from nardy.bot.agents.levels import LEVELS
from nardy.bot.agents.measured import Measured, measured
from nardy.variants import VARIANTS

OPPONENTS = {
    "pubeval": "Tesauro's published linear evaluator (`--opponent pubeval`)",
    "gnubg0": "GNU Backgammon's network at 0 ply (`--opponent gnubg:0`)",
    "gnubg1": "GNU Backgammon looking one roll ahead, 1 ply (`--opponent gnubg:1`)",
    "heuristic": "nardy's hand-written player, for the variants gnubg does not play "
    "(`--opponent heuristic`)",
}
"""Each opponent's key in the strength files, and who it is."""

SHORT = {
    "pubeval": "pubeval",
    "gnubg0": "gnubg 0-ply",
    "gnubg1": "gnubg 1-ply",
    "heuristic": "heuristic",
}
"""Each opponent's name in the README's narrow table."""

HEADER = """\
# How strong the computer is

<!-- Written by `nardy strength > docs/STRENGTH.md` from
     src/nardy/bot/weights/*.strength.json; edit those files, not this one. -->

Each level of the computer opponent, measured against a fixed opponent with `nardy bench
bot`: cubeless games on duplicate dice (each pair of games is played twice with the seats
swapped), the level's points a game with its 95 % interval over the pairs, the share of
games it won and how many games were played. A positive figure means the level is the
stronger. The same figures ship beside each network
(`src/nardy/bot/weights/VARIANT.strength.json`) and the lobby shows them under each level.

The opponents:

"""

FOOTER = """\
## Measuring again

A new network is shipped with its figures measured again, one command a level, for example

```sh
nardy bench bot --variant backgammon --player level:advanced --opponent gnubg:0 \\
    --games 8000 --seed 502 --processes 2 --json
```

(`--opponent gnubg:1`, `pubeval` or `heuristic` for the others; `gnubg:0` and
`gnubg:1` need the `gnubg-nn` package). Its figures go into the variant's `.strength.json`
file, and this page is written again with `nardy strength > docs/STRENGTH.md`. How each
network was made, and what it scored against the networks before it, is in
docs/TRAINING.md.
"""


def signed(value: float) -> str:
    """A figure with its sign, a real minus sign and two decimals (three where it has them).

    >>> signed(-0.042), signed(0.5), signed(-1.1)
    ('−0.042', '+0.50', '−1.10')
    """
    decimals = 2 if round(value, 2) == value else 3
    return f"{value:+.{decimals}f}".replace("-", "−")


def row(level: str, figure: Measured) -> str:
    """One level's line of a variant's table."""
    spec = LEVELS[level]
    what = f"{spec.ply}-ply" + (f", noise {spec.noise:g}" if spec.noise else "")
    interval = f"{signed(figure.low)}…{signed(figure.high)}"
    return (
        f"| `{level}` | {what} | {SHORT[figure.opponent]} | {signed(figure.points)} "
        f"({interval}) | {figure.wins * 100:.1f} % | {figure.games:,} |"
    )


def report() -> str:
    """docs/STRENGTH.md: every measured level of every variant."""
    parts = [HEADER]
    parts += [f"- **{SHORT[key]}**: {who}\n" for key, who in OPPONENTS.items()]
    for variant in VARIANTS.values():
        figures = measured(variant)
        if not figures:
            continue
        parts.append(f"\n## {variant.title}\n\n")
        parts.append("| level | look-ahead | opponent | points a game (95 %) | wins | games |\n")
        parts.append("|---|---|---|---|---:|---:|\n")
        parts += [row(level, figure) + "\n" for level, figure in figures.items()]
    unmeasured = [v.title for v in VARIANTS.values() if not measured(v)]
    if unmeasured:
        parts.append(
            f"\n{', '.join(unmeasured)} plays with another variant's network and has no "
            "figures of its own.\n"
        )
    parts.append("\n" + FOOTER)
    return "".join(parts)


def summary() -> str:
    """The README's table: one line a variant, one column a level (points a game)."""
    lines = [
        "| variant | " + " | ".join(f"`{level}`" for level in LEVELS) + " |",
        "|---|" + "---:|" * len(LEVELS),
    ]
    for variant in VARIANTS.values():
        figures = measured(variant)
        if figures:
            cells = [
                f"{signed(figures[level].points)} {SHORT[figures[level].opponent]}"
                if level in figures
                else "—"
                for level in LEVELS
            ]
            lines.append(f"| {variant.title} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
