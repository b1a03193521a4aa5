"""Who is at the table, and dead tables leaving the lobby (docs/PROTOCOL.md, "Presence and
the archive"), in the browser, in each language, on a phone and on a desktop:

- a player sees the other leave within a second, as "away" with the time left to come
  back counting down, and come back;
- a game against the computer nobody is at leaves "being played now" of another
  visitor's lobby, stays in its player's "your games", and goes on from there; a guest's
  made-up name is written in the viewer's language.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from conftest import (
    needs_browser,
    new_page,
    run_server,
    translations,
    wait_for_js,
    wait_for_lang,
)

pytestmark = needs_browser

CASES = [("en", (1366, 768)), ("pl", (390, 844)), ("lt", (1366, 768)), ("ru", (390, 844))]
IDS = [f"{code}-{width}" for code, (width, _) in CASES]


def sized_page(browser: Browser, server: str, lang: str, viewport: tuple[int, int]) -> Page:
    width, height = viewport
    size = "phone" if width < 600 else None  # a phone is a touch screen
    if size is not None:
        return new_page(browser, server, size=size, lang=f"{lang}-XX")
    return new_page(browser, server, width=width, height=height, lang=f"{lang}-XX")


def as_pattern(text: str) -> re.Pattern[str]:
    """A translation with ``{time}`` standing for a countdown such as 0:59."""
    return re.compile("^" + re.escape(text).replace(re.escape("{time}"), r"\d+:\d\d") + "$")


def within(page: Page, selector: str, width: int) -> None:
    """The element is on the screen, not cut off at its right."""
    # read in one go: the bars are drawn again with every state and presence
    box = page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {x: r.x, width: r.width, height: r.height}; }",
        selector,
    )
    assert box["height"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= width, box


@pytest.mark.parametrize(("lang", "viewport"), CASES, ids=IDS)
def test_a_player_sees_the_other_leave_and_come_back(
    browser: Browser, server: str, lang: str, viewport: tuple[int, int]
) -> None:
    words = translations(lang)
    ala = sized_page(browser, server, lang, viewport)
    ben = new_page(browser, server)
    back = new_page(browser, server)
    them = ".player.them [data-presence]"
    try:
        ala.request.post("/api/guest", data={"name": f"Ala-{lang}"})
        ben.request.post("/api/guest", data={"name": f"Ben-{lang}"})
        body = {"variant": "backgammon", "settings": {"match_to": 3}, "seat": 0}
        table = ala.request.post("/api/tables", data=body).json()["id"]
        assert ben.request.post(f"/api/tables/{table}/join", data={}).ok
        ala.goto(f"/#/table/{table}")
        wait_for_lang(ala, lang)
        ben.goto(f"/#/table/{table}")
        ala.locator(f'{them}[data-presence="here"]').wait_for()
        assert ala.locator(them).inner_text().strip() == words["presence.here"]
        within(ala, them, viewport[0])

        ben.goto("about:blank")  # Ben closes the table
        left = time.monotonic()
        away = ala.locator(f'{them}[data-presence="away"]')
        away.wait_for()
        # Told by the closing socket, not found out by a lapsed ping (uvicorn pings every
        # 20 s): well under that even on a loaded machine.
        assert time.monotonic() - left < 5.0
        shown = away.inner_text().strip()
        assert as_pattern(words["presence.away_left"]).match(shown), shown
        assert away.get_attribute("title") == words["presence.grace"]
        within(ala, them, viewport[0])
        counted = f"document.querySelector('{them}').textContent.trim() !== {json.dumps(shown)}"
        wait_for_js(ala, counted, timeout=5)  # it counts down

        back.context.add_cookies(ben.context.cookies())  # Ben again, in a new tab
        back.goto(f"/#/table/{table}")
        ala.locator(f'{them}[data-presence="here"]').wait_for()
        back.locator('.player.them [data-presence="here"]').wait_for()  # he sees Ala there
        assert ala.locator(".player.me [data-presence]").count() == 0  # not your own
        assert not ala.errors  # type: ignore[attr-defined]
    finally:
        for page in (ala, ben, back):
            page.context.close()


@pytest.fixture(scope="module")
def archiving(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that archives a table as soon as nobody is at it."""
    folder: Path = tmp_path_factory.mktemp("web-db-archive")
    yield from run_server(folder, archive=0.0)


@pytest.mark.parametrize(("lang", "viewport"), CASES, ids=IDS)
def test_a_game_nobody_is_at_leaves_the_lobby_and_goes_on(
    browser: Browser, archiving: str, lang: str, viewport: tuple[int, int]
) -> None:
    words = translations(lang)
    number = 4000 + CASES.index((lang, viewport))
    ala = new_page(browser, archiving, lang="ru-RU")
    ben = sized_page(browser, archiving, lang, viewport)
    try:
        ala.request.post("/api/guest", data={"name": f"Гость {number}"})  # made up in Russian
        body = {"variant": "backgammon", "settings": {"match_to": 3}, "opponent": "computer"}
        table = ala.request.post("/api/tables", data=body).json()["id"]
        ala.goto(f"/#/table/{table}")
        ala.wait_for_selector("#board svg")

        ben.goto("/")
        wait_for_lang(ben, lang)
        watched = ben.locator(f'#watch-tables [data-watch="{table}"]')
        watched.wait_for()  # Ala plays: being played now
        line = ben.locator(f'#watch-tables li[data-table="{table}"] .players')
        assert words["lobby.guest_default"].replace("{n}", str(number)) in line.inner_text()

        ala.goto("/")  # Ala leaves her game for the lobby
        carry_on = ala.locator(f'#my-tables [data-continue="{table}"]')
        carry_on.wait_for()  # still in her games
        watched.wait_for(state="detached")  # gone from Ben's list (it refreshes itself)
        ala.locator(f'#watch-tables [data-watch="{table}"]').wait_for(state="detached")

        carry_on.click()
        ala.wait_for_selector('[data-action="roll"], [data-source], [data-action="confirm"]')
        state = ala.request.get(f"/api/tables/{table}").json()
        assert state["status"] == "playing"
        watched.wait_for()  # listed again while she plays
        assert not ala.errors and not ben.errors  # type: ignore[attr-defined]
    finally:
        ala.context.close()
        ben.context.close()
