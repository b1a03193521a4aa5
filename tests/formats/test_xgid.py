"""XGIDs: round trips of random positions and states, and agreement with GNU Backgammon."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from examples import examples
from gnubg_runner import needs_gnubg, run_gnubg
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy.formats.gnubg_id import position_id
from nardy.formats.gnubg_match_id import MatchKey, encode
from nardy.formats.xgid import Xgid, read_xgid, write_xgid
from nardy.rules import Position, legal_plays
from nardy.rules.errors import InvalidPositionError
from nardy.variants import BACKGAMMON, NACKGAMMON


def random_position(rng: random.Random) -> Position:
    """A position of a seeded random game of backgammon or nackgammon, seen from the
    player on roll, after up to 120 random legal plays."""
    variant = rng.choice((BACKGAMMON, BACKGAMMON, NACKGAMMON))
    position = variant.start_position()
    for _ in range(rng.randrange(121)):
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            after = rng.choice(plays).position
            if after.off[0] == 15:
                return after
            position = after
        position = position.flipped()
    return position


def random_state(seed: int) -> Xgid:
    """A random legal position with a random cube, score, dice and match."""
    rng = random.Random(seed)
    match_to = rng.choice((0, 0, 1, 3, 5, 7, 11, 25))
    score = (rng.randrange(max(match_to, 1)), rng.randrange(max(match_to, 1)))
    crawford = match_to > 1 and match_to - 1 in score and rng.random() < 0.5
    cube = 1 if crawford else 1 << rng.randrange(7)
    on_roll = rng.randrange(2)
    owner = None if cube == 1 else rng.choice((None, 0, 1))
    doubled = not crawford and owner in (None, on_roll) and rng.random() < 0.15
    dice = None if doubled or rng.random() < 0.3 else (rng.randint(1, 6), rng.randint(1, 6))
    return Xgid(
        random_position(rng),
        on_roll=on_roll,
        cube=cube,
        owner=owner,
        dice=None if dice is None else (max(dice), min(dice)),
        doubled=doubled,
        score=score,
        crawford=crawford,
        jacoby=match_to == 0 and rng.random() < 0.5,
        match_to=match_to,
    )


@settings(max_examples=examples(3000), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_states_round_trip(seed: int) -> None:
    state = random_state(seed)
    text = write_xgid(state)
    back = read_xgid(text, state.position.variant)
    assert back == state
    assert write_xgid(back) == text


def test_dice_read_in_either_order_and_beavers_ignored() -> None:
    high = read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    low = read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:25:0:0:1:0:10")
    assert high == low and high.dice == (5, 2) and high.jacoby
    assert write_xgid(high).endswith(":52:0:0:1:0:10")


def test_the_player_on_top_sees_the_board_turned_round() -> None:
    top = read_xgid("XGID=aa----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10")
    assert top.on_roll == 0
    assert top.position.board[23] == 1 and top.position.bar == (1, 0)  # X's 1 point is its 24
    assert top.position.board[18] == -5  # X's 6 point is the top player's 19


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5", "9 fields"),
        ("XGID=-b----E-C---eE---c-e---BB-:0:0:1:52:0:0:0:5:10", "17 checkers"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:0:5:10", "owner is -1, 0 or 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:5:10", "00, D or two dice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:0:0:5:10", "reaches the match length"),
        ("XGID=B-----E-C---eE---c-e----a-:0:0:1:52:0:0:0:5:10", "cannot be on bar"),
    ],
)
def test_bad_xgids_say_why(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        read_xgid(text)


SET_XGIDS = """
gnubg.command("new match 3")
seen = []
for line in open(os.environ["XGIDS"]):
    gnubg.command("set xgid " + line.strip())
    seen.append([gnubg.positionid(), gnubg.matchid()])
json.dump(seen, open(OUT, "w"))
"""


def as_gnubg_shows(state: Xgid) -> MatchKey:
    """The Match ID gnubg 1.07 makes of an XGID: it answers yes to its own question "swap
    players so the player on roll appears on the bottom?", and its ``set xgid`` drops a
    double offer (the position and the rest of the state stay)."""
    key = state.match_key()
    if key.doubled:
        key = replace(key, doubled=False, turn=key.on_roll)
    if key.on_roll == 0:
        key = replace(
            key,
            on_roll=1,
            turn=1 - key.turn,
            owner=None if key.owner is None else 1 - key.owner,
            score=(key.score[1], key.score[0]),
        )
    return key


@needs_gnubg
def test_gnubg_reads_our_xgids_as_we_do(tmp_path: Path) -> None:
    """gnubg reads 2,000 random XGIDs to the Position and Match IDs nardy gives them."""
    states = [random_state(seed) for seed in range(2000)]
    path = tmp_path / "xgids.txt"
    path.write_text("".join(write_xgid(state) + "\n" for state in states))
    seen = run_gnubg(tmp_path, SET_XGIDS, XGIDS=str(path))
    ours = [[position_id(s.position), encode(as_gnubg_shows(s))] for s in states]
    wrong = [(write_xgid(s), o, t) for s, o, t in zip(states, ours, seen, strict=True) if o != t]
    assert not wrong, wrong[:5]
