"""Schema upgrades: the Alembic migrations, run on a SQLAlchemy engine of their own.

`migrate(db)` asks the database its revision with the adapter's own driver first; only a
database that is behind (or new) imports SQLAlchemy and Alembic, so an up-to-date command
starts fast. The same migrations create and upgrade both engines (`tally db upgrade`).

A file it cannot upgrade is refused in one line that says what the file is: tables but no
schema revision (not Tally's, or its revision lost), a revision this Tally does not know (a
newer Tally wrote it: this Tally is older than the ledger), or a revision its tables do not
match. Opening a ledger (`migrate(db, upgrade=False)`, as `Tally.open` does) makes a new one
but never upgrades an older one: that is refused in one line, "run `tally db upgrade`", so a
ledger other Tallies share (a league's server) changes schema only when someone means it.
The upgrade is one transaction, so a refused file is left as it was. A full disk or a
read-only file is passed on as the fault of the engine it is (`sqlite.db.open_problem`,
`postgres.db.fault` name it).
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..domain.rules.errors import RuleError
from .db import BUSY_TIMEOUT_MS, Database

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0014_sync_identity"  # the newest migration; bump with each new revision file


def current_revision(db: Database) -> str | None:
    """The migration the database is at (None: a new or empty one)."""
    with db.transaction() as conn:  # a pooled connection: the command goes on with it
        if not db.has_table(conn, "alembic_version"):
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return row[0] if row else None


def has_tables(db: Database) -> bool:
    """Whether the database holds any table at all (an empty one is a new ledger)."""
    return bool(db.table_names())


def migrate(db: Database, *, upgrade: bool = True) -> None:
    """Bring the schema to the newest migration (cheap when it already is); with
    `upgrade` False only a new (empty) database is given one, an older one is refused."""
    revision = current_revision(db)
    if revision == HEAD:
        return
    if revision is None and has_tables(db):
        raise RuleError("db", "no_schema", path=db.where)
    from alembic import command
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError
    from sqlalchemy.exc import DBAPIError

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if revision is not None:
        try:
            known = ScriptDirectory.from_config(cfg).get_revision(revision) is not None
        except CommandError:
            known = False
        if not known:
            raise RuleError("db", "schema_newer", path=db.where, revision=repr(revision), head=HEAD)
        if not upgrade:
            raise RuleError("db", "schema_older", path=db.where, revision=repr(revision), head=HEAD)
    engine = make_engine(db.sqlalchemy_url())
    try:
        with engine.connect() as conn:
            conn = conn.execution_options(tally_write=True)
            with conn.begin():
                db.lock_for_upgrade(conn)
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
    except DBAPIError as exc:
        cause = exc.orig
        if cause is not None and db.not_the_schema(cause):  # the disk, file or server
            raise db.fault(cause) from None
        raise RuleError("db", "schema_mismatch", path=db.where, revision=repr(revision)) from None
    finally:
        engine.dispose()


def schema_of(db: Any) -> frozenset[tuple[str, ...]]:
    """A SQLite file's schema as a set: every table, index, trigger and view, every column,
    and each one's definition (its SQL, quotes, case and spacing aside: a file upgraded
    step by step and one made at the head read the same), so a table whose definition was
    changed by hand (`CHECK (amount < 30)`) is not Tally's."""
    with db.transaction() as conn:
        items = conn.execute("SELECT type, name, tbl_name FROM sqlite_master "
                             "WHERE name NOT LIKE 'sqlite_%'").fetchall()
        columns = [("column", name, row[1]) for kind, name, _ in items if kind == "table"
                   for row in conn.execute("SELECT * FROM pragma_table_info(:t)", {"t": name})]
        sql = [("sql", kind, name, _plain_sql(text)) for kind, name, text in conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' "
            "AND sql IS NOT NULL")]
    return frozenset([*items, *columns, *sql])


def _plain_sql(sql: str) -> str:
    return " ".join(sql.replace('"', "").replace("`", "").split()).lower()


@cache
def head_schema() -> frozenset[tuple[str, ...]]:
    """The schema the migrations build from nothing: made once per process, and kept in
    the user's cache folder under the migrations' own fingerprint (making it imports
    Alembic and runs every migration, over a second; `check` asks it every time)."""
    import hashlib
    import json
    import os
    import sqlite3

    from platformdirs import user_cache_path

    digest = hashlib.sha256(sqlite3.sqlite_version.encode())
    for path in sorted((MIGRATIONS / "versions").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    kept = user_cache_path("tally", appauthor=False) / f"schema-{digest.hexdigest()[:32]}.json"
    try:
        return frozenset(tuple(item) for item in json.loads(kept.read_text("utf-8")))
    except (OSError, ValueError, TypeError):
        pass
    with tempfile.TemporaryDirectory() as folder:
        from .sqlite.db import SqliteDatabase

        fresh = SqliteDatabase(Path(folder) / "head.sqlite3")
        migrate(fresh)
        try:
            schema = schema_of(fresh)
        finally:
            fresh.dispose()
    try:  # written whole, then renamed: a reader never sees half a file
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
        part.write_text(json.dumps(sorted(schema)), "utf-8")
        part.replace(kept)
    except OSError:
        pass  # no cache folder to write: made again next time
    return schema


def schema_problem(db: Any) -> str | None:
    """How a migrated SQLite file's schema differs from Tally's (None: it is Tally's)."""
    have, want = schema_of(db), head_schema()
    if have == want:
        return None
    if {t for t in have if t[0] != "sql"} == {t for t in want if t[0] != "sql"}:
        changed = sorted({f"{t[1]} {t[2]}" for t in have - want})
        return "the definition of " + ", ".join(changed[:5]) + " is not Tally's " \
            "(changed by hand?)"
    extra = sorted({f"{t[0]} {t[1]}" if t[0] != "column" else f"column {t[1]}.{t[2]}"
                    for t in have - want if t[0] != "sql"})
    missing = sorted({f"{t[0]} {t[1]}" if t[0] != "column" else f"column {t[1]}.{t[2]}"
                      for t in want - have if t[0] != "sql"})
    if extra:
        return "it holds what Tally's schema does not: " + ", ".join(extra[:5])
    return "it lacks part of Tally's schema: " + ", ".join(missing[:5])


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine with Tally's connection settings, for Alembic."""
    from sqlalchemy import create_engine, event

    if not url.startswith("sqlite"):
        return create_engine(url, poolclass=_null_pool())
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _sqlite_pragmas)
    # pysqlite's own transaction handling defers BEGIN; take control so that a write
    # transaction (execution option tally_write) starts with BEGIN IMMEDIATE
    event.listen(engine, "begin", _begin_immediate)
    return engine


def _null_pool() -> Any:
    from sqlalchemy.pool import NullPool

    return NullPool


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    from .sqlite.db import configure

    dbapi_connection.isolation_level = None
    configure(dbapi_connection)


def _begin_immediate(conn) -> None:  # type: ignore[no-untyped-def]
    write = conn.get_execution_options().get("tally_write")
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
