"""Other programs' formats in the browser (INTERFACES.md §10): the review and replay pages
offer the match as .mat and .sgf and show each position's XGID and gnubg ID to copy, and
the analysis page reads a pasted XGID."""

from __future__ import annotations

from pathlib import Path

from test_web_review import finish_and_review

from conftest import needs_browser

pytestmark = needs_browser

XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"


def download(page, selector: str) -> str:
    with page.expect_download() as started:
        page.click(selector)
    return Path(started.value.path()).read_text(encoding="utf-8")


def test_review_and_replay_export_the_match_and_show_the_ids(page):
    table = finish_and_review(page, "Exporter")
    sgf = download(page, "#export-links a[data-export='sgf']")
    assert sgf.startswith("(;FF[4]GM[6]") and "Exporter]" in sgf
    review = page.evaluate(f"fetch('/api/tables/{table}/review').then(r => r.json())")["review"]
    kinds = ("move", "double", "take")  # a resignation's answer has no node in gnubg's .sgf
    marked = [
        d for g in review["games"] for d in g["decisions"] if d["mark"] and d["kind"] in kinds
    ]
    assert page.locator("#review-moves [data-mark]").count() >= len(marked) > 0
    assert len(marked) == sum(sgf.count(tag) for tag in ("DO[]", "BM[", "DC[]", "BC["))
    assert " point match" in download(page, "#export-links a[data-export='mat']")
    ids = page.evaluate(f"fetch('/api/tables/{table}/positions').then(r => r.json())")
    page.click("#review-moves [data-frame='2']")
    page.wait_for_selector("#position-xgid")
    frame = page.get_attribute("#review-board", "data-frame")
    assert frame == "2"
    shown = page.input_value("#position-xgid")
    assert shown.startswith("XGID=") and shown in [e and e["xgid"] for e in ids["games"][0]]
    assert ":" in page.input_value("#position-gnubg")
    page.click("[data-copy='position-xgid']")
    page.wait_for_selector("#toast.show")
    page.goto(f"/#/replay/{table}")
    page.wait_for_selector("#replay-board svg")
    page.click('[data-nav="next"]')
    page.click('[data-nav="next"]')
    page.wait_for_selector("#position-gnubg")
    assert page.input_value("#position-gnubg") in [e and e["gnubg"] for e in ids["games"][0]]
    assert download(page, "#export-links a[data-export='sgf']") == sgf


def test_the_analysis_page_reads_a_pasted_xgid(page):
    page.goto("/#/analyse")
    page.wait_for_selector("#analyse-board svg")
    page.select_option("#analyse-die-1", "0")  # no dice chosen here: the XGID's 3-1 count
    page.select_option("#analyse-ply", "0")
    page.fill("#analyse-text", XGID_31)
    page.click("#analyse-go")
    page.wait_for_selector("#analyse-result [data-play]")
    assert "8/5 6/5" in page.inner_text("#analyse-result [data-play='0']")
    page.fill("#analyse-text", "XGID=nonsense")
    page.click("#analyse-go")
    page.wait_for_selector("#toast.show")
    assert "XGID" in page.inner_text("#toast")
