"""Tables that end unplayed (docs/PROTOCOL.md, "Aborted matches and withdrawn tables"): the
waiting card shows its creator a Withdraw button in the viewer's language, on a phone and
on a desktop, and pressing it ends the table, which says so and leaves the lobby; a match
aborted before anyone played says that nobody wins."""

from __future__ import annotations

import pytest
from placement import box_of

from conftest import create_table, needs_browser, new_page, sign_in, translations, wait_for_lang

pytestmark = needs_browser

CASES = [("en", (1366, 768)), ("pl", (390, 844)), ("lt", (390, 844)), ("ru", (1366, 768))]


@pytest.mark.parametrize(("lang", "viewport"), CASES, ids=[f"{c}-{w}" for c, (w, _) in CASES])
def test_the_creator_withdraws_a_waiting_table(
    browser, server, lang: str, viewport: tuple[int, int]
) -> None:
    width, height = viewport
    page = new_page(browser, server, width=width, height=height, lang=f"{lang}-XX")
    words = translations(lang)
    try:
        sign_in(page, f"Ala-{lang}")
        wait_for_lang(page, lang)
        table = create_table(page, "backgammon", opponent="open", match_to=3, seat="0")
        button = page.locator('[data-action="withdraw"]')
        button.wait_for()
        assert button.inner_text().strip() == words["table.withdraw"]
        box = box_of(button)  # the card is drawn again with each state of the table
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert table in [t["id"] for t in page.request.get("/api/tables").json()]
        button.click()
        page.locator("#status", has_text=words["table.withdrawn"]).wait_for()
        assert page.locator('[data-action="withdraw"]').count() == 0
        assert table not in [t["id"] for t in page.request.get("/api/tables").json()]
        state = page.request.get(f"/api/tables/{table}").json()
        assert state["status"] == "withdrawn"
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), CASES, ids=[f"{c}-{w}" for c, (w, _) in CASES])
def test_S8_an_aborted_match_says_nobody_wins(
    browser, quick_server, lang: str, viewport: tuple[int, int]
) -> None:
    """Two players sit down and neither comes to the table: the grace aborts the match
    (docs/PROTOCOL.md, "Aborted matches"), and the table says so in the viewer's language."""
    width, height = viewport
    page = new_page(browser, quick_server, width=width, height=height, lang=f"{lang}-XX")
    other = new_page(browser, quick_server)
    try:
        page.request.post("/api/guest", data={"name": f"Ala-{lang}"})
        other.request.post("/api/guest", data={"name": f"Bob-{lang}"})
        body = {"variant": "long-nardy", "settings": {"match_to": 1}, "seat": 0}
        table = page.request.post("/api/tables", data=body).json()["id"]
        assert other.request.post(f"/api/tables/{table}/join", data={}).ok
        wait_for_status(page, table, "aborted")
        page.goto(f"/#/table/{table}")
        wait_for_lang(page, lang)
        page.locator("#status", has_text=translations(lang)["table.match_aborted"]).wait_for()
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
        other.context.close()


def wait_for_status(page, table: str, status: str) -> None:
    """Poll the table's state over HTTP until its status is ``status`` (a bound of 90 s)."""
    for _ in range(900):
        if page.request.get(f"/api/tables/{table}").json()["status"] == status:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"table {table} never became {status}")
