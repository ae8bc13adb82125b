"""What both engines share: the store's interface (`Database`, its sessions), stored
datetimes, rows read by column name, and the store's own error.

The service holds a `Database` and opens transactions on it; each transaction hands out a
session with `execute(sql, params)` / `executemany(sql, rows)`, on which the repository's
SQL runs. That SQL is written once, for both engines: named parameters only (`:name`),
portable statements (`RETURNING`, `ON CONFLICT`). The adapters are `sqlite/` (the
embedded default: a file, through the standard library's `sqlite3`) and `postgres/`
(a league's server, through psycopg 3); `engine.open_database` picks one from what the
user gave. What is an engine's own (pragmas, the backup API, change detection, a file's
identity) stays in its adapter; nothing above the store imports `sqlite3` or `psycopg`,
and every fault of the database reaches the service as a `RuleError` on the field
"database" (`tally` prints `error: database: …` and exits 2).
"""

from __future__ import annotations

import threading
import weakref
from collections import namedtuple
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from ..domain.rules.errors import RuleError

BUSY_TIMEOUT_MS = 30_000
_STAMP = "%Y-%m-%d %H:%M:%S.%f"


class Cursor(Protocol):
    """A statement's answer: its rows (each a tuple of the columns' values), as both
    drivers' cursors give them."""

    @property
    def description(self) -> Any: ...

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def fetchmany(self, size: int = ..., /) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A session: one transaction's statements (a `sqlite3.Connection` on SQLite, a
    `postgres.db.Session` on PostgreSQL). Parameters are named (`:name`)."""

    def execute(self, sql: str, params: Any = ..., /) -> Cursor: ...

    def executemany(self, sql: str, rows: Any, /) -> Any: ...


class StoreError(RuleError):
    """A fault of the database itself (unreachable, refused, lost, damaged): one line."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__("database", code, **values)


class ConnectionLost(StoreError):
    """The connection to the database broke in the middle of a transaction. Before its
    COMMIT was sent nothing of it is kept (`committing` False: the server rolls back a
    transaction whose connection is gone); once COMMIT was sent, whether it took is not known
    here: a save that carries a form's key is looked up by it once the database can be
    reached again (`Tally.save_of_form`), never guessed."""

    def __init__(self, code: str, committing: bool, **values: Any) -> None:
        super().__init__(code, **values)
        self.committing = committing


FaultHook = Callable[[str, Any], None]


class WriteFault(Exception):
    """Writing a file failed (a full disk, a read-only medium): `why`, in a few words."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Database:
    """One database, a small pool of its connections, and its transactions; an adapter
    fills in the engine's part (how to connect, begin, commit, and say a driver's fault).

    The pool is shared by the app's worker threads: each connection serves one transaction
    at a time, and goes back to the idle list when it ends (rolled back first if it failed;
    closed if even that fails)."""

    engine: str = ""  # "sqlite" | "postgresql"
    path: Path | None = None  # the file (SQLite); None on a server
    replaced = False  # SQLite: the file was swapped while open (every write is refused)
    driver_error: type[BaseException] = Exception  # the driver's own error (sqlite3, psycopg)
    # tests set this to break the line at a point of a write: called with the point's name
    # ("commit": COMMIT is about to be sent; "answer": it took, its answer not yet read)
    # and the transaction's session
    fault_hook: FaultHook | None = None

    def __init__(self) -> None:
        self._idle: list[Any] = []
        self._lock = threading.Lock()
        _OPENED.add(self)

    # ---- what an adapter provides --------------------------------------------------------

    def open_connection(self) -> Any:
        """A new connection with the engine's settings (a fault: the store's `RuleError`)."""
        raise NotImplementedError

    def usable(self, conn: Any) -> bool:
        """Whether an idle connection may serve another transaction."""
        return True

    def begin(self, conn: Any, write: bool) -> None:
        raise NotImplementedError

    def session(self, conn: Any) -> Any:
        """What the repository's SQL runs on (`execute`, `executemany`)."""
        return conn

    def commit(self, conn: Any, write: bool) -> None:
        conn.execute("COMMIT")

    def in_transaction(self, conn: Any) -> bool:
        raise NotImplementedError

    def transaction_fault(self, exc: BaseException, write: bool, committing: bool) -> RuleError:
        """The driver's `exc` in a transaction, as the store's one line."""
        raise NotImplementedError

    def prepare(self) -> None:
        """Before the first use: what the engine needs made (a SQLite file's folder)."""
        raise NotImplementedError

    @staticmethod
    def not_the_schema(exc: BaseException) -> bool:
        """Whether an error of a migration is the disk's, the file's or the server's."""
        raise NotImplementedError

    def fault(self, exc: BaseException) -> RuleError:
        """A driver's `exc` on opening, as the store's one line."""
        raise NotImplementedError

    # ---- the pool and the transaction ----------------------------------------------------

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Any]:
        """One transaction: committed when the block ends, rolled back if it raises, so
        what it writes lands whole or not at all."""
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is None or not self.usable(conn):
            conn = self.open_connection()
        committing = False
        try:
            self.begin(conn, write)
            session = self.session(conn)
            yield session
            if write and self.fault_hook is not None:
                self.fault_hook("commit", session)
            committing = True
            self.commit(conn, write)
            if write and self.fault_hook is not None:
                self.fault_hook("answer", session)
        except self.driver_error as exc:
            self._abandon(conn)
            said = self.transaction_fault(exc, write, committing)
            if isinstance(said, ConnectionLost):  # the idle ones went with it (a restart)
                self.dispose()
            raise said from None
        except BaseException:
            self._abandon(conn)
            raise
        with self._lock:
            self._idle.append(conn)

    def _abandon(self, conn: Any) -> None:
        """A failed transaction's connection: rolled back and kept, or closed."""
        try:
            if self.in_transaction(conn):
                conn.execute("ROLLBACK")
        except self.driver_error:
            conn.close()
            return
        if self.usable(conn):  # (not one the server closed)
            with self._lock:
                self._idle.append(conn)

    def dispose(self) -> None:
        """Close the idle connections (a new transaction opens a fresh one)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    # ---- the rest of the interface -------------------------------------------------------

    @property
    def location(self) -> str:
        """What opens this database again (a path, or the URL with its password)."""
        raise NotImplementedError

    @property
    def where(self) -> str:
        """The database for people: a path, or the URL without any password."""
        raise NotImplementedError

    @staticmethod
    def has_table(session: Any, name: str) -> bool:
        """Whether the table `name` exists (asked in the caller's transaction)."""
        raise NotImplementedError

    TABLES_SQL = ""  # the engine's catalogue query of the tables a database holds

    def table_names(self) -> set[str]:
        """The tables the database holds (none: a new ledger)."""
        with self.transaction() as s:
            return {r[0] for r in s.execute(self.TABLES_SQL)}

    def watch(self) -> Any:
        """A watch whose `changed()` says whether anyone committed since the last look."""
        raise NotImplementedError

    def sqlalchemy_url(self) -> str:
        raise NotImplementedError

    def lock_for_upgrade(self, conn: Any) -> None:
        """Hold off other upgrades of the same database (on Alembic's connection)."""

    def reset_sequences(self, conn: Any) -> None:
        """After rows were copied in with their ids: new ids start above them."""

    def reserve_many(self, conn: Any, wanted: Sequence[tuple[str, int]]) -> list[list[int]]:
        """New ids for rows that a bulk load writes with their ids, for several tables
        (name, count), in order: each block after its table's highest id, in the caller's
        write transaction (which holds off every other writer)."""
        out = []
        for table, n in wanted:
            first = int(conn.execute(f'SELECT coalesce(max(id), 0) FROM "{table}"'
                                     ).fetchone()[0]) + 1
            out.append(list(range(first, first + n)))
        return out

    def bulk_insert(self, conn: Any, table: str, columns: list[str],
                    rows: list[tuple[object, ...]]) -> None:
        """Rows in by the engine's fastest path (COPY on a server)."""
        raise NotImplementedError

    def bulk_writer(self, conn: Any) -> BulkWriter:
        """Where a bulk load hands its rows a chunk at a time (`bulk.add_deals_at`)."""
        return BulkWriter(self, conn)

    def after_bulk(self, conn: Any) -> None:
        """After a bulk copy: whatever the engine needs to plan its queries well."""

    def large_read(self, conn: Any) -> None:
        """Before a statement of this transaction that reads much of the ledger at once
        (ratings from scratch): whatever the engine needs to do it in memory."""

    def backup_to(self, dest: Path) -> None:
        """A consistent copy of the ledger as a new SQLite file `dest` (a `WriteFault` if
        the file cannot be written)."""
        raise NotImplementedError

    def replace_with(self, trial: Path, force: bool, beside: Path) -> Path | None:
        """The ledger's content replaced by the checked SQLite file `trial`, in one
        transaction; refused without `force` if it holds data, which is kept first (a
        SQLite file beside the ledger's, or on a server beside the backup `beside`; its
        path returned)."""
        raise NotImplementedError

    def changed(self) -> bool:
        return False

    def forget_identity(self) -> None:
        self.dispose()


def stamp(at: datetime) -> str:
    """An aware datetime as stored: UTC, to the microsecond."""
    if at.utcoffset() is None:
        raise ValueError("datetimes are stored with their time zone")
    return at.astimezone(UTC).strftime(_STAMP)


def moment(text: str | None) -> datetime | None:
    """A stored datetime back as an aware UTC datetime."""
    if text is None:
        return None
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


@cache
def _row_type(names: tuple[str, ...]) -> Any:
    return namedtuple("Row", names)


def named(conn: Connection, sql: str, params: Any = None) -> list[Any]:
    """The rows of a query as named tuples (`row.date`); `*_at` columns as datetimes."""
    cur = conn.execute(sql, params or {})
    names = tuple(d[0] for d in cur.description)
    make = _row_type(names)
    stamps = [i for i, n in enumerate(names) if n.endswith("_at")]
    if not stamps:
        return [make(*r) for r in cur]
    out = []
    for r in cur:
        values = list(r)
        for i in stamps:
            values[i] = moment(values[i])
        out.append(make(*values))
    return out


_OPENED: weakref.WeakSet[Database] = weakref.WeakSet()  # every database this process made


def dispose_all() -> None:
    """Close every idle connection of every database this process made (SQLite folds its
    write-ahead log into the file as its last connection closes; a server is told the
    session ends): what the interpreter's teardown would do, for a process that ends
    without one (`ledger.cli.quick_exit`)."""
    for db in list(_OPENED):
        db.dispose()


Batch = tuple[str, list[str], list[Any]]  # a table's name, its columns, rows of their values


class BulkWriter:
    """Rows handed in a chunk at a time (`add`: each table's rows, a table before those
    that refer to it), then statements run after them (`then`, each with its rows, as
    `executemany_all` takes them). This one gathers them and writes them when the block
    ends without an error, table by table through the engine's `bulk_insert` (SQLite:
    nothing to overlap with in one process); a server's sends each chunk at once."""

    def __init__(self, db: Database, conn: Any) -> None:
        self.db, self.conn = db, conn
        self.rows: dict[str, tuple[list[str], list[Any]]] = {}
        self.after: list[tuple[str, Sequence[Any]]] = []

    def __enter__(self) -> BulkWriter:
        return self

    def add(self, batches: Sequence[Batch]) -> None:
        for table, columns, rows in batches:
            self.rows.setdefault(table, (columns, []))[1].extend(rows)

    def then(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        self.after += statements

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        if exc_type is None:
            for table, (columns, rows) in self.rows.items():
                if rows:
                    self.db.bulk_insert(self.conn, table, columns, rows)
            executemany_all(self.conn, self.after)


def executemany_all(session: Connection, batches: Sequence[tuple[str, Sequence[Any]]]) -> None:
    """Several statements, each over its rows, in order: on a server in one round trip
    (the adapter's session pipelines them), on SQLite one `executemany` after another."""
    together = getattr(session, "executemany_all", None)
    if together is not None:
        together(batches)
        return
    for sql, rows in batches:
        if rows:
            session.executemany(sql, rows)


def marks(values: Any, prefix: str = "p") -> tuple[str, dict[str, Any]]:
    """`:p0, :p1, …` and their parameters, for `IN (…)` over a list of values."""
    params = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return ", ".join(f":{k}" for k in params), params
