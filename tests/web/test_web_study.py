"""Study numbers a player can read: the review's summary with units and a line saying
what each number is, its graph with labelled axes and a legend, the board and the buttons
to step in view at 1366 × 768, the analysis of a position with every play's chances ranked
within one depth, and the rating graph on a player's page — in the four languages, on a
desktop and a phone. Screenshots go to artifacts/ (study-*)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from placement import outside_viewport
from test_web_review import finish_and_review
from test_web_rules_and_players import nothing_left, register

from conftest import (
    ARTIFACTS,
    needs_browser,
    new_page,
    play_then_resign,
    translations,
    wait_for_hash,
)

pytestmark = needs_browser

LANGS = ("en", "pl", "lt", "ru")
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
LIST_SCROLLED = "document.getElementById('review-moves').scrollTop > 0"
EXPLAINED = {
    "error_total": ("error_total",),
    "error_rate": ("error_rate",),
    "pr": ("pr",),
    "luck": ("luck",),
    "result": ("result_points", "result_match"),
    "luck_adjusted": ("adjusted_points", "adjusted_match"),
}
"""Each summary row, and its explanation's keys (the result's are money's or a match's)."""


@pytest.fixture(scope="module")
def reviewed(browser, server) -> Iterator[str]:
    """A finished one-game backgammon match against the computer, analysed."""
    page = new_page(browser, server)
    try:
        yield finish_and_review(page, "Student")
    finally:
        page.context.close()


def open_review(browser, server, table: str, lang: str, size: str):
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, lang=lang)
    page.goto(f"/#/review/{table}")
    page.wait_for_selector("#review-summary")
    return page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", list(SIZES))
def test_review_numbers_have_units_and_a_line_saying_what_they_are(
    browser, server, reviewed, lang, size
):
    words = translations(lang)
    page = open_review(browser, server, reviewed, lang, size)
    try:
        for row in EXPLAINED:
            cells = page.locator(f'#review-summary tr[data-row="{row}"]')
            assert cells.count() == 1, row
            explain = cells.locator("th .explain")
            assert explain.is_visible(), row  # shown, not a tooltip
            keys = EXPLAINED[row]
            assert explain.inner_text().strip() in {words[f"review.explain_{k}"] for k in keys}
        for value in page.locator('#review-summary tr[data-row="pr"] td').all_inner_texts():
            assert re.fullmatch(r"\d+\.\d", value.strip()), value  # PR: one decimal
        for value in page.locator('#review-summary tr[data-row="luck"] td').all_inner_texts():
            assert re.fullmatch(r"[+−]\d+\.\d{3}", value.strip()), value
        header = page.inner_text('#review-summary tr[data-row="error_total"] th')
        assert words["review.error_total"] in header  # the unit is in the row's name
        graph = page.locator("#review-graph svg")
        assert words["review.axis_rolls"] in graph.inner_html()
        assert words["review.axis_chance"] in graph.inner_html()
        assert graph.locator("text", has_text="50%").count() == 1
        legend = page.locator("#review-graph-legend")
        assert words["review.legend_line"] in legend.inner_text()
        assert legend.locator("[data-legend]").count() == 3
        if lang != "en":  # the parts this test is about hold no English
            english = translations("en")
            labels = " ".join(graph.locator("text").all_text_contents())
            shown = page.inner_text("#review-summary") + legend.inner_text() + labels
            keys = [k for k in english if k.startswith("review.") and words[k] != english[k]]
            assert [k for k in keys if len(english[k]) > 3 and english[k] in shown] == []
        page.screenshot(path=str(ARTIFACTS / f"study-review-{size}-{lang}.png"), full_page=True)
    finally:
        page.context.close()


def test_the_review_keeps_the_board_and_its_buttons_in_view_at_1366_by_768(
    browser, server, reviewed
):
    page = open_review(browser, server, reviewed, "en", "desktop")
    parts = ("#review-board svg", '[data-nav="prev"]', '[data-nav="next"]', "#review-counter")
    try:
        assert outside_viewport(page, *parts, '[data-nav="next-mistake"]') == []
        page.click('[data-nav="next-mistake"]')
        page.wait_for_selector("#review-decision [data-mark]")
        for _ in range(3):
            page.click('[data-nav="next"]')
        last = page.locator("#review-moves [data-frame]").last.get_attribute("data-frame")
        page.focus("#review-board")
        page.keyboard.press("End")  # the list scrolls to its last move, the page stays
        page.wait_for_selector(f'#review-board[data-frame="{last}"]')
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate(LIST_SCROLLED)
        assert outside_viewport(page, *parts) == []
        page.screenshot(path=str(ARTIFACTS / "study-review-1366x768.png"))
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_analysis_shows_every_plays_chances_ranked_within_one_depth(browser, server, lang):
    words = translations(lang)
    size = "phone" if lang in ("lt", "ru") else "desktop"
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, lang=lang)
    try:
        page.goto("/#/analyse")
        page.wait_for_selector("#analyse-board svg")
        page.select_option("#analyse-die-1", "5")
        page.select_option("#analyse-die-2", "4")
        page.select_option("#analyse-ply", "2")
        page.click("#analyse-go")
        page.wait_for_selector("#analyse-result [data-play]", timeout=240_000)
        groups = page.locator("#analyse-result .depth-group")
        plies = [int(g.get_attribute("data-ply")) for g in groups.all()]
        assert plies == sorted(plies, reverse=True) and len(set(plies)) == len(plies)
        assert plies[0] == 2
        assert len(plies) > 1  # the filters look deeper at a few plays only
        heading = words["analyse.ranked_at"].split("{")[0].strip()
        assert heading in groups.first.locator("h3").inner_text()
        for group in groups.all():
            rows = group.locator("tbody tr[data-play]").all()
            ranks = [r.get_attribute("data-rank") for r in rows]
            assert ranks == [str(n) for n in range(1, len(ranks) + 1)]  # ranked apart
            for row in rows:
                line = group.locator(f'tr[data-chances-of="{row.get_attribute("data-play")}"]')
                chances = line.locator(".chance").all_inner_texts()
                assert len(chances) == 5
                assert all(re.search(r" \d+\.\d%$", c) for c in chances), chances
                for key in ("analyse.win", "analyse.gammon", "analyse.backgammon"):
                    assert words[key] in line.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        table = groups.first.locator("table")
        assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth")
        assert page.locator("#analyse-result").inner_text().count(words["hint.unit"]) == 1
        page.screenshot(path=str(ARTIFACTS / f"study-analyse-{size}-{lang}.png"), full_page=True)
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def rated_player(browser, server) -> Iterator[str]:
    """A registered player with one rated long-nardy result against the computer."""
    page = new_page(browser, server, width=1280, height=800)
    try:
        register(page, "Graph Gita")
        page.select_option("#variant", "long-nardy")
        page.select_option("#match_to", "1")
        page.check("#opponent-computer")
        page.check("#rated")
        page.click("#create-table")
        wait_for_hash(page, "#/table/")
        page.wait_for_selector("#board svg")
        play_then_resign(page, plays=1)
        page.wait_for_selector('#board[data-over="1"]')
        me = page.evaluate("fetch('/api/me').then(r => r.json())")
        yield me["id"]
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_players_page_draws_the_rating_through_time(browser, server, rated_player, lang):
    words = translations(lang)
    size = "desktop" if lang == "en" else "phone"
    width, height = SIZES[size]
    page = new_page(browser, server, width=width, height=height, lang=lang)
    try:
        page.goto(f"/#/player/{rated_player}")
        page.wait_for_selector("#rating-graph svg")
        line = page.locator('#rating-graph polyline[data-variant="long-nardy"]')
        assert line.count() == 1
        assert len(line.get_attribute("points").split()) == 2  # where it started, and after
        svg = page.inner_html("#rating-graph svg")
        assert words["profile.axis_rating"] in svg and words["profile.axis_results"] in svg
        assert page.locator('#rating-legend [data-variant="long-nardy"]').count() == 1
        card = page.locator("#profile-rating-graph")
        assert words["profile.rating_graph"] in card.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if lang != "en":
            assert nothing_left(page, lang, {"Graph Gita", "Graph", "Gita"}) == []
        card.screenshot(path=str(ARTIFACTS / f"study-rating-graph-{size}-{lang}.png"))
    finally:
        page.context.close()
