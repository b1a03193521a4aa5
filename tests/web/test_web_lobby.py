"""The home page (RULES.md S1, S2): one click starts a game against the
computer under a made-up guest name that can be changed; the board and the quick game
come first, then your games and the open tables, then the custom form; the form offers
only the settings that apply and names long nardy's length a series; a table opens from
its pasted link; a game against the computer waits for its player and the lobby lists it
under "your games", while between people the grace decides."""

from __future__ import annotations

import re
from typing import Any

from placement import outside_viewport

from conftest import (
    act_once,
    board_n,
    create_table,
    needs_browser,
    new_page,
    open_custom_form,
    resign_to_end,
    sign_in,
    translations,
    wait_change,
    wait_for_hash,
    wait_my_move,
)
from nardy.bot.agents.measured import measured
from nardy.variants import BACKGAMMON, LONG_NARDY

pytestmark = needs_browser

EN = translations("en")


def state_of(page, table: str) -> dict[str, Any]:
    return page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")


def first_turn(page, table: str) -> int:
    """The seat that acts first at ``table``, once its opening roll has settled it (the
    roll waits for the players' contributions to the dice, so a table both have just
    joined may have no turn yet)."""
    for _ in range(600):  # polls of the table's state
        turn = state_of(page, table)["turn"]
        if turn is not None:
            return int(turn)
        page.wait_for_timeout(50)
    raise AssertionError("the opening roll never came")


def table_id(page) -> str:
    wait_for_hash(page, "#/table/")
    return page.url.rsplit("/", 1)[-1]


def test_one_click_plays_the_computer_under_a_guest_name_that_can_be_changed(sized, size):
    page = sized
    page.goto("/")
    page.wait_for_selector("#quick-play")
    # the first screen shows a board and the button, before any form
    assert outside_viewport(page, ".hero-board svg", "#quick-play") == []
    page.click("#quick-play")
    table = table_id(page)
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#status:not(:empty)")
    state = state_of(page, table)
    guest = state["seats"][state["you"]]
    assert re.fullmatch(r"Guest \d{4}", guest), guest
    assert state["seats"][1 - state["you"]].startswith("computer (")
    assert state["settings"]["match_to"] == 1 and state["settings"]["cube"] is False
    # back in the lobby the game waits under "your games"; the name can be changed
    page.goto("/")
    page.wait_for_selector(f'#my-tables [data-continue="{table}"]')
    page.fill("#rename-input", "Ala Nowak")
    page.click("#rename-save")
    page.locator("#who:text-is('Ala Nowak')").wait_for(state="attached")
    page.click(f'[data-continue="{table}"]')
    page.wait_for_selector(".player.me .name:text('Ala Nowak')")


def test_your_games_and_the_tables_come_before_the_custom_form(sized, size):
    page = sized
    sign_in(page, "Orderly")
    page.goto("/")
    page.wait_for_selector("#tables")
    tops = page.evaluate(
        "['#quick-play', '#tables-title', '#custom-game']"
        ".map((s) => document.querySelector(s).getBoundingClientRect().top)"
    )
    quick, tables, custom = tops
    assert quick < custom and tables < custom, tops
    if size != "desktop":  # one column: play, the lists, then the form
        assert quick < tables < custom


def label_of(page, control: str) -> str:
    return page.inner_text(f'label[for="{control}"]')


def test_the_form_offers_only_the_settings_that_apply(sized, size):
    page = sized
    sign_in(page, "Former")
    open_custom_form(page)
    page.select_option("#variant", "backgammon")
    page.select_option("#match_to", "5")
    assert page.is_checked("#cube") and page.locator("#crawford").count() == 1
    page.uncheck("#cube")
    assert page.locator("#crawford").count() == 0  # no Crawford without a cube (B8)
    page.check("#cube")
    page.select_option("#match_to", "0")
    assert page.locator("#crawford").count() == 0  # nor in money play
    assert page.locator("#jacoby").count() == 1 and page.locator("#auto_doubles").count() == 1
    page.select_option("#match_to", "1")
    assert page.locator("#cube").count() == 0  # a one-point match has no cube
    assert page.locator("#jacoby").count() == 0
    page.select_option("#variant", "long-nardy")
    assert label_of(page, "match_to") == EN["create.series_to"]
    page.select_option("#match_to", "3")
    page.check("#opponent-computer")
    page.click("#create-table")
    table = table_id(page)
    page.wait_for_selector(".table-summary:not(:empty)")
    assert page.inner_text(".table-summary").startswith(EN["summary.series_to"].format(n=3))
    assert state_of(page, table)["settings"]["match_to"] == 3


def test_a_one_point_match_never_offers_the_cube(sized, size):
    """A one-point match is won by any game: there is nothing to double for, so the form
    sends no cube and the table never offers to double."""
    page = sized
    sign_in(page, "Single")
    table = create_table(page, "backgammon", match_to=1, seat="0")
    assert state_of(page, table)["settings"]["cube"] is False
    rolls = 0
    for _ in range(500):  # rounds of clicking, each waiting on the board
        if rolls >= 3 or page.get_attribute("#board", "data-over") == "1":
            break
        assert page.locator('[data-action="double"]').count() == 0
        assert page.locator("#board [data-cube]").count() == 0
        n = board_n(page)
        done = act_once(page)
        rolls += done == "roll"
        if done is None:  # the computer is to act: wait for its state
            wait_change(page, n)
    assert rolls >= 3 or page.get_attribute("#board", "data-over") == "1", "no three rolls"


def test_a_pasted_link_opens_the_table(sized, size):
    page = sized
    sign_in(page, "Linker")
    table = create_table(page, "dutch", match_to=1)
    link = page.url
    page.goto("/")
    page.fill("#watch-id", f"  look: {link}  ")
    page.press("#watch-id", "Enter")
    wait_for_hash(page, f"#/table/{table}", exact=True)
    page.goto("/")
    page.fill("#watch-id", "no table here")
    page.press("#watch-id", "Enter")
    page.wait_for_selector("#toast.show")
    assert page.inner_text("#toast") == EN["lobby.bad_link"]


def test_a_game_against_the_computer_waits_and_the_lobby_keeps_it(browser, quick_server, size):
    """On a server whose grace is three seconds: a person who leaves a game
    against the computer finds it waiting under "your games"; between people, a match the
    one who left never played is aborted when the grace is over (docs/PROTOCOL.md)."""
    solo = new_page(browser, quick_server, size=size)
    ala = new_page(browser, quick_server)
    bob = new_page(browser, quick_server)
    try:
        solo.goto("/")
        solo.click("#quick-play")
        waiting = table_id(solo)
        wait_my_move(solo)
        sign_in(ala, "Ala")
        people = create_table(ala, "backgammon", opponent="open", match_to=1, seat="0")
        sign_in(bob, "Bob")
        bob.wait_for_selector(f'[data-join="{people}"]')
        bob.click(f'[data-join="{people}"]')
        bob.wait_for_selector("#board svg")
        actor = first_turn(ala, people)
        leaver, stayer = (ala, bob) if actor == 0 else (bob, ala)
        solo.goto("/")  # leaves the table for the lobby
        leaver.goto("about:blank")
        stayer.locator("#status", has_text=EN["table.match_aborted"]).wait_for(timeout=20_000)
        assert state_of(stayer, people)["status"] == "aborted"
        # the game against the computer still waits, listed as the player's own
        solo.wait_for_selector(f'#my-tables [data-continue="{waiting}"]')
        assert state_of(solo, waiting)["status"] == "playing"
        solo.click(f'[data-continue="{waiting}"]')
        wait_my_move(solo)
        assert solo.locator("[data-source]").count() > 0
        for page in (solo, ala, bob):
            assert not page.errors  # type: ignore[attr-defined]
    finally:
        for page in (solo, ala, bob):
            page.context.close()


def test_a_finished_game_leaves_your_games(sized, size):
    page = sized
    sign_in(page, "Finisher")
    table = create_table(page, "long-nardy", match_to=1)
    page.goto("/")
    page.wait_for_selector(f'#my-tables [data-continue="{table}"]')
    page.click(f'[data-continue="{table}"]')
    page.wait_for_selector("#board svg")
    resign_to_end(page)
    page.goto("/")
    page.wait_for_selector("#tables")
    assert page.locator(f'#my-tables [data-continue="{table}"]').count() == 0


def test_each_computer_level_says_how_strong_it_was_measured(browser, server):
    """The lobby says honestly how strong each level is — the shipped figure (docs/STRENGTH.md),
    against its opponent, in the reader's language; a level changed shows its own."""
    backgammon = measured(BACKGAMMON)
    expert, advanced = backgammon["expert"], backgammon["advanced"]
    beginner = measured(LONG_NARDY)["beginner"]
    page = new_page(browser, server)
    page.goto("/")
    page.wait_for_selector("#quick-level")
    page.select_option("#quick-level", "expert")
    line = page.inner_text("#quick-strength")
    assert EN["opponent.pubeval"] in line, line
    assert f"{expert.points:+.2f}" in line and f"{expert.games:,}" in line, line
    page.select_option("#quick-level", "advanced")
    line = page.inner_text("#quick-strength")
    assert EN["opponent.gnubg0"] in line and f"{advanced.games:,}" in line, line
    # the custom form's level says it too, for the variant chosen there
    sign_in(page, "Measurer")
    open_custom_form(page)
    page.select_option("#variant", "long-nardy")
    page.check("#opponent-computer")
    page.select_option("#level", "beginner")
    line = page.inner_text("#level-strength")
    share = f"{100 * beginner.wins:.1f}".removesuffix(".0") + "%"  # as Intl's percent, 1 digit
    assert EN["opponent.heuristic"] in line and share in line, line
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
    polish = new_page(browser, server, lang="pl-PL")
    polish.goto("/")
    polish.wait_for_selector("#quick-level")
    polish.select_option("#quick-level", "expert")
    line = polish.inner_text("#quick-strength")
    pl = translations("pl")
    assert line.startswith(pl["level.measured"].split("{")[0]), line
    assert f"{expert.points:+.2f}".replace(".", ",") in line, line
    assert not polish.errors, polish.errors  # type: ignore[attr-defined]
    polish.context.close()
