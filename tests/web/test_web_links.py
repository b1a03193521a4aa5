"""Links that lead nowhere, and tables that have ended: the page says so in words."""

from __future__ import annotations

import pytest

from conftest import needs_browser, new_page, translations, wait_for_lang

pytestmark = needs_browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


@pytest.mark.parametrize("lang", ["en", "pl", "lt", "ru"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_link_to_no_table_says_there_is_none(browser, server, lang, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, lang=lang)
    words = translations(lang)
    page.goto("/#/table/0000000000000000")
    wait_for_lang(page, lang)
    refusal = page.locator("#table-refused")
    refusal.wait_for()
    assert words["table.not_found"] in refusal.inner_text()
    assert words["table.connecting"] not in page.inner_text("#view")
    assert page.locator("#toast").inner_text().strip() == ""  # no raw server words
    refusal.get_by_role("link").click()
    page.wait_for_selector("#play-guest, #rename-input")
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
