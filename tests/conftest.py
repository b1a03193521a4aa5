"""Settings of the whole test run.

``./run test`` runs the tests in several worker processes (pytest-xdist). The tests that
use PostgreSQL or Redis empty them first, so each worker gets its own: a database of its
own beside the one ``NARDY_TEST_POSTGRES_URL`` names (created on first use, named after
it and the worker), and a Redis server of its own (the session fixture starts one when
``NARDY_TEST_REDIS_URL`` is not set). Run without workers, the tests use what the
environment names.

Every test also gets its tier (CONTRIBUTING.md, "Tests"), from where it lives and what it
needs: ``browser`` (tests/web: Chromium), ``site`` (several server processes on PostgreSQL
and Redis), ``server`` (a real server on loopback), ``oracle`` (GNU Backgammon), and
``fast`` for all the rest, which is not ``slow`` either: ``./run test -m fast``. The fast
tier draws fewer Hypothesis examples than the full run (tests/examples.py).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from examples import FAST_TIER
from hypothesis import settings


def worker_database(url: str, worker: str) -> str:
    """The URL of ``worker``'s own database on the server at ``url``, created if missing.

    The role of ``url`` must be allowed to create databases (``./run test`` makes it so).
    """
    base = sa.engine.make_url(url)
    name = f"{base.database}_{worker}"
    engine = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            found = db.execute(
                sa.text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
            )
            if found.first() is None:
                db.execute(sa.text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


settings.register_profile("fast", max_examples=25)
"""The fast tier's Hypothesis profile: a quarter of Hypothesis's 100 examples a test
(tests/examples.py scales the tests that ask for a count of their own)."""


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("markexpr", "") == "fast":  # the quick check: fewer examples
        os.environ[FAST_TIER] = "1"
        settings.load_profile("fast")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return
    given = os.environ.get("NARDY_TEST_POSTGRES_URL")
    if given:
        os.environ["NARDY_TEST_POSTGRES_URL"] = worker_database(given, worker)
    os.environ.pop("NARDY_TEST_REDIS_URL", None)


TESTS = Path(__file__).parent
TIERS = ("browser", "site", "server", "oracle")
ORACLE = re.compile(r"gnubg|GNU Backgammon", re.IGNORECASE)
"""A skip reason that says the test needs GNU Backgammon."""


def tiers_of(item: pytest.Item) -> set[str]:
    """The tiers of one collected test (empty: it is fast)."""
    where = item.path.relative_to(TESTS).parts if item.path.is_relative_to(TESTS) else ()
    found = set()
    if where[:1] == ("web",):
        found.add("browser")
    if where[:1] in (("server",), ("bench",), ("store",)):
        found.add("site" if item.path.name.startswith("test_site_") else "server")
    if where[:1] == ("oracle",) or "gnubg" in item.path.name:
        found.add("oracle")
    for mark in item.iter_markers("skipif"):
        if ORACLE.search(str(mark.kwargs.get("reason", ""))):
            found.add("oracle")
    if "gnubg_bridge" in getattr(item, "fixturenames", ()):
        found.add("oracle")
    if item.get_closest_marker("slow") is not None:
        found.add("slow")
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        tiers = tiers_of(item)
        for tier in tiers - {"slow"}:
            item.add_marker(tier)
        if not tiers:
            item.add_marker("fast")
