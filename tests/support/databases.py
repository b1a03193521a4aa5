"""Databases for the tests: an emptied PostgreSQL (``NARDY_TEST_POSTGRES_URL``), and a
database left at an older revision of the schema (for the migrations' tests)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from nardy.server.store.database import MIGRATIONS

POSTGRES = os.environ.get("NARDY_TEST_POSTGRES_URL") or None
"""A PostgreSQL database the tests may empty, if the environment names one."""


def empty_postgres(url: str) -> None:
    """Drop every table of the database at ``url`` (those of later migrations too)."""
    engine = sa.create_engine(url)
    try:
        existing = sa.MetaData()
        existing.reflect(engine)
        with engine.begin() as db:
            for table in existing.tables:
                db.execute(sa.text(f'DROP TABLE IF EXISTS "{table}" CASCADE'))
    finally:
        engine.dispose()


def emptied_postgres() -> str:
    """The PostgreSQL database the environment names, emptied; skips the calling test when
    it names none. Read when called, since tests/conftest.py may name each worker's own
    database after this module was imported."""
    url = os.environ.get("NARDY_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("NARDY_TEST_POSTGRES_URL is not set")
    empty_postgres(url)
    return url


@contextmanager
def schema_at(url: str, revision: str) -> Iterator[sa.Connection]:
    """A connection to the database at ``url`` migrated up to ``revision`` only, for the
    test to fill in the old shape; committed and closed on leaving."""
    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            yield connection
    finally:
        engine.dispose()
