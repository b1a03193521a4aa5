"""Settings that mean something: no hints offered where none are given, the same
computer level in the quick game and the form."""

from __future__ import annotations

import pytest

from conftest import needs_browser, new_page, open_custom_form

pytestmark = needs_browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}

HINT_BUTTONS = """async (rated) => {
  const { createHints } = await import("/static/js/hints.js");
  const hints = createHints("t1", () => {});
  hints.update({ status: "playing", you: 0, n: 3, legal: {},
    hints: { allowed: false, agreed: [false, false], computer: false, rated } });
  return [...hints.element.querySelectorAll("[data-action]")].map((b) => b.dataset.action);
}"""


def test_a_rated_table_offers_no_hints_to_agree_to(browser, server):
    page = new_page(browser, server)
    page.goto("/")
    page.wait_for_selector("#quick-play")
    assert page.evaluate(HINT_BUTTONS, False) == ["allow-hints"]
    assert page.evaluate(HINT_BUTTONS, True) == []
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_quick_game_and_the_form_start_at_the_same_level(browser, server, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height)
    page.goto("/")
    quick = page.locator("#quick-level")
    quick.wait_for()
    open_custom_form(page)
    assert page.locator("#level").input_value() == quick.input_value()
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
