"""The client draws every variant fact from ``GET /api/variants``: a variant written in
Python only is offered by the lobby and drawn by the board, and every setting the server
lists has words in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from extra_variant import registered

from conftest import needs_browser, new_page, run_server, translations, wait_for_hash
from nardy.server.http.variants import variant_facts

LANGUAGES = ["en", "pl", "lt", "ru"]


def test_every_setting_the_server_lists_has_words_in_every_language():
    for code in LANGUAGES:
        words = translations(code)
        for doc in variant_facts():
            for setting in doc["settings"]:
                name = setting["name"]
                if name == "match_to":
                    continue  # the length has its own label (match or series)
                assert f"create.{name}" in words, (code, name)
                for choice in setting.get("choices", []):
                    if not isinstance(choice, int):
                        assert f"create.{name}_{choice}" in words, (code, name, choice)
                    if setting.get("summary"):
                        assert f"summary.{name}_{choice}" in words, (code, name, choice)


@pytest.fixture
def longgammon_server(tmp_path: Path) -> Iterator[str]:
    """A server whose registry holds longgammon, a variant the client has never heard of."""
    with registered():
        yield from run_server(tmp_path)


def checkers_on(page, place: int) -> int:
    return int(page.locator(f'#board [data-stack="{place}"]').count())


@needs_browser
def test_a_variant_written_in_python_only_is_offered_and_drawn(browser, longgammon_server):
    from playwright.sync_api import expect

    page = new_page(browser, longgammon_server, size="desktop")
    try:
        page.goto("/")
        # the home page offers it, under the server's title, with its start drawn
        page.wait_for_selector("#quick-longgammon")
        assert page.inner_text("label:has(#quick-longgammon)").strip() == "Longgammon"
        page.check("#quick-longgammon")
        page.wait_for_selector(".hero-board svg")
        hero = [page.locator(f'.hero-board [data-stack="{p}"]').count() for p in range(1, 25)]
        assert hero[23] == 15 and hero[0] == 15 and sum(hero) == 30
        # the custom form offers it with its settings, and the table draws its start
        page.fill("#guest-name", "Newcomer")
        page.click("#play-guest")
        page.wait_for_selector("#rename-input")
        if not page.evaluate("document.getElementById('custom-game').open"):
            page.click("#custom-game summary")
        page.select_option("#variant", "longgammon")
        assert page.locator("#cube").count() == 1 and page.locator("#backgammon_value").count() == 1
        page.select_option("#match_to", "1")
        page.check("#opponent-computer")
        page.select_option("#seat", "0")
        page.click("#create-table")
        wait_for_hash(page, "#/table/")
        page.wait_for_selector("#board svg")
        expect(page.locator("#board [data-stack]")).to_have_count(30, timeout=90_000)
        # all fifteen of ours still on 24, as only longgammon starts (the computer may have
        # played first, and its checkers may stand anywhere on our side by now)
        assert checkers_on(page, 24) == 15
        expect(page).to_have_title(re.compile("Longgammon"), timeout=90_000)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
