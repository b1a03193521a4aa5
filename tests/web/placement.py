"""Where things are on the page, for the browser tests: measured, never clicked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the tests are skipped where Playwright is missing
    from playwright.sync_api import Page


def box_of(locator: Any) -> dict[str, float]:
    """``locator``'s bounding box, once it has one: the board is drawn again with every
    state, and an element measured while it is being replaced has none for a moment."""
    for _ in range(200):
        box = locator.bounding_box()
        if box is not None:
            return dict(box)
        locator.page.wait_for_timeout(50)
    raise AssertionError(f"{locator} is never shown")


OUTSIDE = """(selectors) => {
  const out = [];
  const W = window.innerWidth, H = window.innerHeight;
  const wide = document.documentElement.scrollWidth;
  if (wide > W + 1) out.push(`page is ${wide} px wide`);
  for (const s of selectors) {
    const el = document.querySelector(s);
    if (!el) { out.push(`${s}: missing`); continue; }
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) out.push(`${s}: not shown`);
    else if (r.top < -1 || r.left < -1 || r.bottom > H + 1 || r.right > W + 1) {
      const [a, b, c, d] = [r.left, r.top, r.right, r.bottom].map(Math.round);
      out.push(`${s}: ${a},${b} to ${c},${d} outside ${W}×${H}`);
    }
  }
  return out;
}"""


def outside_viewport(page: Page, *selectors: str) -> list[str]:
    """The selectors whose element is not wholly inside the window at the top of the page
    (without scrolling), and the page itself if it scrolls sideways."""
    page.evaluate("window.scrollTo(0, 0)")
    return list(page.evaluate(OUTSIDE, list(selectors)))


TABLE_PARTS = ("#board svg", ".player.them", ".player.me", "#status", "#controls")
"""What a player needs in sight at the table."""
