"""Move notation: writing plays, reading them back, and the errors in between."""

from __future__ import annotations

import random

import pytest

from nardy.formats.notation import format_play, parse_play, read_moves
from nardy.rules import IllegalPlayError, NotationError, Play, Position, legal_plays
from nardy.rules.steps import move
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch

START = BACKGAMMON.start_position()


def board(own: dict[int, int], opp: dict[int, int], variant: Variant = BACKGAMMON, **parts: int):
    """A position from the roller's and the opponent's checkers, the rest borne off."""
    cells = [0] * 24
    for point, n in own.items():
        cells[point - 1] = n
    for point, n in opp.items():
        cells[point - 1] = -n
    bar = (parts.get("bar", 0), parts.get("opp_bar", 0))
    reserve = (parts.get("reserve", 0), parts.get("opp_reserve", 0))
    own_off = 15 - sum(own.values()) - bar[0] - reserve[0]
    opp_off = 15 - sum(opp.values()) - bar[1] - reserve[1]
    return Position.build(variant, cells, bar=bar, off=(own_off, opp_off), reserve=reserve)


def play_with(position: Position, dice: tuple[int, int], steps: list[tuple[int, int]]) -> Play:
    """The legal play that the single ``steps`` lead to."""
    cells = position.cells
    for source, target in steps:
        cells = move(cells, source, target)
    (found,) = [p for p in legal_plays(position, dice) if p.position.cells == cells]
    return found


# Writing ---------------------------------------------------------------------------------


def test_opening_plays_are_written_as_players_write_them():
    assert format_play(START, play_with(START, (3, 1), [(8, 5), (6, 5)])) == "8/5 6/5"
    assert format_play(START, play_with(START, (6, 5), [(24, 18), (18, 13)])) == "24/13"
    assert format_play(START, play_with(START, (6, 4), [(24, 18), (13, 9)])) == "24/18 13/9"
    assert format_play(START, play_with(START, (3, 3), [(8, 5)] * 2 + [(6, 3)] * 2)) == (
        "8/5(2) 6/3(2)"
    )


def test_hits_are_marked_and_moves_sorted_by_source():
    position = board({24: 2, 13: 5, 8: 3, 6: 5}, {11: 1, 12: 4, 17: 3, 19: 5, 1: 2})
    play = play_with(position, (6, 2), [(13, 11), (24, 18)])
    assert format_play(position, play) == "24/18 13/11*"


def test_a_hit_on_the_way_keeps_the_landing_point():
    position = board({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 12: 4, 17: 3, 19: 5, 1: 2})
    play = play_with(position, (6, 3), [(13, 7), (7, 4)])
    assert format_play(position, play) == "13/7*/4"
    assert parse_play("13/7*/4", position, (6, 3)) == play


def test_without_a_hit_the_steps_of_one_checker_are_joined():
    play = play_with(START, (6, 5), [(24, 18), (18, 13)])
    assert format_play(START, play.steps[::-1]) == "24/13"


def test_bar_entry_and_bearing_off():
    position = board({13: 1, 6: 3, 5: 2}, {19: 2, 20: 2, 22: 1}, bar=1)
    assert format_play(position, play_with(position, (3, 6), [(25, 22), (13, 7)])) == (
        "bar/22* 13/7"
    )
    assert format_play(position, play_with(position, (3, 6), [(25, 22), (22, 16)])) == (
        "bar/22*/16"
    )
    home = board({6: 2, 5: 2}, {19: 2})
    assert format_play(home, play_with(home, (6, 5), [(6, 0), (5, 0)])) == "6/off 5/off"


def test_an_empty_play_is_a_dash():
    assert format_play(START, []) == "-"


# Reading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dice", "steps"),
    [
        ("8/5 6/5", (3, 1), [(8, 5), (6, 5)]),
        ("6/5 8/5", (3, 1), [(8, 5), (6, 5)]),
        ("24/13", (6, 5), [(24, 18), (18, 13)]),
        ("24/18/13", (6, 5), [(24, 18), (18, 13)]),
        ("24/18 18/13", (6, 5), [(24, 18), (18, 13)]),
        ("13/7 13/8", (6, 5), [(13, 7), (13, 8)]),
        ("8/5(2) 6/3(2)", (3, 3), [(8, 5), (8, 5), (6, 3), (6, 3)]),
        ("8/5 (2), 6/3 (2)", (3, 3), [(8, 5), (8, 5), (6, 3), (6, 3)]),
        ("8/5 8/5 6/3 6/3", (3, 3), [(8, 5), (8, 5), (6, 3), (6, 3)]),
        ("13/7(2) 24/18(2)", (6, 6), [(13, 7), (13, 7), (24, 18), (24, 18)]),
    ],
)
def test_opening_plays_are_read(text, dice, steps):
    assert parse_play(text, START, dice) == play_with(START, dice, steps)


def test_bar_off_and_hits_are_read_in_any_case():
    position = board({13: 1, 6: 3, 5: 2}, {19: 2, 20: 2, 22: 1}, bar=1)
    expected = play_with(position, (3, 6), [(25, 22), (13, 7)])
    for text in ("bar/22* 13/7", "BAR/22* 13/7", "Bar/22 13/7", "13/7 bar/22*"):
        assert parse_play(text, position, (3, 6)) == expected
    home = board({6: 2, 2: 2}, {19: 2})
    expected = play_with(home, (6, 5), [(6, 0), (6, 1)])
    for text in ("6/off 6/1", "6/OFF 6/1", "6/1 6/off"):
        assert parse_play(text, home, (6, 5)) == expected


def test_a_hit_on_an_unwritten_landing_is_found():
    position = board({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 12: 4, 17: 3, 19: 4, 1: 2})
    play = play_with(position, (6, 5), [(24, 18), (18, 13)])
    assert play.position.bar[1] == 1
    assert parse_play("24/13", position, (6, 5)) == play
    assert format_play(position, play) == "24/18*/13"


def test_an_unwritten_hit_that_could_be_on_either_point_is_ambiguous():
    position = board({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 19: 1, 12: 4, 17: 3, 20: 4, 1: 2})
    with pytest.raises(IllegalPlayError, match="more than one way"):
        parse_play("24/13", position, (6, 5))
    assert parse_play("24/18*/13", position, (6, 5)).position.cells[19] == -1


def test_empty_play_when_the_roll_cannot_be_played():
    position = board({24: 2}, {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 1: 3}, bar=1)
    assert legal_plays(position, (6, 6)) == ()
    for text in ("", "-", "  ", "pass", "No move"):
        assert parse_play(text, position, (6, 6)) == Play((), position)
    assert format_play(position, []) == "-"
    with pytest.raises(IllegalPlayError, match="no move is possible"):
        parse_play("bar/19", position, (6, 6))


def test_empty_play_is_refused_when_a_move_exists():
    with pytest.raises(IllegalPlayError, match="must be"):
        parse_play("-", START, (3, 1))


# Errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("13-7", "cannot read '13-7': write moves as from/to, e.g. 13/7"),
        ("13", "write moves as from/to"),
        ("13/x", "'x' is not a point"),
        ("25/22", "there is no point 25"),
        ("13/7(9)", "1 to 4 checkers"),
        ("13*/7", "marks a hit"),
        ("13/7 hello", "cannot read 'hello'"),
    ],
)
def test_unreadable_text(text, message):
    with pytest.raises(NotationError, match=message):
        parse_play(text, START, (6, 1))


@pytest.mark.parametrize(
    ("text", "dice", "message"),
    [
        ("7/13", (6, 1), "checkers move from higher to lower points"),
        ("20/14", (6, 1), "you have no checker on 20"),
        ("24/18(3)", (6, 6), "only 2 of your checkers can leave 24"),
        ("bar/20", (5, 1), "you have no checker on the bar"),
        ("13/7*", (6, 1), "nothing is hit on 7"),
        ("24/18", (6, 5), r"both dice must be played when they can be \(C3\)"),
        ("13/4", (3, 1), "need 9 pips, but 3-1 gives 4"),
        ("13/11", (3, 1), "13/11 is 2 pips, but with 3-1 a checker moves 1, 3 or 4 pips"),
        ("6/off 8/7", (6, 1), r"bear off only when all your checkers are in your home board"),
        ("13/12 6/5", (1, 1), "point 12 is blocked: the opponent has 5 checkers there"),
        ("13/9 6/2", (4, 4), "two|both|4 steps"),
    ],
)
def test_illegal_moves_say_why(text, dice, message):
    with pytest.raises(IllegalPlayError, match=message):
        parse_play(text, START, dice)


def test_bar_first():
    position = board({24: 1, 13: 5, 8: 3, 6: 5}, {12: 5, 17: 3, 19: 5, 1: 2}, bar=1)
    with pytest.raises(IllegalPlayError, match="checker on the bar"):
        parse_play("13/10 8/7", position, (3, 1))


def test_larger_die_rule():
    # Either die alone can be played, but not both (13 is blocked): the 6 must be.
    position = board({20: 1}, {13: 2, 3: 13})
    plays = legal_plays(position, (6, 1))
    assert [format_play(position, p) for p in plays] == ["20/14"]
    with pytest.raises(IllegalPlayError, match="larger"):
        parse_play("20/19", position, (6, 1))


# Long nardy ------------------------------------------------------------------------------


def test_long_nardy_plays():
    start = LONG_NARDY.start_position()
    assert format_play(start, parse_play("24/13", start, (6, 5))) == "24/13"
    assert format_play(start, parse_play("24/18(2)", start, (6, 6))) == "24/18(2)"
    with pytest.raises(IllegalPlayError, match=r"only one checker may leave the head .*LN3"):
        parse_play("24/18 24/19", start, (6, 5))
    with pytest.raises(IllegalPlayError, match=r"point 12 is held by the opponent.*LN2"):
        parse_play("24/12 24/18", start, (6, 6))


def test_long_nardy_six_prime_is_explained():
    own = {24: 10, 22: 1, 21: 1, 20: 1, 19: 1, 18: 1}
    position = board(own, {12: 15}, LONG_NARDY)
    with pytest.raises(IllegalPlayError, match=r"six points in a row.*LN4"):
        parse_play("24/23 18/16", position, (1, 2))


def test_long_nardy_bear_off():
    position = board({6: 1, 3: 2}, {12: 15}, LONG_NARDY)
    play = parse_play("6/off 3/off", position, (6, 4))
    assert format_play(position, play) == "6/off 3/off"


# Dutch -----------------------------------------------------------------------------------


def test_dutch_reserve_entries():
    start = DUTCH.start_position()
    both = parse_play("in/20 in/19", start, (6, 5))
    assert both.steps in {((26, 19), (26, 20)), ((26, 20), (26, 19))}
    assert format_play(start, both) == "in/20 in/19"
    one = parse_play("in/14", start, (6, 5))
    assert format_play(start, one) == "in/14"
    for text in ("IN/14", "res/14", "Reserve/19/14", "in/20/14"):
        assert parse_play(text, start, (6, 5)) == one


def test_dutch_enter_all_first_is_explained():
    start = Dutch(enter_all_first=True).start_position()
    with pytest.raises(IllegalPlayError, match="enter all first"):
        parse_play("in/14", start, (6, 5))


def test_dutch_no_hitting_before_home():
    position = board({20: 1}, {15: 1}, DUTCH, reserve=14, opp_reserve=14)
    with pytest.raises(IllegalPlayError, match=r"may not hit on 15 .*D4"):
        parse_play("20/15 in/24", position, (5, 1))


# Round trip --------------------------------------------------------------------------------


def random_positions(variant: Variant, seed: int, games: int, turns: int):
    """Positions and rolls met in seeded random games (both sides play at random)."""
    rng = random.Random(seed)
    for _ in range(games):
        position = variant.start_position()
        for _ in range(turns):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            yield position, dice, plays
            if plays:
                position = rng.choice(plays).position
            if position.is_over():
                break
            position = position.flipped()


@pytest.mark.parametrize(
    "variant",
    [BACKGAMMON, NACKGAMMON, LONG_NARDY, DUTCH, Dutch(enter_all_first=True)],
    ids=lambda v: f"{v.name}{'-strict' if v.options() else ''}",
)
def test_round_trip(variant):
    checked = 0
    for position, dice, plays in random_positions(variant, seed=2024, games=6, turns=120):
        if not plays:
            assert parse_play(format_play(position, []), position, dice) == Play((), position)
            continue
        for play in plays:
            text = format_play(position, play)
            back = parse_play(text, position, dice)
            assert back.position == play.position, (text, position, dice)
            assert format_play(position, back) == text
            checked += 1
    assert checked > 1000


def test_read_moves_keeps_the_written_text():
    (move,) = read_moves("13/7*/4")
    assert move.places == (13, 7, 4) and move.marked == {7} and move.text == "13/7*/4"
