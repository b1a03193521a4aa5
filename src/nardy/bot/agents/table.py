"""The computer as a table seat: the agent the server seats for a variant and level."""

from __future__ import annotations

from nardy.bot.agents.agent import Agent
from nardy.bot.agents.levels import LEVELS
from nardy.variants import variant_named


def table_agent(variant_name: str, level: str) -> Agent:
    """The computer player for a table of ``variant_name`` at ``level``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    from nardy.bot.agents.bot_agent import BotAgent  # the cube- and resignation-aware agent

    return BotAgent(variant_named(variant_name), level)
