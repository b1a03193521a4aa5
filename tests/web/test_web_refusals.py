"""A refusal of the server is shown in the page's language (docs/PROTOCOL.md, "Refusals"):
the page says it by its code, with no English words of the server's message, whether the
table socket refused a command or the HTTP API a request (a wrong password at log in, a
token revoked meanwhile)."""

from __future__ import annotations

import re

import pytest
from test_web_pages import english_left

from conftest import create_table, needs_browser, new_page, sign_in, translations, wait_for_lang

CHATS = 6
"""One more chat line than a player may send in ten seconds (docs/PROTOCOL.md, "Client →
server": 5)."""


@needs_browser
@pytest.mark.parametrize("lang", ["ru"])
def test_a_refusal_is_shown_in_the_pages_language(browser, server, lang):
    page = new_page(browser, server, lang=lang)
    try:
        sign_in(page, "Vera")
        wait_for_lang(page, lang)
        create_table(page, "backgammon", match_to=1)
        for k in range(CHATS):
            page.fill("#chat-input", f"привет {k}")
            page.press("#chat-input", "Enter")
        page.wait_for_selector("#toast.show")
        shown = page.inner_text("#toast")
        assert shown == translations(lang)["error.slow_down"]
        assert not re.search(r"[A-Za-z]", shown), shown
        assert english_left(page, {"Vera"}) == []
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@needs_browser
def test_an_http_refusal_is_shown_in_the_pages_language(browser, server):
    page = new_page(browser, server, lang="ru")
    try:
        page.goto("/")
        wait_for_lang(page, "ru")
        page.click("details.account summary")
        page.fill("#account-name", "Нина")
        page.fill("#account-password", "не тот пароль")
        page.click("#account-submit")
        page.wait_for_selector("#toast.show")
        shown = page.inner_text("#toast")
        assert shown == translations("ru")["error.wrong_password"]
        assert not re.search(r"[A-Za-z]", shown), shown
        assert english_left(page, set()) == []
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@needs_browser
def test_a_refused_revocation_is_shown_in_the_pages_language(browser, server):
    """A token revoked meanwhile (in another tab): the Revoke button's refusal is said in
    Russian on the account's own page."""
    page = new_page(browser, server, lang="ru")
    try:
        name = "Вера Ботова"
        account = {"name": name, "password": "пароль для бота"}
        assert page.request.post("/api/register", data=account).ok
        me = page.request.get("/api/me").json()["id"]
        token = page.request.post("/api/tokens", data={"label": "робот"}).json()["id"]
        page.goto(f"/#/player/{me}")
        wait_for_lang(page, "ru")
        revoke = page.locator(f'#tokens [data-token="{token}"] .revoke')
        revoke.wait_for()
        assert page.request.delete(f"/api/tokens/{token}").ok  # the other tab
        revoke.click()
        shown = page.locator("#tokens p.error")
        shown.wait_for()
        assert shown.inner_text() == translations("ru")["error.no_token"]
        assert english_left(page, {name}) == []
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
