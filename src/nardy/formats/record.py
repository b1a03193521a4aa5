"""The game record of INTERFACES.md §4: a whole match, session or series as one JSON document.

Reading a record replays every action through the rules, so a record that loads is a
record of legal play; :func:`replay` says where the first illegal action is.

>>> from nardy.variants import LONG_NARDY
>>> from nardy.rules.game import OpeningRoll, Roll, MakePlay, Resign
>>> match = Match.new(LONG_NARDY)
>>> match = match.apply(OpeningRoll((2, 5))).apply(Roll(1, (6, 5)))
>>> match = match.apply(MakePlay(1, ((24, 18), (18, 13)))).apply(Resign(0))
>>> doc = match_to_record(match, ("Ala", "Ola"))
>>> doc["games"][0]["result"], doc["score"]
({'winner': 1, 'points': 2, 'kind': 'resign'}, [0, 2])
>>> replay(doc).score
(0, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nardy.formats.events import CodecError, event_from_json
from nardy.formats.game_plays import play_texts
from nardy.rules.errors import NardyError
from nardy.rules.forfeit import reason_named
from nardy.rules.game import (
    Action,
    Event,
    Game,
    OpeningRoll,
)
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import variant_named

FORMAT = "nardy-record/1"


class RecordError(NardyError):
    """A record that is not well formed, or whose actions break the rules.

    ``game`` and ``action`` (both counted from 1) say where, when known.
    """

    def __init__(self, message: str, game: int | None = None, action: int | None = None):
        where = f"game {game}, action {action}: " if game and action else ""
        super().__init__(where + message)
        self.game = game
        self.action = action


def match_to_record(
    match: Match, players: Sequence[str] = ("player 0", "player 1"), *, texts: bool = False
) -> dict[str, Any]:
    """The record of ``match`` (a game not yet begun is left out); with ``texts``, each
    play also carries its ``text`` as players write it (:mod:`nardy.formats.game_plays`),
    a field other readers ignore."""
    games = [g for g in match.games if g.actions]
    return {
        "format": FORMAT,
        "variant": match.variant.name,
        "settings": match.settings.to_json(match.variant),
        "players": list(players),
        "games": [
            _game_to_json(game, before, texts=texts)
            for game, before in zip(games, match.scores_before(), strict=False)
        ],
        "score": list(match.score),
    }


def _game_to_json(game: Game, score_before: tuple[int, int], *, texts: bool) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "score_before": list(score_before),
        "cube_enabled": game.cube_enabled,
        "actions": [action_to_json(a) for a in game.actions],
    }
    if texts:
        written = iter(play_texts(game))
        for action in doc["actions"]:
            if action["type"] == "play":
                action["text"] = next(written)
    if game.result is not None:
        r = game.result
        doc["result"] = {"winner": r.winner, "points": r.points, "kind": r.kind}
    return doc


def action_to_json(action: Action) -> dict[str, Any]:
    """One action as the record writes it."""
    doc: dict[str, Any] = {"player": action.player, "type": action.type}
    if action.attempts is not None:
        doc["dice"] = [list(pair) for pair in action.attempts]
    if action.dice is not None:
        doc["dice"] = list(action.dice)
    if action.steps is not None:
        doc["steps"] = [list(step) for step in action.steps]
    if action.level is not None:
        doc["level"] = action.level
    if action.reason is not None:
        doc["reason"] = action.reason  # a forfeit's action (time, left): readers may ignore it
    return doc


def replay(doc: Any) -> Match:
    """The match a record describes, replayed through the rules.

    Raises :class:`RecordError` for a malformed record, for the first illegal action (with
    its game and action number) and for a stored result or score that the replay does not
    reproduce.
    """
    if not isinstance(doc, Mapping):
        raise RecordError("a record must be a JSON object")
    if doc.get("format", FORMAT) != FORMAT:
        raise RecordError(f"unknown record format {doc.get('format')!r}; expected {FORMAT!r}")
    try:
        variant = variant_named(doc.get("variant", ""))
        settings = Settings.for_variant(variant, doc.get("settings") or {})
    except NardyError as error:
        raise RecordError(str(error)) from None
    games = doc.get("games", [])
    if not isinstance(games, list):
        raise RecordError("'games' must be a list")
    match = Match.new(variant, settings)
    for g, game_doc in enumerate(games, 1):
        if match.is_over():
            raise RecordError(f"game {g} comes after the end of the match")
        if not isinstance(game_doc, Mapping) or not isinstance(game_doc.get("actions"), list):
            raise RecordError(f"game {g} has no list of actions")
        if "cube_enabled" in game_doc and game_doc["cube_enabled"] != match.game.cube_enabled:
            raise RecordError(f"game {g}: the record says cube_enabled={game_doc['cube_enabled']}")
        before = game_doc.get("score_before", list(match.score))
        if not isinstance(before, list) or before != list(match.score):
            raise RecordError(
                f"game {g}: the record's score before it {before} is not the replayed"
                f" {list(match.score)}"
            )
        count = len(match.games)
        for a, action in enumerate(game_doc["actions"], 1):
            if len(match.games) > count:
                raise RecordError(f"game {g} is over: this action belongs to the next game", g, a)
            for event in _events(action, g, a):
                try:
                    match = match.apply(event)
                except NardyError as error:
                    raise RecordError(str(error), g, a) from None
        game = match.games[count - 1]
        _check_result(game, game_doc.get("result"), g)
        if game.result is None and g < len(games):
            raise RecordError(f"game {g} does not end, but another game follows")
    if "score" in doc and list(doc["score"]) != list(match.score):
        raise RecordError(
            f"the record's score {doc['score']} is not the replayed {list(match.score)}"
        )
    return match


def _check_result(game: Game, stored: Any, number: int) -> None:
    if stored is None:
        return
    result = game.result
    if result is None:
        raise RecordError(f"game {number} has a result but its actions do not end it")
    mine = {"winner": result.winner, "points": result.points, "kind": result.kind}
    if dict(stored) != mine:
        raise RecordError(
            f"game {number}: the record's result {dict(stored)} is not the replayed {mine}"
        )


def action_events(action: Action) -> list[Event]:
    """The events that make ``action`` again, to replay a match step by step."""
    return _events(action_to_json(action), 0, 0)


RECORDED = frozenset({"roll", "play", "double", "take", "drop", "resign", "accept", "decline"})
"""The actions of a record besides the opening, each one event of :mod:`~nardy.formats.events`."""


def _events(action: Any, game: int, number: int) -> list[Event]:
    """The events one record action stands for."""
    if not isinstance(action, Mapping):
        raise RecordError("an action must be a JSON object", game, number)
    kind, raw = action.get("type"), action.get("player")
    if kind != "opening" and (isinstance(raw, bool) or raw not in (0, 1)):
        raise RecordError(f"a {kind} action needs a player 0 or 1, not {raw!r}", game, number)
    if kind != "opening" and kind not in RECORDED:
        raise RecordError(f"unknown action type {kind!r}", game, number)
    try:
        if kind == "opening":
            reason = reason_named(action.get("reason"))
            return [OpeningRoll(_dice(pair), reason) for pair in action["dice"]]
        return [event_from_json(dict(action))]
    except (CodecError, KeyError, TypeError, ValueError) as error:
        raise RecordError(f"malformed {kind} action ({error})", game, number) from None


def _dice(pair: Any) -> tuple[int, int]:
    first, second = pair
    return int(first), int(second)
