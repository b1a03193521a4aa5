"""The table in the window (RULES.md S4): on a laptop (1280×800) and on a phone
held upright (390×844) or sideways (844×390) the board, the players, the status and the
buttons are all in sight without scrolling, the end-of-match box too; bearing off glows
like a point; on a touch screen a tap beside a checker or a target still reaches it and a
checker can be dragged with a finger. Screenshots of every variant's table at every size
go to artifacts/."""

from __future__ import annotations

import pytest
from placement import TABLE_PARTS, box_of, outside_viewport

from conftest import (
    ARTIFACTS,
    board_n,
    create_table,
    needs_browser,
    play_then_resign,
    sign_in,
    wait_change,
    wait_my_move,
)

pytestmark = needs_browser

VARIANTS = ["backgammon", "long-nardy", "dutch", "nackgammon"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_table_fits_the_window_with_the_actions_in_reach(sized, size, variant):
    page = sized
    sign_in(page, f"Fit {size}")
    create_table(page, variant, match_to=1)
    wait_my_move(page)
    assert outside_viewport(page, *TABLE_PARTS, "#news") == []
    if size == "desktop":  # on a laptop the chat sits beside the board: nothing scrolls
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}-{size}.png"))
    page.locator("[data-source]").first.click()
    page.wait_for_selector("[data-target]")
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}-{size}-targets.png"))
    page.locator("[data-source]").first.click()
    play_then_resign(page, plays=1)  # a match nobody played would be aborted, with no result
    page.wait_for_selector("[data-result]")
    assert outside_viewport(page, "[data-result]", '[data-action="rematch"]') == []
    assert not page.title().startswith("●")  # nothing more to do here
    page.screenshot(path=str(ARTIFACTS / f"table-{variant}-{size}-over.png"))


BEAR_OFF = """async ([targets]) => {
  const { boardSVG } = await import('/static/js/board.js');
  const board = document.createElement('div');
  board.className = 'board';
  board.id = 'test-board';
  document.getElementById('view').replaceChildren(board);
  const position = {
    board: [2, 3, 3, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3, -3, -3, -2, -2, -2],
    bar: [0, 0], off: [0, 0], reserve: [0, 0],
  };
  board.innerHTML = boardSVG({
    variant: 'backgammon', position, colours: ['light', 'dark'], numbers: true,
    sources: new Set([6]), selected: 6, targets: new Set(targets),
  });
  const glow = (p) => {
    const el = board.querySelector(`.target-glow[data-glow="${p}"]`);
    if (!el) return null;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const area = r.width * r.height;
    return { fill: style.fill, stroke: style.stroke, opacity: style.opacity, area };
  };
  return { off: glow(0), point: glow(targets[0]) };
}"""


def test_bearing_off_glows_as_brightly_as_a_point(sized, size):
    """Item 4: the tray that takes a borne-off checker is marked like a target point, not
    with a faint dashed slab."""
    page = sized
    page.goto("/")
    page.wait_for_selector("#quick-play")
    found = page.evaluate(BEAR_OFF, [[1, 0]])
    assert found["off"] is not None, "no glow on the tray"
    point = found["point"]
    assert (found["off"]["fill"], found["off"]["stroke"]) == (point["fill"], point["stroke"])
    assert found["off"]["opacity"] == point["opacity"]
    assert found["off"]["area"] >= 0.5 * point["area"]
    page.locator("#test-board").screenshot(path=str(ARTIFACTS / f"board-bear-off-{size}.png"))


PLACE_AT = """([x, y]) => {
  const placed = (e) => e.dataset && e.dataset.place !== undefined;
  const hit = document.elementsFromPoint(x, y).find(placed);
  return hit ? Number(hit.dataset.place) : null;
}"""

SMALLEST = """Math.min(...[...document.querySelectorAll('#board .checker .body')]
  .map((c) => c.getBoundingClientRect().width))"""


def places(page, key: str) -> set[int]:
    found = page.eval_on_selector_all(f"[data-{key}]", f"e => e.map(x => x.dataset.{key})")
    return {int(x) for x in found}


def hit_box(page, place: int) -> dict[str, float]:
    return box_of(page.locator(f'#board [data-place="{place}"]'))


def beside(page, place: int, others: set[int]) -> tuple[float, float] | None:
    """A point just outside ``place``'s column, in a neighbouring column that holds none
    of ``others`` (so the nearest legal place to it is ``place``)."""
    box = hit_box(page, place)
    y = box["y"] + box["height"] * 0.7
    for dx in (-0.15, 1.15):
        x = box["x"] + box["width"] * dx
        hit = page.evaluate(PLACE_AT, [x, y])
        if hit is not None and hit != place and hit not in others:
            return x, y
    return None


@pytest.mark.parametrize("size", ["phone", "phone-sideways"])
def test_a_tap_beside_a_checker_or_a_target_still_reaches_it(sized, size):
    """Item 5: checkers are big enough to see on a phone, and a tap that lands a little
    beside the checker (or the target) picks it."""
    page = sized
    sign_in(page, f"Tapper {size}")
    create_table(page, "backgammon", match_to=1)
    wait_my_move(page)
    diameter = page.evaluate(SMALLEST)
    assert diameter >= 23, diameter
    sources = places(page, "source")
    picked = next(((s, p) for s in sorted(sources) if (p := beside(page, s, sources - {s}))), None)
    if picked is None:
        pytest.skip("every source has another source beside it")
    source, (x, y) = picked
    page.touchscreen.tap(x, y)
    page.wait_for_selector(f'#board[data-selected="{source}"]')
    targets = places(page, "target")
    near = next(
        ((t, p) for t in sorted(targets) if t and (p := beside(page, t, targets - {t} | {source}))),
        None,
    )
    if near is None:
        pytest.skip("every target has another target beside it")
    target, (x, y) = near
    page.evaluate("window.nardyDebug.sent.length = 0")
    n = board_n(page)
    page.touchscreen.tap(x, y)
    wait_change(page, n)
    sent = [m for m in page.evaluate("window.nardyDebug.sent") if m["type"] == "step"]
    assert sent == [{"type": "step", "from": source, "to": target}]


@pytest.mark.parametrize("size", ["phone", "phone-sideways"])
def test_a_finger_drags_a_checker_to_a_target(sized, size):
    """Item 5: drag on a touch screen (touch events through the DevTools protocol), the
    checker riding above the finger."""
    page = sized
    sign_in(page, f"Dragger {size}")
    create_table(page, "backgammon", match_to=1)
    wait_my_move(page)
    source = int(page.locator("[data-source]").first.get_attribute("data-source"))
    page.locator(f'[data-source="{source}"]').tap()
    target = int(page.locator("[data-target]").first.get_attribute("data-target"))
    page.keyboard.press("Escape")
    page.wait_for_selector('#board[data-selected=""]')
    a, b = hit_box(page, source), hit_box(page, target)
    start = (a["x"] + a["width"] / 2, a["y"] + a["height"] * 0.6)
    # the checker rides above the finger: put the finger under the target's column
    end = (b["x"] + b["width"] / 2, b["y"] + b["height"] * 0.6)
    cdp = page.context.new_cdp_session(page)
    page.evaluate("window.nardyDebug.sent.length = 0")
    n = board_n(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start)
    for k in range(1, 13):
        f = k / 12
        touch("touchMove", start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
    assert page.locator('#board svg [data-dragging="1"]').count() == 1
    touch("touchEnd", *end)
    wait_change(page, n)
    sent = [m for m in page.evaluate("window.nardyDebug.sent") if m["type"] == "step"]
    assert sent == [{"type": "step", "from": source, "to": target}]


@pytest.mark.parametrize("size", ["desktop"])
def test_a_mouse_click_beside_a_checker_picks_nothing(sized, size):
    """With a mouse the board is exact: a click on a point that is no source selects
    nothing, even next to one (the nearest-place help is for fingers)."""
    page = sized
    sign_in(page, "Exact")
    create_table(page, "backgammon", match_to=1)
    wait_my_move(page)
    sources = places(page, "source")
    picked = next(((s, p) for s in sorted(sources) if (p := beside(page, s, sources - {s}))), None)
    if picked is None:
        pytest.skip("every source has another source beside it")
    page.mouse.click(*picked[1])
    page.wait_for_timeout(100)
    assert page.get_attribute("#board", "data-selected") == ""
