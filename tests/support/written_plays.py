"""The texts players write for a match's plays, found the long way for the tests: the
match replayed action by action through the rules, each play written by ``format_play``
from the position the rules hold before it (the game's own, seen by the player on roll),
apart from :mod:`nardy.formats.game_plays`, whose walk it checks."""

from __future__ import annotations

from typing import Any

from nardy.formats.notation import format_play
from nardy.formats.record import action_events, replay
from nardy.rules.match import Match


def rules_texts(match: Match) -> list[list[str]]:
    """Each game's plays, written from the rules' positions."""
    replayed = Match.new(match.variant, match.settings)
    texts: list[list[str]] = []
    for game in match.games:
        texts.append([])
        for action in game.actions:
            if action.type == "play":
                assert action.steps is not None and action.player == replayed.game.turn
                texts[-1].append(format_play(replayed.game.position, action.steps))
            for event in action_events(action):
                replayed = replayed.apply(event)
    return [plays for plays, game in zip(texts, match.games, strict=True) if game.actions]


def record_texts(record: dict[str, Any]) -> list[list[str]]:
    """Each game's plays of a record (INTERFACES.md §4), written from the rules'
    positions; the record is checked against the rules on the way."""
    return rules_texts(replay(record))
