"""Databases for the tests: an emptied PostgreSQL (``NARDY_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import os

import sqlalchemy as sa

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
