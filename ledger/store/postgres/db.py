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

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg.adapt import Loader
from psycopg.pq import TransactionStatus

from ...domain.rules.errors import RuleError
from ..db import (
    BUSY_TIMEOUT_MS,
    Batch,
    BulkWriter,
    ConnectionLost,
    Cursor,
    Database,
    WriteFault,
)
from .url import without_password
from .watch import CHANNEL, Listen

WRITE_LOCK = 0x7A11_7A11  # pg_advisory_xact_lock key: one writer at a time per database
CONNECT_TIMEOUT_S = 5
LARGE_READ_MB = 256  # work_mem of a large read (`large_read`): a federation's ratings
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

    def execute(self, sql: str, params: Any = None) -> Cursor:
        return self.conn.execute(pg_sql(sql), params or {})

    def executemany(self, sql: str, rows: Any) -> psycopg.Cursor:
        cur = self.conn.cursor()
        rows = list(rows)
        if rows:
            cur.executemany(pg_sql(sql), rows)
        return cur

    def executemany_all(self, batches: Any) -> None:
        """Several statements' rows in one pipeline: one round trip for all of them (each
        `executemany` alone waits for its own)."""
        with self.conn.pipeline():
            for sql, rows in batches:
                self.executemany(sql, rows)


class PostgresDatabase(Database):
    """A database on a PostgreSQL server (the pool of its connections and the transactions
    are the base `Database`'s)."""

    engine = "postgresql"
    driver_error = psycopg.Error
    TABLES_SQL = ("SELECT table_name FROM information_schema.tables "
                  "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._sequences: dict[str, str] = {}

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

    # the transaction and its pool are the base `Database`'s; one round trip each: BEGIN
    # with the write lock, NOTIFY with COMMIT

    def open_connection(self) -> psycopg.Connection:
        return self.connect()

    def usable(self, conn: psycopg.Connection) -> bool:
        return not conn.closed

    def begin(self, conn: psycopg.Connection, write: bool) -> None:
        conn.execute(_BEGIN_WRITE if write else _BEGIN_READ)

    def session(self, conn: psycopg.Connection) -> Session:
        return Session(conn)

    def commit(self, conn: psycopg.Connection, write: bool) -> None:
        conn.execute(_COMMIT_WRITE if write else "COMMIT")

    def in_transaction(self, conn: psycopg.Connection) -> bool:
        return not conn.closed and conn.info.transaction_status != TransactionStatus.IDLE

    def transaction_fault(self, exc: BaseException, write: bool, committing: bool) -> RuleError:
        return fault(self.where, exc, write, committing)

    @staticmethod
    def has_table(session: Session, name: str) -> bool:
        return bool(session.execute("SELECT to_regclass(:name) IS NOT NULL",
                                    {"name": name}).fetchone()[0])

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

    def reserve_many(self, conn: Session, wanted: Sequence[tuple[str, int]]) -> list[list[int]]:
        """Ids for several tables (name, count) in one statement, each a block moved past
        at once (`setval`), however many rows it holds. Safe because every writer holds the
        ledger's write lock (`_BEGIN_WRITE`): no other INSERT takes an id meanwhile."""
        asked = [(table, n) for table, n in wanted if n > 0]
        if not asked:
            return [[] for _ in wanted]
        params: dict[str, Any] = {}
        parts = []
        for i, (table, n) in enumerate(asked):
            params[f"s{i}"], params[f"n{i}"] = self._sequence(conn, table), n
            parts.append(f"setval(:s{i}::regclass, nextval(:s{i}::regclass) + :n{i} - 1)")
        last = iter(conn.execute("SELECT " + ", ".join(parts), params).fetchone())
        out = []
        for _, n in wanted:  # each block ends at its sequence's new value
            top = next(last) if n > 0 else 0
            out.append(list(range(top - n + 1, top + 1)))
        return out

    def _sequence(self, conn: Session, table: str) -> str:
        """The sequence of the table's serial id (asked once per database)."""
        if table not in self._sequences:
            self._sequences[table] = conn.execute(
                "SELECT pg_get_serial_sequence(:t, 'id')", {"t": table}).fetchone()[0]
        return self._sequences[table]

    def bulk_writer(self, conn: Session) -> PipelinedWriter:
        return PipelinedWriter(conn)

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
                raise WriteFault(str(exc.values.get("why") or exc.message)) from None
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
                raise RuleError("database", "holds_data_force", path=self.where)
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

    def large_read(self, conn: Session) -> None:
        """Memory for the statement's hash joins and sorts (the server's default, 4 MB,
        spills a federation's six million revisions to disk in many batches), for this
        transaction alone."""
        conn.execute(f"SET LOCAL work_mem = '{LARGE_READ_MB}MB'")

    @staticmethod
    def not_the_schema(exc: BaseException) -> bool:
        return isinstance(exc, psycopg.OperationalError)

    def fault(self, exc: BaseException) -> RuleError:
        return fault(self.where, exc)


class PipelinedWriter(BulkWriter):
    """A bulk load's rows on a server: each chunk one statement (`rows_statement`), sent
    the moment it is handed in, in one pipeline with the statements after them. The server
    writes a chunk while the importer settles the next (two processes, two cores: a
    table's import of ~30 deals went from 6.6 to 5.7 ms), and nothing waits for an answer
    until the block ends: one round trip. A row the server refuses is raised there (or at
    the next chunk), and the transaction rolls back whole."""

    def __init__(self, conn: Session) -> None:
        self.session = conn
        self.pipeline = conn.conn.pipeline()

    def __enter__(self) -> PipelinedWriter:
        self.pipeline.__enter__()
        return self

    def add(self, batches: Sequence[Batch]) -> None:
        full = [b for b in batches if b[2]]
        if full:
            sql, params = rows_statement(full)
            self.session.execute(sql, params)

    def then(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        for sql, rows in statements:  # (each rides the open pipeline)
            self.session.executemany(sql, rows)

    def __exit__(self, *exc: Any) -> None:
        self.pipeline.__exit__(*exc)


def rows_statement(batches: Sequence[Batch]) -> tuple[str, dict[str, str]]:
    """One statement that inserts each table's rows (its foreign keys are checked at its
    end, with every table's rows in), each table's rows one JSON parameter read as that
    table's row type (each value through its column type's input, as COPY reads it), in
    the order given (a column left out, a transfer's id, takes its default in that order)."""
    parts, params = [], {}
    for i, (table, columns, rows) in enumerate(batches):
        names = ", ".join(columns)
        parts.append(f'INSERT INTO "{table}" ({names}) SELECT {names} FROM '
                     f'json_populate_recordset(NULL::"{table}", CAST(:rows{i} AS json)) '
                     "WITH ORDINALITY AS v ORDER BY v.ordinality")
        params[f"rows{i}"] = json.dumps([dict(zip(columns, r, strict=True)) for r in rows],
                                        ensure_ascii=False, separators=(",", ":"))
    *first, last = parts
    head = ", ".join(f"w{i} AS ({p})" for i, p in enumerate(first))
    return (f"WITH {head} {last}" if head else last), params


def fault(where: str, exc: BaseException, write: bool = False,
          committing: bool = False) -> RuleError:
    """One line for what the server (or the way to it) said. A connection lost in a
    transaction is a `ConnectionLost`: before COMMIT nothing of it was kept; during it (or
    before its answer came back) whether it took is asked again once the server answers."""
    said = " ".join(str(exc).split())
    low = said.lower()
    if "password authentication failed" in low or "no password supplied" in low:
        return RuleError("database", "pg_password", where=where)
    if "does not exist" in low and "database" in low:
        return RuleError("database", "pg_no_database", where=where)
    lost = isinstance(exc, psycopg.OperationalError) and (
        "closed" in low or "terminat" in low or "lost" in low or "consuming input" in low
        or "server closed" in low or "broken pipe" in low or "eof" in low)
    if lost or (write and isinstance(exc, psycopg.OperationalError)
                and "connect" not in low):
        if write and committing:
            return ConnectionLost("pg_lost_commit", True, where=where)
        return ConnectionLost("pg_lost", False, where=where)
    if isinstance(exc, psycopg.OperationalError):
        return RuleError("database", "pg_unreachable", where=where, why=said)
    return RuleError("database", "pg_error", where=where, why=said)
