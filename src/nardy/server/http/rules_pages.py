"""The rules pages as real HTML (INTERFACES.md §7): ``GET /rules/{game}``.

``?lang=en|pl|lt|ru`` picks the language; without it (or with one the site does not speak)
the browser's ``Accept-Language`` decides, English by default. The pages are made once per
game and language and kept.
"""

from __future__ import annotations

from functools import cache

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from nardy.rulebook.pages import LANGUAGES, PAGES, render, render_index, render_missing
from nardy.server.tables.clock import OPEN_ENDED_POINTS, PRESETS

HEADERS = {"Cache-Control": "public, max-age=600", "Vary": "Accept-Language"}


def language(asked: str | None, accept: str | None) -> str:
    """The page language: ``asked`` when the site speaks it, else the best of the
    ``Accept-Language`` header, else English.

    >>> language(None, "ru-RU,ru;q=0.9,en;q=0.5"), language("pl", "ru"), language("de", None)
    ('ru', 'pl', 'en')
    >>> language(None, "de, lt;q=0.3, pl;q=0.7")
    'pl'
    """
    if asked in LANGUAGES:
        return asked
    ranked = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        base = tag.strip().lower().split("-")[0]
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if base in LANGUAGES and quality > 0:
            ranked.append((-quality, order, base))
    return min(ranked)[2] if ranked else "en"


@cache
def page(slug: str, lang: str) -> str:
    return render(slug, lang, tuple(PRESETS.values()), OPEN_ENDED_POINTS)


def rules_routes() -> APIRouter:
    router = APIRouter()

    @router.get("/rules", response_class=HTMLResponse, summary="The rules of every game")
    def index(request: Request, lang: str | None = None) -> HTMLResponse:
        chosen = language(lang, request.headers.get("accept-language"))
        return HTMLResponse(render_index(chosen), headers=_headers(chosen))

    @router.get("/rules/{game}", response_class=HTMLResponse, summary="How to play a game")
    def rules(game: str, request: Request, lang: str | None = None) -> HTMLResponse:
        chosen = language(lang, request.headers.get("accept-language"))
        if game not in PAGES:
            return HTMLResponse(render_missing(chosen, game), 404, headers=_headers(chosen))
        return HTMLResponse(page(game, chosen), headers=_headers(chosen))

    return router


def _headers(lang: str) -> dict[str, str]:
    return {**HEADERS, "Content-Language": lang}
