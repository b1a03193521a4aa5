"""The pages around the games in the browser: the rules pages at desktop and phone sizes,
the links to them from the lobby, the game form and the table; a player's profile and
history after a rated match; the leaderboard; time-control presets in the lobby.

Screenshots go to artifacts/ (rules-*, profile-*, ratings-*)."""

from __future__ import annotations

import re

import pytest
from placement import box_of
from test_web_pages import english_left

from conftest import (
    ARTIFACTS,
    create_table,
    needs_browser,
    new_page,
    play_then_resign,
    sign_in,
    translations,
    wait_for_hash,
    wait_for_lang,
)

pytestmark = needs_browser

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = [
    ("backgammon", "en"),
    ("long-nardy", "ru"),
    ("dutch", "pl"),
    ("nackgammon", "lt"),
    ("chouette", "en"),
]


def nothing_left(page, lang: str, names: set[str]) -> list[str]:
    """English left on a page in ``lang``: any Latin word on a Russian page; on a Polish
    or Lithuanian one, the English of every string translated differently."""
    if lang == "ru":
        return english_left(page, names)
    text = page.evaluate("document.body.innerText")
    for name in sorted(names, key=len, reverse=True):  # names are no translation
        text = text.replace(name, " ")
    ours = translations(lang)
    left = []
    for key, value in translations("en").items():
        plain = re.sub(r"\{\w+\}", "", value).strip(" .:…")
        wordy = len(plain) >= 4 and re.search("[A-Za-z]{3}", plain)
        if ours[key] != value and wordy and re.search(rf"(?<!\w){re.escape(plain)}(?!\w)", text):
            left.append(f"{key}: {plain}")
    return left


def fits(page, width: int) -> None:
    """Nothing sticks out sideways: no horizontal scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "lang"), GAMES, ids=[g for g, _ in GAMES])
def test_rules_page_reads_on_desktop_and_phone(browser, server, game, lang, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height)
    try:
        page.goto(f"/rules/{game}?lang={lang}")
        assert page.evaluate("document.documentElement.lang") == lang
        fits(page, width)
        figures = page.locator("figure svg")
        assert figures.count() >= 1
        for n in range(figures.count()):
            box = box_of(figures.nth(n))
            assert box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= width
        page.screenshot(path=str(ARTIFACTS / f"rules-{game}-{lang}-{size}.png"))
        figures.first.scroll_into_view_if_needed()
        page.locator("figure").first.screenshot(
            path=str(ARTIFACTS / f"rules-{game}-{lang}-{size}-figure.png")
        )
        # The table of contents leads to every section.
        for link in page.locator(".toc a").all():
            target = (link.get_attribute("href") or "")[1:]
            assert page.locator(f"section#{target}").count() == 1
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_the_form_and_the_table_link_to_the_rules(browser, server, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height)
    try:
        sign_in(page, "Reader")
        assert page.locator("#lobby-rules a").count() == 5
        assert "/rules/backgammon?lang=en" in (page.get_attribute("#create-rules", "href") or "")
        page.select_option("#variant", "long-nardy")
        page.wait_for_selector('#create-rules[href^="/rules/long-nardy"]')
        page.select_option("#lang-select", "pl")
        wait_for_lang(page, "pl")
        page.wait_for_selector('#create-rules[href="/rules/long-nardy?lang=pl"]')
        assert page.get_attribute("#nav-rules", "href") == "/rules?lang=pl"
        page.select_option("#variant", "backgammon")
        page.check("#kind-chouette")
        page.wait_for_selector('#create-rules[href="/rules/chouette?lang=pl"]')
        page.check("#kind-match")
        page.click("#create-rules")
        page.wait_for_url("**/rules/backgammon?lang=pl")
        assert page.locator("h1").inner_text().startswith("Tryktrak")
        page.click("a.brand")
        page.wait_for_selector("#create-table")
        fits(page, width)
        page.select_option("#lang-select", "en")
        wait_for_lang(page, "en")
        create_table(page, "dutch", match_to=1)
        link = page.locator("#table-rules")
        link.wait_for()
        assert link.get_attribute("href") == "/rules/dutch?lang=en"
        link.click()
        page.wait_for_url("**/rules/dutch?lang=en")
        assert page.locator("#d-hitting figure").count() == 2
    finally:
        page.context.close()


def register(page, name: str) -> None:
    page.goto("/")
    reply = page.context.request.post(
        "/api/register", data={"name": name, "password": "long enough password"}
    )
    assert reply.ok, reply.text()
    page.reload()
    page.wait_for_selector("#create-table")


def test_a_rated_match_shows_in_the_profile_and_the_leaderboard(browser, server):
    page = new_page(browser, server, width=1280, height=800)
    try:
        register(page, "Rated Rita")
        page.select_option("#variant", "long-nardy")
        page.select_option("#match_to", "1")
        page.check("#opponent-computer")
        page.select_option("#level", "casual")
        page.check("#rated")
        page.click("#create-table")
        wait_for_hash(page, "#/table/")
        table = page.url.rsplit("/", 1)[-1]
        page.wait_for_selector("#board svg")
        play_then_resign(page, plays=1)  # resigned before both played, it would be aborted
        page.wait_for_selector('#board[data-over="1"]')
        page.click("a.brand")
        page.click("#my-games")
        row = page.locator(f'#profile-games li[data-table="{table}"]')
        row.wait_for()
        assert "lost" in row.inner_text()
        assert row.locator(".rating-change").inner_text().strip().startswith("-")
        for kind in ("replay", "review", "record"):
            assert row.locator(f'a[href*="{kind}"]').count() == 1, kind
        assert page.locator('#profile-variants tr[data-variant="long-nardy"]').count() == 1
        page.screenshot(path=str(ARTIFACTS / "profile-desktop.png"), full_page=True)
        # The opponent's link leads to the computer level's profile, rated too.
        row.locator('a[href^="#/player/computer"]').click()
        page.wait_for_selector("#profile-variants")
        assert "1" in page.inner_text("#profile-summary")
        page.goto("/#/ratings/long-nardy")
        page.wait_for_selector("#leaderboard")
        rows = page.locator("#leaderboard tbody tr")
        assert rows.count() >= 2
        assert rows.first.get_attribute("data-player") == "computer:casual"  # the winner
        page.screenshot(path=str(ARTIFACTS / "ratings-desktop.png"), full_page=True)
        page.locator('#leaderboard a:text("Rated Rita")').click()
        page.wait_for_selector("#profile-games")
        page.locator(f'#profile-games li[data-table="{table}"] a[href*="#/replay/"]').click()
        page.wait_for_selector("#replay-board svg")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_profile_and_leaderboard_on_a_phone_in_another_language(browser, server, lang):
    page = new_page(browser, server, width=390, height=844, lang=lang)
    try:
        register(page, f"Phone {lang}")
        page.select_option("#variant", "long-nardy")  # first: a new game resets the form
        page.check("#opponent-computer")
        page.select_option("#match_to", "1")
        page.check("#rated")
        page.click("#create-table")
        page.wait_for_selector("#board svg")
        play_then_resign(page, plays=1)
        page.wait_for_selector('#board[data-over="1"]')
        page.goto("/#/player/me")
        page.wait_for_selector("#profile-games li")
        fits(page, 390)
        assert nothing_left(page, lang, {f"Phone {lang}", "Phone"}) == []
        page.screenshot(path=str(ARTIFACTS / f"profile-phone-{lang}.png"), full_page=True)
        page.goto("/#/ratings/long-nardy")
        page.wait_for_selector("#leaderboard")
        fits(page, 390)
        assert nothing_left(page, lang, {f"Phone {lang}", "Phone", "Rated Rita"}) == []
        page.screenshot(path=str(ARTIFACTS / f"ratings-phone-{lang}.png"), full_page=True)
    finally:
        page.context.close()


def test_time_control_presets_are_offered_and_shown_in_the_lobby(browser, server):
    host = new_page(browser, server, width=1280, height=800)
    guest = new_page(browser, server, width=390, height=844)
    try:
        sign_in(host, "Clock Host")
        host.check("#opponent-open")
        options = host.locator("#time-control option")
        assert options.count() == 8  # no clock, four live presets and three by days
        host.select_option("#time-control", "rapid")
        host.select_option("#match_to", "7")
        host.click("#create-table")
        wait_for_hash(host, "#/table/")
        table = host.url.rsplit("/", 1)[-1]
        sign_in(guest, "Clock Guest")
        entry = guest.locator(f'#tables li[data-table="{table}"]')
        entry.wait_for()
        assert "Rapid · 12 s + 60 s/pt" in entry.inner_text()
        guest.screenshot(path=str(ARTIFACTS / "lobby-time-controls-phone.png"), full_page=True)
    finally:
        host.context.close()
        guest.context.close()
