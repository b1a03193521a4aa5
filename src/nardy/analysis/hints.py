"""Hints: what the engine would do now, for the player whose decision the game waits for.

:func:`hint` answers one JSON object whose ``kind`` says which decision it is about:

* ``move`` — the best plays of the roll (at most :data:`~nardy.analysis.choices.SHOWN`),
  each with its equity and its difference to the best;
* ``cube`` — before rolling, when a double is possible: no double, double/take and
  double/pass with the advice (``double``, ``no double`` or ``too good``) and the
  chances behind it;
* ``take`` — the equity of taking and of dropping the double offered, and the advice;
* ``resign`` — accepting against declining an offer to resign;
* ``roll`` — nothing to decide but to roll, and ``none`` when the game waits for the
  other player.

Equities are the player's, in points per game at a cube of 1 (a match's winning chances
through the match equity table in the same unit).

>>> from nardy.rules.game import OpeningRoll
>>> from nardy.variants import BACKGAMMON
>>> match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1)))
>>> advice = hint(match, 0, ply=0)
>>> advice["kind"], advice["plays"][0]["play"]
('move', '8/5 6/5')
"""

from __future__ import annotations

from typing import Any

from nardy.analysis import choices
from nardy.formats.position_json import position_to_json
from nardy.rules.game import Phase
from nardy.rules.match import Match


def hint(match: Match, player: int, ply: int) -> dict[str, Any]:
    """The hint for ``player`` in the game in play of ``match``."""
    game = match.game
    doc: dict[str, Any] = {"ply": ply, "player": player}
    if game.phase is Phase.MOVING and game.turn == player and game.moving is not None:
        ranked = choices.plays(game, match, ply)
        if len(ranked) < 2:
            return {**doc, "kind": "forced"}
        best = ranked[0]
        position = game.position
        return {
            **doc,
            "kind": "move",
            "position": position_to_json(position, game.moving.dice),
            "plays": [choices.candidate_json(position, c, best) for c in ranked[: choices.SHOWN]],
        }
    if game.phase is Phase.ROLLING and game.turn == player:
        if not game.can_double(player):
            return {**doc, "kind": "roll"}
        values, outputs = choices.cube(game, match, ply)
        return {**doc, "kind": "cube", "cube": choices.cube_json(values, outputs)}
    if game.phase is Phase.DOUBLED and game.turn == 1 - player:
        values, outputs = choices.cube(game, match, ply)
        answers = choices.take(values)
        return {
            **doc,
            "kind": "take",
            "take": round(answers.yes, 4),
            "drop": round(answers.no, 4),
            "advice": "take" if answers.yes >= answers.no else "drop",
            "cube": choices.cube_json(values, outputs),
        }
    if game.phase is Phase.RESIGNING and game.offer is not None and game.offer[0] != player:
        answers = choices.resignation(game, match, player, ply)
        return {
            **doc,
            "kind": "resign",
            "accept": round(answers.yes, 4),
            "decline": round(answers.no, 4),
            "advice": "accept" if answers.yes >= answers.no else "decline",
        }
    return {**doc, "kind": "none"}
