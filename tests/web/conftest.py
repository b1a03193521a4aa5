"""Browser tests of the web client: a real server on 127.0.0.1 and Debian's chromium,
driven by Playwright. Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("NARDY_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
STATIC = ROOT / "src" / "nardy" / "web" / "static"

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

browser_missing = sync_playwright is None or not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM))
needs_browser = pytest.mark.skipif(
    browser_missing, reason=f"needs the playwright package and chromium at {CHROMIUM}"
)


def translations(code: str) -> dict[str, str]:
    return json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A nardy server on a throw-away SQLite database; the computer plays at random."""
    if browser_missing:
        pytest.skip("no browser")
    import uvicorn

    from nardy.bot.agents.agent import RandomAgent
    from nardy.server.app import ServerConfig, create_app
    from nardy.server.store import Store

    folder = tmp_path_factory.mktemp("web-db")
    store = Store.in_folder(folder)
    config = ServerConfig(analysis_ply=0, bot_delay=0.0)  # reviews and hints at once
    app = create_app(store, config, agents=lambda variant, level: RandomAgent(1))
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not instance.started:
        if time.time() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[Browser]:
    assert sync_playwright is not None
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()


def new_page(
    browser: Browser,
    server: str,
    *,
    width: int = 1200,
    height: int = 900,
    prefs: dict[str, Any] | None = None,
    lang: str = "en-GB",
) -> Page:
    """A page in a fresh browser context (its own cookies), preferences preset."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=lang, base_url=server
    )
    settings = {"animate": False, **(prefs or {})}
    context.add_init_script(
        f"localStorage.setItem('nardy.prefs', JSON.stringify({json.dumps(settings)}));"
    )
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.set_default_timeout(15_000)
    return page


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    p = new_page(browser, server)
    yield p
    assert not p.errors, p.errors  # type: ignore[attr-defined]
    p.context.close()


def sign_in(page: Page, name: str) -> None:
    page.goto("/")
    page.fill("#guest-name", name)
    page.click("#play-guest")
    page.wait_for_selector("#create-table")


def create_table(
    page: Page,
    variant: str,
    *,
    opponent: str = "computer",
    match_to: int = 1,
    seat: str = "random",
) -> str:
    """Fill the lobby form and start; returns the table id."""
    page.select_option("#variant", variant)
    page.select_option("#match_to", str(match_to))
    page.check(f"#opponent-{opponent}")
    page.select_option("#seat", seat)
    page.click("#create-table")
    page.wait_for_function("location.hash.startsWith('#/table/')")
    page.wait_for_selector("#board svg")
    return page.url.rsplit("/", 1)[-1]


def board_n(page: Page) -> str:
    return page.get_attribute("#board", "data-n") or ""


def wait_change(page: Page, before: str, timeout: float = 15_000) -> None:
    page.wait_for_function(
        "n => document.querySelector('#board') && document.querySelector('#board').dataset.n !== n",
        arg=before,
        timeout=timeout,
    )


def visible(page: Page, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible() and loc.first.is_enabled()


def act_once(page: Page) -> str | None:
    """Do one thing the page offers this player, by clicking; returns what was done
    (None when it is not this player's turn)."""
    if page.get_attribute("#board", "data-over") == "1":
        return "over"
    n = board_n(page)
    for action in ("roll", "take", "accept"):
        if visible(page, f'[data-action="{action}"]'):
            page.click(f'[data-action="{action}"]')
            wait_change(page, n)
            return action
    if page.locator("[data-source]").count():
        source = page.locator("[data-source]").first
        source.click()
        page.wait_for_selector("[data-target]")
        target = page.locator("[data-target]").first
        target.click()
        wait_change(page, n)
        return "step"
    if visible(page, '[data-action="confirm"]'):
        page.click('[data-action="confirm"]')
        wait_change(page, n)
        return "confirm"
    return None


def play_to_end(page: Page, limit: float = 240) -> None:
    """Play this seat by clicking until the match is over."""
    deadline = time.time() + limit
    while time.time() < deadline:
        done = act_once(page)
        if done == "over":
            return
        if done is None:
            page.wait_for_timeout(30)
    raise AssertionError("the match did not finish in time")
