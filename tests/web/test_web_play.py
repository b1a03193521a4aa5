"""Playing in the browser: whole matches by clicking, two people at one table, undo, and
no way to make an illegal move through the page."""

from __future__ import annotations

import time

import pytest
from conftest import (
    ARTIFACTS,
    act_once,
    board_n,
    create_table,
    needs_browser,
    new_page,
    play_to_end,
    sign_in,
    wait_change,
)

pytestmark = needs_browser

VARIANTS = ["backgammon", "long-nardy", "dutch", "nackgammon"]


SEND_BY_HAND = """([table, from, to]) => new Promise((resolve) => {
  const ws = new WebSocket(`ws://${location.host}/ws/tables/${table}`);
  let sent = false;
  ws.onmessage = (event) => {
    const doc = JSON.parse(event.data);
    if (!sent && doc.type === "state") {
      sent = true;
      ws.send(JSON.stringify({ type: "step", from, to, id: 7 }));
    } else if (doc.id === 7) {
      ws.close();
      resolve(doc);
    }
  };
})"""


def numbers(page, key: str) -> list[int]:
    """The places of the board marked with data-{key}."""
    found = page.eval_on_selector_all(f"[data-{key}]", f"e => e.map(x => x.dataset.{key})")
    return [int(x) for x in found]


def my_move(page, timeout: float = 30) -> None:
    """Click (roll, answer) until it is this player's move with steps to choose."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.get_attribute("#board", "data-steps") not in (None, "0"):
            return
        if page.get_attribute("#board", "data-over") == "1":
            pytest.skip("the match ended before a move came up")
        done = act_once(page)
        if done is None:
            page.wait_for_timeout(30)
    raise AssertionError("no move came up")


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_a_match_against_the_computer_by_clicking(page, variant):
    sign_in(page, f"Ala-{variant}")
    create_table(page, variant, match_to=1)
    ARTIFACTS.mkdir(exist_ok=True)
    my_move(page)
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"board-{variant}.png"))
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}.png"), full_page=True)
    # One step, so the screenshot shows a selection with its targets.
    page.locator("[data-source]").first.click()
    page.wait_for_selector("[data-target]")
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"board-{variant}-targets.png"))
    page.locator("[data-source]").first.click()  # deselect
    play_to_end(page)
    banner = page.locator("[data-result]")
    banner.wait_for()
    assert page.locator("#status").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}-over.png"), full_page=True)


def test_undo_takes_back_a_step(page):
    sign_in(page, "Undo")
    create_table(page, "backgammon", match_to=1)
    my_move(page)
    before = page.get_attribute("#board", "data-position")
    assert page.locator('[data-action="undo"]').is_disabled()
    n = board_n(page)
    page.locator("[data-source]").first.click()
    page.locator("[data-target]").first.click()
    wait_change(page, n)
    assert page.get_attribute("#board", "data-position") != before
    assert page.locator('[data-action="undo"]').is_enabled()
    n = board_n(page)
    page.click('[data-action="undo"]')
    wait_change(page, n)
    assert page.get_attribute("#board", "data-position") == before
    assert page.locator('[data-action="undo"]').is_disabled()


def test_a_point_that_is_not_legal_sends_nothing(page):
    sign_in(page, "Careful")
    table = create_table(page, "backgammon", match_to=1)
    my_move(page)
    sources = set(numbers(page, "source"))
    places = numbers(page, "place")
    page.evaluate("window.nardyDebug.sent.length = 0")
    # A point that is no legal source: clicking it selects nothing and sends nothing.
    idle = next(p for p in places if p not in sources)
    page.click(f'[data-place="{idle}"]')
    page.dblclick(f'[data-place="{idle}"]')
    assert page.get_attribute("#board", "data-selected") == ""
    # With a checker picked, a point that is not one of its targets sends nothing either.
    source = page.locator("[data-source]").first.get_attribute("data-source")
    page.click(f'[data-source="{source}"]')
    targets = set(numbers(page, "target"))
    wrong = next(p for p in places if p not in targets and p != int(source))
    page.click(f'[data-place="{wrong}"]')
    page.wait_for_timeout(200)
    sent = page.evaluate("window.nardyDebug.sent")
    assert not [m for m in sent if m.get("type") == "step"], sent
    # And the server refuses such a step even if somebody sends it by hand.
    reply = page.evaluate(SEND_BY_HAND, [table, idle, max(idle - 1, 0)])
    assert reply["type"] == "error", reply


def test_double_click_plays_the_higher_die(page):
    sign_in(page, "Quick")
    create_table(page, "long-nardy", match_to=1)
    my_move(page)
    n = board_n(page)
    page.evaluate("window.nardyDebug.sent.length = 0")
    source = page.locator("[data-source]").first.get_attribute("data-source")
    page.dblclick(f'[data-place="{source}"]')
    wait_change(page, n)
    steps = [m for m in page.evaluate("window.nardyDebug.sent") if m["type"] == "step"]
    assert len(steps) == 1 and steps[0]["from"] == int(source)


def test_keyboard_picks_a_checker_and_a_target(page):
    sign_in(page, "Keys")
    create_table(page, "backgammon", match_to=1)
    my_move(page)
    n = board_n(page)
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    assert page.locator("#board .hit.focus").count() == 1
    page.keyboard.press("Enter")
    assert page.get_attribute("#board", "data-selected") != ""
    page.keyboard.press("Enter")
    wait_change(page, n)


def test_two_people_play_each_other(browser, server):
    ala = new_page(browser, server, prefs={"animate": True})
    bob = new_page(browser, server)
    try:
        sign_in(ala, "Ala")
        table = create_table(ala, "backgammon", opponent="open", match_to=1, seat="0")
        assert ala.locator("#status").inner_text()
        sign_in(bob, "Bob")
        bob.wait_for_selector(f'[data-join="{table}"]', timeout=10_000)
        bob.click(f'[data-join="{table}"]')
        bob.wait_for_function(f"location.hash === '#/table/{table}'")
        bob.wait_for_selector("#board svg")
        # Both play by clicking until six moves are confirmed, then Bob resigns.
        confirmed = 0
        deadline = time.time() + 120
        while confirmed < 6 and time.time() < deadline:
            acted = False
            for person in (ala, bob):
                done = act_once(person)
                if done == "confirm":
                    confirmed += 1
                acted = acted or done is not None
            if not acted:
                ala.wait_for_timeout(50)
        assert confirmed >= 6
        ala.locator("#board").screenshot(path=str(ARTIFACTS / "board-two-people.png"))
        # Bob resigns when it is his turn (a resignation is offered in B9, Ala accepts).
        while not bob.locator('[data-action="resign"]').count():
            if act_once(ala) is None:
                ala.wait_for_timeout(50)
        bob.click('[data-action="resign"]')
        bob.click('[data-action="resign-1"]')
        ala.wait_for_selector('[data-action="accept"]')
        ala.click('[data-action="accept"]')
        for person in (ala, bob):
            person.wait_for_selector("[data-result]")
        assert "Ala" in bob.locator("#status").inner_text()
        assert not ala.errors and not bob.errors  # type: ignore[attr-defined]
    finally:
        ala.context.close()
        bob.context.close()


def test_chat_reaches_the_table(page):
    sign_in(page, "Talker")
    create_table(page, "dutch", match_to=1)
    page.fill("#chat-input", "good luck")
    page.press("#chat-input", "Enter")
    page.wait_for_selector(".chat-list li:has-text('good luck')")
