"""The rules pages: every game in every language, nothing left in another language, every
rule of the game taught, every diagram drawn from the engine, every link answering.

The checks read the served HTML back with the standard library's parser: the visible text
(with the diagrams' words), the sections' rule IDs, the diagrams' checkers and the links.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nardy.rulebook import diagrams
from nardy.rulebook.pages import LANGUAGES, PAGES, render, texts
from nardy.rulebook.scenes import Scene
from nardy.server.app import create_app
from nardy.server.http.rules_pages import page as rules_page
from nardy.server.store.database import Store

ROOT = Path(__file__).resolve().parents[2]
SLUGS = list(PAGES)


class Page(HTMLParser):
    """What a rules page shows: its text by language, rule IDs, diagrams and links."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.lang = ""
        self.langs: list[str] = []
        self.text: list[str] = []
        self.rules: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.figures: list[str] = []
        self.stacks: dict[str, list[tuple[str, str, int]]] = {}
        self.settings: list[str] = []
        self.skip = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = found["lang"]
        self.langs.append(found.get("lang", self.langs[-1] if self.langs else ""))
        if tag in ("style", "script"):
            self.skip += 1
        if "id" in found:
            self.ids.add(found["id"])
        if "data-rules" in found:
            self.rules += found["data-rules"].split()
        if "href" in found:
            self.links.append(found["href"])
        if "data-figure" in found:
            self.figures.append(found["data-figure"])
            self.stacks[found["data-figure"]] = []
        if "data-place" in found and self.figures:
            place = (found["data-place"], found["data-side"], int(found["data-count"]))
            self.stacks[self.figures[-1]].append(place)
        if "data-setting" in found:
            self.settings.append(found["data-setting"])
        if tag == "meta" and found.get("name") == "description":
            self.text.append(found["content"])

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skip -= 1
        if self.langs:
            self.langs.pop()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_data(self, data: str) -> None:
        own = not self.langs or self.langs[-1] in ("", self.lang)
        if data.strip() and not self.skip and own:
            self.text.append(" ".join(data.split()))

    @property
    def words(self) -> str:
        return " ".join(self.text)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Store("sqlite://"))) as http:
        yield http


@pytest.fixture(scope="module")
def pages(client: TestClient) -> dict[tuple[str, str], Page]:
    found = {}
    for slug in SLUGS:
        for lang in LANGUAGES:
            reply = client.get(f"/rules/{slug}", params={"lang": lang})
            assert reply.status_code == 200, (slug, lang)
            found[slug, lang] = Page(reply.text)
    return found


# -- the words


def keys(doc: Any, prefix: str = "") -> set[str]:
    if isinstance(doc, dict):
        return set().union(*(keys(v, f"{prefix}{k}.") for k, v in doc.items())) or {prefix}
    return {prefix.rstrip(".")}


def test_every_language_has_exactly_the_english_keys():
    english = keys(texts("en").doc)
    for lang in LANGUAGES:
        assert keys(texts(lang).doc) == english, lang


def marks(text: str) -> list[str]:
    return re.findall(r"\{figure:[a-z0-9-]+\}|\]\((?:page:[a-z-]+|/)\)|\{\w+\}", text)


def test_every_translation_places_the_same_diagrams_links_and_blanks():
    def walk(doc: Any, path: str = "") -> Iterator[tuple[str, str]]:
        for key, value in doc.items():
            if isinstance(value, dict):
                yield from walk(value, f"{path}{key}.")
            else:
                yield f"{path}{key}", value

    english = dict(walk(texts("en").doc))
    for lang in LANGUAGES:
        for key, value in walk(texts(lang).doc):
            assert marks(value) == marks(english[key]), (lang, key)
            assert value.count("**") == english[key].count("**"), (lang, key)


ENGLISH_WORDS = {"the", "and", "with", "when", "which", "your", "you", "is", "of", "that", "are"}
POLISH_WORDS = {"się", "jest", "oraz", "który", "gdy", "tylko", "może", "nie"}
LITHUANIAN_WORDS = {"yra", "ir", "kad", "jei", "arba", "tik", "gali", "kai", "nėra"}
LETTERS = {
    "pl": "ąćęłńóśźż",
    "lt": "ąčęėįšųūž",
}
LATIN_IN_RUSSIAN = {"nardy"}


def test_no_text_is_left_in_another_language(pages: dict[tuple[str, str], Page]):
    for (slug, lang), page in pages.items():
        text = page.words
        words = set(re.findall(r"[^\W\d_]+", text.lower()))
        where = f"{slug} in {lang}"
        assert page.lang == lang, where
        if lang != "ru":
            assert not re.search(r"[а-яё]", text, re.IGNORECASE), where
        if lang != "en":
            assert not words & ENGLISH_WORDS, (where, words & ENGLISH_WORDS)
        if lang == "en":
            assert not re.search(f"[{LETTERS['pl']}{LETTERS['lt']}]", text), where
        if lang != "pl":
            assert not words & POLISH_WORDS, (where, words & POLISH_WORDS)
            assert not re.search("[ćłńóśź]", text), where
        if lang != "lt":
            assert not words & LITHUANIAN_WORDS, (where, words & LITHUANIAN_WORDS)
            assert not re.search("[čėįšųū]", text), where
        if lang == "ru":
            latin = set(re.findall(r"[A-Za-z]+", text)) - LATIN_IN_RUSSIAN
            assert not latin, (where, sorted(latin))


def test_no_sentence_of_one_language_is_on_another_languages_page(pages):
    """Beyond single words: no run of text (12 characters or more, not only numbers and
    game names) of one language's page appears on another's."""
    names = {texts(lang)[f"game.{slug}.name"] for lang in LANGUAGES for slug in SLUGS}
    for slug in SLUGS:
        runs = {
            lang: {
                t
                for t in pages[slug, lang].text
                if len(t) >= 12 and t not in names and re.search(r"[^\W\d_]{4}", t)
            }
            for lang in LANGUAGES
        }
        for lang in LANGUAGES:
            for other in LANGUAGES:
                if other != lang:
                    assert not runs[lang] & runs[other], (slug, lang, other)


# -- what the pages teach

RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
TAUGHT = {
    "backgammon": ("C1-C7", "B1-B9"),
    "nackgammon": ("C1-C7", "B1-B9"),
    "long-nardy": ("C1-C7", "LN1-LN11"),
    "dutch": ("C1-C7", "D1-D7"),
    "chouette": ("CH1-CH8",),
}


def expand(span: str) -> set[str]:
    first, last = span.split("-")
    group = first.rstrip("0123456789")
    return {f"{group}{n}" for n in range(int(first[len(group) :]), int(last[len(group) :]) + 1)}


@pytest.mark.parametrize("slug", SLUGS)
def test_each_page_teaches_every_rule_of_its_game_and_the_site(slug, pages):
    page = pages[slug, "en"]
    wanted = set().union(*(expand(span) for span in TAUGHT[slug]), expand("S1-S6") - {"S1"})
    assert wanted <= set(page.rules) | {"S1"}, sorted(wanted - set(page.rules))
    assert "S1" in page.rules  # the settings
    for rule in set(page.rules):
        assert f"**{rule}**" in RULES, rule


@pytest.mark.parametrize("slug", SLUGS)
def test_the_settings_listed_are_the_variants_own_with_its_defaults(slug, pages):
    page = PAGES[slug]
    shown = pages[slug, "en"].settings
    assert shown == list(page.setting_names())
    if page.settings is None:
        assert set(shown) == set(page.variant.setting_names)


def test_a_default_shown_comes_from_the_variant():
    """The cube is on by default in backgammon and off in long nardy and Dutch (S1)."""

    def cube_default(slug: str) -> str:
        html = render(slug, "en")
        entry = html.split('data-setting="cube"', 1)[1].split("</dd>", 1)[0]
        return re.search(r"Default here: (\w+)", entry).group(1)  # type: ignore[union-attr]

    assert [cube_default(s) for s in ("backgammon", "long-nardy", "dutch")] == ["on", "off", "off"]


# -- the diagrams


def stacks_of(scene: Scene) -> list[tuple[str, str, int]]:
    """The checker stacks a scene's diagram must show, from its built position."""
    position = scene.build().position
    found = [
        (str(point), "own" if count > 0 else "opponent", abs(count))
        for point, count in enumerate(position.board, 1)
        if count
    ]
    for place, (own, opponent) in (
        (("25", "obar"), position.bar),
        (("0", "ooff"), position.off),
        (("26", "ores"), position.reserve),
    ):
        if own:
            found.append((place[0], "own", own))
        if opponent:
            found.append((place[1], "opponent", opponent))
    return sorted(found)


def test_every_diagram_shows_the_position_its_scene_reaches(pages):
    seen = set()
    for page in pages.values():
        for name in page.figures:
            seen.add(name)
            if name in diagrams.SCENES:
                assert sorted(page.stacks[name]) == stacks_of(diagrams.SCENES[name]), name
    assert seen == set(diagrams.NAMES), set(diagrams.NAMES) - seen


def test_start_diagrams_come_from_the_variants_own_start_position(monkeypatch):
    """Change a variant's start position and its diagram follows (no copy of it)."""
    from nardy.variants.backgammon import START, mirrored_start
    from nardy.variants.nackgammon import Nackgammon

    def start_diagram() -> Page:
        svg = diagrams.draw("nack-start", "start", texts("en")["words"])
        return Page(f'<figure data-figure="nack-start">{svg}</figure>')

    before = start_diagram()
    moved = {**START, 6: 4, 7: 1}  # one checker a point back: a start nobody plays
    monkeypatch.setattr(Nackgammon, "start_position", lambda self: mirrored_start(self, moved))
    after = start_diagram()
    assert before.stacks["nack-start"] != after.stacks["nack-start"]
    assert ("7", "own", 1) in after.stacks["nack-start"]
    assert sorted(after.stacks["nack-start"]) == stacks_of(diagrams.SCENES["nack-start"])


def test_every_forbidden_step_is_one_the_engine_refuses_and_names():
    """Each diagram's red steps are refused by the rules engine; where the variant gives a
    reason, the reason cites the rule the section teaches."""
    reasons = {name: scene.build().reasons for name, scene in diagrams.SCENES.items()}
    assert "(LN3)" in reasons["ln-head"][0]
    assert "(LN4)" in reasons["ln-block"][0]
    assert all("(D4)" in reason for reason in reasons["d-no-hit"])
    assert "(B2)" in reasons["bg-blocked"][0]


def test_the_other_diagrams_follow_the_match_and_cube_rules():
    from nardy.rulebook.figures import CRAWFORD_LENGTH, crawford_story, cube_story

    games = crawford_story()
    crawford = [n for n, game in enumerate(games) if not game.cube]
    assert len(crawford) == 1
    assert CRAWFORD_LENGTH - 1 in games[crawford[0]].score  # the game after reaching N − 1
    assert all(CRAWFORD_LENGTH - 1 not in game.score for game in games[: crawford[0]])
    assert [(m.value, m.owner) for m in cube_story()] == [(1, None), (2, None), (2, 0)]


# -- the links and the languages


def test_every_link_on_every_page_answers(client, pages):
    checked: set[str] = set()
    for (slug, lang), page in pages.items():
        for href in page.links:
            if href.startswith("#"):
                assert href[1:] in page.ids, (slug, lang, href)
                continue
            assert href.startswith("/"), href  # nothing leaves the site
            if href not in checked:
                assert client.get(href.split("#")[0]).status_code == 200, href
                checked.add(href)
    assert "/static/css/rules.css" in checked and "/" in checked


def test_the_language_comes_from_the_query_then_the_browser(client):
    def lang_of(**kwargs: Any) -> str:
        reply = client.get("/rules/dutch", **kwargs)
        assert reply.headers["content-language"] == Page(reply.text).lang
        assert "Accept-Language" in reply.headers["vary"]
        return Page(reply.text).lang

    assert lang_of() == "en"
    assert lang_of(headers={"Accept-Language": "lt-LT,lt;q=0.9,en;q=0.5"}) == "lt"
    assert lang_of(headers={"Accept-Language": "de, ru;q=0.4, pl;q=0.6"}) == "pl"
    assert lang_of(params={"lang": "ru"}, headers={"Accept-Language": "pl"}) == "ru"
    assert lang_of(params={"lang": "xx"}, headers={"Accept-Language": "pl"}) == "pl"


def test_an_unknown_game_is_a_page_that_says_so(client):
    reply = client.get("/rules/chess", params={"lang": "pl"})
    assert reply.status_code == 404 and "„chess”" in reply.text
    index = client.get("/rules", params={"lang": "ru"})
    assert index.status_code == 200
    for slug in SLUGS:
        assert f'href="/rules/{slug}?lang=ru"' in index.text


LIVE_RATED_UNANALYSED = {
    "en": "While a rated match is in play, the computer analyses its current position for nobody",
    "pl": "Dopóki mecz rankingowy trwa, komputer nie analizuje jego bieżącej pozycji dla nikogo",
    "lt": "Kol reitinguojamas mačas vyksta, kompiuteris neanalizuoja jo dabartinės pozicijos",
    "ru": "Пока рейтинговый матч идёт, компьютер не анализирует его текущую позицию ни для кого",
}
"""What the site refuses to analyse (docs/PROTOCOL.md, "Limits and refusals"), by language."""


@pytest.mark.parametrize("slug", SLUGS)
def test_every_page_says_a_live_rated_position_is_analysed_for_nobody(slug, pages):
    for lang, sentence in LIVE_RATED_UNANALYSED.items():
        assert sentence in pages[slug, lang].words, (slug, lang)


def test_every_page_of_a_match_game_lists_the_correspondence_presets_in_days():
    """docs/PROTOCOL.md, "Correspondence": days a move, told once what that means."""
    for lang in LANGUAGES:
        words = texts(lang)
        html = rules_page("backgammon", lang)
        for preset in ("days-1", "days-2", "days-3"):
            assert words[f"time.{preset}"] in html, (lang, preset)
        assert html.count(words["time.days_note"].split(";")[0]) == 1, lang
