"""An invitation link asks before it seats anybody (docs/PROTOCOL.md, "HTTP endpoints"): a
signed-in visitor who opens ``#/join/{table}/{invite}`` sees the table and decides."""

from __future__ import annotations

from conftest import create_table, needs_browser, new_page, sign_in, wait_for_hash

pytestmark = needs_browser


def test_an_invitation_link_asks_before_seating(browser, server):
    ala = new_page(browser, server)
    bob = new_page(browser, server)
    try:
        sign_in(ala, "Ala")
        table = create_table(ala, "dutch", opponent="invite", match_to=1, seat="0")
        link = ala.locator("#invite-link").input_value()
        assert f"#/join/{table}/" in link
        invite = link.rsplit("/", 1)[-1]
        sign_in(bob, "Bob")
        bob.goto(link)
        bob.wait_for_selector("#join-accept")
        assert "Bob" in bob.locator(".join-card").inner_text()
        state = bob.request.get(f"/api/tables/{table}?invite={invite}").json()
        assert state["you"] is None and state["seats"][1] is None  # not seated yet
        bob.click("#join-decline")
        wait_for_hash(bob, "#/", exact=True)
        state = bob.request.get(f"/api/tables/{table}?invite={invite}").json()
        assert state["seats"][1] is None
        bob.goto(link)
        bob.click("#join-accept")
        wait_for_hash(bob, f"#/table/{table}", exact=True)
        bob.wait_for_selector("#board svg")
        assert bob.request.get(f"/api/tables/{table}").json()["you"] == 1
        assert not ala.errors and not bob.errors  # type: ignore[attr-defined]
    finally:
        ala.context.close()
        bob.context.close()
