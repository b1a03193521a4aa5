"""The browser client finds its table again by itself when the server goes away: a banner
says it is reconnecting, it retries with backoff, and once a server answers at the same
address it shows the table as it was and plays on."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser

from conftest import (
    act_once,
    create_table,
    free_port,
    needs_browser,
    new_page,
    sign_in,
    wait_for_js,
)


@contextmanager
def serving(folder: Path, port: int) -> Iterator[str]:
    """A server on ``port`` over the SQLite database in ``folder``, while the ``with`` lasts."""
    import uvicorn

    from nardy.bot.agents.agent import RandomAgent
    from nardy.server.app import ServerConfig, create_app
    from nardy.server.store.database import Store

    store = Store.in_folder(folder)
    app = create_app(store, ServerConfig(), agents=lambda variant, level: RandomAgent(1))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not instance.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        instance.should_exit = True
        thread.join(30)
        store.close()


@needs_browser
def test_the_table_page_reconnects_with_backoff_and_resyncs(
    browser: Browser, tmp_path: Path
) -> None:
    port = free_port()
    with serving(tmp_path, port) as url:
        page = new_page(browser, url)
        sign_in(page, "Ala")
        create_table(page, "backgammon", opponent="computer", match_to=3)
        page.wait_for_selector('[data-action="roll"], [data-source]')  # the page's turn
        before = page.get_attribute("#board", "data-n")
        assert page.locator(".offline").is_hidden()
    # the server is gone: the page says so and keeps trying
    page.wait_for_selector(".offline", state="visible")
    wait_for_js(page, "(window.nardyDebug.reconnects || 0) >= 2", timeout=30)
    with serving(tmp_path, port):
        page.wait_for_selector(".offline", state="hidden", timeout=30_000)
        assert page.get_attribute("#board", "data-n") == before  # the same table, resynced
        assert act_once(page) in ("roll", "step")  # and it plays on
        assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
