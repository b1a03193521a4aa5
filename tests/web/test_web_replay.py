"""The replay (RULES.md S4): seen from the viewer's seat and in the colours the table
showed, with the list of moves to jump to, drawn icons on its buttons (no font glyphs),
and in the window at every size."""

from __future__ import annotations

import json
import time

from placement import outside_viewport

from conftest import (
    ARTIFACTS,
    act_once,
    create_table,
    needs_browser,
    resign_to_end,
    sign_in,
    translations,
)

pytestmark = needs_browser


def test_the_replay_is_seen_from_your_seat_with_the_moves_listed(sized, size):
    page = sized
    sign_in(page, "Second")
    table = create_table(page, "long-nardy", match_to=1, seat="1")
    deadline = time.time() + 90
    while time.time() < deadline:  # a few plays, then resign (immediate in LN9)
        record = page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.json())")
        games = record["games"]  # none until the opening roll
        if games and sum(a["type"] == "play" for a in games[0]["actions"]) >= 4:
            break
        if act_once(page) is None:
            page.wait_for_timeout(30)
    resign_to_end(page)
    final = json.loads(page.get_attribute("#board", "data-position") or "{}")
    mine = page.get_attribute(".player.me .chip", "class")
    page.click("[data-result] a[href^='#/replay/']")
    page.wait_for_selector("#replay-board svg")
    assert (
        outside_viewport(page, "#replay-board svg", ".replay-main .controls", "#replay-action")
        == []
    )
    # buttons carry drawn icons and their names, no glyphs a font may lack
    for nav in ("first", "prev", "next", "last"):
        button = page.locator(f'[data-nav="{nav}"]')
        assert button.locator("svg.icon").count() == 1
        assert button.inner_text().strip() == "" and button.get_attribute("aria-label")
    page.click('[data-nav="last"]')
    # the end of the match as the player saw it: their checkers, their colour, at the bottom
    assert (
        json.loads(page.get_attribute("#replay-board", "data-position") or "{}")["board"]
        == final["board"]
    )
    assert page.get_attribute(".replay-main .player.me .chip", "class") == mine
    assert (page.get_attribute("#replay-board", "data-colours") or "").split()[0] in (mine or "")
    # every action in the list; a click jumps there
    record = page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.json())")
    actions = sum(len(game["actions"]) for game in record["games"])
    assert page.locator("#replay-moves [data-frame]").count() == actions
    page.locator("#replay-moves [data-frame]").nth(3).click()
    assert page.inner_text("#replay-counter").startswith("5 /")  # the game's start is frame 1
    assert page.get_attribute("#replay-moves [data-frame='4']", "aria-current") == "true"
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#replay-counter").startswith("6 /")
    page.screenshot(path=str(ARTIFACTS / f"replay-{size}.png"))


def test_the_replay_and_review_say_a_forfeit_was_lost_on_time_or_by_leaving(page):
    """The actions a forfeit makes carry a reason (rules/forfeit.py; docs/PROTOCOL.md,
    "Clock and grace"), and
    the words for an action, which the replay and the review share, give it, in every
    language."""
    page.goto("/")
    said = """async ([lang, reason]) => {
        const i18n = await import('/static/js/i18n.js');
        await i18n.setLanguage(lang);
        const { describe } = await import('/static/js/replay.js');
        const action = { type: 'resign', player: 0, level: 2, reason };
        const names = ['Ala', 'Ben'];
        return [describe(action, names), describe({ ...action, reason: undefined }, names)];
    }"""
    for lang in ("en", "pl", "lt", "ru"):
        words = translations(lang)
        for reason in ("time", "left"):
            forfeit, plain = page.evaluate(said, [lang, reason])
            assert forfeit == f"{plain} ({words[f'replay.reason.{reason}']})"
            assert plain.startswith("Ala") and "replay." not in forfeit
