"""The pages around the board: languages, orientation, the phone layout, replay, dice
verification, contrast; and the translation files themselves (no browser needed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from placement import box_of

from conftest import (
    ARTIFACTS,
    STATIC,
    create_table,
    needs_browser,
    new_page,
    play_some,
    play_then_resign,
    sign_in,
    translations,
    wait_for_lang,
)
from nardy.server.protocol import refusals

LANGUAGES = ["en", "pl", "lt", "ru"]


# -- translation files (no browser)


def test_every_language_has_every_key():
    english = translations("en")
    for code in LANGUAGES:
        assert set(translations(code)) == set(english), code


def test_every_key_the_client_uses_is_translated():
    english = translations("en")
    used: set[str] = set()
    for path in [*STATIC.rglob("js/**/*.js"), STATIC / "index.html"]:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\("([a-z_]+\.[a-z0-9_.-]+)"', text))
        used |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([a-z_]+\.[a-z0-9_.-]+)"', text))
    assert used, "no keys found"
    assert not used - set(english), sorted(used - set(english))


def test_every_refusal_code_is_translated():
    """docs/PROTOCOL.md, Refusals: the page says each code of the server in its words."""
    codes = {kind.code for kind in vars(refusals).values() if isinstance(kind, refusals.Refusal)}
    codes |= {refusals.BAD_MESSAGE, *refusals.RULES.values()}
    missing = {f"error.{code}" for code in codes} - set(translations("en"))
    assert not missing, sorted(missing)


def test_the_variant_names_players_use():
    assert translations("pl")["variant.long-nardy"] == "Długie nardy"
    assert translations("ru")["variant.long-nardy"] == "Длинные нарды"
    assert translations("lt")["variant.long-nardy"] == "Ilgieji nardai"
    assert translations("pl")["variant.dutch"] == "Holenderski tryktrak"
    assert translations("lt")["variant.dutch"] == "Olandiški nardai"
    assert translations("ru")["variant.dutch"] == "Голландский триктрак"


# -- in the browser

ALLOWED_LATIN = {
    *("JSON", "mat", "SHA", "HMAC", "WebCrypto", "HTTPS", "PR"),
    *("English", "Polski", "Lietuvių"),
    *("GNU", "Backgammon", "pubeval"),  # the opponents a level's strength was measured against
}


def english_left(page, names: set[str]) -> list[str]:
    """English strings of the translation files still visible on the page (other
    people's names, which the lobby lists with their games, are no translation)."""
    text = page.evaluate(
        """() => {
          const names = [...document.querySelectorAll('[data-names]')];
          names.forEach((e) => { e.style.visibility = 'hidden'; });
          const text = document.body.innerText;
          names.forEach((e) => { e.style.visibility = ''; });
          return text;
        }"""
    )
    for name in sorted(names, key=len, reverse=True):  # "Rated Rita" is a name, not "Rated"
        text = text.replace(name, " ")
    english = translations("en")
    russian = translations("ru")
    left = []
    for key, value in english.items():
        if key.startswith("language.") or russian[key] == value:
            continue
        plain = re.sub(r"\{\w+\}", "", value).strip(" .:…")
        for part in re.split(r"[{}()]", plain):
            part = part.strip(" .:…,")
            wordy = len(part) >= 4 and re.search(r"[A-Za-z]{3}", part)
            if wordy and part not in ALLOWED_LATIN and part in text:
                left.append(f"{key}: {part}")
    words = set(re.findall(r"[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f-]+", text)) - ALLOWED_LATIN
    for name in names:
        words -= set(re.findall(r"[A-Za-z][A-Za-z-]+", name))
    left += [f"latin word: {w}" for w in sorted(words)]
    return left


@needs_browser
def test_switching_to_russian_leaves_no_english(browser, server):
    page = new_page(browser, server)
    try:
        sign_in(page, "Vera")
        page.select_option("#lang-select", "ru")
        wait_for_lang(page, "ru")
        # the lobby lists other tests' games to watch: their players' names are not English
        listed = page.request.get("/api/tables").json()
        players = {"Vera"} | {n for t in listed for n in t["seats"] if n and "computer" not in n}
        assert english_left(page, players) == []
        page.click("#settings-open")
        assert english_left(page, players) == []
        page.keyboard.press("Escape")
        create_table(page, "long-nardy", match_to=1)
        page.wait_for_selector("#status:not(:empty)")
        names = {"Vera"}
        assert english_left(page, names) == []
        page.screenshot(path=str(ARTIFACTS / "table-long-nardy-ru.png"), full_page=True)
        # And back: the language is remembered and every string follows.
        page.select_option("#lang-select", "pl")
        wait_for_lang(page, "pl")
        assert "Długie nardy" in page.inner_text("h1")
    finally:
        page.context.close()


@needs_browser
def test_language_comes_from_the_browser(browser, server):
    page = new_page(browser, server, lang="lt-LT")
    try:
        page.goto("/")
        page.wait_for_selector("#guest-name")
        assert page.evaluate("document.documentElement.lang") == "lt"
        assert translations("lt")["lobby.play_guest"] in page.inner_text("#play-guest")
    finally:
        page.context.close()


def point_x(page, point: int) -> float:
    box = box_of(page.locator(f'#board [data-place="{point}"]'))
    return float(box["x"])


@needs_browser
def test_orientation_setting_mirrors_the_board(page):
    sign_in(page, "Mirror")
    create_table(page, "backgammon", match_to=1)
    page.wait_for_selector('#board [data-place="1"]')
    assert point_x(page, 1) > point_x(page, 12)  # home board bottom right (S4)
    page.click("#settings-open")
    page.check('input[name="orientation"][value="left"]')
    page.click("#settings button[value=close]")
    page.wait_for_selector('#board[data-mirror="1"]')
    assert point_x(page, 1) < point_x(page, 12)  # bottom left
    page.locator("#board").screenshot(path=str(ARTIFACTS / "board-backgammon-mirrored.png"))
    page.click("#settings-open")
    page.check('input[name="orientation"][value="right"]')
    page.check('input[name="switch_sides"]')
    page.click("#settings button[value=close]")
    page.wait_for_selector('#board[data-mirror="0"]')  # game 1 keeps the chosen side


@needs_browser
def test_a_phone_gets_the_whole_board_without_scrolling_sideways(browser, server):
    page = new_page(browser, server, width=375, height=740)
    try:
        sign_in(page, "Phone")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        create_table(page, "backgammon", match_to=1)
        page.wait_for_selector("#status:not(:empty)")
        box = box_of(page.locator("#board svg"))
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.screenshot(path=str(ARTIFACTS / "phone-table.png"), full_page=True)
        play_then_resign(page)
    finally:
        page.context.close()


@needs_browser
def test_replay_and_dice_check_after_a_match(page):
    sign_in(page, "Replayer")
    table = create_table(page, "dutch", match_to=1)
    play_then_resign(page)
    page.click("[data-result] a[href^='#/replay/']")
    page.wait_for_selector("#replay-board svg")
    counter = page.inner_text("#replay-counter")
    total = int(counter.split("/")[1])
    assert total > 3
    page.click('[data-nav="next"]')
    page.click('[data-nav="next"]')
    assert page.inner_text("#replay-counter").startswith("3")
    page.click('[data-nav="last"]')
    assert page.inner_text("#replay-counter") == f"{total} / {total}"
    page.locator("#replay-board").screenshot(path=str(ARTIFACTS / "replay-dutch-end.png"))
    page.goto(f"/#/dice/{table}")
    page.wait_for_selector('[data-check="server"]')
    for check in ("browser-games", "server"):
        assert page.locator(f'[data-check="{check}"] .ok').count() == 1, check
    assert page.locator('li[data-game="1"][data-state="ok"]').count() == 1
    # The browser sent its own random contribution (32 bytes in hex) before the first roll.
    doc = json.loads(page.input_value("#dice-doc"))
    mine = [c for c in doc["games"][0]["contributions"] if c["from"] == "player"]
    assert len(mine) == 1 and re.fullmatch(r"[0-9a-f]{64}", mine[0]["value"]), doc["games"][0]
    # A changed contribution is caught in the browser and by the server.
    mine[0]["value"] = (
        "0" + mine[0]["value"][1:] if mine[0]["value"][0] != "0" else "1" + mine[0]["value"][1:]
    )
    page.fill("#dice-doc", json.dumps(doc))
    page.click("#dice-doc-check")
    page.wait_for_selector('[data-check="server"] .bad')
    assert page.locator('[data-check="browser-games"] .bad').count() == 1
    assert page.locator('li[data-game="1"][data-state="bad"]').count() == 1


@needs_browser
def test_dice_statistics_page_in_every_language(page):
    sign_in(page, "Vera")
    create_table(page, "backgammon", match_to=1)
    page.wait_for_selector("#status:not(:empty)")  # the roll-off is served: rolls to count
    page.goto("/#/dice-stats")
    page.wait_for_selector("#stats-test")
    assert page.locator("#stats-outcomes tr[data-roll]").count() == 21
    served = page.evaluate("fetch('/api/dice/stats').then((r) => r.json())")
    total = served["outcomes"]["rolls"]
    assert total > 0 and str(total) in page.inner_text("#stats-total")
    shown = sum(
        int(page.inner_text(f'tr[data-roll="{a}-{b}"] td.num >> nth=0'))
        for a in range(1, 7)
        for b in range(a, 7)
    )
    assert shown == total
    p_value = served["outcomes"]["p_value"]
    assert f"{p_value:.4f}" in page.inner_text("#stats-test")
    for code in ("pl", "lt", "ru"):
        page.select_option("#lang-select", code)
        page.wait_for_selector(f"html[lang='{code}']", state="attached")
        assert translations(code)["stats.title"] in page.inner_text("h1")
        assert page.locator("#stats-outcomes tr[data-roll]").count() == 21
    assert english_left(page, {"Vera"}) == []
    page.select_option("#lang-select", "en")


CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")


@needs_browser
def test_text_contrast_meets_wcag_aa(page):
    sign_in(page, "Contrast")
    assert page.evaluate(CONTRAST) == []
    create_table(page, "backgammon", match_to=1)
    page.wait_for_selector("#status:not(:empty)")
    assert page.evaluate(CONTRAST) == []


@needs_browser
def test_S4_switch_sides_mirrors_game_2_and_the_last_result_is_shown(browser, server):
    """A 3-point long-nardy series with "switch sides after each game": game 1 with the home
    board on the right, game 2 mirrored. Resigning after a first play (LN9; before it the
    match would be aborted) ends game 1; between games the table says how it ended, and the
    loser starts game 2 with white (LN11)."""
    page = new_page(browser, server, prefs={"switch_sides": True})
    try:
        sign_in(page, "Switcher")
        create_table(page, "long-nardy", match_to=3)
        page.wait_for_selector('#board[data-mirror="0"]')
        assert point_x(page, 1) > point_x(page, 12)
        assert play_some(page, plays=1)
        page.click('[data-action="resign"]')
        page.click('[data-action="resign-1"]')
        page.wait_for_selector('[data-last-result="1"]')
        page.wait_for_selector('#board[data-mirror="1"]')
        assert point_x(page, 1) < point_x(page, 12)
        banner = page.inner_text('[data-last-result="1"]')
        assert "Switcher" not in banner.split(".")[1]  # the computer won game 1
        # LN11 (the loser starts) and LN7 (the starter plays white).
        page.wait_for_selector(".player.me .chip.light")
        assert page.locator(".player.them .chip.dark").count() == 1
        page.screenshot(path=str(ARTIFACTS / "table-long-nardy-game-2.png"), full_page=True)
    finally:
        page.context.close()


CUT = """() => {
  // Words cut off (content wider than its box) or labels wrapped onto a second line.
  const out = [];
  const lines = (el) => {
    const bottoms = new Set();
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 1) bottoms.add(Math.round(r.bottom));
    }
    return bottoms.size;
  };
  const shown = (el) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const labels = 'button, a.button, label, select, .tag, .badge, h1, h2, .table-summary, .status';
  const oneLine = 'button, a.button, .tag, .badge, select, .chip-choice span';
  for (const el of document.querySelectorAll(`${labels}, .chip-choice span`)) {
    if (!shown(el) || el.closest('#toast, dialog:not([open]), .sr-only')) continue;
    const text = (el.innerText || '').trim().slice(0, 40);
    if (el.scrollWidth > el.clientWidth + 1) out.push(`cut: ${text}`);
    if (el.matches(oneLine) && lines(el) > 1) out.push(`wraps: ${text}`);
  }
  return out;
}"""


@needs_browser
def test_russian_labels_are_whole_at_every_size(browser, server, size):
    """Item 8: no Russian label is cut off or wraps ("Настройки" on a phone), in the
    lobby, the settings and at the table."""
    page = new_page(browser, server, size=size, lang="ru-RU")
    try:
        sign_in(page, "Вера")
        wait_for_lang(page, "ru")
        assert page.evaluate(CUT) == []
        page.click("#settings-open")
        assert page.evaluate(CUT) == []
        page.keyboard.press("Escape")
        create_table(page, "long-nardy", match_to=3)
        page.wait_for_selector("#status:not(:empty)")
        assert page.evaluate(CUT) == []
        page.screenshot(path=str(ARTIFACTS / f"table-long-nardy-ru-{size}.png"))
        box = box_of(page.locator("#settings-open"))
        assert box["height"] <= 44
    finally:
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_long_nardy_words_as_russian_players_write_them():
    """Item 8: a single win in long nardy is "ойн" in Russian (and a double one "марс")."""
    ru = translations("ru")
    assert ru["result.oin"] == "ойн" and ru["create.scoring_oin"].startswith("Ойн ")
    assert ru["result.mars"] == "марс"
    assert not any("оин" in value.lower() for value in ru.values())


def test_the_readme_opens_with_a_picture_of_the_board():
    root = STATIC.parents[3]
    first = (root / "README.md").read_text(encoding="utf-8").splitlines()[:4]
    assert any(re.fullmatch(r"!\[[^\]]+\]\(docs/board\.png\)", line) for line in first), first
    picture = (root / "docs" / "board.png").read_bytes()
    assert picture.startswith(b"\x89PNG\r\n\x1a\n") and len(picture) < 200_000
