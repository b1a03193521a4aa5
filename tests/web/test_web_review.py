"""Studying games in the browser: the review of a finished match (every action listed,
errors marked, the best play on the board), hints at the table, the analysis of a
position, and the review in Russian."""

from __future__ import annotations

from test_web_pages import english_left

from conftest import (
    ARTIFACTS,
    create_table,
    needs_browser,
    new_page,
    play_then_resign,
    sign_in,
    wait_for_hash,
)

pytestmark = needs_browser


def finish_and_review(page, name: str, variant: str = "backgammon") -> str:
    sign_in(page, name)
    table = create_table(page, variant, match_to=1)
    play_then_resign(page, plays=6)  # plays enough for a random opponent's mistakes
    page.click("[data-result] a[data-review]")
    wait_for_hash(page, f"#/review/{table}", exact=True)
    page.wait_for_selector("#review-summary", timeout=120_000)  # analysed in the background
    return table


def test_a_finished_game_is_reviewed_and_a_mistake_shows_the_best_play(page):
    table = finish_and_review(page, "Reviewer")
    record = page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.json())")
    actions = sum(len(game["actions"]) for game in record["games"])
    assert page.locator("#review-moves [data-frame]").count() == actions
    marked = page.locator("#review-moves [data-mark]").count()
    assert marked > 0  # the computer here plays at random
    page.click('[data-nav="next-mistake"]')
    page.wait_for_selector("#review-decision [data-mark]")
    frame = page.get_attribute("#review-board", "data-frame")
    assert page.get_attribute(f"#review-moves [data-frame='{frame}']", "data-mark")
    best = page.inner_text("#review-best")
    played = page.inner_text("#review-played")
    assert best and played and best != played
    if page.locator("#review-candidates").count():  # a checker play: arrows for both
        assert page.locator("#review-board [data-arrows='best']").count() == 1
        assert page.locator("#review-board [data-arrows='played']").count() == 1
        assert page.locator("#review-candidates tr.played").count() == 1
        page.locator("#review-candidates tbody tr").nth(1).click()
        assert page.locator("#review-board [data-arrows]").count() >= 1
    else:
        assert page.locator("#review-cube").count() == 1
    assert page.locator("#review-graph svg").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "review-backgammon.png"), full_page=True)
    page.click('[data-nav="prev-mistake"]')
    page.click('[data-nav="next"]')
    assert page.inner_text("#review-counter").split(" / ")[0].isdigit()


def test_a_hint_at_a_game_against_the_computer(page):
    sign_in(page, "Hinted")
    create_table(page, "backgammon", match_to=3)
    for _ in range(200):
        if page.get_attribute("#board", "data-over") == "1":
            raise AssertionError("the match ended before a choice of plays came up")
        if page.locator('[data-action="hint"]').count():
            page.click('[data-action="hint"]')
            page.wait_for_selector("#hint")
            kind = page.get_attribute("#hint", "data-kind")
            if kind == "move":
                rows = page.locator("#hint .hint-plays li")
                assert rows.count() >= 2
                assert "+" in rows.first.inner_text() or "−" in rows.first.inner_text()
                page.locator("#hints").screenshot(path=str(ARTIFACTS / "hint.png"))
                return
            if kind == "cube":
                assert page.locator("#hint .cube-values tr").count() == 3
        from conftest import act_once

        if act_once(page) is None:
            page.wait_for_timeout(30)
    raise AssertionError("no hint for a move came up")


def test_the_analysis_of_a_position_ranks_the_plays(page):
    page.goto("/#/analyse")
    page.wait_for_selector("#analyse-board svg")
    page.select_option("#analyse-die-1", "3")
    page.select_option("#analyse-die-2", "1")
    page.select_option("#analyse-ply", "0")
    page.click("#analyse-go")
    page.wait_for_selector("#analyse-result [data-play]")
    assert "8/5 6/5" in page.inner_text("#analyse-result [data-play='0']")
    assert page.locator("#analyse-board [data-arrows]").count() == 1
    # set up: one of the opponent's checkers from their 12 to the roller's 20
    page.check("input[value='remove']")
    page.click("#analyse-board [data-place='12']")
    page.check("input[value='theirs']")
    page.click("#analyse-board [data-place='20']")
    text = page.input_value("#analyse-text")
    assert '"off":[0,0]' in text and ",-1," in text
    page.click("#analyse-go")
    page.wait_for_selector("#analyse-result [data-play]")
    # a rollout of the position set up
    page.select_option("#analyse-games", "36")
    page.click("#analyse-rollout")
    page.wait_for_selector("#rollout-result", timeout=240_000)
    assert "36" in page.inner_text("#rollout-result")


def test_the_review_in_russian_has_no_english(browser, server):
    page = new_page(browser, server, lang="ru-RU")
    try:
        finish_and_review(page, "Vera", "long-nardy")
        assert page.evaluate("document.documentElement.lang") == "ru"
        page.click('[data-nav="next-mistake"]')
        assert english_left(page, {"Vera"}) == []
        page.click("#review-moves [data-frame='1']")
        assert english_left(page, {"Vera"}) == []
        page.screenshot(path=str(ARTIFACTS / "review-long-nardy-ru.png"), full_page=True)
    finally:
        page.context.close()
