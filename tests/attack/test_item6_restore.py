"""Issue 28, item 6: restore and bad files, with real `tally` processes.

- a backup on a read-only medium restores (a 1 MiB tmpfs mounted for the test, then
  remounted read-only: SQLite cannot make the -shm a WAL file needs there);
- a truncated ledger is called damaged, not "not a SQLite file" (restore and `--db`);
- a refused restore leaves no -wal or -shm beside its source;
- a backup whose tables carry changed definitions (`CHECK (amount < 30)`) is refused, and
  `check` says so of a ledger like it;
- a 300-character file name or a 4,200-character path is one line and exit 2 in `--db`,
  `backup` and `restore`.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.conftest import ROOT, SEATS

from .room import night


def tally(db: Path | str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def one_line(done: subprocess.CompletedProcess[str], start: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(start) and done.stderr.count("\n") == 1, done.stderr
    assert len(done.stderr) < 400, done.stderr


@pytest.fixture(scope="module")
def backup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A backup of a small ledger (one night, one table, one deal)."""
    folder = tmp_path_factory.mktemp("item6")
    db = folder / "club.sqlite3"
    night(db)
    assert tally(db, "round", "add", "--table", "1", "--contract", "solo", "--caller", SEATS[1],
                 "--partner", SEATS[3], "--trump", "clubs", "--points", "73").returncode == 0
    out = folder / "backup.sqlite3"
    assert tally(db, "backup", str(out)).returncode == 0
    return out


@pytest.fixture
def read_only_medium(tmp_path: Path) -> Iterator[Path]:
    where = tmp_path / "stick"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
                          capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, f"this test mounts a tmpfs as root: {done.stderr}"
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=20)


def test_item6_a_backup_on_a_read_only_medium_restores(backup: Path, tmp_path: Path,
                                                       read_only_medium: Path) -> None:
    shutil.copy(backup, read_only_medium / "backup.sqlite3")
    done = subprocess.run(["mount", "-o", "remount,ro", str(read_only_medium)],
                          capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    target = tmp_path / "new.sqlite3"
    done = tally(target, "restore", str(read_only_medium / "backup.sqlite3"))
    assert done.returncode == 0, done.stderr
    assert SEATS[0] in tally(target, "player", "list").stdout


def test_item6_a_truncated_ledger_is_damaged(backup: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.sqlite3"
    data = backup.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    one_line(tally(tmp_path / "new.sqlite3", "restore", str(cut)),
             f"error: path: {cut} is damaged")
    one_line(tally(cut, "player", "list"), f"error: db: {cut} is damaged")


def test_item6_a_refused_restore_leaves_nothing_beside_its_source(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"  # another program's database, in WAL mode
    con = sqlite3.connect(other)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE notes (x)")
    con.commit()
    con.close()
    before = sorted(p.name for p in tmp_path.iterdir())
    done = tally(tmp_path / "new.sqlite3", "restore", str(other))
    assert done.returncode == 2, done.stderr
    after = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("new."))
    assert after == before  # no other.sqlite3-wal, no -shm


def tampered(backup: Path, where: Path) -> Path:
    changed = where / "tampered.sqlite3"
    shutil.copy(backup, changed)
    con = sqlite3.connect(changed)
    con.execute("PRAGMA writable_schema=ON")
    con.execute("UPDATE sqlite_master SET sql = replace(sql, 'amount INTEGER NOT NULL', "
                "'amount INTEGER NOT NULL CHECK (amount < 30)') WHERE name = 'transfer'")
    con.commit()
    con.close()
    return changed


def test_item6_a_backup_with_changed_table_definitions_is_refused(backup: Path,
                                                                 tmp_path: Path) -> None:
    changed = tampered(backup, tmp_path)
    done = tally(tmp_path / "new.sqlite3", "restore", str(changed))
    one_line(done, f"error: path: {changed} is not a Tally backup:")
    assert "transfer" in done.stderr
    checked = tally(changed, "check")
    assert checked.returncode == 1, (checked.stdout, checked.stderr)
    assert "transfer" in checked.stdout and "schema" in checked.stdout, checked.stdout
    assert tally(backup, "check").returncode == 0  # the untouched backup is clean


@pytest.mark.parametrize("where", ["name", "path"])
def test_item6_over_long_names_and_paths_are_one_line(tmp_path: Path, backup: Path,
                                                      where: str) -> None:
    long = tmp_path / ("n" * 300 + ".sqlite3") if where == "name" else \
        tmp_path.joinpath(*["d" * 200] * 21, "x.sqlite3")
    one_line(tally(long, "player", "list"), "error: ")
    one_line(tally(backup, "backup", str(long)), "error: ")
    one_line(tally(tmp_path / "new.sqlite3", "restore", str(long)), "error: ")
