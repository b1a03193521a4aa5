"""A game's plays written as players write them: every play of every variant in its
mover's numbering with its hits marked, the same text ``format_play`` writes from the
position the rules had before the play, and the text the states, the records and the
``.mat`` export agree on."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from written_plays import rules_texts

from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.formats.game_plays import play_texts
from nardy.formats.jellyfish import write_mat
from nardy.formats.notation import parse_play
from nardy.formats.record import action_events, match_to_record
from nardy.rules.game import Game, MakePlay, OpeningRoll, Roll
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.rules.steps import move
from nardy.server.protocol.states import plays_of
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

VARIANTS = [BACKGAMMON, NACKGAMMON, LONG_NARDY, DUTCH]


def self_played(variant: Any, seed: int) -> Match:
    settings = Settings.for_variant(variant, {"match_to": 0})
    agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
    return play_match(Match.new(variant, settings), agents, seeded_dice(seed), games=2)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_every_play_is_written_from_the_movers_position(variant: Any) -> None:
    seen: set[str] = set()
    for seed in range(6):
        match = self_played(variant, seed)
        assert [play_texts(g) for g in match.games if g.actions] == rules_texts(match)
        for game in match.games:
            for text in play_texts(game):
                seen |= {mark for mark in ("*", "bar/", "/off", "in/", ")") if mark in text}
                assert re.fullmatch(r"-|((bar|in|\d+)(/(\d+\*?|off))+(\(\d\))?( |$))+", text)
    # the sample holds every kind of move the variant has
    kinds = {
        "backgammon": {"*", "bar/", "/off", ")"},
        "nackgammon": {"*", "bar/", "/off", ")"},
        "long-nardy": {"/off", ")"},
        "dutch": {"*", "bar/", "in/", "/off", ")"},
    }[variant.name]
    assert kinds <= seen, (variant.name, kinds - seen)


def test_a_walk_goes_on_from_a_kept_one_as_a_fresh_walk_would() -> None:
    # each version of a game adds a few actions: the texts of every prefix, games of two
    # variants and two seeds interleaved, are those of the rules' positions
    matches = [self_played(variant, seed) for seed in (1, 2) for variant in (BACKGAMMON, DUTCH)]
    expected = [rules_texts(match) for match in matches]
    longest = max(len(g.actions) for match in matches for g in match.games)
    for k in range(longest + 1):
        for match, texts in zip(matches, expected, strict=True):
            for game, plays in zip(match.games, texts, strict=False):
                prefix = game.actions[:k]
                count = sum(action.type == "play" for action in prefix)
                assert play_texts(dataclasses.replace(game, actions=prefix)) == plays[:count]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_each_text_reads_back_as_the_play_it_writes(variant: Any) -> None:
    match = self_played(variant, 11)
    replayed = Match.new(match.variant, match.settings)
    for game in match.games:
        texts = iter(play_texts(game))
        for action in game.actions:
            if action.type == "play":
                assert action.dice is not None and action.steps is not None
                position = replayed.game.position
                cells = position.cells
                for source, target in action.steps:
                    cells = move(cells, source, target)
                assert parse_play(next(texts), position, action.dice).position.cells == cells
            for event in action_events(action):
                replayed = replayed.apply(event)


def hit_game() -> Game:
    game = Game.new(BACKGAMMON).apply(OpeningRoll((6, 2)))
    game = game.apply(MakePlay(0, ((24, 18), (13, 11))))
    game = game.apply(Roll(1, (6, 4))).apply(MakePlay(1, ((13, 9), (13, 7))))
    return game.apply(Roll(0, (5, 5))).apply(MakePlay(0, ((25, 20), (20, 15), (13, 8), (13, 8))))


def test_the_computers_answer_is_written_in_its_own_numbering_with_the_hit() -> None:
    # player 1's 13/7 lands on player 0's 18, where player 0 had just left a blot: in
    # player 0's numbering it would read 12/18*, which a player reads backwards
    assert play_texts(hit_game()) == ["24/18 13/11", "13/9 13/7*", "bar/15 13/8(2)"]


def test_the_state_and_the_record_carry_the_same_texts() -> None:
    game = hit_game()
    assert [p["text"] for p in plays_of(game)] == play_texts(game)
    assert plays_of(game)[1] == {
        "player": 1,
        "type": "play",
        "dice": [6, 4],
        "steps": [[13, 9], [13, 7]],
        "text": "13/9 13/7*",
    }
    match = self_played(BACKGAMMON, 3)
    doc = match_to_record(match, texts=True)
    for game_doc, game in zip(doc["games"], match.games, strict=False):
        plays = [a["text"] for a in game_doc["actions"] if a["type"] == "play"]
        assert plays == play_texts(game)
    # the record of INTERFACES.md §4 itself is unchanged without ``texts``
    assert all("text" not in a for g in match_to_record(match)["games"] for a in g["actions"])


def test_the_mat_export_marks_the_same_hits_in_the_same_numbering() -> None:
    match = self_played(BACKGAMMON, 5)
    cells = re.findall(r"\d\d:((?: \d+/\d+\*?)*)", write_mat(match))
    texts = [text for game in match.games if game.actions for text in play_texts(game)]
    assert len(cells) == len(texts)
    for cell, text in zip(cells, texts, strict=True):
        mat_hits = sorted(int(m) for m in re.findall(r"/(\d+)\*", cell))
        hits = sorted(int(m) for m in re.findall(r"(\d+)\*", text))
        assert mat_hits == hits, (cell, text)
