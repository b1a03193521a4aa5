"""A table request is checked once, and a JSON ``true`` is never taken for the number 1
(docs/PROTOCOL.md, "Variants": ``POST /api/tables``)."""

from __future__ import annotations

from typing import Any

import pytest

from nardy.server.site.table_request import TableRequest
from nardy.server.tables.table import TableError

GOOD = {"variant": "backgammon", "settings": {"match_to": 3}}


@pytest.mark.parametrize(
    ("extra", "complaint", "code"),
    [
        ({"seat": True}, "'seat' must be 0, 1 or absent", "bad_table_request"),
        ({"seat": 2}, "'seat' must be 0, 1 or absent", "bad_table_request"),
        ({"clock": {"move": True, "reserve": 60}}, "'move' and 'reserve'", "bad_table_request"),
        ({"clock": {"move": 30, "reserve": False}}, "'move' and 'reserve'", "bad_table_request"),
        ({"clock": {"move": 30, "reserve": 4000}}, "'move' and 'reserve'", "bad_table_request"),
        (
            {"kind": "chouette", "settings": {}, "participants": True},
            "3 to 8 participants",
            "chouette_size",
        ),
        (
            {"kind": "chouette", "settings": {}, "participants": 4, "computers": True},
            "not yours",
            "chouette_computers",
        ),
        ({"kind": "chouette"}, "backgammon money play", "chouette_money_play"),
        ({"rated": 1}, "'rated' must be true or false", "bad_table_request"),
        ({"rated": True, "settings": {}}, "match to a number of points", "rated_match_only"),
        ({"opponent": "robot"}, "opponent must be one of open, ", "bad_table_request"),
        ({"variant": "chess"}, "unknown variant 'chess'; variants: backgammon", "unknown_variant"),
    ],
)
def test_a_request_with_a_boolean_or_out_of_range_number_is_refused(
    extra: dict[str, Any], complaint: str, code: str
) -> None:
    """docs/PROTOCOL.md, Refusals: the English words, and the code a page says them by."""
    with pytest.raises(TableError, match=complaint) as refused:
        TableRequest.from_json({**GOOD, **extra})
    assert refused.value.code == code


def test_whole_and_fractional_seconds_are_taken() -> None:
    request = TableRequest.from_json({**GOOD, "seat": 1, "clock": {"move": 12, "reserve": 90.5}})
    assert request.seat == 1 and request.clock == {"move": 12.0, "reserve": 90.5}
