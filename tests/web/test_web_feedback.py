"""What the table says and does at once: Confirm answers the click, the words match the
buttons, a roll that cannot be played is passed by a button that says so, and the end of a
match names both players."""

from __future__ import annotations

import re

import pytest

from conftest import (
    create_table,
    needs_browser,
    new_page,
    play_then_resign,
    sign_in,
    translations,
    visible,
    wait_change,
    wait_for_js,
    wait_for_lang,
    wait_my_move,
)

pytestmark = needs_browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
LANGUAGES = ["en", "pl", "lt", "ru"]

CLICK_TWICE = """() => {
  const button = document.querySelector('[data-action="confirm"]');
  const before = window.nardyDebug.sent.filter((m) => m.type === "confirm").length;
  button.click();
  const seen = { disabled: button.disabled, text: button.textContent };
  button.click();
  seen.sent = window.nardyDebug.sent.filter((m) => m.type === "confirm").length - before;
  return seen;
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_confirm_says_sent_at_once_and_a_second_click_sends_nothing(browser, server, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height)
    sign_in(page, "Quick")
    create_table(page, "backgammon")
    wait_my_move(page)
    for _ in range(8):  # play steps until the play may be confirmed
        if visible(page, '[data-action="confirm"]'):
            break
        n = page.get_attribute("#board", "data-n") or ""
        page.locator("[data-source]").first.click()
        page.locator("[data-target]").first.click()
        wait_change(page, n)
    # without a connection a click sends nothing, and leaves Confirm as it was
    page.context.set_offline(True)
    page.locator(".offline").wait_for(state="visible")
    page.click('[data-action="confirm"]')
    assert page.inner_text('[data-action="confirm"]') == translations("en")["action.confirm"]
    page.context.set_offline(False)
    page.locator(".offline").wait_for(state="hidden")
    assert visible(page, '[data-action="confirm"]')
    n = page.get_attribute("#board", "data-n") or ""
    seen = page.evaluate(CLICK_TWICE)
    assert seen == {"disabled": True, "text": translations("en")["action.sent"], "sent": 1}
    wait_change(page, n)
    assert page.evaluate("window.nardyDebug.errors") == 0
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


WORDS_AND_BUTTONS = """async () => {
  const { statusText } = await import("/static/js/table/status.js");
  const { controls } = await import("/static/js/table/panels.js");
  const ui = { resignOpen: false, onCommand() {}, openResign() {} };
  const nameOf = (seat) => ["Ala", "Ola"][seat];
  const base = { status: "playing", you: 0, turn: 0, perspective: 0, variant: "backgammon", n: 7 };
  const seen = (state) => ({
    status: statusText(state, nameOf),
    buttons: controls(state, state.legal, () => {}, ui)
      .map((b) => [b.dataset.action, b.textContent]),
  });
  return {
    manual: seen({ ...base, phase: "rolling", auto: {}, legal: { roll: true } }),
    automatic: seen({ ...base, phase: "rolling", auto: { roll: true }, legal: { roll: true } }),
    blocked: seen({ ...base, phase: "moving", dice: [6, 6], steps: [],
      legal: { steps: [], confirm: true } }),
  };
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_roll_words_come_with_the_roll_button_and_a_blocked_roll_offers_pass(browser, server, lang):
    page = new_page(browser, server, lang=lang)
    words = translations(lang)
    page.goto("/")
    wait_for_lang(page, lang)
    # the page's language may be set before its words arrive (the served page says "en"
    # from the start): wait for the words too. (wait_for_function would not await an
    # async predicate: its promise is truthy at once.)
    wait_for_js(
        page,
        "async () => { const i18n = await import('/static/js/i18n.js');"
        f" return i18n.language() === '{lang}' && i18n.has('action.roll'); }}",
    )
    seen = page.evaluate(WORDS_AND_BUTTONS)
    assert seen["manual"] == {
        "status": words["table.your_roll"],
        "buttons": [["roll", words["action.roll"]]],
    }
    # S5: the server rolls; neither a Roll button nor "roll the dice"
    assert seen["automatic"] == {"status": words["table.rolling_for_you"], "buttons": []}
    assert seen["blocked"]["status"] == words["table.no_move"]
    assert ["confirm", words["action.pass"]] in seen["blocked"]["buttons"]
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


CUT = """() => [...document.querySelectorAll('#status, #news, #news *, .player, .player *')]
  .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1 && !el.matches('.name'))
  .map((el) => `${el.className || el.id}: ${el.textContent.trim().slice(0, 40)}`)"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_end_names_both_players_in_the_viewers_order(browser, server, size):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, lang="ru")
    words = translations("ru")
    sign_in(page, "Ala")
    table = create_table(page, "backgammon", seat="1")
    # nothing in the bars, the status or the news is cut off, and the pips say "pips"
    assert page.evaluate(CUT) == []
    assert page.locator(".player.me .pips-word").is_visible()
    play_then_resign(page, plays=1)  # a match nobody played would be aborted
    score = page.locator("#result .final-score")
    computer = words["table.computer"].replace("{level}", words["level.intermediate"])
    assert re.fullmatch(f"Ala 0 – [123] {re.escape(computer)}", score.inner_text())
    # the replay says it the same way, and a finished table opened again shows its
    # result and its replay
    page.goto(f"/#/replay/{table}")
    summary = page.locator(".replay-main .table-summary")
    summary.wait_for()
    assert re.search(f"Ala 0 – [123] {re.escape(computer)}", summary.inner_text())
    page.goto(f"/#/table/{table}")
    page.locator("#result .final-score").wait_for()
    assert page.locator(f'#result a[href="#/replay/{table}"]').is_visible()
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
