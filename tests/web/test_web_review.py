"""The review page in the browser: reached from the end of a match, every action listed,
the board at any of them."""

from __future__ import annotations

from conftest import create_table, needs_browser, play_to_end, sign_in

pytestmark = needs_browser


def test_the_review_is_reached_from_the_end_of_a_match_and_lists_every_action(page):
    sign_in(page, "Reviewer")
    table = create_table(page, "backgammon", match_to=1)
    play_to_end(page)
    page.click("[data-result] a[data-review]")
    page.wait_for_function(f"location.hash === '#/review/{table}'")
    page.wait_for_selector("#review-board svg")
    record = page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.json())")
    actions = sum(len(game["actions"]) for game in record["games"])
    assert page.locator("#review-moves [data-frame]").count() == actions
    page.locator("#review-moves [data-frame]").nth(2).click()
    assert page.inner_text("#review-counter").startswith("4 /")  # the game's start is frame 1
    assert page.get_attribute("#review-moves [data-frame='3']", "aria-current") == "true"
