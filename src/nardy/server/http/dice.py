"""The dice pages' answers: ``GET /api/dice/stats`` (every roll served so far, with the
chi-square tests of :mod:`nardy.server.http.dice_stats`) and ``POST /api/verify-record`` (the
checks of ``nardy verify-dice`` on a record or a dice document) and ``POST /api/verify-dice``
(rolls against a seed and its commitment)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Body
from pydantic import BaseModel, Field

from nardy.server.dice import commitment as dice_service
from nardy.server.dice.check import DiceDocumentError, check
from nardy.server.http.dice_stats import DiceStatistics
from nardy.server.http.refused import RefusedRequest
from nardy.server.protocol import refusals
from nardy.server.store.database import Store


class DiceCheck(BaseModel):
    seed: str = Field(max_length=256)
    commitment: str = Field(max_length=256)
    rolls: list[list[int]] = Field(max_length=50_000)


def dice_routes(store: Store) -> APIRouter:
    router = APIRouter()
    statistics = DiceStatistics(store)

    @router.get("/api/dice/stats", summary="Every roll served so far, with chi-square tests")
    async def dice_stats() -> dict[str, Any]:
        return await asyncio.to_thread(statistics.get)

    @router.post("/api/verify-record", summary="Check every game's dice of a record")
    def verify_record(doc: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
        try:
            verdict = check(doc)
        except DiceDocumentError as error:
            raise RefusedRequest(400, refusals.BAD_DICE_DOCUMENT, reason=str(error)) from None
        return {"ok": verdict.ok, "checked": verdict.checked, "lines": verdict.lines}

    @router.post("/api/verify-dice", summary="Check rolls against a seed and its commitment")
    def verify_dice(body: DiceCheck) -> dict[str, Any]:
        rolls = [(r[0], r[1]) for r in body.rolls if len(r) == 2]
        if len(rolls) != len(body.rolls):
            raise RefusedRequest(400, refusals.ROLLS_TWO_DICE)
        try:
            ok = dice_service.verify(body.seed, body.commitment, rolls)
        except ValueError:
            raise RefusedRequest(400, refusals.SEED_HEXADECIMAL) from None
        return {"ok": ok}

    return router
