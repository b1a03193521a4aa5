"""A chouette in the browser (RULES.md CH1–CH7, S1): created in the lobby, played by
clicking until a game is settled, and the cube decisions of the team with two people at
the table."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import WebSocketRoute
from test_web_pages import english_left

from conftest import (
    ARTIFACTS,
    board_n,
    needs_browser,
    new_page,
    open_custom_form,
    sign_in,
    translations,
    visible,
    wait_change,
    wait_for_hash,
    wait_for_lang,
)

pytestmark = needs_browser

AGREE = '[data-action="agree"]'
ROUNDS = 5_000
"""Bound on rounds of clicking (not on time: a busy machine only makes a game slower)."""


def create_chouette(page, participants: int, computers: int) -> str:
    """Fill the lobby form for a chouette and open it; returns the table id."""
    page.check("#kind-chouette")
    page.select_option("#participants", str(participants))
    page.select_option("#computers", str(computers))
    if computers:
        page.select_option("#level", "beginner")
    page.click("#create-table")
    wait_for_hash(page, "#/table/")
    page.wait_for_selector("#board svg")
    return page.url.rsplit("/", 1)[-1]


def ledger(page) -> list[int]:
    found = page.eval_on_selector_all("[data-ledger]", "e => e.map(x => x.dataset.ledger)")
    return [int(x) for x in found]


def games(page) -> int:
    return int(page.get_attribute("#board", "data-games") or 0)


def act(page, prefer: tuple[str, ...] = ("agree", "take", "roll")) -> str | None:
    """One thing this participant may do now, by clicking (None when nothing)."""
    n = board_n(page)
    for action in prefer:
        if visible(page, f'[data-action="{action}"]'):
            page.click(f'[data-action="{action}"]')
            wait_change(page, n)
            return action
    if page.locator("[data-source]").count():
        page.locator("[data-source]").first.click()
        page.wait_for_selector("[data-target]")
        page.locator("[data-target]").first.click()
        wait_change(page, n)
        return "step"
    if visible(page, '[data-action="confirm"]'):
        page.click('[data-action="confirm"]')
        wait_change(page, n)
        return "confirm"
    return None


def test_CH1_CH7_a_chouette_with_the_computer_settles_a_game(page):
    sign_in(page, "Ala")
    page.check("#kind-chouette")
    assert page.locator("#match_to").count() == 0  # a chouette is money play
    page.screenshot(path=str(ARTIFACTS / "lobby-chouette.png"), full_page=True)
    create_chouette(page, 3, 2)
    page.wait_for_selector("[data-participant]")
    assert page.locator("[data-participant]").count() == 3
    page.wait_for_selector('[data-role="box"]')
    assert page.locator('[data-role="captain"]').count() == 1
    shot = False
    for _ in range(ROUNDS):
        if games(page) >= 1:
            break
        if not shot and page.get_attribute("#board", "data-steps") not in (None, "0"):
            page.screenshot(path=str(ARTIFACTS / "chouette-table.png"), full_page=True)
            shot = True
        n = board_n(page)
        if act(page) is None:  # the computer is to act: wait for its state
            wait_change(page, n)
    assert games(page) >= 1, "no chouette game was settled"
    page.wait_for_selector("[data-settlement]")
    found = page.eval_on_selector_all("[data-paid]", "e => e.map(x => x.dataset.paid)")
    paid = [int(x) for x in found]
    assert len(paid) == 3 and sum(paid) == 0 and any(paid)
    points = ledger(page)
    assert len(points) == 3 and sum(points) == 0 and any(points)
    assert page.locator("#status").inner_text()
    page.screenshot(path=str(ARTIFACTS / "chouette-settled.png"), full_page=True)
    # Every word of the chouette screen comes from the translation files.
    page.select_option("#lang-select", "ru")
    wait_for_lang(page, "ru")
    page.wait_for_selector("[data-settlement]")
    page.wait_for_selector("#toast:not(.show)", state="attached", timeout=6_000)
    assert english_left(page, {"Ala"}) == []
    assert "Шуэт" in page.inner_text("h1")
    page.screenshot(path=str(ARTIFACTS / "chouette-ru.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]


def test_CH3_CH4_two_people_answer_the_cube_at_a_chouette(browser, server):
    ala = new_page(browser, server)
    bob = new_page(browser, server)
    try:
        sign_in(ala, "Ala")
        table = create_chouette(ala, 3, 1)
        ala.wait_for_selector("#status:not(:empty)")
        assert ala.locator('[data-participant="1"][data-role]').count() == 1
        ala.screenshot(path=str(ARTIFACTS / "chouette-open.png"), full_page=True)
        sign_in(bob, "Bob")
        bob.wait_for_selector(f'[data-join="{table}"]', timeout=10_000)
        bob.click(f'[data-join="{table}"]')
        wait_for_hash(bob, f"#/table/{table}", exact=True)
        for person in (ala, bob):
            person.wait_for_selector('[data-role="box"]')
        # Both play by clicking and double whenever they may: a captain's double is a
        # proposal the team must agree to (CH3), the box's is answered by each member (CH4).
        answered = None
        for _ in range(ROUNDS):
            if answered is not None:
                break
            acted = False
            for person in (ala, bob):
                if visible(person, AGREE) or visible(person, '[data-action="take"]'):
                    shot = ARTIFACTS / "chouette-cube-decision.png"
                    person.screenshot(path=str(shot), full_page=True)
                    answered = "agree" if visible(person, AGREE) else "take"
                    status = person.locator("#status").inner_text()
                    assert person.locator('[data-deciding="1"]').count() >= 1
                    n = board_n(person)
                    person.click(f'[data-action="{answered}"]')
                    wait_change(person, n)
                    break
                done = act(person, ("double", "roll"))
                acted = acted or done is not None
            if answered is None and not acted:
                ala.wait_for_timeout(50)  # a poll: either page may change next
        assert answered is not None, "no cube decision came up"
        assert status
        # The cube has moved on, or the team is waiting for the others' answers.
        for person in (ala, bob):
            person.locator("#board [data-cube]").first.wait_for(state="attached")
        assert not ala.errors and not bob.errors  # type: ignore[attr-defined]
    finally:
        ala.context.close()
        bob.context.close()


UNBROKEN = """() => {
  // Words split across two lines inside a name ("Comput/er 1"), in the roster and the bars.
  const broken = [];
  for (const el of document.querySelectorAll('.roster .name, .player .name, .player .member')) {
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""

YOU = """(me) => [...document.querySelectorAll('.tag.you')].map((tag) => {
  // the name the "you" tag belongs to: its own name element, or the name just before it
  const name = tag.closest('.name') || tag.previousElementSibling;
  return name ? name.firstChild.textContent.trim() : null;
})"""


def test_chouette_names_stay_whole_and_you_is_by_your_name(sized, size):
    """Item 7: no name breaks inside a word in the roster, and "you" stands next to the
    viewer's own name (not after the team's other names)."""
    page = sized
    sign_in(page, "Ala")
    open_custom_form(page)
    page.check("#kind-chouette")
    create_chouette(page, 3, 2)
    page.wait_for_selector('[data-role="captain"]')
    page.wait_for_selector("#status:not(:empty)")
    assert page.evaluate(UNBROKEN) == []
    owners = page.evaluate(YOU, "Ala")
    assert owners and set(owners) == {"Ala"}, owners
    page.screenshot(path=str(ARTIFACTS / f"chouette-{size}.png"))
    page.locator(".roster").screenshot(path=str(ARTIFACTS / f"chouette-roster-{size}.png"))


def test_a_hint_at_a_chouette_where_only_computers_sit_with_you(sized, size):
    """docs/PROTOCOL.md, "Hints": the Hint button comes with your decisions when every other
    participant is the computer, and shows the engine's advice."""
    page = sized
    sign_in(page, "Hana")
    create_chouette(page, 3, 2)
    for _ in range(ROUNDS):
        if visible(page, '[data-action="hint"]'):
            break
        n = board_n(page)
        if act(page) is None:  # the computer is to act: wait for its state
            wait_change(page, n)
    page.click('[data-action="hint"]')
    page.wait_for_selector("#hint")
    assert page.get_attribute("#hint", "data-kind") in ("move", "cube", "roll", "take", "forced")
    assert page.locator('[data-action="allow-hints"]').count() == 0  # nothing to agree to
    page.screenshot(path=str(ARTIFACTS / f"chouette-hint-{size}.png"), full_page=True)


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", "desktop"), ("pl", "phone"), ("lt", "phone-sideways"), ("ru", "phone")],
)
def test_CH8_resign_at_once_then_leave_the_chouette(browser, server, lang, size):
    """RULES.md CH8 and docs/PROTOCOL.md, "A chouette's state": Resign offers the three
    levels, each made at once; Leave asks "for good?" and hands the seat to the computer."""
    words = translations(lang)
    page = new_page(browser, server, size=size, lang=lang)
    try:
        sign_in(page, "Rhea")
        create_chouette(page, 3, 2)
        for _ in range(ROUNDS):
            if visible(page, '[data-action="resign"]'):
                break
            n = board_n(page)
            if act(page) is None:
                wait_change(page, n)
        page.click('[data-action="resign"]')
        levels = page.locator('[data-action^="resign-"]:not([data-action="resign-cancel"])')
        assert levels.count() == 3
        stem = words["chouette.resign_level"].split("{")[0].strip()
        assert all(stem in text for text in levels.all_inner_texts())
        page.screenshot(path=str(ARTIFACTS / f"chouette-resign-{size}-{lang}.png"))
        page.click('[data-action="resign-1"]')
        # the box's resignation ends the game; a member's leaves it to the computers
        page.wait_for_selector("[data-settlement]")
        assert sum(ledger(page)) == 0
        page.click('[data-action="leave"]')
        assert words["chouette.leave_confirm"] in page.inner_text("#controls")
        page.click('[data-action="leave-now"]')
        page.wait_for_selector('.roster tr.me [data-left="1"]')
        assert page.locator('[data-action="leave"]').count() == 0
        over = words["chouette.over"].split(":")[0]
        page.wait_for_selector(f"#status:has-text('{over}')")
        if lang == "ru":
            assert english_left(page, {"Rhea"}) == []
        page.screenshot(path=str(ARTIFACTS / f"chouette-left-{size}-{lang}.png"), full_page=True)
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


SHARED_ONLY = "**/ws/tables/**"
"""The table socket, whose chouette states the test below rewrites."""
PIPS = [1234, 4321]
"""Pip counts no position has: shown only if the page takes them from the state."""


def matchs_names_only(text: str | bytes) -> str | bytes:
    """A chouette state with only the names it shares with a match (docs/PROTOCOL.md, "A
    chouette's state"): no ``participants`` nor ``side``, the pips the server's (here made
    up) and the computers' names unreadable, so that only ``computers`` can name them."""
    if isinstance(text, bytes):
        return text
    state = json.loads(text)
    if state.get("type") != "state" or state.get("kind") != "chouette":
        return text
    del state["participants"], state["side"]
    if state["pips"] is not None:
        state["pips"] = PIPS
    named = zip(state["seats"], state["computers"], strict=True)
    state["seats"] = [name if level is None else "?" for name, level in named]
    return json.dumps(state)


SHOWN = """(pips) => pips.every((n) =>
  [...document.querySelectorAll('.pips')].some((el) => el.textContent.includes(n)))"""


def through(ws: WebSocketRoute) -> None:
    server = ws.connect_to_server()
    ws.on_message(server.send)
    server.on_message(lambda message: ws.send(matchs_names_only(message)))


def test_a_chouette_is_drawn_from_a_matchs_names_and_the_computers_levels(page):
    """The board, the bars and the roster read a chouette state as a match's: the seats,
    the side seen and the pips as the server sends them, each computer named in the
    page's words from its level."""
    page.route_web_socket(SHARED_ONLY, through)
    sign_in(page, "Ala")
    create_chouette(page, 3, 2)
    words = translations("en")
    level = words["level.beginner"]
    computers = [words["table.computer_n"].format(n=n, level=level) for n in (1, 2)]
    page.wait_for_selector('[data-participant="2"][data-role]')
    names = [page.inner_text(f'[data-participant="{who}"] .name') for who in (1, 2)]
    assert names == computers
    page.wait_for_function(SHOWN, arg=[str(n) for n in PIPS])
    assert not page.errors  # type: ignore[attr-defined]
