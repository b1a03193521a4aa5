"""What a variant is, as JSON for the browser (``GET /api/variants``): the facts the client
draws from, so that it knows no rules and a new variant needs no client change.

Points are numbered from the first mover's side, as in the position JSON (INTERFACES.md §1):
``start`` is the start position from there, and ``their_points[p - 1]`` is the opponent's
number for point ``p``. ``settings`` are the settings the variant knows, in order, each with
its default for the variant, its ``choices`` (absent: true or false, or any length for
``match_to``) and when it applies (``money_only``, ``match_only``, ``needs_cube``).

>>> from nardy.variants import LONG_NARDY
>>> doc = variant_to_json(LONG_NARDY)
>>> doc["start"]["board"][23], doc["their_points"][:3], doc["hits"], doc["heads"]
(15, [13, 14, 15], False, [24, 12])
>>> [s["name"] for s in doc["settings"]]
['match_to', 'cube', 'crawford', 'scoring', 'first_move', 'last_roll']
>>> doc["results"]
[['oin', 1], ['mars', 2]]
"""

from __future__ import annotations

from typing import Any

from nardy.formats.position_json import position_to_json
from nardy.rules.settings import Facts, Settings
from nardy.rules.variant import Variant


def variant_to_json(variant: Variant) -> dict[str, Any]:
    """The facts of ``variant`` (with its default options) as a JSON object."""
    start = position_to_json(variant.start_position())
    defaults = Settings.for_variant(variant)
    return {
        "name": variant.name,
        "title": variant.title,
        "start": {key: start[key] for key in ("board", "bar", "off", "reserve")},
        "their_points": [variant.mirror(point) for point in range(1, 25)],
        "hits": variant.hits,
        "bar": variant.has_bar,
        "reserve": variant.has_reserve,
        "heads": list(variant.heads) if variant.heads else None,
        "starter_takes_white": variant.starter_takes_white,
        "resign_levels": list(variant.resign_levels),
        "chouette": variant.chouette,
        "series": variant.series,
        "money": variant.money,
        "formats": sorted(variant.formats),
        "results": [list(pair) for pair in variant.result_values(defaults)],
        "settings": [
            setting_to_json(name, default, facts)
            for name, default, facts in Settings.known(variant)
        ],
    }


def setting_to_json(name: str, default: Any, facts: Facts) -> dict[str, Any]:
    """One setting's entry in :func:`variant_to_json`.

    >>> from nardy.rules.settings import FACTS
    >>> setting_to_json("auto_doubles", 0, FACTS["auto_doubles"])["choices"]
    [0, 1, 2, 3, 4, 5, 6]
    """
    doc: dict[str, Any] = {"name": name, "default": default}
    if facts.choices is not None:
        doc["choices"] = list(facts.choices)
    for flag in ("money_only", "match_only", "needs_cube", "summary"):
        if getattr(facts, flag):
            doc[flag] = True
    return doc
