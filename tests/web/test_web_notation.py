"""One notation, the players' (docs/PROTOCOL.md, "How plays are written"): every place of
the client that writes a play — the news under the board, the table's move list, the
replay's list and sentence, the review's list and its played move — shows the server's
text, in the mover's own numbering with hits marked, the same text ``format_play`` writes
from the rules' positions. And the table's move list: the plays of the game so far with
their movers and dice, beside the board on a desktop and under it on a phone, scrolled to
the newest, updated as the game goes, in each language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from placement import box_of
from test_web_pages import english_left
from written_plays import record_texts

from conftest import (
    ARTIFACTS,
    act_once,
    create_table,
    needs_browser,
    new_page,
    play_some,
    resign_to_end,
    sign_in,
    translations,
    wait_change,
    wait_for_hash,
    wait_my_move,
    wait_other,
)
from nardy.formats.notation import format_play
from nardy.formats.position_json import position_from_json

pytestmark = needs_browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
LOCALES = {"en": "en-GB", "pl": "pl-PL", "lt": "lt-LT", "ru": "ru-RU"}


def open_page(browser, server, size: str, lang: str):
    width, height = SIZES[size]
    return new_page(
        browser, server, width=width, height=height, touch=size == "phone", lang=LOCALES[lang]
    )


def fetch(page, path: str) -> Any:
    return page.evaluate(f"fetch('{path}').then(r => r.json())")


def listed(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "e => e.map(x => x.textContent)")


def wait_for_the_computers_play(page, table: str, rounds: int = 500) -> dict[str, Any]:
    """Play this seat (0) until the computer's play is the last one and this seat is to
    act; its state. Each round waits on the board, never on time."""
    for _ in range(rounds):
        if page.get_attribute("#board", "data-over") == "1":
            pytest.skip("the match ended before the computer played")
        state = fetch(page, f"/api/tables/{table}")
        mine = state["turn"] == 0 and state["phase"] in ("rolling", "moving")
        last = state["last_play"]
        if mine and last and last["player"] == 1 and last["game"] == state["game"]:
            page.wait_for_selector(f'#board[data-n="{state["n"]}"]')
            return state
        n = page.get_attribute("#board", "data-n") or ""
        if act_once(page) is None:
            wait_other(page, n)
    raise AssertionError(f"the computer did not play in {rounds} rounds")


def shown_moves(page) -> list[str]:
    return listed(page, "#table-moves [data-play] .play")


def shown(text: str, lang: str) -> str:
    """A play's text as the pages show it: the words for the bar, the reserve and bearing
    off in the page's language, a roll that could not be played in words."""
    words = translations(lang)
    if text == "-":
        return words["notation.none"]
    return re.sub(r"\b(bar|in|off)\b", lambda m: words[f"notation.{m[1]}"], text)


def sentence_end(key: str, lang: str, dice: list[int], text: str) -> str:
    """How a sentence of ``key`` (its ``{play}`` last) ends for a play: dice, then text."""
    template = translations(lang)[key]
    between = template.split("{dice}")[1].split("{play}")[0]
    assert template.endswith("{play}"), template
    return f"{'–'.join(map(str, dice))}{between}{shown(text, lang)}"


def hinted_plays(page, table: str, lang: str) -> None:
    """A hint on this seat's next move writes its plays from the mover's position, and
    the hint panel shows them so."""
    wait_my_move(page)
    answer = fetch(page, f"/api/tables/{table}/hint")
    if answer["kind"] != "move":
        return
    position, _ = position_from_json(answer["position"])
    for play in answer["plays"]:
        assert play["play"] == format_play(position, [tuple(s) for s in play["steps"]])
    page.click('[data-action="hint"]')
    page.wait_for_selector("#hint[data-kind='move']")
    texts = listed(page, "#hint .hint-plays .play")
    assert texts == [shown(play["play"], lang) for play in answer["plays"]]


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "pl")])
def test_every_place_writes_a_play_as_its_mover_does(browser, server, size, lang):
    page = open_page(browser, server, size, lang)
    try:
        sign_in(page, f"Scribe {size}")
        table = create_table(page, "backgammon", match_to=1, seat="0")
        play_some(page, plays=7)
        state = wait_for_the_computers_play(page, table)
        record = fetch(page, f"/api/tables/{table}/record")
        (written,) = record_texts(record)
        # the state and the record carry the texts the rules' positions give
        assert [p["text"] for p in state["moves"]] == written
        plays = [a for a in record["games"][0]["actions"] if a["type"] == "play"]
        assert [a["text"] for a in plays] == written
        # the news: the computer's play as the computer writes it
        last = state["last_play"]
        news = page.inner_text("#news [data-news='play']")
        assert news.endswith(sentence_end("news.played", lang, last["dice"], last["text"]))
        # the move list: every play with its dice and mover, the newest in sight
        assert shown_moves(page) == [shown(text, lang) for text in written]
        dice = listed(page, "#table-moves [data-play] .dice")
        assert dice == ["–".join(map(str, p["dice"])) for p in state["moves"]]
        movers = page.eval_on_selector_all(
            "#table-moves [data-play]", "e => e.map(x => x.dataset.player)"
        )
        assert movers == [str(p["player"]) for p in state["moves"]]
        assert newest_in_sight(page)
        page.screenshot(path=str(ARTIFACTS / f"notation-table-{size}-{lang}.png"))
        scrolled_back_stays(page)
        hinted_plays(page, table, lang)
        resign_to_end(page)
        record = fetch(page, f"/api/tables/{table}/record")
        assert [t for g in record_texts(record) for t in g] == [
            a["text"] for g in record["games"] for a in g["actions"] if a["type"] == "play"
        ]
        # the replay's list, and the review's list and played move
        page.goto(f"/#/replay/{table}")
        page.wait_for_selector("#replay-moves [data-frame]")
        lines_match(listed(page, "#replay-moves [data-frame]"), record, lang)
        page.goto(f"/#/review/{table}")
        wait_for_hash(page, f"#/review/{table}", exact=True)
        page.wait_for_selector("#review-summary", timeout=120_000)
        lines_match(listed(page, "#review-moves [data-frame] .what"), record, lang)
        played_move_matches(page, table, record, lang)
        page.screenshot(path=str(ARTIFACTS / f"notation-review-{size}-{lang}.png"))
    finally:
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def lines_match(lines: list[str], record: dict[str, Any], lang: str) -> None:
    """A list of the record's actions (one line each) writes each play with its text."""
    actions = [a for game in record["games"] for a in game["actions"]]
    assert len(lines) == len(actions)
    for line, action in zip(lines, actions, strict=True):
        if action["type"] == "play":
            end = sentence_end("replay.play", lang, action["dice"], action["text"])
            assert line.strip().endswith(end), (line, action)


def played_move_matches(page, table: str, record: dict[str, Any], lang: str) -> None:
    """The review's first checker-play decision shows its played move as the record's
    text."""
    review = fetch(page, f"/api/tables/{table}/review")["review"]
    frame = 0
    for g, game in enumerate(review["games"]):
        for decision in game["decisions"]:
            if decision["kind"] == "move":
                action = record["games"][g]["actions"][decision["action"]]
                assert decision["played"] == action["text"]
                k = frame + 1 + decision["action"]  # each game opens with its start
                page.click(f"#review-moves [data-frame='{k}']")
                played = page.inner_text("#review-played")
                assert f" {shown(action['text'], lang)} " in f" {played} ", (played, action)
                return
        frame += 1 + len(record["games"][g]["actions"])


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_move_list_beside_or_under_the_board(browser, server, size, lang):
    page = open_page(browser, server, size, lang)
    try:
        name = f"Lister {size} {lang}"
        sign_in(page, name)
        table = create_table(page, "backgammon", match_to=1, seat="0")
        page.wait_for_selector("#table-moves")
        words = translations(lang)
        assert page.inner_text(".moves.card h2").startswith(words["replay.moves"])
        opened = fetch(page, f"/api/tables/{table}")
        if opened["turn"] == 0 and not opened["moves"]:
            # this seat won the opening roll: nobody can play before it does (when the
            # computer won it, its play may come between the fetch and the reading)
            assert page.inner_text("#table-moves") == words["table.no_moves"]
        play_some(page, plays=2)
        state = wait_for_the_computers_play(page, table)
        # updated live, with the words of the page's language
        assert shown_moves(page) == [shown(p["text"], lang) for p in state["moves"]]
        assert len(state["moves"]) >= 3
        movers = listed(page, "#table-moves [data-play] .mover")
        computer = words["table.computer"].format(level=words["level.intermediate"])
        assert movers == [name if p["player"] == 0 else computer for p in state["moves"]]
        if lang == "ru":
            assert english_left(page, {name}) == []
        board = box_of(page.locator("#board"))
        card = box_of(page.locator(".moves.card"))
        if size == "desktop":  # beside the board, in the window
            assert card["x"] >= board["x"] + board["width"]
            assert card["y"] < board["y"] + board["height"]
            assert card["y"] + card["height"] <= SIZES[size][1]
        else:  # under the board
            assert card["y"] >= board["y"] + board["height"]
        style = page.eval_on_selector("#table-moves", "e => getComputedStyle(e).overflowY")
        assert style == "auto"
        assert newest_in_sight(page)
        # in the page's own turn: the card is drawn again with each state the game sends
        page.eval_on_selector(".moves.card", "e => e.scrollIntoView({block: 'nearest'})")
        page.screenshot(path=str(ARTIFACTS / f"move-list-{size}-{lang}.png"))
    finally:
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def scrolled_back_stays(page) -> None:
    """A reader who scrolled the move list back to its first plays stays there while the
    game goes on."""
    scroll = "document.getElementById('table-moves').scrollTop"
    overflows = "(e => e.scrollHeight > e.clientHeight)(document.getElementById('table-moves'))"
    assert page.evaluate(overflows), "seven plays each fill the list"
    page.evaluate(f"{scroll} = 0")
    n = page.get_attribute("#board", "data-n") or ""
    assert act_once(page) is not None  # this seat is to act: a new state
    wait_change(page, n)
    assert page.evaluate(scroll) == 0


def newest_in_sight(page) -> bool:
    """Whether the list's last row is inside the list's scrolled view."""
    return bool(
        page.evaluate(
            """() => {
              const list = document.getElementById('table-moves');
              const last = list.lastElementChild.getBoundingClientRect();
              const box = list.getBoundingClientRect();
              return last.bottom <= box.bottom + 1 && last.top >= box.top - 1;
            }"""
        )
    )


BAR_AND_BLOTS = {
    "variant": "backgammon",
    "board": [0, 0, -1, 0, 0, 4, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, -1, 0, 2],
    "bar": [1, 0],
    "off": [0, 0],
}
"""A roller with a checker on the bar and the opponent's blots on its 22 and 3."""


def test_the_analysis_page_writes_the_plays_it_ranks(browser, server):
    page = open_page(browser, server, "desktop", "pl")
    try:
        body = {"position": BAR_AND_BLOTS, "dice": [3, 1], "ply": 0}
        answer = page.request.post("/api/analyse", data=body).json()
        position, _ = position_from_json(BAR_AND_BLOTS)
        texts = [play["play"] for play in answer["plays"]]
        assert texts == [
            format_play(position, [tuple(s) for s in p["steps"]]) for p in answer["plays"]
        ]
        assert any("bar/22*" in text for text in texts)
        page.goto("/#/analyse")
        page.wait_for_selector("#analyse-board svg")
        page.fill("#analyse-text", json.dumps(BAR_AND_BLOTS))
        page.select_option("#analyse-die-1", "3")
        page.select_option("#analyse-die-2", "1")
        page.select_option("#analyse-ply", "0")
        page.click("#analyse-go")
        page.wait_for_selector("#analyse-result [data-play]")
        rows = listed(page, "#analyse-result [data-play] td:nth-child(2)")
        assert rows == [shown(text, "pl") for text in texts]
        assert any("banda/22*" in row for row in rows)
    finally:
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()
