"""The players that sit at a table: what an agent decides and the drivers that play matches
and chouettes between agents (:mod:`.agent`), the strength levels and the checker player
at one of them (:mod:`.levels`), the cube- and resignation-aware computer player
(:mod:`.bot_agent`), the agent the server seats (:mod:`.table`), and the fixed baselines
the benchmarks play against (:mod:`.heuristic`, :mod:`.folk`, :mod:`.pubeval`). Built on
everything else in :mod:`nardy.bot` but training."""
