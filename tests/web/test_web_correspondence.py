"""Correspondence play in the browser (docs/PROTOCOL.md, "Correspondence"): the lobby's
form offers days a move, between people and against the computer; the "your turn" list
heads the lobby of the player to move, with the time left, and the header counts it on
every page; it moves to the other player when a move arrives; in four languages, on a
phone and a desktop.

Screenshots go to artifacts/ (your-turn-*)."""

from __future__ import annotations

import re

import pytest
from test_web_lobby import first_turn, state_of
from test_web_rules_and_players import fits

from conftest import (
    ARTIFACTS,
    needs_browser,
    new_page,
    open_custom_form,
    play_some,
    sign_in,
    translations,
    wait_for_hash,
    wait_for_lang,
)

pytestmark = needs_browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
DAY = 86_400
LANGS = ("pl", "lt", "ru", "en")


def create_by_days(page, preset: str, opponent: str, match_to: int) -> str:
    """Fill the lobby form for a table of ``preset`` and start it; returns its id."""
    open_custom_form(page)
    page.select_option("#variant", "backgammon")
    page.select_option("#match_to", str(match_to))
    page.check(f"#opponent-{opponent}")
    page.select_option("#time-control", preset)
    page.click("#create-table")
    wait_for_hash(page, "#/table/")
    page.wait_for_selector("#board svg")
    return page.url.rsplit("/", 1)[-1]


def listed(page, table: str) -> str:
    return f'#your-turn li[data-table="{table}"]'


def check_the_list_in(page, lang: str, table: str, size: str) -> None:
    """The list and the header's count read in ``lang``, and nothing sticks out."""
    page.select_option("#lang-select", lang)
    wait_for_lang(page, lang)
    words = translations(lang)
    page.locator("#turns-title", has_text=words["turns.title"]).wait_for()
    entry = page.locator(listed(page, table))
    assert entry.locator("[data-play]").inner_text() == words["turns.play"]
    left = entry.locator(".time-left").inner_text()
    pattern = re.escape(words["turns.left"]).replace(re.escape("{time}"), ".+")
    assert re.fullmatch(pattern, left), left
    assert page.get_attribute("#turns-badge", "aria-label") == words["turns.badge"].format(n=1)
    fits(page, SIZES[size][0])
    page.screenshot(path=str(ARTIFACTS / f"your-turn-{size}-{lang}.png"), full_page=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_your_turn_list_follows_the_moves(browser, server, size):
    width, height = SIZES[size]
    host = new_page(browser, server, width=width, height=height)
    guest = new_page(browser, server, width=width, height=height)
    try:
        sign_in(host, f"Post Host {size}")
        table = create_by_days(host, "days-1", "open", 3)
        sign_in(guest, f"Post Guest {size}")
        guest.click(f'[data-join="{table}"]')
        wait_for_hash(guest, f"#/table/{table}")
        turn = first_turn(host, table)  # a seat: the host's is drawn, not always 0
        mover, waiter = (host, guest) if state_of(host, table)["you"] == turn else (guest, host)
        clock = state_of(mover, table)["clock"]
        assert clock["correspondence"] and clock["move"] == DAY
        mover.goto("/")
        entry = mover.locator(listed(mover, table))
        entry.wait_for()
        left = int(entry.locator(".time-left").get_attribute("data-left"))
        assert 4 * DAY - 600 < left <= 4 * DAY  # a day a move and a day a point of 3
        mover.locator("#turns-badge:not([hidden])", has_text="1").wait_for()
        waiter.goto("/")
        waiter.wait_for_selector("#quick-game, #custom-game")
        assert waiter.locator("#your-turn").count() == 0
        assert waiter.locator("#turns-badge").is_hidden()
        # the mover plays from the list; the waiter's lobby shows it without a reload
        entry.locator("[data-play]").click()
        wait_for_hash(mover, f"#/table/{table}")
        mover.wait_for_selector("#board svg")
        assert play_some(mover, plays=1)
        waiter.locator(listed(waiter, table)).wait_for()
        waiter.locator("#turns-badge:not([hidden])", has_text="1").wait_for()
        mover.locator("#turns-badge[hidden]").wait_for(state="attached")
        for lang in LANGS:
            check_the_list_in(waiter, lang, table, size)
        assert not host.errors and not guest.errors  # type: ignore[attr-defined]
    finally:
        host.context.close()
        guest.context.close()


def test_days_a_move_against_the_computer(browser, server):
    page = new_page(browser, server, width=1366, height=768)
    try:
        sign_in(page, "Post Solo")
        open_custom_form(page)
        page.check("#opponent-computer")
        names = page.locator("#time-control option").evaluate_all("(o) => o.map((x) => x.value)")
        assert names == ["", "days-1", "days-2", "days-3"]  # no live clock against it
        table = create_by_days(page, "days-3", "computer", 1)
        clock = state_of(page, table)["clock"]
        assert clock["correspondence"] and clock["move"] == 3 * DAY
        # the player's clock reads in days: three a move and one of reserve
        running = page.locator(".clock.running")
        running.wait_for()
        assert running.inner_text() in ("4 d 0 h", "3 d 23 h"), running.inner_text()
        page.goto("/")
        page.locator(f'#my-tables li[data-table="{table}"]').wait_for()
        assert (
            page.locator(f'#my-tables li[data-table="{table}"]')
            .inner_text()
            .count(translations("en")["time.days-3"])
        )
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
