"""The file system says no: an export folder or backup path that
is a file or cannot be made, a full disk while writing, a ledger with a schema revision this
Tally cannot upgrade, a read-only medium or folder. Each is one `error:` line, exit 2, and
nothing is left behind (no `*.part` file, no half an export, the ledger unchanged).

Tests run as root, which `chmod` does not stop, so the faults are made as follows and each
test says which: a full disk is an `OSError(ENOSPC)` raised by a patched write (exports), a
patched copy (backup) or SQLite's own "database or disk is full" from `PRAGMA
max_page_count` (a new ledger); a read-only file is a real read-only SQLite connection (a
`mode=ro` URI, which fails as a read-only medium does), with `os.statvfs` reporting a
read-only mount, or `os.access` a folder root may not write, to tell the cases apart.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.io import exports
from ledger.service import Tally
from ledger.store import migrate as store_migrate
from ledger.store.sqlite import db as store_db
from ledger.store.sqlite import files as store_files
from tests.conftest import table_counts
from tests.robust.conftest import solo_club

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


def _run(db: Path, *args: str) -> Any:
    return CliRunner().invoke(app, ["--db", str(db), *args])


def _one_line(r: Any, start: str) -> None:
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    assert r.stdout == ""
    assert r.stderr.startswith(start), r.stderr
    assert r.stderr.count("\n") == 1, r.stderr


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    db = tmp_path / "club.sqlite3"
    [table] = solo_club(db)
    service = Tally.open(db)
    service.add_deal(table, SOLO)
    service.db.dispose()
    return db


def test_item9_export_and_backup_to_a_path_that_is_a_file_or_cannot_be_made(
        ledger: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    _one_line(_run(ledger, "export", "--night", "1", "--out", str(a_file)),
              f"error: --out: {a_file} is a file, not a folder\n")
    _one_line(_run(ledger, "export", "--all", "--out", str(a_file / "sub")),
              f"error: --out: cannot make the folder {a_file / 'sub'}: a part of the path is "
              "a file, not a folder\n")
    _one_line(_run(ledger, "backup", str(a_file / "b.sqlite3")),
              f"error: path: {a_file} is a file, not a folder\n")
    _one_line(_run(ledger, "backup", str(tmp_path), "--force"),
              f"error: path: {tmp_path} is a folder: give the backup a file name\n")
    assert a_file.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("club.")) == [
        "notes.txt"]


def test_item9_a_full_disk_during_export_leaves_nothing(
        ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    real = exports.write_csv
    written: list[str] = []

    def fills_up(fh: Any, header: Any, rows: Any, text: Any = None) -> None:
        written.append(header[0])
        if len(written) == 3:  # the third file: the disk fills half-way through it
            fh.write("night,date")
            fh.flush()
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fh, header, rows, text)

    monkeypatch.setattr(exports, "write_csv", fills_up)
    _one_line(_run(ledger, "export", "--night", "1", "--out", str(out)),
              f"error: --out: writing in {out}: the disk is full; nothing was written\n")
    assert list(out.iterdir()) == []  # not the two whole files, not a .part


@pytest.mark.parametrize("error", [OSError(errno.ENOSPC, "No space left on device"),
                                   sqlite3.OperationalError("database or disk is full")],
                         ids=["OSError", "SQLite"])
def test_item9_a_full_disk_during_backup_leaves_nothing(
        ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        error: Exception) -> None:
    real = store_files.copy_file

    def fills_up(source: Path, dest: Path, **kw: Any) -> None:
        real(source, dest)
        with open(dest, "r+b") as fh:  # as if the last pages never made it
            fh.truncate(os.path.getsize(dest) // 2)
        raise error

    monkeypatch.setattr(store_files, "copy_file", fills_up)
    dest = tmp_path / "backups" / "club-2026-11-29.sqlite3"
    _one_line(_run(ledger, "backup", str(dest)),
              f"error: path: {dest}: the disk is full; nothing was written\n")
    assert list(dest.parent.iterdir()) == []


def _set_revision(db: Path, sql: str) -> None:
    con = sqlite3.connect(db)
    con.execute(sql)
    con.commit()
    con.close()


@pytest.mark.parametrize("sql, message", [
    ("UPDATE alembic_version SET version_num = '0099_future'",
     f"is at schema revision '0099_future', which this Tally (schema {store_migrate.HEAD}) "
     "does not know: "
     "this Tally is older than the ledger; upgrade Tally to open it\n"),
    ("UPDATE alembic_version SET version_num = '0001'",
     f"is at schema revision '0001', older than this Tally's (schema {store_migrate.HEAD}); "
     "nothing was changed: run `tally db upgrade` to upgrade it\n"),
    ("DROP TABLE alembic_version",
     "holds tables but no Tally schema revision: it is not a Tally ledger, or its revision "
     "was lost; use --db for another file, or restore a backup\n"),
    ("DELETE FROM alembic_version",
     "holds tables but no Tally schema revision: it is not a Tally ledger, or its revision "
     "was lost; use --db for another file, or restore a backup\n"),
], ids=["newer", "older-labelled", "missing", "empty revision"])
def test_item10_a_schema_revision_it_cannot_upgrade_is_one_line(
        ledger: Path, sql: str, message: str) -> None:
    _set_revision(ledger, sql)
    before = table_counts(ledger)
    with open(ledger, "rb") as fh:
        image = fh.read()
    _one_line(_run(ledger, "standings", "--all"), f"error: db: {ledger} {message}")
    assert table_counts(ledger) == before
    with open(ledger, "rb") as fh:
        assert fh.read() == image  # the refused upgrade changed nothing


def test_item10_an_upgrade_of_a_revision_its_tables_do_not_match_is_one_line(
        ledger: Path) -> None:
    _set_revision(ledger, "UPDATE alembic_version SET version_num = '0001'")
    with open(ledger, "rb") as fh:
        image = fh.read()
    _one_line(_run(ledger, "db", "upgrade"), f"error: db: {ledger} is labelled schema "
              "revision '0001' but its tables do not match it (a damaged or hand-edited "
              "file); nothing was changed: restore a backup\n")
    with open(ledger, "rb") as fh:
        assert fh.read() == image


def _read_only_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection of the ledger read-only, as SQLite opens one on a read-only medium."""
    def connect(self: store_db.SqliteDatabase) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path.absolute().as_uri() + "?mode=ro", uri=True,
                               isolation_level=None, check_same_thread=False)
        store_db.configure(conn)
        return conn

    monkeypatch.setattr(store_db.SqliteDatabase, "connect", connect)


@pytest.fixture
def rollback_journal(ledger: Path) -> Path:
    """The ledger as a copy made by another program leaves it: not in WAL mode, so opening
    it must write (Tally turns WAL on)."""
    con = sqlite3.connect(ledger)
    con.execute("PRAGMA journal_mode=DELETE")
    con.close()
    return ledger


def test_item10_a_read_only_medium_is_named(rollback_journal: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _read_only_connections(monkeypatch)
    real_statvfs = os.statvfs

    class ReadOnlyMount:
        def __init__(self, real: os.statvfs_result) -> None:
            self.f_flag = real.f_flag | os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", lambda p: ReadOnlyMount(real_statvfs(p)))
    _one_line(_run(rollback_journal, "standings", "--all"),
              f"error: db: {rollback_journal} is on a read-only medium: copy it to a writable "
              "disk (Tally writes to its ledger), or use --db\n")


def test_item10_a_read_only_folder_is_named(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _read_only_connections(monkeypatch)
    folder = tmp_path / "shared"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == folder
                        else real_access(p, mode))
    new = folder / "club.sqlite3"
    _one_line(_run(new, "standings", "--all"),
              f"error: db: {new}: its folder is read-only (Tally keeps its journal beside the "
              "file): move it to a writable folder, or use --db\n")
    assert list(folder.iterdir()) == []


def test_item10_a_full_disk_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = store_db.configure

    def two_pages(conn: sqlite3.Connection) -> None:  # SQLite's own SQLITE_FULL
        real(conn)
        conn.execute("PRAGMA max_page_count = 2")

    monkeypatch.setattr(store_db, "configure", two_pages)
    new = tmp_path / "club.sqlite3"
    _one_line(_run(new, "player", "add", "Ann"),
              f"error: db: {new}: the disk is full; free some space and try again (nothing "
              "was written)\n")
    assert table_counts(new) == {}
