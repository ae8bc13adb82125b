"""The one collaborator every use case takes: the database, and its transactions."""

from __future__ import annotations

from contextlib import AbstractContextManager

from ..store.db import Connection, Database


class Store:
    """Transactions on one database, as the use cases open them."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def read(self) -> AbstractContextManager[Connection]:
        """One read transaction: a consistent view of the database."""
        return self.db.transaction()

    def write(self) -> AbstractContextManager[Connection]:
        """One write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: the ledger's write
        lock): committed if the block ends, rolled back if it raises, so a deal row, its
        revision and its transfers land together or not at all, and two writers (at one
        venue or several) queue instead of failing."""
        return self.db.transaction(write=True)
