"""What the others do, as the viewer sees it (RULES.md S4, S5): the computer's
steps move across the board one by one (when "animate" is on), its last move stays
marked, and the news line writes it in the computer's own numbering; an offered double
shows on the cube; the news says whether the double was taken; the opening roll is shown
per player; the tab title says when it is your turn; sounds follow their setting."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from conftest import (
    act_once,
    board_n,
    create_table,
    needs_browser,
    new_page,
    sign_in,
    translations,
    visible,
    wait_change,
    wait_my_move,
    wait_other,
)

pytestmark = needs_browser

EN = translations("en")
COMPUTER = EN["table.computer"].format(level=EN["level.intermediate"])
"""The computer at a table made with the form's default level (the quick game's)."""


def state_of(page, table: str) -> dict[str, Any]:
    return page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")


def expect_title(page, pattern: str) -> None:
    """Wait until the tab's title matches ``pattern``."""
    from playwright.sync_api import expect

    expect(page).to_have_title(re.compile(pattern), timeout=90_000)


def marked(page, key: str) -> Counter[str]:
    found = page.eval_on_selector_all(
        f"#board [data-last-{key}]", f"e => e.map(x => x.dataset.last{key.title()})"
    )
    return Counter(found)


def net(steps: list[list[int]]) -> tuple[Counter[str], Counter[str]]:
    """Where the other player's checkers left and arrived, net, in viewer places."""
    left: Counter[str] = Counter()
    came: Counter[str] = Counter()
    for a, b in steps:
        left["obar" if a == 25 else str(25 - a)] += 1
        came["ooff" if b == 0 else str(25 - b)] += 1
    return +(left - came), +(came - left)


def play_until_the_computer_moves(page, table: str, rounds: int = 500) -> dict[str, Any]:
    """Play this seat (0) until the computer answers a confirmed play of ours with a play
    of its own; returns that play, with the animation count of its arrival. Each round
    waits on the board, never on time."""
    for _ in range(rounds):
        if page.get_attribute("#board", "data-over") == "1":
            pytest.skip("the match ended before the computer moved")
        if visible(page, '[data-action="confirm"]') and not page.locator("[data-source]").count():
            page.evaluate("window.nardyDebug.animated = 0")
            n = board_n(page)
            page.click('[data-action="confirm"]')
            wait_change(page, n)
            # the board's version moves on once the animation is over
            page.wait_for_selector("#board svg [data-moving]", state="detached")
            play = state_of(page, table)["last_play"]
            if play and play["player"] == 1 and play["steps"]:
                page.wait_for_selector("#news [data-news='play']")
                play["animated"] = page.evaluate("window.nardyDebug.animated")
                return play
            continue
        n = board_n(page)
        if act_once(page) is None:  # the computer is to act: wait for its state
            wait_other(page, n)
    raise AssertionError(f"the computer did not move in {rounds} rounds")


@pytest.mark.parametrize("animate", [True, False], ids=["animate", "still"])
def test_the_computers_move_is_animated_marked_and_written_in_its_numbering(
    browser, server, size, animate
):
    page = new_page(browser, server, size=size, prefs={"animate": animate})
    try:
        sign_in(page, f"Watcher {size}")
        table = create_table(page, "backgammon", match_to=1, seat="0")
        play = play_until_the_computer_moves(page, table)
        # "animate" moves each step across the board; off, the checkers are just there
        assert play["animated"] == (len(play["steps"]) if animate else 0), play
        page.wait_for_selector("#board[data-steps]", state="attached")
        left, came = net(play["steps"])
        assert marked(page, "to") == Counter({k: v for k, v in came.items() if k != "obar"})
        rings = page.eval_on_selector_all(
            "#board [data-last-from]",
            "e => e.map(x => [x.dataset.lastFrom, Number(x.dataset.count)])",
        )
        assert Counter(dict(rings)) == Counter({k: v for k, v in left.items() if k.isdigit()})
        # written as the computer writes it, in its own numbering (docs/PROTOCOL.md, "How
        # plays are written"), not turned into the viewer's
        news = page.inner_text("#news [data-news='play']")
        assert news.endswith(f"{'–'.join(map(str, play['dice']))}: {play['text']}"), (news, play)
    finally:
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def roll_or_double(page, other, rounds: int = 2_000) -> None:
    """Play both pages until ``page`` may double."""
    for _ in range(rounds):
        if visible(page, '[data-action="double"]'):
            return
        if page.get_attribute("#board", "data-over") == "1":
            pytest.skip("the match ended before a double")
        acted = False
        n = board_n(page)
        for person in (page, other):
            if person is None or (person is page and visible(page, '[data-action="double"]')):
                continue
            acted = act_once(person) is not None or acted
        if not acted and other is None:  # the computer is to act: wait for its state
            wait_other(page, n)
        elif not acted:
            page.wait_for_timeout(40)  # a poll: either page may change next
    raise AssertionError(f"no double came up in {rounds} rounds")


def test_an_offered_double_is_shown_on_the_cube_and_the_take_is_news(browser, server, size):
    ala = new_page(browser, server, size=size)
    bob = new_page(browser, server, size=size)
    try:
        sign_in(ala, "Ala")
        table = create_table(ala, "backgammon", opponent="open", match_to=3, seat="0")
        sign_in(bob, "Bob")
        bob.wait_for_selector(f'[data-join="{table}"]')
        bob.click(f'[data-join="{table}"]')
        bob.wait_for_selector("#board svg")
        roll_or_double(ala, bob)
        n = board_n(bob)
        ala.click('[data-action="double"]')
        wait_change(bob, n)
        # the cube turned to 2 stands in front of the one who must answer
        bob.wait_for_selector('#board [data-cube="2"][data-offered="me"]')
        ala.wait_for_selector('#board [data-cube="2"][data-offered="them"]')
        assert "2" in bob.inner_text("#status")
        n = board_n(ala)
        bob.click('[data-action="take"]')
        wait_change(ala, n)
        news = ala.inner_text("#news [data-news='take']")
        assert news == EN["news.took"].format(name="Bob", value=2)
        ala.wait_for_selector('#board [data-cube="2"][data-owner="them"]')
        assert not ala.errors and not bob.errors  # type: ignore[attr-defined]
    finally:
        ala.context.close()
        bob.context.close()


def test_the_news_says_whether_the_computer_took_or_dropped(browser, server, size):
    page = new_page(browser, server, size=size)
    try:
        sign_in(page, "Doubler")
        create_table(page, "backgammon", match_to=3, seat="0")
        roll_or_double(page, None)
        n = board_n(page)
        page.click('[data-action="double"]')
        wait_change(page, n)
        page.wait_for_selector("#news [data-news='take'], #news [data-news='drop']")
        text = page.inner_text("#news")
        took = EN["news.took"].format(name=COMPUTER, value=2)
        dropped = EN["news.dropped"].format(name=COMPUTER, points=1)
        assert took in text or dropped in text, text
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_opening_roll_tab_title_and_sounds(browser, server, size):
    """The opening roll beside each name and in the news; the tab title while it is your
    turn; the sounds of the table, which follow their setting."""
    loud = new_page(browser, server, size=size, prefs={"sounds": True})
    quiet = new_page(browser, server, size=size, prefs={"sounds": False})
    try:
        for page in (loud, quiet):
            sign_in(page, "Opener")
            table = create_table(page, "long-nardy", match_to=1, seat="0")
            page.wait_for_selector(".player .opening-die")
            state = state_of(page, table)
            a, b = state["opening"]
            wait_my_move(page)
            die = ".player.{} .opening-die [data-die]"
            mine, theirs = (
                int(page.get_attribute(die.format(side), "data-die") or 0)
                for side in ("me", "them")
            )
            assert (mine, theirs) == (a, b)  # seat 0 is the viewer, at the bottom
            if state["plays"] == 0:  # the roll-off is the news until the first play
                assert page.inner_text("#news [data-news='opening']") == EN["news.opening"].format(
                    a="Opener", x=a, b=COMPUTER, y=b, starter="Opener"
                )
            else:  # the computer started: its play is the news, the dice stay by the names
                assert state["starter"] == 1
                page.wait_for_selector("#news [data-news='play']")
                assert page.locator("#news [data-news='opening']").count() == 0
            expect_title(page, "^●")
            assert EN["title.your_turn"] in page.title()
            # the roll-off is news only until the first play
            while page.locator("[data-source]").count():
                n = board_n(page)
                page.locator("[data-source]").first.click()
                page.locator("[data-target]").first.click()
                wait_change(page, n)
            n = board_n(page)
            page.click('[data-action="confirm"]')
            wait_change(page, n)
            page.wait_for_selector(".player .opening-die", state="detached")
        assert {"dice", "turn", "move"} <= set(loud.evaluate("window.nardyDebug.sounds"))
        assert quiet.evaluate("window.nardyDebug.sounds") == []
        quiet.click("#settings-open")
        assert quiet.locator('#settings input[name="sounds"]').count() == 1
        assert not quiet.is_checked('#settings input[name="sounds"]')
        quiet.check('#settings input[name="sounds"]')
        assert quiet.evaluate("JSON.parse(localStorage.getItem('nardy.prefs')).sounds") is True
        for page in (loud, quiet):
            assert not page.errors  # type: ignore[attr-defined]
    finally:
        loud.context.close()
        quiet.context.close()
