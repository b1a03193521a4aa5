"""An arena's re-pairing (INTERFACES.md §8, arena)."""

from __future__ import annotations

from nardy.server.tournaments.arena import pair_waiting


def test_everybody_waiting_is_paired_with_someone_new() -> None:
    last = {"a": "b", "b": "a", "c": "d", "d": "c"}
    made, left = pair_waiting(["a", "b", "c", "d"], last, playing=0)
    assert left == ()
    assert {frozenset(p.players) for p in made} == {frozenset("ac"), frozenset("bd")}


def test_the_longest_waiting_go_first() -> None:
    made, left = pair_waiting(["x", "a", "b"], {}, playing=4)
    assert [p.players for p in made] == [("x", "a")]
    assert left == ("b",)


def test_last_opponents_wait_while_others_play_then_meet_again() -> None:
    last = {"a": "b", "b": "a"}
    assert pair_waiting(["a", "b"], last, playing=2) == ((), ("a", "b"))
    made, left = pair_waiting(["a", "b"], last, playing=0)
    assert [p.players for p in made] == [("a", "b")] and left == ()


def test_a_player_alone_waits() -> None:
    assert pair_waiting(["a"], {}, playing=0) == ((), ("a",))
