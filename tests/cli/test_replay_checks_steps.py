"""``nardy replay`` checks a record's steps against C3 as strictly as ``nardy moves`` lists
plays: a play is a legal step sequence, not just a legal final position (RULES.md C3, C5).

For each variant, seeded random games are played until a roll comes up where a record could
be forged in a way C3 forbids; the record of the game so far, followed by that play, must be
refused at that action, while the same record with a legal play is accepted.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from referee import Referee, State, record_faults

from nardy.bot.agents.agent import RandomAgent, next_event
from nardy.cli import main
from nardy.formats.record import match_to_record
from nardy.rules.game import Phase
from nardy.rules.match import Match
from nardy.rules.plays import legal_plays
from nardy.rules.settings import Settings
from nardy.rules.turn import Turn
from nardy.variants import variant_named

Steps = tuple[tuple[int, int], ...]
VARIANTS = ("backgammon", "nackgammon", "long-nardy", "dutch")


def moving_matches(variant: str, seed: int) -> Iterator[Match]:
    """Every moment of seeded random money games where the player on roll is to move; each
    game is a session of its own, so that a record holds one game to replay."""
    rules = variant_named(variant)
    settings = Settings.for_variant(rules, {"cube": False})
    match = Match.new(rules, settings)
    rng = random.Random(seed)
    agents = (RandomAgent(seed, resign=0.0), RandomAgent(seed + 1, resign=0.0))
    for _ in range(200_000):
        if match.game.phase is Phase.MOVING:
            yield match
        match = match.apply(
            next_event(match.game, agents, lambda: (rng.randint(1, 6), rng.randint(1, 6)))
        )
        if len(match.games) > 1:
            match = Match.new(rules, settings)


def early_final(turn: Turn) -> Steps | None:
    """The first steps of a legal play that already reach a legal final, with a die still
    playable (checkers on 3 and 2, 6-1: ``3/off``, where ``3/2 2/off`` is a play)."""
    referee = Referee(turn.start, turn.dice)
    finals = {play.position.cells for play in legal_plays(turn.start, turn.dice)}
    seen = set()

    def search(steps: Steps, states: set[State]) -> Steps | None:
        if len(steps) >= referee.most or frozenset(states) in seen:
            return None
        seen.add(frozenset(states))
        if steps and any(cells in finals for cells, _ in states):
            return steps
        for step in sorted(referee.offers(states, len(steps))):
            found = search((*steps, step), referee.follow(states, len(steps), step))
            if found:
                return found
        return None

    return search((), {referee.start()})


def smaller_die_alone(turn: Turn) -> Steps | None:
    """A one-step play with the smaller die where the larger one can be played (C3)."""
    referee = Referee(turn.start, turn.dice)
    low, high = sorted(turn.dice)
    if referee.most != 1 or low == high:
        return None
    for step, die, _ in referee.moves(referee.start()):
        if die == low and referee.why_not((step,)) is not None:
            return (step,)
    return None


def one_step_short(turn: Turn) -> Steps | None:
    """The first steps of a legal play, one step short of it."""
    referee = Referee(turn.start, turn.dice)
    if referee.most < 2:
        return None
    steps: Steps = ()
    for _ in range(referee.most - 1):
        steps = (*steps, min(referee.next_steps(steps)))
    return steps


FORGERIES: dict[str, Callable[[Turn], Steps | None]] = {
    "early-final": early_final,
    "smaller-die": smaller_die_alone,
    "short": one_step_short,
}


def replay(
    tmp_path: Path, doc: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """``nardy replay`` on ``doc``: its exit status and what it printed."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    status = main(["replay", str(path)])
    return status, capsys.readouterr().out


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("forgery", FORGERIES)
def test_C3_replay_refuses_steps_that_are_no_legal_play(
    variant: str, forgery: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forge = FORGERIES[forgery]
    for match in moving_matches(variant, seed=7):
        turn = match.game.moving
        assert turn is not None
        bad = forge(turn)
        if bad is not None:
            break
    else:  # pragma: no cover - the random games always offer one
        pytest.fail(f"no roll to forge {forgery} in {variant}")
    doc = match_to_record(match, ("Ala", "Ola"))
    actions = doc["games"][-1]["actions"]
    player, dice = match.game.turn, list(turn.dice)
    legal = [list(s) for s in legal_plays(turn.start, turn.dice)[0].steps]
    actions.append({"player": player, "type": "play", "dice": dice, "steps": legal})
    status, out = replay(tmp_path, doc, capsys)
    assert status == 0 and out.startswith("Ala "), out
    assert record_faults(doc) == []
    actions[-1]["steps"] = [list(s) for s in bad]
    status, out = replay(tmp_path, doc, capsys)
    game, action = len(doc["games"]), len(actions)
    assert status == 1 and out.startswith(f"illegal: game {game}, action {action}:"), out
    assert [f.split(":")[0] for f in record_faults(doc)] == [f"game {game}, action {action}"]
