"""The XGID and gnubg ``PositionID:MatchID`` of every position of a match, to copy into
other programs (INTERFACES.md §10): one entry before each game's first action and one
after each action, as a replay steps through the record.

An entry is None where the formats hold no state: before the roll-off, once the game is
over, and for variants other than backgammon (long nardy and Dutch have no outside format).

>>> from nardy.variants import BACKGAMMON
>>> from nardy.rules.game import MakePlay, OpeningRoll
>>> match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
>>> ids = position_ids(match)
>>> ids[0][0], ids[0][1]["xgid"]
(None, 'XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10')
>>> ids[0][2]["gnubg"]
'sGfwATDgc/ABMA:cAkAAAAAAAAE'
"""

from __future__ import annotations

from nardy.formats.gnubg_id import position_id
from nardy.formats.gnubg_match_id import encode, match_key
from nardy.formats.record import action_events
from nardy.formats.xgid import from_match_key, write_xgid
from nardy.rules.game import Phase
from nardy.rules.match import Match
from nardy.rules.variant import GNUBG_MATCH_ID

Ids = dict[str, str]


def position_ids(match: Match) -> list[list[Ids | None]]:
    """For each begun game of ``match``, the IDs before its first action and after each."""
    if GNUBG_MATCH_ID not in match.variant.formats:
        return [[None] * (len(g.actions) + 1) for g in match.games if g.actions]
    again = Match.new(match.variant, match.settings)
    games: list[list[Ids | None]] = []
    for index, game in enumerate(match.games):
        if not game.actions:
            continue
        ids = [_ids(again, index)]
        for action in game.actions:
            for event in action_events(action):
                again = again.apply(event)
            ids.append(_ids(again, index))
        games.append(ids)
    return games


def _ids(match: Match, index: int) -> Ids | None:
    game = match.games[index]
    if game.phase in (Phase.OPENING, Phase.OVER):
        return None
    key = match_key(match, index)
    return {
        "xgid": write_xgid(from_match_key(game.position, key)),
        "gnubg": f"{position_id(game.position)}:{encode(key)}",
    }
