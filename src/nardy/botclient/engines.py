"""The engines ``nardy bot`` seats: nardy's own at a level, or an adapter to another
program's engine, each an :class:`~nardy.bot.agents.agent.Agent` that is shown the match.

A decision is made from the table's game record (INTERFACES.md §4), replayed through the
rules into a :class:`~nardy.rules.match.Match`: the engine sees the score, the cube and
the Crawford game exactly as the server does, and the rules give the legal plays.

The adapters are optional extras that the shipped program never imports unless asked to:

- ``gnubg:PLY`` — GNU Backgammon's networks through the ``gnubg-nn`` package: its checker
  play at PLY plies, and the cube and resignations decided by nardy's cube formulas from
  gnubg's cubeless chances at PLY plies (:mod:`nardy.bench.gnubg` is the bridge).
- ``bgsage:PLY`` — Open Sage through the ``bgsage`` package (``pip install nardy[bgsage]``):
  its checker play at PLY plies, the cube likewise from its cubeless chances
  (:mod:`nardy.botclient.bgsage`).
"""

from __future__ import annotations

from typing import Any, Protocol

from nardy.formats.record import replay
from nardy.rules.game import Phase
from nardy.rules.match import Match
from nardy.rules.plays import legal_plays
from nardy.rules.variant import GNUBG_POSITION_ID
from nardy.variants import variant_named


class Engine(Protocol):
    """An agent that can be shown the match (its score and Crawford state)."""

    def observe(self, match: Match) -> None: ...

    def play(self, game: Any, plays: tuple[Any, ...]) -> Any: ...

    def doubles(self, game: Any, player: int) -> bool: ...

    def takes(self, game: Any, player: int) -> bool: ...

    def resigns(self, game: Any, player: int) -> int | None: ...

    def accepts(self, game: Any, player: int, level: int) -> bool: ...


def engine_named(name: str, variant: str) -> Engine:
    """The engine ``name``: a level of nardy's (``expert``), ``gnubg:PLY`` or ``bgsage:PLY``
    (backgammon only)."""
    kind, _, ply_text = name.partition(":")
    if kind in ("gnubg", "bgsage"):
        if GNUBG_POSITION_ID not in variant_named(variant).formats:  # a backgammon board
            raise ValueError(f"{kind} plays backgammon, not {variant}")
        try:
            ply = int(ply_text or "0")
        except ValueError:
            raise ValueError(f"the engine {name!r} needs a whole number of plies") from None
        if kind == "gnubg":
            from nardy.botclient.gnubg import GnubgAgent

            return GnubgAgent(variant, ply)
        from nardy.botclient.bgsage import SageAgent

        return SageAgent(variant, ply)
    from nardy.bot.agents.bot_agent import BotAgent
    from nardy.bot.agents.levels import LEVELS

    if name not in LEVELS:
        raise ValueError(
            f"unknown engine {name!r}: a level ({', '.join(LEVELS)}), gnubg:PLY or bgsage:PLY"
        )
    return BotAgent(variant_named(variant), name)


def command_for(engine: Engine, record: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The socket command (docs/PROTOCOL.md) ``engine`` sends as ``seat`` in the match the
    ``record`` describes, or None when the match does not wait for ``seat``."""
    match = replay(record)
    game = match.game
    if match.is_over() or game.actor != seat:
        return None
    engine.observe(match)
    match game.phase:
        case Phase.ROLLING:
            level = engine.resigns(game, seat)
            if level is not None:
                return {"type": "resign", "level": level}
            if game.can_double(seat) and engine.doubles(game, seat):
                return {"type": "double"}
            return {"type": "roll"}
        case Phase.DOUBLED:
            return {"type": "take" if engine.takes(game, seat) else "drop"}
        case Phase.MOVING:
            assert game.moving is not None
            plays = legal_plays(game.position, game.moving.dice)
            steps = engine.play(game, plays).steps if plays else ()
            return {"type": "play", "steps": [list(step) for step in steps]}
        case Phase.RESIGNING:
            assert game.offer is not None
            accepted = engine.accepts(game, seat, game.offer[1])
            return {"type": "accept" if accepted else "decline"}
    return None
