"""The PostgreSQL adapter: a league's server through psycopg 3 (imported only here, only
when a `postgresql://` database is opened, so a SQLite command never loads it).

The repository's SQL is written once with named parameters (`:name`); a `Session` turns
them into psycopg's (`%(name)s`) once per statement text. Datetimes come back as the text
SQLite stores (`2026-11-29 20:15:00.000000`), so rows read the same on both engines.

Transactions: a read is REPEATABLE READ (one snapshot, as a SQLite read transaction); a
write takes the ledger's transaction-scoped advisory lock first, the server's counterpart of
SQLite's BEGIN IMMEDIATE: writers from every venue queue on it (readers never wait), and
each writer sees every earlier writer's commit, so the write path's checks (the next deal
number, "deal 7 was just recorded on another device", a plan line paid once, a correction
re-settling the later deals) hold exactly as they do on one file. A write ends with
`NOTIFY tally`, delivered at commit to every venue's live screens (`watch.Listen`).

Faults (a server that cannot be reached, a refused password, a missing database, a
connection lost mid-save) become one `RuleError` on "database"; a transaction that fails
is rolled back whole, so a deal is saved wholly or not at all.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg.adapt import Loader

from ...domain.rules.errors import RuleError
from ..db import BUSY_TIMEOUT_MS, Database, WriteFault
from .url import without_password
from .watch import CHANNEL, Listen

WRITE_LOCK = 0x7A11_7A11  # pg_advisory_xact_lock key: one writer at a time per database
CONNECT_TIMEOUT_S = 5
_NAME = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


@lru_cache(maxsize=1024)
def pg_sql(sql: str) -> str:
    """`:name` parameters as psycopg's `%(name)s` (a literal `%` doubled)."""
    return _NAME.sub(r"%(\1)s", sql.replace("%", "%%"))


class _StampLoader(Loader):
    """A timestamp as SQLite holds it: text to the microsecond."""

    def load(self, data: Any) -> str:
        raw = bytes(data).decode()
        if raw.endswith("+00"):  # timestamptz, the session in UTC
            raw = raw[:-3]
        head, _, frac = raw.partition(".")
        return f"{head}.{frac:0<6}"


_BEGIN_WRITE = ("BEGIN ISOLATION LEVEL READ COMMITTED; "
                f"SELECT pg_advisory_xact_lock({WRITE_LOCK})")
_BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ"
_COMMIT_WRITE = f"NOTIFY {CHANNEL}; COMMIT"


class Session:
    """One transaction's statements on a psycopg connection (as a `sqlite3.Connection`
    serves them on SQLite: `execute`, `executemany`)."""

    __slots__ = ("conn",)

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, params: Any = None) -> psycopg.Cursor:
        return self.conn.execute(pg_sql(sql), params or {})

    def executemany(self, sql: str, rows: Any) -> psycopg.Cursor:
        cur = self.conn.cursor()
        rows = list(rows)
        if rows:
            cur.executemany(pg_sql(sql), rows)
        return cur


class PostgresDatabase(Database):
    """A database on a PostgreSQL server and a small pool of connections."""

    engine = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self._idle: list[psycopg.Connection] = []
        self._lock = threading.Lock()

    @property
    def location(self) -> str:
        return self.url

    @property
    def where(self) -> str:
        return without_password(self.url)

    def connect(self, *, autocommit: bool = True) -> psycopg.Connection:
        try:  # the session's settings travel with the connection request: no round trip
            conn = psycopg.connect(self.url, autocommit=autocommit,
                                   connect_timeout=CONNECT_TIMEOUT_S,
                                   options=f"-c lock_timeout={BUSY_TIMEOUT_MS} -c TimeZone=UTC")
        except psycopg.Error as exc:
            raise self.fault(exc) from None
        conn.adapters.register_loader("timestamp", _StampLoader)
        conn.adapters.register_loader("timestamptz", _StampLoader)
        return conn

    def prepare(self) -> None:
        """Nothing to make before the first use (the database is the server's)."""

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Session]:
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is None or conn.closed:
            conn = self.connect()
        began = False
        try:
            began = True
            # one round trip each: BEGIN with the write lock, NOTIFY with COMMIT
            conn.execute(_BEGIN_WRITE if write else _BEGIN_READ)
            yield Session(conn)
            conn.execute(_COMMIT_WRITE if write else "COMMIT")
        except psycopg.Error as exc:
            self._abandon(conn)
            raise self.fault(exc, during_write=write and began) from None
        except BaseException:
            self._abandon(conn)
            raise
        with self._lock:
            self._idle.append(conn)

    def _abandon(self, conn: psycopg.Connection) -> None:
        try:
            if not conn.closed:
                conn.execute("ROLLBACK")
        except psycopg.Error:
            conn.close()
            return
        with self._lock:
            self._idle.append(conn)

    def dispose(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    @staticmethod
    def has_table(session: Session, name: str) -> bool:
        return bool(session.execute("SELECT to_regclass(:name) IS NOT NULL",
                                    {"name": name}).fetchone()[0])

    def table_names(self) -> set[str]:
        with self.transaction() as s:
            return {r[0] for r in s.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")}

    def watch(self) -> Any:
        return Listen(self)

    def sqlalchemy_url(self) -> str:
        return "postgresql+psycopg://" + self.url.split("://", 1)[1]

    def lock_for_upgrade(self, conn: Any) -> None:
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK})")

    def reset_sequences(self, conn: Any) -> None:
        """Each serial id's sequence past the ids copied in (`db copy`, `restore`)."""
        rows = conn.execute(
            "SELECT table_name, column_name, pg_get_serial_sequence(table_name, column_name) "
            "FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND pg_get_serial_sequence(table_name, column_name) IS NOT NULL").fetchall()
        for table, column, seq in rows:
            conn.execute(f'SELECT setval(:seq, coalesce((SELECT max("{column}") FROM "{table}"), '
                         f'0) + 1, false)', {"seq": seq})

    def reserve_ids(self, conn: Session, table: str, n: int) -> list[int]:
        """`n` ids from the table's own sequence (other writers' INSERTs go on from it)."""
        if n <= 0:
            return []
        return [r[0] for r in conn.execute(
            "SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)",
            {"t": table, "n": n})]

    def bulk_insert(self, conn: Session, table: str, columns: list[str],
                    rows: list[tuple[object, ...]]) -> None:
        """Rows in through COPY (the server's bulk path: a decade in seconds)."""
        with conn.conn.cursor().copy(
                f'COPY "{table}" ({", ".join(columns)}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(row)

    def backup_to(self, dest: Path) -> None:
        """The ledger as a new SQLite file (`tally backup` from the league's server)."""
        from ..copy import copy_ledger
        from ..sqlite.db import SqliteDatabase

        target = SqliteDatabase(dest)
        try:
            copy_ledger(self, target)
        except RuleError as exc:
            if exc.field == "db":  # the file could not be written
                raise WriteFault(exc.values.get("why") or exc.message) from None
            raise
        finally:
            target.dispose()

    def replace_with(self, trial: Path, force: bool, beside: Path) -> Path | None:
        """The ledger's content replaced by a checked SQLite file, in one transaction on
        the server; without --force only an empty ledger is replaced, and a ledger that
        holds data is first kept as a SQLite file beside the backup restored (`beside`)."""
        from ..copy import copy_ledger, holds_data
        from ..sqlite.db import SqliteDatabase
        from ..sqlite.files import keep_copy

        source = SqliteDatabase(trial)
        try:
            if holds_data(self) and not force:
                raise RuleError("database", f"{self.where} holds data; use --force to replace "
                                "it (it is kept beside it first)", "holds_data_force",
                                path=self.where)
            kept = None
            if holds_data(self):
                name = (urlsplit(self.url).path.strip("/") or "tally") + ".sqlite3"
                kept = keep_copy(beside.parent / name, copy=self.backup_to)
            copy_ledger(source, self, force=True)
            return kept
        finally:
            source.dispose()

    def after_bulk(self, conn: Session) -> None:
        """The planner's statistics of the rows just copied in (autovacuum would, later)."""
        conn.execute("ANALYZE")

    @staticmethod
    def not_the_schema(exc: BaseException) -> bool:
        return isinstance(exc, psycopg.OperationalError)

    def fault(self, exc: BaseException, during_write: bool = False) -> RuleError:
        return fault(self.where, exc, during_write)


def fault(where: str, exc: BaseException, during_write: bool = False) -> RuleError:
    """One line for what the server (or the way to it) said."""
    said = " ".join(str(exc).split())
    low = said.lower()
    if "password authentication failed" in low or "no password supplied" in low:
        return RuleError("database", f"{where}: the server refused the user name or password",
                         "pg_password", where=where)
    if "does not exist" in low and "database" in low:
        return RuleError("database", f"{where}: no such database on the server (create it "
                         "first: createdb)", "pg_no_database", where=where)
    lost = isinstance(exc, psycopg.OperationalError) and (
        "closed" in low or "terminat" in low or "lost" in low or "consuming input" in low
        or "server closed" in low or "broken pipe" in low or "eof" in low)
    if lost or (during_write and isinstance(exc, psycopg.OperationalError)
                and "connect" not in low):
        return RuleError("database", f"{where}: the connection to the server was lost; "
                         "nothing of this change was saved", "pg_lost", where=where)
    if isinstance(exc, psycopg.OperationalError):
        return RuleError("database", f"{where}: the server cannot be reached ({said})",
                         "pg_unreachable", where=where, why=said)
    return RuleError("database", f"{where}: {said}", "pg_error", where=where, why=said)
