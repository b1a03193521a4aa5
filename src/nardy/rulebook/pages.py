"""The rules pages: which sections teach each game, and the HTML of a page.

A page is a list of sections, each naming the rules (docs/RULES.md) it teaches; the table
settings that change the game are listed from the variant's own settings and defaults, and
the time controls from the server's presets. The words come from ``texts/LANG.toml``.

>>> html = render("long-nardy", "ru")
>>> '<html lang="ru">' in html and "Длинные нарды" in html
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from html import escape
from importlib import resources
from typing import Any, Protocol

from nardy.rulebook import diagrams
from nardy.rulebook.markup import blocks, inline, plain
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

LANGUAGES = ("en", "pl", "lt", "ru")
NATIVE = {"en": "English", "pl": "Polski", "lt": "Lietuvių", "ru": "Русский"}
SETTING_ORDER = (
    "match_to",
    "cube",
    "crawford",
    "jacoby",
    "auto_doubles",
    "backgammon_value",
    "scoring",
    "first_move",
    "last_roll",
    "enter_all_first",
)
"""The order settings are explained in (the names of INTERFACES.md §4)."""
MONEY_SETTINGS = ("jacoby", "auto_doubles", "backgammon_value")
HOUR = 3600
"""Seconds in an hour: a correspondence preset's reserve is told in hours."""


class TimeControl(Protocol):
    """A time-control preset, as the server offers them."""

    @property
    def name(self) -> str: ...
    @property
    def move(self) -> float: ...
    @property
    def per_point(self) -> float: ...
    @property
    def correspondence(self) -> bool: ...


@dataclass(frozen=True)
class Section:
    key: str
    rules: tuple[str, ...] = ()
    """The rule IDs of docs/RULES.md the section teaches."""


@dataclass(frozen=True)
class Page:
    slug: str
    variant: Variant
    sections: tuple[Section, ...]
    settings: tuple[str, ...] | None = None
    """The settings explained; None for every setting the variant knows."""
    figures: Mapping[str, str] = field(default_factory=dict)
    """Diagrams drawn in place of those the texts name (the same lesson, this variant)."""

    def setting_names(self) -> tuple[str, ...]:
        if self.settings is not None:
            return self.settings
        return tuple(name for name in SETTING_ORDER if name in self.variant.setting_names)


SITE = Section("site", ("S2", "S3", "S4", "S5", "S6"))
BACKGAMMON_SECTIONS = (
    Section("bg-opening", ("B5",)),
    Section("moving", ("C2", "C3", "C4", "C5", "B2")),
    Section("hitting", ("B2", "B3", "B4")),
    Section("bearing-off", ("C6", "C7")),
    Section("bg-scoring", ("B7",)),
    Section("cube", ("B6",)),
    Section("match", ("B8",)),
    Section("bg-resign", ("B9",)),
)
PAGES = {
    page.slug: page
    for page in (
        Page("backgammon", BACKGAMMON, (Section("bg-goal", ("C1", "B1")), *BACKGAMMON_SECTIONS)),
        Page(
            "long-nardy",
            LONG_NARDY,
            (
                Section("ln-goal", ("C1", "LN1")),
                Section("ln-opening", ("LN7",)),
                Section("ln-moving", ("C2", "C3", "C4", "C5", "LN2", "LN5")),
                Section("ln-head", ("LN3",)),
                Section("ln-block", ("LN4",)),
                Section("ln-bearing-off", ("C6", "C7", "LN6")),
                Section("ln-scoring", ("LN8", "LN9")),
                Section("ln-last-roll", ("LN10",)),
                Section("ln-series", ("LN11", "B6", "B8")),
            ),
        ),
        Page(
            "dutch",
            DUTCH,
            (
                Section("d-goal", ("C1", "D1")),
                Section("d-opening", ("D6",)),
                Section("d-entering", ("D1", "D2")),
                Section("d-moving", ("C2", "C3", "C4", "C5", "B2")),
                Section("d-hitting", ("D3", "D4", "B4")),
                Section("d-bearing-off", ("D5", "C6", "C7")),
                Section("d-scoring", ("D7", "B6", "B8", "B9")),
            ),
        ),
        Page(
            "nackgammon",
            NACKGAMMON,
            (Section("nack-goal", ("C1", "B1")), *BACKGAMMON_SECTIONS),
            figures={
                "bg-opening": "nack-opening",
                "bg-blocked": "nack-blocked",
                "bg-hit": "nack-hit",
                "bg-bear-off": "nack-bear-off",
            },
        ),
        Page(
            "chouette",
            BACKGAMMON,
            (
                Section("ch-goal", ("CH2",)),
                Section("ch-seats", ("CH1", "CH6")),
                Section("ch-doubling", ("CH3", "CH4")),
                Section("ch-settling", ("CH5", "CH7", "CH8")),
            ),
            settings=MONEY_SETTINGS,
        ),
    )
}
"""Every rules page by its address (``/rules/SLUG``)."""


class Texts:
    """The words of one language."""

    def __init__(self, lang: str) -> None:
        source = resources.files("nardy.rulebook") / "texts" / f"{lang}.toml"
        self.lang = lang
        self.doc: dict[str, Any] = tomllib.loads(source.read_text(encoding="utf-8"))

    def __getitem__(self, dotted: str) -> Any:
        value: Any = self.doc
        for part in dotted.split("."):
            value = value[part]
        return value

    def fill(self, dotted: str, **values: Any) -> str:
        return str(self[dotted]).format(**values)


@cache
def texts(lang: str) -> Texts:
    return Texts(lang)


def render(
    slug: str, lang: str, time_controls: Sequence[TimeControl] = (), open_ended_points: int = 5
) -> str:
    """The whole HTML page teaching ``slug`` in ``lang``, with the site's time controls
    (and the match length whose reserve a money game gets)."""
    page, words = PAGES[slug], texts(lang)
    game = words[f"game.{slug}"]
    toc = []
    body = []
    for section in (*page.sections, None, SITE):
        key = "settings" if section is None else section.key
        title = words["page.settings"] if section is None else words[f"section.{key}.title"]
        toc.append(f'<li><a href="#{key}">{escape(plain(title))}</a></li>')
        if section is None:
            body.append(_settings(page, words, time_controls, open_ended_points))
        else:
            body.append(_section(page, section, words))
    title = words.fill("page.title", game=game["name"])
    lead = inline(game["lead"], lang)
    return _document(
        lang,
        title,
        plain(game["lead"]),
        f"/rules/{slug}",
        words,
        f'<article class="rules" data-page="{slug}">'
        f'<h1>{escape(title)}</h1><p class="lead">{lead}</p>'
        f'<p class="play"><a class="button" href="/">{escape(words["page.play"])}</a></p>'
        f'<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">'
        f"{escape(words['page.contents'])}</h2><ol>{''.join(toc)}</ol></nav>"
        f"{''.join(body)}</article>",
        current=slug,
    )


def render_index(lang: str) -> str:
    """The page that lists every game."""
    words = texts(lang)
    items = "".join(
        f'<li><a href="/rules/{slug}?lang={lang}"><strong>{escape(words[f"game.{slug}.name"])}'
        f"</strong></a><span>{inline(words[f'game.{slug}.lead'], lang)}</span></li>"
        for slug in PAGES
    )
    title = words["page.index_title"]
    return _document(
        lang,
        title,
        plain(words["page.index_lead"]),
        "/rules",
        words,
        f'<article class="rules" data-page="index"><h1>{escape(title)}</h1>'
        f'<p class="lead">{inline(words["page.index_lead"], lang)}</p>'
        f'<ul class="games">{items}</ul></article>',
    )


def render_missing(lang: str, slug: str) -> str:
    """The page for an address that names no game."""
    words = texts(lang)
    return _document(
        lang,
        words["page.missing_title"],
        "",
        "/rules",
        words,
        f'<article class="rules" data-page="missing"><h1>{escape(words["page.missing_title"])}'
        f"</h1><p>{escape(words.fill('page.missing', name=slug))}</p></article>",
    )


def _section(page: Page, section: Section, words: Texts) -> str:
    lang = words.lang
    parts = [
        f'<section id="{section.key}" data-rules="{" ".join(section.rules)}">',
        f"<h2>{inline(words[f'section.{section.key}.title'], lang)}</h2>",
    ]
    for block in blocks(words[f"section.{section.key}.text"], lang):
        if block.figure is None:
            parts.append(block.html)
            continue
        drawn = page.figures.get(block.figure, block.figure)
        caption = words[f"figure.{block.figure}"]
        svg = diagrams.draw(drawn, plain(caption), words["words"])
        parts.append(
            f'<figure id="fig-{drawn}" data-figure="{drawn}">{svg}'
            f"<figcaption>{inline(caption, lang)}</figcaption></figure>"
        )
    parts.append("</section>")
    return "".join(parts)


def _time_line(words: Texts, control: TimeControl) -> str:
    """One preset in words: seconds for a live clock; for correspondence its name (the
    days a move) and the reserve in hours."""
    if control.correspondence:
        return words.fill(
            "time.line_days",
            name=words[f"time.{control.name}"],
            hours=round(control.per_point / HOUR),
        )
    return words.fill(
        "time.line",
        name=words[f"time.{control.name}"],
        move=round(control.move),
        per_point=round(control.per_point),
    )


def _settings(
    page: Page, words: Texts, time_controls: Sequence[TimeControl], open_ended_points: int
) -> str:
    """Every table setting that changes this game, with its default for this variant."""
    defaults = Settings.for_variant(page.variant)
    items = []
    for name in page.setting_names():
        default = getattr(defaults, name)
        text = inline(words[f"setting.{name}.text"], words.lang)
        if isinstance(default, bool):
            value = words["page.on"] if default else words["page.off"]
            note = escape(words.fill("page.default", value=value))
            text += f' <span class="default">{note}</span>'
        label = escape(words[f"setting.{name}.name"])
        items.append(f'<dt data-setting="{name}">{label}</dt><dd>{text}</dd>')
    controls = "".join(
        "<li>" + escape(_time_line(words, control)) + "</li>" for control in time_controls
    )
    time_lead = inline(words.fill("time.lead", points=open_ended_points), words.lang)
    by_days = any(control.correspondence for control in time_controls)
    days_note = f"<p>{inline(words['time.days_note'], words.lang)}</p>" if by_days else ""
    return (
        f'<section id="settings" data-rules="S1"><h2>{escape(words["page.settings"])}</h2>'
        f"<p>{inline(words['page.settings_lead'], words.lang)}</p>"
        f'<dl class="settings">{"".join(items)}</dl>'
        f"<h3>{escape(words['time.title'])}</h3><p>{time_lead}</p>"
        f'<ul class="time-controls">{controls}</ul>{days_note}</section>'
    )


def _document(
    lang: str,
    title: str,
    description: str,
    path: str,
    words: Texts,
    main: str,
    current: str | None = None,
) -> str:
    alternates = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{path}?lang={code}">' for code in LANGUAGES
    )
    here = ' aria-current="page"'
    games = "".join(
        f'<a href="/rules/{slug}?lang={lang}"{here if slug == current else ""}>'
        f"{escape(words[f'game.{slug}.name'])}</a>"
        for slug in PAGES
    )
    switch = "".join(
        f'<a href="{path}?lang={code}" hreflang="{code}" lang="{code}"'
        f"{here if code == lang else ''}>{NATIVE[code]}</a>"
        for code in LANGUAGES
    )
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)} · nardy</title>\n"
        f'<meta name="description" content="{escape(description)}">\n'
        f'<link rel="canonical" href="{path}?lang={lang}">\n{alternates}\n'
        '<link rel="icon" href="/favicon.ico">\n'
        '<link rel="stylesheet" href="/static/css/rules.css">\n</head>\n<body>\n'
        f'<header class="top"><a class="brand" href="/">nardy</a>'
        f'<nav class="games" aria-label="{escape(words["page.games"])}">{games}</nav>'
        f'<nav class="langs" aria-label="{escape(words["page.language"])}">{switch}</nav>'
        f"</header>\n<main>{main}</main>\n"
        f'<footer><a href="/">{escape(words["page.lobby"])}</a> · '
        f'<a href="/rules?lang={lang}">{escape(words["page.index_title"])}</a></footer>\n'
        "</body>\n</html>\n"
    )
