"""Alembic environment: runs on the connection handed in by `ledger.store.migrate.migrate`."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from ledger.store import models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata
connection = context.config.attributes.get("connection")
if connection is None:  # e.g. `alembic` run by hand with -x url=...
    from ledger.store.migrate import make_engine

    url = context.get_x_argument(as_dictionary=True).get("url", "sqlite:///tally.sqlite3")
    connection = make_engine(url).connect()

context.configure(connection=connection, target_metadata=target_metadata,
                  render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
