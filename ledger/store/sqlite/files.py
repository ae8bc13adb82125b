"""A ledger as a SQLite file: copies with the online backup API (`backup`, the trial copy a
`restore` checks, the copy kept beside a replaced ledger), the file's own damage checks, and
replacing a ledger's content with a checked file inside one write transaction.

Backups are SQLite files whatever engine the ledger lives on (`tally backup` from a league's
server writes one, `tally restore` into it takes one), so these are the only place backup
files are read and written.
"""

from __future__ import annotations

import itertools
import os
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...domain.rules.errors import RuleError
from ...io.disk import cause, read_only_medium
from ..db import BUSY_TIMEOUT_MS, WriteFault


def copy_file(source: Path, dest: Path) -> None:
    """Copy a SQLite database with the online backup API (safe while it is in use) into
    `dest`, a new or empty file."""
    src = sqlite3.connect(Path(source).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(dest)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def write_cause(exc: OSError | sqlite3.Error, path: Path) -> str:
    """Why writing `path` failed, in a few words."""
    if isinstance(exc, OSError):
        return cause(exc, path)
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith("SQLITE_FULL") or "disk is full" in str(exc):
        return "the disk is full"
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
        return "it is on a read-only medium" if read_only_medium(path) else \
            "it cannot be written there (read-only)"
    return " ".join(str(exc).split())


def backup_file(source: Path, dest: Path) -> None:
    """`copy_file`, its faults as a `WriteFault` saying why."""
    try:
        copy_file(source, dest)
    except (OSError, sqlite3.Error) as exc:
        raise WriteFault(write_cause(exc, dest)) from None


def remove_files(path: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite 3 database


def looks_like_sqlite(path: Path) -> bool:
    """Whether the file starts as a SQLite database does (so a failure to read it is
    damage, a file cut short say, not a file of another kind)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def trial_copy(source: Path, trial: Path) -> str | None:
    """Copy a backup to `trial`: None when done, else why not ("not_sqlite", or what
    SQLite says of a SQLite file it cannot read: cut short, broken).

    The source is copied byte for byte first (with its -wal, if a live ledger was given)
    and only the copy is opened: opening a file in WAL mode makes, and read-only leaves,
    a -shm and a -wal beside it, and cannot even start on a read-only medium, where the
    -shm cannot be made (a backup on a write-protected stick was called "not a SQLite
    file", a refused restore left the two files beside its source). An OSError reading
    the source is the caller's to say."""
    raw = trial.with_name("source.sqlite3")
    shutil.copyfile(source, raw)
    wal = source.with_name(source.name + "-wal")
    if wal.is_file():
        shutil.copyfile(wal, raw.with_name(raw.name + "-wal"))
    try:
        copy_file(raw, trial)
    except sqlite3.Error as exc:
        return " ".join(str(exc).split()) if looks_like_sqlite(source) else "not_sqlite"
    return None


def damage(db: Any) -> tuple[str, tuple[str, ...] | None]:
    """SQLite's own look at a file: (quick_check's verdict, a row whose parent is missing)."""
    with db.transaction() as conn:
        verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
        broken = conn.execute("PRAGMA foreign_key_check").fetchone()
    return verdict, broken


def replace_file_contents(db: Any, trial: Path, force: bool) -> Path | None:
    """Under one write transaction on `db`: refuse (without --force) a ledger that holds
    data, keep a copy of it, put the content of `trial` in its place. Other programs wait
    for the lock (or are waited for); an app left open is refused its next write (db.py)."""
    target = db.path
    conn = db.connect()
    try:
        conn.execute("PRAGMA foreign_keys=OFF")  # tables arrive one by one; trial is checked
        conn.execute("ATTACH DATABASE :file AS restored", {"file": str(trial)})
        try:
            conn.execute("BEGIN IMMEDIATE")  # waits for a writer up to the busy timeout
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise db.fault(exc) from None
            raise RuleError("database", "db_busy", path=target, s=BUSY_TIMEOUT_MS // 1000) from None
        try:
            has_data = conn.execute("SELECT EXISTS (SELECT 1 FROM main.player) "
                                    "OR EXISTS (SELECT 1 FROM main.night)").fetchone()[0]
            if has_data and not force:
                raise RuleError("database", "holds_data_force", path=target)
            kept = keep_copy(target) if has_data else None
            replace_contents(conn)
            bump_restore_count(conn)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise db.fault(exc) from None
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    finally:
        conn.close()
        db.forget_identity()  # this process made the change: its next use reads the new file
    return kept


def bump_restore_count(conn: sqlite3.Connection) -> None:
    """Mark the file as restored (inside the restore's write transaction)."""
    count = conn.execute("PRAGMA main.user_version").fetchone()[0]
    conn.execute(f"PRAGMA main.user_version = {(count + 1) % 2**31}")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def replace_contents(conn: sqlite3.Connection, source: str = "restored") -> None:
    """Make `main` hold exactly the schema and rows of the attached database `source`,
    inside the caller's write transaction (foreign keys off on `conn`): readers see the old
    ledger until COMMIT and the new one after, and a crash leaves the old one whole."""
    old = conn.execute("SELECT type, name FROM main.sqlite_master WHERE name NOT LIKE "
                       "'sqlite_%' AND type IN ('table', 'view')").fetchall()
    for kind, name in old:  # a table's indexes and triggers go with it
        conn.execute(f"DROP {kind.upper()} IF EXISTS main.{_quoted(name)}")
    new = conn.execute(f"SELECT type, name, sql FROM {source}.sqlite_master WHERE name NOT LIKE "
                       "'sqlite_%' AND sql IS NOT NULL ORDER BY rowid").fetchall()
    tables = [name for kind, name, _ in new if kind == "table"]
    for kind, _, sql in new:
        if kind == "table":
            conn.execute(sql)
    for name in tables:
        conn.execute(f"INSERT INTO main.{_quoted(name)} SELECT * FROM {source}.{_quoted(name)}")
    for kind, _, sql in new:  # indexes built once the rows are in; triggers fire on nothing
        if kind != "table":
            conn.execute(sql)
    has_sequence = "SELECT 1 FROM {}.sqlite_master WHERE name = 'sqlite_sequence'"
    if conn.execute(has_sequence.format("main")).fetchone():
        conn.execute("DELETE FROM main.sqlite_sequence")
        if conn.execute(has_sequence.format(source)).fetchone():
            conn.execute(f"INSERT INTO main.sqlite_sequence SELECT * FROM {source}.sqlite_sequence")


def keep_copy(target: Path, copy: object = None) -> Path:
    """Copy the ledger to `<name>.before-restore-<UTC time>[-n]<suffix>` beside it, a name
    made exclusively (O_EXCL): a kept copy is never overwritten, even by two restores in one
    second. Called under the restore's write lock, so the copy is the ledger as replaced.
    `copy(kept)` makes the copy (default: the backup API from `target`)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    for n in itertools.count(1):
        kept = target.with_name(f"{target.stem}.before-restore-{stamp}"
                                f"{'' if n == 1 else f'-{n}'}{target.suffix}")
        try:
            os.close(os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            break
        except FileExistsError:
            continue
    try:
        if copy is None:
            copy_file(target, kept)  # a reader's snapshot: nothing commits while locked
        else:
            remove_files(kept)
            copy(kept)  # type: ignore[operator]
    except (OSError, sqlite3.Error, WriteFault) as exc:
        remove_files(kept)  # the empty or partial file this call made, nobody else's
        why = exc.why if isinstance(exc, WriteFault) else write_cause(exc, kept)
        raise RuleError("database", "cannot_keep_copy", path=target, why=why) from None
    return kept
