"""The formats ask each variant which of them can hold its games (``Variant.formats``)
instead of guessing from other facts, so a new variant says so in one place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from extra_variant import LONGGAMMON, registered

from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.formats.gnubg_id import position_from_id, position_id
from nardy.formats.gnubg_match_id import MatchIdError, game_key
from nardy.formats.jellyfish import MatError, read_mat, variations, write_mat
from nardy.rules.errors import InvalidPositionError
from nardy.rules.game import Game
from nardy.rules.match import Match
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.rules.variant import GNUBG_MATCH_ID, GNUBG_POSITION_ID, MAT
from nardy.variants import BACKGAMMON, DUTCH, VARIANTS, Backgammon


@dataclass(frozen=True)
class Unwritten(Backgammon):
    """Backgammon's rules with no outside format declared."""

    name = "unwritten"
    title = "Unwritten"
    formats: ClassVar[frozenset[str]] = frozenset()


@dataclass(frozen=True)
class Clubgammon(Backgammon):
    """Backgammon's rules under a .mat variation of their own."""

    name = "clubgammon"
    title = "Clubgammon"
    mat_variation = "ClubGammon"


def test_a_variant_without_formats_is_refused_by_each_of_them() -> None:
    variant = Unwritten()
    with pytest.raises(InvalidPositionError, match="not unwritten"):
        position_id(variant.start_position())
    with pytest.raises(MatchIdError, match="not unwritten"):
        game_key(Game.new(variant))
    with pytest.raises(MatError, match="not unwritten"):
        write_mat(Match.new(variant, Settings.for_variant(variant, {"match_to": 1})))


def test_dutch_positions_fit_a_position_id_but_its_games_no_match_id() -> None:
    assert DUTCH.formats == {GNUBG_POSITION_ID}
    entered = Position(DUTCH, BACKGAMMON.start_position().cells)
    assert position_from_id(position_id(entered), DUTCH) == entered
    with pytest.raises(MatchIdError):
        game_key(Game.new(DUTCH))


def test_a_variant_in_python_only_takes_the_formats_it_declares() -> None:
    with registered():
        position = LONGGAMMON.start_position()
        assert position_from_id(position_id(position), LONGGAMMON) == position
        assert "longgammon" not in {v.name for v in variations().values()}
        with pytest.raises(MatError):
            write_mat(Match.new(LONGGAMMON, Settings.for_variant(LONGGAMMON, {"match_to": 1})))


def test_a_mat_variation_is_written_and_read_back_from_the_variant() -> None:
    variant = Clubgammon()
    assert {MAT, GNUBG_MATCH_ID} <= variant.formats
    settings = Settings.for_variant(variant, {"match_to": 3})
    agents = (RandomAgent(1), RandomAgent(2))
    match = play_match(Match.new(variant, settings), agents, seeded_dice(5), games=2)
    registry = VARIANTS
    assert isinstance(registry, dict)
    registry[variant.name] = variant
    try:
        text = write_mat(match)
        assert '; [Variation "ClubGammon"]' in text
        back = read_mat(text).match
    finally:
        del registry[variant.name]
    assert back.variant == variant and back.score == match.score
    with pytest.raises(MatError, match=r"cannot read a \.mat file of 'ClubGammon'"):
        read_mat(text)
