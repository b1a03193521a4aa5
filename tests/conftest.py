"""Settings of the whole test run.

``./run test`` runs the tests in several worker processes (pytest-xdist). The tests that
use PostgreSQL or Redis empty them first, so each worker gets its own: a database of its
own beside the one ``NARDY_TEST_POSTGRES_URL`` names (created on first use, named after
it and the worker), and a Redis server of its own (the session fixture starts one when
``NARDY_TEST_REDIS_URL`` is not set). Run without workers, the tests use what the
environment names.
"""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa


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


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return
    given = os.environ.get("NARDY_TEST_POSTGRES_URL")
    if given:
        os.environ["NARDY_TEST_POSTGRES_URL"] = worker_database(given, worker)
    os.environ.pop("NARDY_TEST_REDIS_URL", None)
