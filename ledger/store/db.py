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

from collections import namedtuple
from collections.abc import Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from ..domain.rules.errors import RuleError

BUSY_TIMEOUT_MS = 30_000
_STAMP = "%Y-%m-%d %H:%M:%S.%f"


class Cursor(Protocol):
    description: Any

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def fetchmany(self, size: int = ...) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A session: one transaction's statements (a `sqlite3.Connection` on SQLite, a
    `postgres.db.Session` on PostgreSQL). Parameters are named (`:name`)."""

    def execute(self, sql: str, params: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, rows: Any, /) -> Any: ...


class StoreError(RuleError):
    """A fault of the database itself (unreachable, refused, lost, damaged): one line."""

    def __init__(self, message: str, code: str, **values: Any) -> None:
        super().__init__("database", message, code, **values)


class WriteFault(Exception):
    """Writing a file failed (a full disk, a read-only medium): `why`, in a few words."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Database:
    """One database and its transactions; an adapter fills in the engine's part."""

    engine: str = ""  # "sqlite" | "postgresql"
    path: Path | None = None  # the file (SQLite); None on a server
    replaced = False  # SQLite: the file was swapped while open (every write is refused)

    @property
    def location(self) -> str:
        """What opens this database again (a path, or the URL with its password)."""
        raise NotImplementedError

    @property
    def where(self) -> str:
        """The database for people: a path, or the URL without any password."""
        raise NotImplementedError

    def transaction(self, write: bool = False) -> AbstractContextManager[Any]:
        raise NotImplementedError

    @staticmethod
    def has_table(session: Any, name: str) -> bool:
        """Whether the table `name` exists (asked in the caller's transaction)."""
        raise NotImplementedError

    def table_names(self) -> set[str]:
        """The tables the database holds (none: a new ledger)."""
        raise NotImplementedError

    def watch(self) -> Any:
        """A watch whose `changed()` says whether anyone committed since the last look."""
        raise NotImplementedError

    def sqlalchemy_url(self) -> str:
        raise NotImplementedError

    def lock_for_upgrade(self, conn: Any) -> None:
        """Hold off other upgrades of the same database (on Alembic's connection)."""

    def reset_sequences(self, conn: Any) -> None:
        """After rows were copied in with their ids: new ids start above them."""

    def reserve_ids(self, conn: Any, table: str, n: int) -> list[int]:
        """`n` new ids for rows of `table` that a bulk load writes with their ids, in the
        caller's write transaction (which holds off every other writer)."""
        first = int(conn.execute(f'SELECT coalesce(max(id), 0) FROM "{table}"'
                                 ).fetchone()[0]) + 1
        return list(range(first, first + n))

    def bulk_insert(self, conn: Any, table: str, columns: list[str],
                    rows: list[tuple[object, ...]]) -> None:
        """Rows in by the engine's fastest path (COPY on a server)."""
        raise NotImplementedError

    def after_bulk(self, conn: Any) -> None:
        """After a bulk copy: whatever the engine needs to plan its queries well."""

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

    def dispose(self) -> None:
        raise NotImplementedError


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


def marks(values: Any, prefix: str = "p") -> tuple[str, dict[str, Any]]:
    """`:p0, :p1, …` and their parameters, for `IN (…)` over a list of values."""
    params = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return ", ".join(f":{k}" for k in params), params
