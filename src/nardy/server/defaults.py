"""The server's default settings, in one place for ``ServerConfig`` and ``nardy serve``
(a module without imports, so the command line reads it without loading the server)."""

GRACE = 60.0
"""Seconds a disconnected player keeps their seat before losing on time."""

BOT_DELAY = 0.4
"""Seconds the computer waits before each decision, so that people can follow its play."""

ENTROPY_WAIT = 5.0
"""Seconds a game's roll-off waits for the seated players' contributions to its dice."""

LINGER = 30.0
"""Seconds a finished table stays live after its last viewer left, before it is unloaded
(with several processes, its lease in Redis given up too; so is an unfinished table that
waits for people alone, with no clock running)."""

REVIEW_ROLLOUT_SECONDS = 60.0
"""CPU seconds a match's review may spend settling its close decisions by rollouts
(:mod:`nardy.analysis.settle`; 0: none): a 7-point match's review stays within about two
CPU minutes in all."""

ARCHIVE = 900.0
"""Seconds an unfinished table stays on the public lists after the last of its seated
people left it: then it is archived (:mod:`nardy.server.site.archive`)."""

KEEP_ALIVE = 75.0
"""Seconds an idle HTTP connection stays open (:mod:`nardy.server.http.serving`): longer
than the proxy in front keeps its connections to a process (nginx: 60 s)."""
