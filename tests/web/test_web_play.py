"""Playing in the browser: a whole match by clicking (backgammon; every other variant
plays a few moves by clicking and resigns), two people at one table, undo, and no way to
make an illegal move through the page."""

from __future__ import annotations

import pytest
from placement import box_of

from conftest import (
    ARTIFACTS,
    act_once,
    board_n,
    create_table,
    needs_browser,
    new_page,
    play_then_resign,
    play_to_end,
    sign_in,
    wait_change,
    wait_for_hash,
    wait_my_move,
)

pytestmark = needs_browser

VARIANTS = [
    ("backgammon", play_to_end),  # bearing off and the last roll, all by clicking
    ("long-nardy", play_then_resign),
    ("dutch", play_then_resign),
    ("nackgammon", play_then_resign),
]
"""Each variant and how its match is finished: the client knows no rules (it shows the
server's legal steps), so one whole match covers the end of a game for all of them."""
ROUNDS = 5_000
"""Bound on rounds of clicking (not on time: a busy machine only makes a game slower)."""


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


@pytest.mark.parametrize(("variant", "finish"), VARIANTS, ids=[v for v, _ in VARIANTS])
def test_play_a_match_against_the_computer_by_clicking(page, variant, finish):
    sign_in(page, f"Ala-{variant}")
    create_table(page, variant, match_to=1)
    ARTIFACTS.mkdir(exist_ok=True)
    wait_my_move(page)
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"board-{variant}.png"))
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}.png"), full_page=True)
    # One step, so the screenshot shows a selection with its targets.
    page.locator("[data-source]").first.click()
    page.wait_for_selector("[data-target]")
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"board-{variant}-targets.png"))
    page.locator("[data-source]").first.click()  # deselect
    finish(page)
    banner = page.locator("[data-result]")
    banner.wait_for()
    assert page.locator("#status").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}-over.png"), full_page=True)
    # A rematch: a new table for the same players, opened at once.
    finished = page.url
    page.click('[data-action="rematch"]')
    page.wait_for_url(lambda url: url != finished)
    assert "#/table/" in page.url
    page.wait_for_selector("#board")


def test_undo_takes_back_a_step(page):
    from playwright.sync_api import expect

    sign_in(page, "Undo")
    create_table(page, "backgammon", match_to=1)
    wait_my_move(page)
    before = page.get_attribute("#board", "data-position")
    undo = page.locator('[data-action="undo"]')
    expect(undo).to_be_disabled(timeout=30_000)  # the controls follow the board's state
    n = board_n(page)
    page.locator("[data-source]").first.click()
    page.locator("[data-target]").first.click()
    wait_change(page, n)
    assert page.get_attribute("#board", "data-position") != before
    expect(undo).to_be_enabled(timeout=30_000)
    n = board_n(page)
    undo.click()
    wait_change(page, n)
    assert page.get_attribute("#board", "data-position") == before
    expect(undo).to_be_disabled(timeout=30_000)


def test_a_point_that_is_not_legal_sends_nothing(page):
    sign_in(page, "Careful")
    table = create_table(page, "backgammon", match_to=1)
    wait_my_move(page)
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
    wait_my_move(page)
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
    wait_my_move(page)
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
        wait_for_hash(bob, f"#/table/{table}", exact=True)
        bob.wait_for_selector("#board svg")
        # Both play by clicking until six moves are confirmed, then Bob resigns.
        confirmed = 0
        for _ in range(ROUNDS):
            if confirmed >= 6:
                break
            acted = False
            for person in (ala, bob):
                done = act_once(person)
                if done == "confirm":
                    confirmed += 1
                acted = acted or done is not None
            if not acted:
                ala.wait_for_timeout(50)  # a poll: either page may change next
        assert confirmed >= 6
        ala.locator("#board").screenshot(path=str(ARTIFACTS / "board-two-people.png"))
        # Bob resigns when it is his turn (a resignation is offered in B9, Ala accepts).
        for _ in range(ROUNDS):
            if bob.locator('[data-action="resign"]').count():
                break
            n = board_n(bob)
            if act_once(ala) is None:
                wait_change(bob, n)
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


def test_drag_and_drop_plays_a_legal_step(page):
    sign_in(page, "Dragger")
    create_table(page, "backgammon", match_to=1)
    wait_my_move(page)
    before = page.get_attribute("#board", "data-position")
    source = int(page.locator("[data-source]").first.get_attribute("data-source"))
    # Pick the checker to learn one of its targets, then put it down again (Escape).
    page.click(f'[data-source="{source}"]')
    target = int(page.locator("[data-target]").first.get_attribute("data-target"))
    page.keyboard.press("Escape")
    assert page.get_attribute("#board", "data-selected") == ""
    page.evaluate("window.nardyDebug.sent.length = 0")
    a = box_of(page.locator(f'#board [data-place="{source}"]'))
    b = box_of(page.locator(f'#board [data-place="{target}"]'))
    n = board_n(page)
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=12)
    assert page.locator("#board svg .ghost").count() == 1  # the checker follows the pointer
    page.mouse.up()
    wait_change(page, n)
    steps = [m for m in page.evaluate("window.nardyDebug.sent") if m["type"] == "step"]
    assert steps == [{"type": "step", "from": source, "to": target}]
    assert page.get_attribute("#board", "data-position") != before


def test_S5_the_server_rolls_and_plays_forced_moves_when_asked(browser, server):
    """Long nardy has no cube by default, so every roll may be automatic; and a first play
    is forced unless it is 3-3 (LN3: one checker leaves the head, or two to the same point).
    The player only ever picks steps and confirms; the record shows the server's work."""
    page = new_page(browser, server, prefs={"auto_roll": True, "auto_moves": True})
    try:
        sign_in(page, "Lazy")
        table = create_table(page, "long-nardy", match_to=1)
        for _ in range(ROUNDS):
            n = board_n(page)
            record = page.request.get(f"/api/tables/{table}/record").json()
            seat = record["players"].index("Lazy")
            actions = [a for game in record["games"] for a in game["actions"]]
            plays = [a for a in actions if a["type"] == "play" and a["player"] == seat]
            sent = page.evaluate("window.nardyDebug.sent")
            confirms = [m for m in sent if m["type"] == "confirm"]
            if len(plays) > len(confirms):
                break  # a play of this player that they never confirmed: a forced move
            assert page.locator('[data-action="roll"]').count() == 0
            if page.get_attribute("#board", "data-over") == "1":
                pytest.skip("the game ended before a forced move came up")
            if act_once(page) is None:
                wait_change(page, n)
        else:
            raise AssertionError("no forced move came up")
        # the first command, beside the game's dice contribution (sent when it is asked for)
        commands = [m for m in sent if m["type"] != "contribute"]
        assert commands[0] == {"type": "auto", "roll": True, "moves": True}
        assert not [m for m in sent if m["type"] == "roll"]
        assert [a for a in actions if a["type"] == "roll" and a["player"] == seat]
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
