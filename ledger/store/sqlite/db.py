"""The SQLite adapter: one file through the standard library's `sqlite3`.

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

A `restore` replaces the content of the file in place, inside one write transaction, and
counts itself in the header's `user_version`. A `Database` remembers the file it first saw
(device, inode, that count) and refuses every later write once the file is another one, so an
app left open over a restored (or swapped) file says so instead of writing what its screens
show into a ledger that no longer holds it.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ...domain.rules.errors import RuleError
from ...io import disk
from ..db import BUSY_TIMEOUT_MS, Database
from .files import looks_like_sqlite
from .watch import DataVersion

Connection = sqlite3.Connection


def configure(conn: Connection) -> None:
    """Tally's settings on a new connection: WAL, foreign keys, busy timeout."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA synchronous=NORMAL")


class SqliteDatabase(Database):
    """A SQLite file (the pool of its connections and the transactions are the base
    `Database`'s: the app reads from worker threads)."""

    engine = "sqlite"
    driver_error = sqlite3.Error
    TABLES_SQL = ("SELECT name FROM sqlite_master WHERE type = 'table' "
                  "AND name NOT LIKE 'sqlite_%'")

    path: Path  # always a file here

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path)
        self._seen: tuple[int, int, int] | None = None  # the file's identity at first use
        self.replaced = False  # seen to be another file since: every write is refused

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

    def open_connection(self) -> Connection:
        try:
            return self.connect()
        except sqlite3.Error as exc:
            raise open_problem(self.path, exc) from None

    def begin(self, conn: Connection, write: bool) -> None:
        """A read sees one consistent snapshot; a write holds the write lock throughout
        (BEGIN IMMEDIATE: two writers queue on the busy timeout)."""
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        if write or self._seen is None:
            self._same_file(conn)

    def in_transaction(self, conn: Connection) -> bool:
        return conn.in_transaction

    def transaction_fault(self, exc: BaseException, write: bool, committing: bool) -> RuleError:
        """The file went bad, or stayed locked past the timeout; a full disk on a write is
        a refusal the app and the CLI say."""
        if write and is_disk_full(exc, self.path):
            return RuleError("db", "disk_full_unsaved")
        return open_problem(self.path, exc)

    @property
    def location(self) -> str:
        return str(self.path)

    @property
    def where(self) -> str:
        return str(self.path)

    @staticmethod
    def has_table(conn: Connection, name: str) -> bool:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                            "name = :name", {"name": name}).fetchone() is not None

    def watch(self) -> DataVersion:
        return DataVersion(self.path)

    def sqlalchemy_url(self) -> str:
        return f"sqlite:///{self.path}"

    def prepare(self) -> None:
        """Before the first use: the file's folder exists (the file is made on connect)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise open_problem(self.path, exc) from None

    @staticmethod
    def not_the_schema(exc: BaseException) -> bool:
        """Whether an error of a migration is the disk's or the file's, not the schema's."""
        name = getattr(exc, "sqlite_errorname", None) or ""
        return isinstance(exc, sqlite3.OperationalError) and name.startswith((
            "SQLITE_FULL", "SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_IOERR",
            "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_PERM"))

    def fault(self, exc: BaseException) -> RuleError:
        return open_problem(self.path, exc)

    def backup_to(self, dest: Path) -> None:
        from .files import backup_file

        backup_file(self.path, dest)

    def replace_with(self, trial: Path, force: bool, beside: Path) -> Path | None:
        from .files import replace_file_contents

        return replace_file_contents(self, trial, force)

    def bulk_insert(self, conn: Connection, table: str, columns: list[str],
                    rows: list[tuple[object, ...]]) -> None:
        conn.executemany(f'INSERT INTO "{table}" ({", ".join(columns)}) VALUES '
                         f'({", ".join("?" * len(columns))})', rows)

    def _identity(self, conn: Connection) -> tuple[int, int, int]:
        try:
            st = os.stat(self.path)
        except OSError:  # deleted or moved away: not the file this process opened
            return (-1, -1, -1)
        return (st.st_dev, st.st_ino, conn.execute("PRAGMA user_version").fetchone()[0])

    def _same_file(self, conn: Connection) -> None:
        """Record the file's identity the first time; on a write, refuse if it changed.
        Read inside the transaction, so a restore cannot land between the look and the write
        (it takes the same write lock)."""
        if not self.replaced:
            now = self._identity(conn)
            if self._seen is None:
                self._seen = now
                return
            self.replaced = now != self._seen
        if self.replaced:
            raise RuleError("db", "db_replaced", path=self.path)

    def changed(self) -> bool:
        """Whether the file is no longer the one first seen (an app asks this to warn)."""
        if self._seen is None or self.replaced:
            return self.replaced
        with self.transaction() as conn:
            self.replaced = self._identity(conn) != self._seen
        return self.replaced

    def forget_identity(self) -> None:
        """This process replaced the file itself (a restore): take the file as it is now."""
        self.dispose()
        self._seen = None
        self.replaced = False


def is_disk_full(exc: BaseException, path: Path) -> bool:
    """SQLite's "database or disk is full" (SQLITE_FULL), or an I/O error on a disk with
    no room left (a -wal or -shm that cannot grow)."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith("SQLITE_FULL") or "disk is full" in str(exc):
        return True
    return (name.startswith("SQLITE_IOERR") or "disk I/O error" in str(exc)) and disk.full(path)


def open_problem(path: Path, exc: BaseException) -> RuleError:
    """What keeps `path` from being opened (or made) as a database, in one line: a full disk,
    a read-only medium, folder or file, a file that is not SQLite, damage, a lock."""
    if path.is_dir():
        return RuleError("db", "db_folder", path=path)
    if isinstance(exc, OSError):
        why = disk.cause(exc, path)
        return RuleError("db", "db_cannot_make_why", path=path, why=why)
    name = getattr(exc, "sqlite_errorname", None) or ""
    text = str(exc)
    if is_disk_full(exc, path):
        return RuleError("db", "db_disk_full", path=path)
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")) or \
            "readonly" in text or "unable to open" in text:
        if disk.read_only_medium(path):
            return RuleError("db", "db_ro_medium", path=path)
        if path.exists() and not os.access(path, os.W_OK):
            return RuleError("db", "db_ro_file", path=path)
        if not disk.writable_folder(path):
            return RuleError("db", "db_ro_folder", path=path)
        if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
            return RuleError("db", "db_cannot_make", path=path)
        return RuleError("db", "db_read_only", path=path)
    if (name.startswith("SQLITE_NOTADB") or "not a database" in text) and \
            not looks_like_sqlite(path):
        return RuleError("db", "db_not_sqlite", path=path)
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or \
            "not a database" in text:  # (a SQLite file cut short)
        return RuleError("db", "db_damaged", path=path)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return RuleError("db", "db_locked", path=path)
    return RuleError("db", "db_open_why", path=path, why=_one_line(text))


def _one_line(text: str) -> str:
    return " ".join(text.split())
