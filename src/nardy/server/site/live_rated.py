"""The positions of rated matches in play, which the engine analyses for nobody until the
match is over (the rules pages, "Playing here"; docs/PROTOCOL.md, "Limits and refusals").

Each rated table, on every change of its state, names the decision it waits for as
*keys*: its position seen from either side, with the dice when a play is due (the plays
of that roll) or without them before a roll and at a double (the cube and the take). A
position sent to ``/api/analyse`` or ``/api/rollout`` is refused when its key is one of
them; the same position with other dice is not the live decision, and is answered.

A single process keeps the keys in memory. With ``--broker`` the tables live in several
processes, so the keys are also kept in the site's Redis, where every process looks: a
key ``<prefix>pos:<key>`` holding the table's id, and the set ``<prefix>table:<id>`` of
the table's keys, replaced in one script whenever the table changes — by whichever
process holds the table then, so a table taken over after its process died clears its old
keys too. Redis rather than the store: the check runs on every analysis request, the keys
change on every move, and a key that outlives its match (a site stopped for good) expires
by itself after :data:`KEPT` seconds.

>>> from nardy.variants import BACKGAMMON
>>> start = BACKGAMMON.start_position()
>>> decision_key(start, (3, 1)) == decision_key(start, (1, 3)) != decision_key(start, None)
True
"""

from __future__ import annotations

import logging
from typing import Any

from nardy.rules.game import Phase
from nardy.rules.plays import Dice
from nardy.rules.position import Position
from nardy.server.tables.room import Room
from nardy.server.tables.table import Table

log = logging.getLogger(__name__)

KEPT = 14 * 24 * 3600
"""Seconds a key lives in Redis without news of its table."""

REPLACE = """
local old = redis.call('SMEMBERS', KEYS[1])
for _, key in ipairs(old) do
  if redis.call('GET', ARGV[1] .. key) == ARGV[2] then redis.call('DEL', ARGV[1] .. key) end
end
redis.call('DEL', KEYS[1])
for i = 4, #ARGV do
  redis.call('SET', ARGV[1] .. ARGV[i], ARGV[2], 'EX', ARGV[3])
  redis.call('SADD', KEYS[1], ARGV[i])
end
if #ARGV >= 4 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return #old
"""
"""Replace a table's keys: KEYS[1] its set; ARGV the prefix of positions, the table's id,
the seconds kept, then its new keys."""


class Unsure(RuntimeError):
    """The site's Redis could not be asked; the analysis is refused meanwhile."""


def decision_key(position: Position, dice: Dice | None) -> str:
    """The key of a decision: a position, from the roller's side, and the roll to play."""
    roll = "-" if dice is None else "{}{}".format(*sorted(dice))
    return f"{position.variant.name}|{','.join(map(str, position.cells))}|{roll}"


def live_keys(table: Table) -> set[str]:
    """The keys of the decision a rated table waits for (none once it is over)."""
    if table.is_over() or not table.row.options.get("rated"):
        return set()
    game = table.game
    if game.phase is Phase.OPENING:
        return set()
    dice = game.moving.dice if game.phase is Phase.MOVING and game.moving else None
    position = game.position
    return {decision_key(position, dice), decision_key(position.flipped(), dice)}


class LiveRated:
    """The live decisions of rated matches; see the module docstring."""

    def __init__(self, redis: Any = None, prefix: str = "nardy:rated-live:") -> None:
        self.redis = redis
        self.prefix = prefix
        self._keys: dict[str, set[str]] = {}
        """Each rated table's keys, of the tables this process has seen."""
        self._tables: dict[str, str] = {}
        """Each key, the table it is live at."""
        self._replace = None if redis is None else redis.register_script(REPLACE)

    async def changed(self, room: Room) -> None:
        """Take in a table's new state (every table tells; unrated ones are skipped)."""
        if not isinstance(room, Table) or not room.row.options.get("rated"):
            return
        keys = live_keys(room)
        old = self._keys.get(room.id, set())
        for key in old - keys:
            self._tables.pop(key, None)
        for key in keys:
            self._tables[key] = room.id
        if keys:
            self._keys[room.id] = keys
        else:
            self._keys.pop(room.id, None)
        if self._replace is not None and (keys or old or room.is_over()):
            try:
                await self._replace(
                    keys=[f"{self.prefix}table:{room.id}"],
                    args=[f"{self.prefix}pos:", room.id, KEPT, *sorted(keys)],
                )
            except Exception as error:  # Redis away: the next change tries again
                log.warning("cannot share the live position of %s: %s", room.id, error)

    async def holds(self, position: Position, dice: Dice | None) -> bool:
        """Whether ``position`` with ``dice`` is a rated match's live decision. Raises
        :class:`Unsure` when the site's Redis cannot say."""
        key = decision_key(position, dice)
        if key in self._tables:
            return True
        if self.redis is None:
            return False
        try:
            return bool(await self.redis.exists(f"{self.prefix}pos:{key}"))
        except Exception as error:
            raise Unsure(str(error)) from error
