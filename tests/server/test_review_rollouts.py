"""The operator's budget for settling reviews by rollouts (``nardy serve
--review-rollout-seconds``, docs/DEPLOY.md) reaches the engine worker that reviews."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.engine_pool.worker import do
from nardy.formats.record import match_to_record
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.server.site.reviews import Reviews
from nardy.server.store.database import Store, TableRow
from nardy.variants import BACKGAMMON


def finished_record() -> dict[str, Any]:
    settings = Settings.for_variant(BACKGAMMON, {"match_to": 1})
    agents = (RandomAgent(5), RandomAgent(6))
    match = play_match(Match.new(BACKGAMMON, settings), agents, seeded_dice(5))
    return match_to_record(match, ("Ala", "Ola"))


class Pool:
    """An engine pool that does a job in this process and says which job it was."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, ...]] = []
        self.done = asyncio.Event()

    async def run(self, job: tuple[Any, ...], **_: Any) -> dict[str, Any]:
        self.jobs.append(job)
        answer = do(job, lambda done, total: None)
        self.done.set()
        return answer


def test_the_review_budget_goes_with_the_job_to_the_worker(tmp_path: Path):
    record = finished_record()
    store = Store.in_folder(tmp_path)
    row = TableRow("t1", "match", "backgammon", {}, [None, None], {}, "over", None, "00", "00", 0)
    store.add_table(row)

    async def records(table_id: str) -> dict[str, Any]:
        return record

    async def scenario() -> None:
        pool = Pool()
        reviews = Reviews(store, records, 0, pool, rollout_seconds=1.0)  # type: ignore[arg-type]
        assert await reviews.request("t1", 1)
        reviews.start()
        await asyncio.wait_for(pool.done.wait(), 120)
        await reviews.stop()
        assert pool.jobs[0][0] == "review" and pool.jobs[0][2:] == (0, 1.0)

    asyncio.run(scenario())


def test_a_review_job_settles_close_decisions_within_its_budget():
    record = finished_record()
    plain = do(("review", record, 0, 0.0), lambda done, total: None)
    settled = do(("review", record, 0, 1.0), lambda done, total: None)
    assert not any("rollout" in d for g in plain["games"] for d in g["decisions"])
    assert any("rollout" in d for g in settled["games"] for d in g["decisions"])
