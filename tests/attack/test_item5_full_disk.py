"""Issue 28, item 5: a full disk. The app keeps the form and everything typed in it and
says "the disk is full: nothing was saved"; the CLI says it in one line and exits 2.

How the fault is made (tests run as root, so no quota stops them):
- the CLI, for real: the ledger on a small tmpfs (mounted for the test, unmounted after),
  the rest of which a filler file takes, so SQLite's write of the deal meets ENOSPC and
  answers SQLITE_FULL; where mounting is not allowed, as below;
- the app: SQLite's own error, `sqlite3.OperationalError("database or disk is full")`,
  raised inside the save's transaction by a patched `repo.add_deals` (as
  tests/robust/test_disk.py patches a write), after the deal's rows were begun.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from ledger.store import repo
from tests.serve.conftest import ROOT
from tui.forms.crazy_solo import CrazySoloForm

from ..tui.conftest import app_for, keys, open_first_deal_form, seed, settle
from .test_item1_markup import screen_text

FULL = "database or disk is full"


def counts(path: Path) -> tuple[int, int]:
    con = sqlite3.connect(path)
    try:
        return (con.execute("SELECT count(*) FROM deal").fetchone()[0],
                con.execute("SELECT count(*) FROM revision").fetchone()[0])
    finally:
        con.close()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path | None]:
    """A 2 MiB tmpfs at tmp_path/disk (None where this machine does not let us mount)."""
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)],
                          capture_output=True, timeout=20)
    try:
        yield where if done.returncode == 0 else None
    finally:
        if done.returncode == 0:
            subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=20)


def fill(folder: Path) -> None:
    """Take every free byte of the file system `folder` is on (unbuffered writes, each
    size until the disk refuses it: bounded, the disk is 2 MiB)."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 512, 1):
            for _ in range(100_000):
                try:
                    os.write(fd, b"\0" * size)
                except OSError:
                    break
    finally:
        os.close(fd)


def test_item5_the_cli_says_the_disk_is_full_and_exits_2(
        tally: Tally, small_disk: Path | None, monkeypatch: pytest.MonkeyPatch) -> None:
    _, table = seed(tally, deals=2)
    tally.db.dispose()
    args = ["round", "add", "--table", str(table), "--contract", "solo", "--caller", "Bea",
            "--partner", "Dan", "--trump", "clubs", "--points", "73", "--author", "M" * 200]
    if small_disk is not None:  # a real full disk, a real process
        path = small_disk / "club.sqlite3"
        shutil.copy(tally.db.path, path)
        before = counts(path)
        host = sqlite3.connect(path)  # the host's app has it open: its -wal and -shm are
        host.execute("PRAGMA journal_mode=WAL")  # there, and stay while it is
        host.execute("SELECT count(*) FROM deal").fetchone()
        fill(small_disk)
        done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(path),
                               *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
        code, err = done.returncode, done.stderr
        host.close()
    else:
        from typer.testing import CliRunner

        from ledger.cli.main import app

        path = tally.db.path
        before = counts(path)
        monkeypatch.setattr(repo, "add_deals", full_disk(repo.add_deals))
        result = CliRunner().invoke(app, ["--db", str(path), *args])
        code, err = result.exit_code, result.stderr
    assert (code, err) == (2, "error: db: the disk is full: nothing was saved\n")
    if small_disk is not None:
        (small_disk / "filler").unlink()
    assert counts(path) == before


def full_disk(real: Any) -> Any:
    def add_deals(**kwargs: Any) -> Any:
        real(**kwargs)  # the rows are written in the transaction, then the disk says no
        raise sqlite3.OperationalError(FULL)
    return add_deals


def test_item5_the_app_keeps_the_form_and_its_input(
        tally: Tally, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seed(tally, deals=2)
    path = tally.db.path
    before = counts(path)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(120, 36)) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await keys(pilot, "s", "2", "c", "4", "7", "3")
            typed = form.outcome()
            monkeypatch.setattr(repo, "add_deals", full_disk(repo.add_deals))
            await keys(pilot, "enter")
            await settle(pilot)
            assert app.screen is form  # still open, nothing lost
            assert form.outcome() == typed
            assert "the disk is full: nothing was saved" in screen_text(app)
            assert counts(path) == before
            monkeypatch.undo()  # space again: the same form saves (retyped, it checks again)
            await keys(pilot, "backspace", "3", "enter")
            assert app.screen is not form

    asyncio.run(flow())
    assert counts(path) == (before[0] + 1, before[1] + 1)
