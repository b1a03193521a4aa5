"""Alembic's entry point: nardy runs migrations from code with an open connection."""

from alembic import context

from nardy.server.store.database import METADATA

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
