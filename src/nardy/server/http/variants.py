"""``GET /api/variants``: every variant's facts (:mod:`nardy.formats.variant_json`), the
computer's levels that can play it, and how strong each was measured to be
(:mod:`nardy.bot.agents.measured`).

>>> [doc["name"] for doc in variant_facts()][:2]
['backgammon', 'long-nardy']
>>> variant_facts()[0]["levels"][0]
'beginner'
>>> variant_facts()[0]["strength"]["expert"]["opponent"]
'pubeval'
"""

from __future__ import annotations

from typing import Any

from nardy.bot.agents.levels import LEVELS
from nardy.bot.agents.measured import strength_facts
from nardy.bot.evaluation.shipped import MissingWeightsError, weights_path
from nardy.formats.variant_json import variant_to_json
from nardy.rules.variant import Variant
from nardy.variants import VARIANTS


def levels(variant: Variant) -> list[str]:
    """The computer's levels for ``variant``, weakest first: none without a network."""
    try:
        weights_path(variant)
    except MissingWeightsError:
        return []
    return list(LEVELS)


def variant_facts() -> list[dict[str, Any]]:
    """Every variant the server plays, in the registry's order."""
    return [
        {
            **variant_to_json(variant),
            "levels": (playable := levels(variant)),
            "strength": {
                level: figure
                for level, figure in strength_facts(variant).items()
                if level in playable
            },
        }
        for variant in VARIANTS.values()
    ]
