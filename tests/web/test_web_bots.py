"""Bot accounts in the browser (INTERFACES.md §9): the account page lists its tokens with
their last use and revokes them, a new token is shown once, and a bot's name carries the
bot mark at the table and in the lobby's lists."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page

from conftest import needs_browser, wait_for_hash

pytestmark = needs_browser


def test_tokens_on_the_account_page_and_the_bot_mark(page: Page, server: str) -> None:
    page.goto("/")
    registered = page.evaluate(
        """async () => (await fetch("/api/register", {method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({name: "Pagebot", password: "bot password", bot: true})}))
            .json()"""
    )
    assert registered["bot"] is True
    page.goto("/#/player/me")
    page.wait_for_selector("#token-none")
    page.fill("#token-form input[name=label]", "my engine")
    page.click("#token-form button[type=submit]")
    token = page.wait_for_selector("#token-new").inner_text()
    row = page.wait_for_selector("#token-list li")
    assert "my engine" in row.inner_text() and "never" in row.inner_text()

    headers = {"Authorization": f"Bearer {token}"}
    body = {"variant": "backgammon", "opponent": "computer", "seat": 0}
    created = httpx.post(f"{server}/api/tables", json=body, headers=headers, trust_env=False)
    assert created.status_code == 200, created.text
    page.reload()
    assert "never" not in page.wait_for_selector("#token-list li").inner_text()  # its last use

    table = created.json()["id"]
    page.goto(f"/#/table/{table}")
    wait_for_hash(page, "#/table/")
    mark = page.wait_for_selector(".tag.bot")
    assert mark.inner_text() == "BOT" and page.locator(".tag.bot").count() == 1
    page.goto("/")  # the lobby's lists mark the bot too
    listed = page.wait_for_selector(f'#my-tables li[data-table="{table}"] .tag.bot')
    assert listed.inner_text() == "BOT"

    page.goto("/#/player/me")
    page.click("#token-list button.revoke")
    page.wait_for_selector("#token-none")
    refused = httpx.post(f"{server}/api/tables", json=body, headers=headers, trust_env=False)
    assert refused.status_code == 401


def test_a_person_plays_a_bot_from_its_page(page: Page, server: str) -> None:
    with httpx.Client(base_url=server, trust_env=False) as http:
        reply = http.post(
            "/api/register",
            json={"name": "Pagechallenged", "password": "bot password", "bot": True},
        )
        bot_id = reply.json()["id"]
    page.goto("/")
    page.fill("#guest-name", "Ola")
    page.click("#play-guest")
    page.wait_for_selector("#rename-input")
    page.goto(f"/#/player/{bot_id}")
    page.wait_for_selector("#profile-name .tag.bot")
    page.select_option("#challenge-length", "1")
    page.click("#challenge-start")
    wait_for_hash(page, "#/table/")
    page.wait_for_selector("#board svg")
    assert page.locator(".tag.bot").count() == 1
    assert "Pagechallenged" in page.inner_text("body")
