"""Browser tests of the web client: a real server on 127.0.0.1 and Debian's chromium,
driven by Playwright. Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import json
import os
import re
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
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]

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


VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844), "phone-sideways": (844, 390)}
"""The sizes every table test runs at: a laptop, and a phone held upright and sideways."""


def run_server(folder: Path, grace: float = 60.0, archive: float = 900.0) -> Iterator[str]:
    """A nardy server on a throw-away SQLite database in ``folder``; the computer plays at
    random; a table nobody is at leaves the lobby after ``archive`` seconds. Yields its
    address and stops it afterwards."""
    import uvicorn

    from nardy.bot.agents.agent import RandomAgent
    from nardy.engine_pool import EngineLimits
    from nardy.server.app import ServerConfig, create_app
    from nardy.server.site.throttle import Limits
    from nardy.server.store.database import Store

    store = Store.in_folder(folder)
    agents = lambda variant, level: RandomAgent(1)  # noqa: E731
    # reviews and hints at once; every page of the session signs in from loopback: the
    # per-address limits (tested in tests/server) would count the whole suite as one visitor
    trusted = Limits(trusted=("127.0.0.1",))
    # engine workers at the server's priority: a busy machine must not starve the pages' own
    # analyses past the browser's patience
    engine = EngineLimits(niceness=0)
    config_ = ServerConfig(
        grace=grace,
        analysis_ply=0,
        bot_delay=0.0,
        limits=trusted,
        engine=engine,
        archive=archive,
    )
    app = create_app(store, config_, agents=agents)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.time() + 180  # a bound on a wait for a condition
    while not instance.started:
        if time.time() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The shared test server (a grace of 60 s)."""
    if browser_missing:
        pytest.skip("no browser")
    yield from run_server(tmp_path_factory.mktemp("web-db"))


@pytest.fixture(scope="session")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose disconnect grace is three seconds: short enough to wait out, long
    enough for a busy machine to open a page on a table just made before it is withdrawn."""
    if browser_missing:
        pytest.skip("no browser")
    yield from run_server(tmp_path_factory.mktemp("web-db-quick"), grace=3.0)


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
    size: str | None = None,
    touch: bool = False,
) -> Page:
    """A page in a fresh browser context (its own cookies), preferences preset. ``size``
    names one of VIEWPORTS; the phone sizes are touch screens, as is any page with
    ``touch``."""
    if size is not None:
        width, height = VIEWPORTS[size]
        touch = size != "desktop"
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=lang,
        base_url=server,
        has_touch=touch,
        is_mobile=touch,
    )
    settings = {"animate": False, "sounds": False, **(prefs or {})}
    stored = f"localStorage.setItem('nardy.prefs', JSON.stringify({json.dumps(settings)}));"
    context.add_init_script(f"try {{ {stored} }} catch {{}}")  # about:blank has no storage
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.on("console", lambda message: _policy_violation(page, message))
    # a safety net for waits on conditions, generous for a machine under load
    page.set_default_timeout(90_000)
    return page


def _policy_violation(page: Page, message: Any) -> None:
    """A resource the Content Security Policy refused counts as a page error."""
    if message.type == "error" and "Content Security Policy" in message.text:
        page.errors.append(message.text)  # type: ignore[attr-defined]


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    p = new_page(browser, server)
    yield p
    assert not p.errors, p.errors  # type: ignore[attr-defined]
    p.context.close()


@pytest.fixture(params=list(VIEWPORTS))
def size(request: pytest.FixtureRequest) -> str:
    """Each of the VIEWPORTS in turn."""
    return str(request.param)


@pytest.fixture
def sized(browser: Browser, server: str, size: str) -> Iterator[Page]:
    """A page at ``size`` (a touch screen on the phone sizes)."""
    p = new_page(browser, server, size=size)
    yield p
    assert not p.errors, p.errors  # type: ignore[attr-defined]
    p.context.close()


def open_custom_form(page: Page) -> None:
    """Unfold the custom game form (folded on narrow screens)."""
    page.wait_for_selector("#custom-game")
    if not page.evaluate("document.getElementById('custom-game').open"):
        page.click("#custom-game summary")
    page.wait_for_selector("#create-table")


def sign_in(page: Page, name: str) -> None:
    page.goto("/")
    page.fill("#guest-name", name)
    page.click("#play-guest")
    page.wait_for_selector("#rename-input")
    open_custom_form(page)


def create_table(
    page: Page,
    variant: str,
    *,
    opponent: str = "computer",
    match_to: int = 1,
    seat: str = "random",
) -> str:
    """Fill the lobby form and start; returns the table id."""
    open_custom_form(page)
    page.select_option("#variant", variant)
    page.select_option("#match_to", str(match_to))
    page.check(f"#opponent-{opponent}")
    page.select_option("#seat", seat)
    page.click("#create-table")
    wait_for_hash(page, "#/table/")
    page.wait_for_selector("#board svg")
    return page.url.rsplit("/", 1)[-1]


def board_n(page: Page) -> str:
    return page.get_attribute("#board", "data-n") or ""


# The pages run under the server's Content Security Policy, which forbids evaluating
# strings as scripts: the waits below use selectors and URLs, never wait_for_function.


def wait_for_hash(page: Page, prefix: str, exact: bool = False) -> None:
    """Wait until the page's location hash starts with (or is) ``prefix``."""
    tail = "$" if exact else ""
    page.wait_for_url(re.compile(".*" + re.escape(prefix) + tail))


def wait_for_js(page: Page, expression: str, timeout: float = 90) -> None:
    """Poll ``expression`` (evaluated by the browser's debugger, which the policy allows)
    until it holds, for at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"{expression} did not come true")
        page.wait_for_timeout(50)


def wait_for_lang(page: Page, code: str) -> None:
    page.locator(f"html[lang='{code}']").wait_for(state="attached")


def wait_change(page: Page, before: str, timeout: float | None = None) -> None:
    """Wait until the board shows another version than ``before``."""
    page.locator(f'#board:not([data-n="{before}"])').wait_for(state="attached", timeout=timeout)


def wait_other(page: Page, before: str) -> None:
    """After :func:`act_once` found nothing to do: wait for the board to change; after 15 s
    without a change, return if this player can act after all, else wait on as before."""
    try:
        wait_change(page, before, timeout=15_000)
    except PlaywrightTimeout:
        can = [f'[data-action="{a}"]' for a in ("roll", "double", "take", "accept", "confirm")]
        if not page.locator("[data-source]").count() and not any(visible(page, c) for c in can):
            wait_change(page, before)


VISIBLE = """(selector) => {
  const element = document.querySelector(selector);
  if (!element || element.disabled) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}"""


def visible(page: Page, selector: str) -> bool:
    """Whether the first element of ``selector`` is shown and enabled now, asked in one
    step: asked in several, the element may go between them (the computer accepts a
    resignation, the buttons go with the match) and Playwright waits for it for ever."""
    return bool(page.evaluate(VISIBLE, selector))


def act_once(page: Page, play: bool = True) -> str | None:
    """Do one thing the page offers this player, by clicking; returns what was done (None:
    not this player's turn; "again": the marks or button went before the click, look again).
    Without ``play``, no step is made (rolls, answers and a pass only)."""
    if page.get_attribute("#board", "data-over") == "1":
        return "over"
    n = board_n(page)
    for action in ("roll", "take", "accept"):
        if visible(page, f'[data-action="{action}"]'):
            try:  # a state arriving between the look and the click may take the button away
                page.click(f'[data-action="{action}"]', timeout=10_000)
            except PlaywrightTimeout:
                return "again"
            wait_change(page, n)
            return action
    if page.locator("[data-source]").count():
        if not play:
            return None
        try:  # a state arriving between the clicks (an animation) may take the marks away
            page.locator("[data-source]").first.click(timeout=5_000)
            page.locator("[data-target]").first.click(timeout=5_000)
        except PlaywrightTimeout:
            return "again"
        wait_change(page, n)
        return "step"
    if visible(page, '[data-action="confirm"]'):
        page.click('[data-action="confirm"]')
        wait_change(page, n)
        return "confirm"
    return None


def play_to_end(page: Page, actions: int = 20_000) -> None:
    """Play this seat by clicking until the match is over. Each round waits for the board
    to change (never for a time), so a busy machine only makes the match take longer; the
    bound is on the number of rounds, far above what any match needs."""
    for _ in range(actions):
        n = board_n(page)
        done = act_once(page)
        if done == "over":
            return
        if done is None:  # the computer is to act: wait for its state
            wait_other(page, n)
    raise AssertionError(f"the match did not finish in {actions} rounds")


def resign_to_end(page: Page, actions: int = 2_000) -> None:
    """End the match quickly: offer to resign at the highest level whenever possible (the
    computer accepts at random; in long nardy it is immediate), play on otherwise. Like
    :func:`play_to_end`, it waits on the board, never on time."""
    for _ in range(actions):
        if page.get_attribute("#board", "data-over") == "1":
            return
        n = board_n(page)
        if visible(page, '[data-action="resign"]'):
            try:  # the button may go before the click lands (the turn moved on): look again
                page.click('[data-action="resign"]', timeout=5_000)
                levels = '[data-action^="resign-"]:not([data-action="resign-cancel"])'
                page.locator(levels).last.click(timeout=5_000)
            except PlaywrightTimeout:
                continue
            wait_change(page, n)
            continue
        if act_once(page) is None:
            wait_other(page, n)
    raise AssertionError(f"the match did not finish in {actions} rounds")


def play_then_resign(page: Page, plays: int = 4, actions: int = 2_000) -> None:
    """Play by clicking until this player has confirmed ``plays`` plays, then end the match
    by resigning (:func:`resign_to_end`): a finished match with real plays in its record,
    at a fraction of the clicks of :func:`play_to_end`. It waits on the board, never on
    time."""
    if play_some(page, plays, actions):
        resign_to_end(page)


def play_some(page: Page, plays: int = 1, actions: int = 2_000) -> bool:
    """Play by clicking until this player has confirmed ``plays`` plays (a match in which
    a player has not played is aborted when it ends, docs/PROTOCOL.md); False if the match
    ended first."""
    confirmed = 0
    for _ in range(actions):
        if confirmed >= plays:
            break
        n = board_n(page)
        done = act_once(page)
        if done == "over":
            return False
        if done == "confirm":
            confirmed += 1
        elif done is None:  # the computer is to act: wait for its state
            wait_other(page, n)
    assert confirmed >= plays, f"only {confirmed} plays confirmed in {actions} rounds"
    return True


def wait_my_move(page: Page, actions: int = 200) -> None:
    """Act (roll, take) until this player has steps to choose."""
    for _ in range(actions):
        if page.get_attribute("#board", "data-steps") not in (None, "0"):
            return
        if page.get_attribute("#board", "data-over") == "1":
            pytest.skip("the match ended before a move came up")
        n = board_n(page)
        # no step: a move that came up between the look above and the clicks is left whole
        if act_once(page, play=False) is None:
            if page.get_attribute("#board", "data-steps") not in (None, "0"):
                return
            wait_other(page, n)
    raise AssertionError(f"no move came up in {actions} rounds")
