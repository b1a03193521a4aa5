"""Tournaments in the browser: the list (in the lobby and on its own page), creating one,
its page with the players, standings and pairings, the house computer filling seats, and
the note that takes a player to their match from anywhere on the site; at desktop and
phone sizes, and in every language.

Screenshots go to artifacts/ (tournament-*)."""

from __future__ import annotations

import pytest
from test_web_rules_and_players import nothing_left

from conftest import (
    ARTIFACTS,
    needs_browser,
    new_page,
    sign_in,
    translations,
    wait_for_hash,
    wait_for_lang,
)

pytestmark = needs_browser


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_one_person_runs_a_tournament_with_the_computer(browser, server, size: str) -> None:
    page = new_page(browser, server, size=size)
    sign_in(page, f"Host {size}")
    page.goto("/#/tournaments")
    page.fill("#tournament-name", f"Night cup {size}")
    page.select_option("#tournament-format", "knockout")
    page.click("#tournament-create")
    wait_for_hash(page, "#/tournament/")
    tournament_id = page.evaluate("location.hash.split('/')[2]")
    page.click("#tournament-join")
    for count in (2, 3, 4):
        page.click("#tournament-computer")
        page.wait_for_selector(f"#tournament-standings tbody tr:nth-child({count})")
    # the computers are named from their levels (the players' "computer"), numbered
    words = translations("en")
    computer = words["table.computer_n"].replace("{level}", words["level.expert"])
    standings = page.inner_text("#tournament-standings")
    assert all(computer.replace("{n}", str(k)) in standings for k in (1, 2, 3)), standings
    page.goto("/#/")
    page.wait_for_selector(f"#lobby-tournaments [data-tournament='{tournament_id}']")
    page.goto(f"/#/tournament/{tournament_id}")
    page.click("#tournament-start")
    page.wait_for_selector(".tournament-round[data-round='1'] li.mine a")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tournament-{size}.png"), full_page=True)
    page.goto("/#/ratings/backgammon")  # elsewhere on the site: the note follows the player
    page.wait_for_selector("#tournament-ready-link")
    page.click("#tournament-ready-link")
    wait_for_hash(page, "#/table/")
    page.wait_for_selector("#tournament-ready", state="hidden")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["pl", "lt", "ru"])
def test_the_tournament_pages_speak_every_language(browser, server, lang: str) -> None:
    page = new_page(browser, server)
    sign_in(page, "Wanda")
    page.select_option("#lang-select", lang)
    wait_for_lang(page, lang)
    page.goto("/#/tournaments")
    page.wait_for_selector("#tournament-form")
    assert page.inner_text("#tournaments h1") == translations(lang)["tournaments.title"]
    listed = page.request.get("/api/tournaments").json()["tournaments"]
    names = {"Wanda"} | {t["name"] for t in listed}
    assert nothing_left(page, lang, names) == []
    page.click("#tournament-create")
    wait_for_hash(page, "#/tournament/")
    page.wait_for_selector("#tournament-join")
    assert nothing_left(page, lang, names) == []
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
