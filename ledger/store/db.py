"""The database at run time: one SQLite file through the standard library's `sqlite3`.

The schema is the SQLModel classes of `models.py`, created and upgraded by the Alembic
migrations (`migrate.py`); what the commands and the app run is plain SQL on `sqlite3`
connections (`repo.py`). Importing SQLAlchemy alone costs a command about 0.4 s before it
does anything, more than half of what a command may take on a decade of deals, so it is only
imported when a database needs migrating. `tests/test_store.py` and `tests/test_db.py`
prove the migrations, the models and what this SQL writes agree.

Every connection runs in WAL mode with foreign keys on and a busy timeout; a write
transaction starts with BEGIN IMMEDIATE, so two writers queue on the timeout instead of
failing on a lock upgrade. Datetimes are stored as SQLAlchemy stores them on SQLite (UTC,
`2026-11-29 20:15:00.000000`) and come back as aware UTC datetimes.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import namedtuple
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

BUSY_TIMEOUT_MS = 30_000
_STAMP = "%Y-%m-%d %H:%M:%S.%f"

Connection = sqlite3.Connection


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
    return namedtuple("Row", names)  # type: ignore[misc]


def named(conn: Connection, sql: str, params: Any = ()) -> list[Any]:
    """The rows of a query as named tuples (`row.date`); `*_at` columns as datetimes."""
    cur = conn.execute(sql, params)
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


def configure(conn: Connection) -> None:
    """Tally's settings on a new connection: WAL, foreign keys, busy timeout."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA synchronous=NORMAL")


class Database:
    """A SQLite file and a small pool of connections (the app reads from worker threads;
    each connection serves one transaction at a time)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._idle: list[Connection] = []
        self._lock = threading.Lock()

    def connect(self) -> Connection:
        """A new connection with Tally's settings (autocommit: transactions are explicit)."""
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        try:
            configure(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Connection]:
        """One transaction: committed when the block ends, rolled back if it raises.
        A read sees one consistent snapshot; a write holds the write lock throughout."""
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = self.connect()
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            self._abandon(conn)
            raise
        with self._lock:
            self._idle.append(conn)

    def _abandon(self, conn: Connection) -> None:
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error:
            conn.close()
            return
        with self._lock:
            self._idle.append(conn)

    def dispose(self) -> None:
        """Close the idle connections (a new transaction opens a fresh one)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
