"""Schema upgrades: the Alembic migrations, run on a SQLAlchemy engine of their own.

`migrate(db)` asks the file its revision with plain `sqlite3` first; only a database that
is behind (or new) imports SQLAlchemy and Alembic, so an up-to-date command starts fast.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from .db import BUSY_TIMEOUT_MS, Database, configure

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0004_seasons"  # the newest migration; bump with each new revision file


def current_revision(db: Database) -> str | None:
    """The migration the file is at (None: a new or empty file)."""
    with db.transaction() as conn:  # a pooled connection: the command goes on with it
        has = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' "
                           "AND name='alembic_version'").fetchone()
        if not has:
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return row[0] if row else None


def migrate(db: Database) -> None:
    """Bring the schema to the newest migration (cheap when it already is)."""
    if current_revision(db) == HEAD:
        return
    from alembic import command
    from alembic.config import Config

    engine = make_engine(f"sqlite:///{db.path}")
    try:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with engine.connect() as conn:
            conn = conn.execution_options(tally_write=True)
            with conn.begin():
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
    finally:
        engine.dispose()


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine with Tally's connection settings, for Alembic."""
    from sqlalchemy import create_engine, event

    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _sqlite_pragmas)
    # pysqlite's own transaction handling defers BEGIN; take control so that a write
    # transaction (execution option tally_write) starts with BEGIN IMMEDIATE
    event.listen(engine, "begin", _begin_immediate)
    return engine


def _sqlite_pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    dbapi_connection.isolation_level = None
    configure(dbapi_connection)


def _begin_immediate(conn) -> None:  # type: ignore[no-untyped-def]
    write = conn.get_execution_options().get("tally_write")
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
