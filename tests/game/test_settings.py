"""S1 settings: every variant knows its own settings and defaults, and nothing else; the
money-play options are refused in matches (B8)."""

from __future__ import annotations

from typing import Any

import pytest

from nardy.rules.errors import SettingsError
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, VARIANTS


def test_S1_defaults_per_variant() -> None:
    assert Settings.for_variant(BACKGAMMON).to_json(BACKGAMMON) == {
        "match_to": 0,
        "cube": True,
        "crawford": True,
        "jacoby": False,
        "auto_doubles": 0,
        "backgammon_value": 3,
    }
    assert Settings.for_variant(LONG_NARDY).to_json(LONG_NARDY) == {
        "match_to": 0,
        "cube": False,
        "crawford": True,
        "scoring": "mars",
        "first_move": "loser",
        "last_roll": False,
    }
    assert Settings.for_variant(DUTCH).to_json(DUTCH) == {
        "match_to": 0,
        "cube": False,
        "crawford": True,
        "enter_all_first": False,
    }
    assert Settings.for_variant(NACKGAMMON) == Settings.for_variant(BACKGAMMON)


def test_S1_unknown_settings_are_refused() -> None:
    for variant in VARIANTS.values():
        with pytest.raises(SettingsError, match="unknown setting 'colour'"):
            Settings.for_variant(variant, {"colour": "red"})


@pytest.mark.parametrize(
    ("variant", "key", "value"),
    [
        (BACKGAMMON, "scoring", "oin"),
        (BACKGAMMON, "last_roll", True),
        (BACKGAMMON, "enter_all_first", True),
        (NACKGAMMON, "first_move", "alternate"),
        (LONG_NARDY, "jacoby", True),
        (LONG_NARDY, "backgammon_value", 2),
        (LONG_NARDY, "enter_all_first", True),
        (DUTCH, "auto_doubles", 1),
        (DUTCH, "scoring", "mars"),
    ],
)
def test_S1_settings_of_another_variant_are_refused(variant: Any, key: str, value: Any) -> None:
    with pytest.raises(SettingsError, match=f"{variant.name} has no setting '{key}'"):
        Settings.for_variant(variant, {key: value})


@pytest.mark.parametrize(("key", "value"), [("jacoby", True), ("auto_doubles", 1)])
def test_B8_money_only_settings_are_refused_in_a_match(key: str, value: Any) -> None:
    with pytest.raises(SettingsError, match=f"'{key}' is for money play only"):
        Settings.for_variant(BACKGAMMON, {"match_to": 7, key: value})
    money = Settings.for_variant(BACKGAMMON, {key: value})
    assert getattr(money, key) == value
    # Switched off, they may be written in a match.
    Settings.for_variant(BACKGAMMON, {"match_to": 7, key: type(value)(0)})


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"match_to": -1}, "'match_to' must be 0"),
        ({"match_to": "5"}, "'match_to' must be int"),
        ({"match_to": True}, "'match_to' must be int"),
        ({"cube": 1}, "'cube' must be bool"),
        ({"auto_doubles": 7}, "'auto_doubles' must be from 0 to 6"),
        ({"backgammon_value": 4}, "'backgammon_value' must be 2 or 3"),
    ],
)
def test_S1_values_out_of_range_are_refused(values: dict[str, Any], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.for_variant(BACKGAMMON, values)


def test_S1_explicit_values_override_the_variant_defaults() -> None:
    assert Settings.for_variant(DUTCH, {"cube": True}).cube is True
    assert Settings.for_variant(LONG_NARDY, {"cube": True, "match_to": 5}).match_to == 5
    assert Settings.for_variant(BACKGAMMON, {"cube": False}).cube is False
