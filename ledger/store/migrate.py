"""The database engine: SQLite with WAL, foreign keys and a busy timeout; Alembic migrations.

No engine exists at import time: callers use `make_engine(url)` then `migrate(engine)`.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0003"  # the newest migration; bump with each new revision file
BUSY_TIMEOUT_MS = 30_000


def url_for(path: str | Path) -> str:
    return f"sqlite:///{Path(path)}"


def make_engine(url: str) -> Engine:
    """An engine for `url`. SQLite connections get WAL, foreign keys and a busy timeout."""
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000}
                           if url.startswith("sqlite") else {})
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
        # pysqlite's own transaction handling defers BEGIN; take control so that a write
        # transaction (execution option tally_write) starts with BEGIN IMMEDIATE: two
        # writers then queue on the busy timeout instead of failing on a lock upgrade.
        event.listen(engine, "begin", _begin_immediate)
    return engine


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    dbapi_connection.isolation_level = None
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _begin_immediate(conn) -> None:  # type: ignore[no-untyped-def]
    write = conn.get_execution_options().get("tally_write")
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        has = conn.execute(text(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'"
        )).first() if engine.dialect.name == "sqlite" else True
        if not has:
            return None
        row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
        return row[0] if row else None


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (cheap when it already is)."""
    if current_revision(engine) == HEAD:
        return
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        conn = conn.execution_options(tally_write=True)
        with conn.begin():
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
