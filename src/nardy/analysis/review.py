"""The review of a match: every decision judged against the best one, the luck of every
roll, and what they add up to for each player (INTERFACES.md §5).

The match is replayed action by action through the rules. Before each action the
analysis asks the engine (:mod:`nardy.analysis.engine`) about the position as it was:

* a **roll** where the roller could have doubled is the decision *not* to double; a
  **double** the decision to double; both compare no double against double (the
  opponent answering as is best for them), looked at ``ply`` rolls ahead;
* a **take** or **drop** compares the two answers to that double;
* a **play** with more than one legal final position is a checker-play decision: the play
  made against the best, both judged at ``ply`` with the cube;
* an **accept** or **decline** of a resignation compares the points offered with playing on;
* every **roll** (and, in backgammon, the opening roll, which the starter plays) has a
  luck: the roller's equity after the best play of the dice it got, less the average of
  the same over every roll it could have got (at ``luck_ply``, 0 by default as in other
  analysis programs).

All values are normalised equity, points per game at a cube of 1; errors are never
negative, and the best choice has error 0.

Every kind of decision and the luck are judged in one walk through the match and added
up together, so they stay in one module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nardy.analysis import DEFAULT_PLY, choices, settle
from nardy.analysis.choices import SHOWN
from nardy.analysis.decision import Decision
from nardy.analysis.engine import OPENING_ROLLS, ROLLS, CubeValues, Engine, Stakes
from nardy.analysis.rolls import Point, RollLuck
from nardy.analysis.summary import PlayerSummary, summarise
from nardy.formats.notation import format_play
from nardy.formats.position_json import position_to_json
from nardy.formats.record import action_events
from nardy.rules.game import (
    Action,
    Phase,
)
from nardy.rules.match import Match
from nardy.rules.plays import Dice
from nardy.rules.turn import Turn

Progress = Callable[[int, int], None]
"""Told (actions done, actions in all) as the analysis goes."""
At = tuple[int, int]
"""A decision's place: the game's number and the decision's in it."""


@dataclass
class GameReview:
    """The decisions, rolls and graph of one game."""

    score_before: tuple[int, int]
    decisions: list[Decision] = field(default_factory=list)
    rolls: list[RollLuck] = field(default_factory=list)
    graph: list[Point] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "score_before": list(self.score_before),
            "result": self.result,
            "decisions": [d.to_json() for d in self.decisions],
            "rolls": [r.to_json() for r in self.rolls],
            "graph": [p.to_json() for p in self.graph],
        }


@dataclass(frozen=True)
class Review:
    """The whole analysis of a match."""

    variant: str
    settings: dict[str, Any]
    players: tuple[str, str]
    ply: int
    luck_ply: int
    games: tuple[GameReview, ...]
    summary: tuple[PlayerSummary, PlayerSummary]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "nardy-analysis/1",
            "variant": self.variant,
            "settings": self.settings,
            "players": list(self.players),
            "ply": self.ply,
            "luck_ply": self.luck_ply,
            "unit": "match" if self.settings.get("match_to") else "money",
            "marks": {"doubtful": 0.04, "bad": 0.08, "very bad": 0.16},
            "games": [g.to_json() for g in self.games],
            "summary": [s.to_json() for s in self.summary],
        }


# ----------------------------------------------------------------------------- the walk


def analyse(
    match: Match,
    players: tuple[str, str] = ("player 0", "player 1"),
    ply: int = DEFAULT_PLY,
    *,
    luck_ply: int = 0,
    progress: Progress | None = None,
    rollout_seconds: float = 0.0,
) -> Review:
    """The review of ``match`` (a finished or unfinished one, as the rules replayed it);
    with ``rollout_seconds`` of CPU time its close decisions are settled by rollouts
    (:mod:`nardy.analysis.settle`)."""
    total = sum(len(game.actions) for game in match.games)
    done = 0
    replay = Match.new(match.variant, match.settings)
    games: list[GameReview] = []
    questions: list[settle.Question] = []
    for played in match.games:
        if not played.actions:
            continue
        review = GameReview(replay.score)
        walker = _Walker(
            review, ply, luck_ply, len(games), questions if rollout_seconds > 0 else None
        )
        for index, action in enumerate(played.actions):
            walker.before(replay, index, action)
            for event in action_events(action):
                replay = replay.apply(event)
            walker.after(replay, index, action)
            done += 1
            if progress is not None:
                progress(done, total)
        result = played.result
        if result is not None:
            review.result = {"winner": result.winner, "points": result.points, "kind": result.kind}
            reasons = [a.reason for a in played.actions if a.reason is not None]
            if reasons:  # lost on time or by leaving: the kind stays a resignation (§4)
                review.result["reason"] = reasons[-1]
        games.append(review)
    tell = None if progress is None else (lambda: progress(total, total))
    settle.settle([g.decisions for g in games], questions, rollout_seconds, tell)
    summary = summarise(match, games)
    settings = match.settings.to_json(match.variant)
    return Review(match.variant.name, settings, players, ply, luck_ply, tuple(games), summary)


class _Walker:
    """Judges the actions of one game as they come."""

    def __init__(
        self,
        review: GameReview,
        ply: int,
        luck_ply: int,
        number: int,
        questions: list[settle.Question] | None,
    ) -> None:
        self.review = review
        self.ply = ply
        self.luck_ply = luck_ply
        self.number = number
        self.questions = questions
        """Where close decisions go to be settled, if they are (None: not)."""
        self.cube: CubeValues | None = None
        """The values of the double just offered, for its answer."""
        self.spot: settle.Spot | None = None
        """Where that double was offered."""
        self.luck: float | None = None
        """The luck of the roll being played, for its move."""

    def before(self, match: Match, index: int, action: Action) -> None:
        game = match.game
        player = action.player
        if player is None or action.reason is not None:
            return  # a forfeit's actions (time, leaving) are nobody's decisions
        match action.type:
            case "roll":
                if game.can_double(player):
                    self._cube(match, index, player, doubled=False)
                assert action.dice is not None
                self._roll(match, index, player, action.dice, ROLLS)
            case "double":
                self._cube(match, index, player, doubled=True)
            case "take" | "drop":
                self._answer(index, player, took=action.type == "take")
            case "play":
                self._move(match, index, player, action)
            case "accept" | "decline":
                self._resignation(match, index, player, accepted=action.type == "accept")

    def after(self, match: Match, index: int, action: Action) -> None:
        """The opening roll is judged once it is known who plays it (B5)."""
        game = match.game
        if action.type != "opening" or game.phase is not Phase.MOVING or game.moving is None:
            return
        if action.reason is not None:
            return  # a forfeit's roll-off: its roll is never played
        assert game.turn is not None
        self._roll(match, index, game.turn, game.moving.dice, OPENING_ROLLS)

    # -- the parts

    def _roll(
        self,
        match: Match,
        index: int,
        player: int,
        dice: Dice,
        rolls: tuple[tuple[Dice, float], ...],
    ) -> None:
        game = match.game
        engine = Engine.for_game(game)
        stakes = Stakes.of(game, player, match)
        cells = game.position.cells
        table = engine.roll_table(cells, self.luck_ply, stakes, rolls)
        values: dict[tuple[int, ...], tuple[float, float]] = {}
        for roll, chance, best in table:
            if best is not None:
                value = best.value
            else:
                value = _passed(engine, cells, self.luck_ply, stakes)
            values[tuple(sorted(roll))] = (chance, value)
        average = sum(chance * value for chance, value in values.values())
        luck = values[tuple(sorted(dice))][1] - average
        raw = stakes.raw(luck) - stakes.raw(0.0)
        self.luck = luck
        self.review.rolls.append(RollLuck(index, player, dice, luck, raw))
        win = sum(
            chance * float(best.outputs[0] if best is not None else engine.passed(cells, 0)[0])
            for _, chance, best in table
        )
        sign = 1 if player == 0 else -1
        in_match = stakes.raw(average) if stakes.is_match else None
        self.review.graph.append(
            Point(
                index,
                win if player == 0 else 1.0 - win,
                sign * average,
                None if in_match is None else (in_match if player == 0 else 1.0 - in_match),
            )
        )

    def _cube(self, match: Match, index: int, player: int, *, doubled: bool) -> None:
        game = match.game
        values, outputs = choices.cube(game, match, self.ply)
        assert game.turn is not None
        stakes = Stakes.of(game, game.turn, match)
        spot = settle.Spot(Engine.for_game(game), stakes, game.position.cells)
        self.cube, self.spot = values, spot
        chosen = values.double if doubled else values.no_double
        self._add(
            Decision(
                index,
                player,
                "double",
                max(values.best - chosen, 0.0),
                "double" if doubled else "no double",
                "double" if values.double > values.no_double else "no double",
                chosen,
                values.best,
                position=position_to_json(game.position),
                cube=choices.cube_json(values, outputs),
            ),
            lambda at, d: settle.cube_question(at, d, spot, values),
        )

    def _answer(self, index: int, player: int, *, took: bool) -> None:
        assert self.cube is not None and self.spot is not None, "an answer without a double"
        answered, spot = self.cube, self.spot
        answers = choices.take(answered)
        chosen = answers.yes if took else answers.no
        self._add(
            Decision(
                index,
                player,
                "take",
                max(answers.best - chosen, 0.0),
                "take" if took else "drop",
                "take" if answers.yes >= answers.no else "drop",
                chosen,
                answers.best,
                cube=choices.cube_json(self.cube),
            ),
            lambda at, d: settle.cube_question(at, d, spot, answered),
        )

    def _move(self, match: Match, index: int, player: int, action: Action) -> None:
        game = match.game
        assert action.dice is not None and action.steps is not None
        luck, self.luck = self.luck, None
        position, engine = game.position, Engine.for_game(game)
        if len(engine.plays(position.cells, action.dice)) < 2:
            return  # a forced move is no decision
        turn = Turn.begin(position, action.dice)
        for step in action.steps:
            turn = turn.step(step)
        chosen = turn.current
        ranked = choices.plays(game, match, self.ply, include=[chosen])
        stakes = Stakes.of(game, player, match)
        best = ranked[0]
        mine = next(c for c in ranked if c.cells == chosen)
        shown = ranked[:SHOWN] if mine in ranked[:SHOWN] else [*ranked[:SHOWN], mine]
        self._add(
            Decision(
                index,
                player,
                "move",
                max(best.value - mine.value, 0.0),
                format_play(position, action.steps),
                format_play(position, best.steps),
                mine.value,
                best.value,
                luck=luck,
                position=position_to_json(position, action.dice),
                candidates=tuple(
                    {**choices.candidate_json(position, c, best), "played": c.cells == chosen}
                    for c in shown
                ),
            ),
            lambda at, d: settle.play_question(at, d, engine, stakes, ranked, chosen, position),
        )

    def _add(
        self, decision: Decision, ask: Callable[[At, Decision], settle.Question | None]
    ) -> None:
        """Add a decision, and its question if it is a close one and rollouts settle them."""
        at = (self.number, len(self.review.decisions))
        self.review.decisions.append(decision)
        question = None if self.questions is None else ask(at, decision)
        if question is not None and self.questions is not None:
            self.questions.append(question)

    def _resignation(self, match: Match, index: int, player: int, *, accepted: bool) -> None:
        answers = choices.resignation(match.game, match, player, self.ply)
        chosen = answers.yes if accepted else answers.no
        self.review.decisions.append(
            Decision(
                index,
                player,
                "resign",
                max(answers.best - chosen, 0.0),
                "accept" if accepted else "decline",
                "accept" if answers.yes >= answers.no else "decline",
                chosen,
                answers.best,
                cube={"accept": round(answers.yes, 4), "decline": round(answers.no, 4)},
            )
        )


def _passed(engine: Engine, cells: Any, ply: int, stakes: Stakes) -> float:
    """The roller's equity when its roll cannot be played."""
    return stakes.after_play(engine.passed(cells, ply))
