"""Dark mode: the system's choice by default, a setting that overrides it, and text that
keeps WCAG AA contrast in both themes, the board drawn with the theme's colours."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import create_table, needs_browser, new_page, sign_in, translations

pytestmark = needs_browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
DARK = """() => {
  const colour = getComputedStyle(document.documentElement).backgroundColor;
  const [r, g, b] = colour.match(/\\d+/g).map(Number);
  return (r + g + b) / 3 < 80;
}"""
FELT = """() => getComputedStyle(document.querySelector('#board .felt-1')).stopColor"""


@pytest.mark.parametrize("size", list(SIZES))
def test_dark_follows_the_system_and_the_setting_overrides_it(browser, server, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, lang="pl")
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    page.wait_for_selector("#quick-play")
    assert page.evaluate(DARK)
    page.click("#settings-open")
    dialog = page.locator("#settings")
    dialog.get_by_text(translations("pl")["settings.theme_light"]).click()
    assert not page.evaluate(DARK)
    dialog.get_by_text(translations("pl")["settings.theme_dark"]).click()
    page.emulate_media(color_scheme="light")
    assert page.evaluate(DARK)
    # kept with the other settings (the test's page presets them at every load)
    assert page.evaluate("JSON.parse(localStorage.getItem('nardy.prefs')).theme") == "dark"
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_text_contrast_and_the_board_in_each_theme(browser, server, theme, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, prefs={"theme": theme})
    sign_in(page, "Contrast")
    assert page.evaluate(DARK) == (theme == "dark")
    assert page.evaluate(CONTRAST) == []
    create_table(page, "backgammon", match_to=1)
    page.wait_for_selector("#status:not(:empty)")
    assert page.evaluate(CONTRAST) == []
    felt = {"light": "rgb(239, 227, 200)", "dark": "rgb(203, 187, 152)"}[theme]
    assert page.evaluate(FELT) == felt
    page.click("#settings-open")
    assert page.evaluate(CONTRAST) == []  # the settings dialog too
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
