"""A tournament's chat in the browser (docs/PROTOCOL.md, "Tournament chat"): one person
writes, another sees the line come with the page's refresh, a bot account's name is
marked, a visitor who is not signed in reads and is told how to write; at phone and
desktop sizes without sideways scrolling, and in every language.

Screenshots go to artifacts/ (tournament-chat-*)."""

from __future__ import annotations

import pytest
from test_web_rules_and_players import fits, nothing_left

from conftest import (
    ARTIFACTS,
    needs_browser,
    new_page,
    sign_in,
    translations,
    wait_for_hash,
    wait_for_lang,
)

pytestmark = needs_browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
"""A laptop's screen and a phone held upright."""


def sized_page(browser, server, size: str):
    width, height = SIZES[size]
    return new_page(browser, server, width=width, height=height, touch=size == "phone")


def new_tournament(page, name: str) -> str:
    page.goto("/#/tournaments")
    page.fill("#tournament-name", name)
    page.click("#tournament-create")
    wait_for_hash(page, "#/tournament/")
    page.wait_for_selector("#tournament-join")
    return str(page.evaluate("location.hash.split('/')[2]"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_two_people_talk_on_a_tournaments_page(browser, server, size: str) -> None:
    host = sized_page(browser, server, size)
    sign_in(host, f"Chatty {size}")
    tournament_id = new_tournament(host, f"Talk cup {size}")
    guest = sized_page(browser, server, size)
    sign_in(guest, f"Onlooker {size}")
    guest.goto(f"/#/tournament/{tournament_id}")
    guest.wait_for_selector("#tournament-chat-input")
    host.fill("#tournament-chat-input", "  good luck, everyone  ")
    host.click("#tournament-chat-send")
    host.wait_for_selector("#tournament-chat-list li[data-n='1']")
    assert host.input_value("#tournament-chat-input") == ""
    guest.fill("#tournament-chat-input", "x" * 400 + " a long line wraps")  # no sideways scroll
    guest.press("#tournament-chat-input", "Enter")
    for page in (host, guest):  # the other's line comes with the page's refresh
        page.wait_for_selector("#tournament-chat-list li[data-n='2']")
        said = page.locator("#tournament-chat-list li").all_inner_texts()
        assert said[0] == f"Chatty {size}: good luck, everyone"
        assert said[1].startswith(f"Onlooker {size}: xxx")
        fits(page, SIZES[size][0])
    ARTIFACTS.mkdir(exist_ok=True)
    guest.screenshot(path=str(ARTIFACTS / f"tournament-chat-{size}.png"), full_page=True)
    for page in (host, guest):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_visitor_reads_and_a_bots_line_is_marked(browser, server) -> None:
    host = new_page(browser, server)
    sign_in(host, "Host of bots")
    tournament_id = new_tournament(host, "Bot talk cup")
    bot = host.context.browser.new_context(base_url=server).request
    account = {"name": "Chat robot", "password": "bot password", "bot": True}
    assert bot.post("/api/register", data=account).ok
    assert bot.post(f"/api/tournaments/{tournament_id}/chat", data={"text": "beep"}).ok
    visitor = new_page(browser, server)
    visitor.goto(f"/#/tournament/{tournament_id}")
    visitor.wait_for_selector("#tournament-chat-list li[data-n='1'] .tag.bot")
    assert visitor.is_visible("#tournament-chat-note")
    assert not visitor.is_visible("#tournament-chat-form")
    bot.dispose()
    for page in (host, visitor):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


@pytest.mark.parametrize("lang", ["pl", "lt", "ru"])
def test_the_chat_speaks_every_language(browser, server, lang: str) -> None:
    host = new_page(browser, server)
    sign_in(host, "Wiktor")
    tournament_id = new_tournament(host, "Cup")
    visitor = new_page(browser, server)
    visitor.goto("/")
    visitor.select_option("#lang-select", lang)
    wait_for_lang(visitor, lang)
    visitor.goto(f"/#/tournament/{tournament_id}")
    visitor.wait_for_selector("#tournament-chat-note")
    ours = translations(lang)
    assert visitor.inner_text("#tournament-chat-title") == ours["chat.title"]
    assert visitor.inner_text("#tournament-chat-note") == ours["tournament.chat_sign_in"]
    assert nothing_left(visitor, lang, {"Cup", "Wiktor"}) == []
    for page in (host, visitor):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()
