"""A ledger whose schema is older or newer than this Tally, on both engines: a
command that writes and one that reads each say so in one line (exit 2, no traceback) and
write nothing; `tally db upgrade` then brings an older one to this Tally's schema.

The older ledger is made as an earlier Tally left it: the newest migration undone by hand
(0014's tables and columns dropped, the revision set back to 0013). The newer one is
labelled with a revision no migration of this Tally has.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.store.migrate import HEAD

from .conftest import Cli, raw_sql, table_counts

OLDER = ("DROP TABLE peer_player", "DROP TABLE ledger_setting", "DROP INDEX ix_night_uid",
         "ALTER TABLE night DROP COLUMN origin", "ALTER TABLE night DROP COLUMN uid",
         "UPDATE alembic_version SET version_num = '0013_revision_hash'")
NEWER = ("UPDATE alembic_version SET version_num = '0099_future'",)
WRITES = ("player", "add", "Zed")
READS = ("standings", "--all")


def _image(db: Any) -> Any:
    """What a refused command must leave: every table's rows, and a file's bytes (its
    write-ahead log checkpointed first: what `raw_sql` wrote is otherwise moved into the
    file by whichever connection closes last, a refused command's too)."""
    kept = table_counts(db)
    if isinstance(db, Path):
        import sqlite3

        con = sqlite3.connect(db)
        try:
            assert con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
        finally:
            con.close()
        return kept, db.read_bytes()
    return kept, None


def _one_line(r: Any, says: str) -> None:
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    assert r.stdout == ""
    assert r.stderr.startswith("error: db: "), r.stderr
    assert says in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr


@pytest.fixture
def club(cli: Cli) -> Cli:
    assert cli("player", "add", "Ann", "Bea").exit_code == 0
    assert cli("night", "new", "--date", "2026-11-29", "--venue", "Club").exit_code == 0
    return cli


@pytest.mark.parametrize("command", [WRITES, READS], ids=["writes", "reads"])
def test_an_older_ledger_says_run_db_upgrade_and_writes_nothing(
        club: Cli, db_path: Any, command: tuple[str, ...]) -> None:
    raw_sql(db_path, *OLDER)
    before = _image(db_path)
    _one_line(club(*command), f"is at schema revision '0013_revision_hash', older than this "
              f"Tally's (schema {HEAD}); nothing was changed: run `tally db upgrade`")
    assert _image(db_path) == before
    r = club("db", "upgrade")
    assert r.exit_code == 0 and r.stdout.endswith(f": schema {HEAD}\n"), r.output
    assert club(*command).exit_code == 0
    assert club("player", "list").stdout.split()[-1] in ("Bea", "Zed")


@pytest.mark.parametrize("command", [WRITES, READS, ("db", "upgrade")],
                         ids=["writes", "reads", "upgrade"])
def test_a_newer_ledger_says_this_tally_is_older_and_writes_nothing(
        club: Cli, db_path: Any, command: tuple[str, ...]) -> None:
    raw_sql(db_path, *NEWER)
    before = _image(db_path)
    _one_line(club(*command), f"is at schema revision '0099_future', which this Tally "
              f"(schema {HEAD}) does not know: this Tally is older than the ledger; "
              "upgrade Tally to open it")
    assert _image(db_path) == before


def test_db_copy_from_an_older_ledger_changes_neither_end(club: Cli, db_path: Any,
                                                          tmp_path: Any) -> None:
    """The source of a copy is read, never upgraded in place: an older one is refused in
    one line, its bytes and rows as they were, and the target not even made."""
    raw_sql(db_path, *OLDER)
    before = _image(db_path)
    target = tmp_path / "copy.sqlite3"
    _one_line(club("db", "copy", "--from", str(db_path), "--to", str(target)),
              "older than this Tally's")
    assert _image(db_path) == before
    assert not target.exists() or table_counts(target) == {}


def test_the_refusal_is_in_the_catalogues(club: Cli, db_path: Any) -> None:
    raw_sql(db_path, *OLDER)
    r = club("--lang", "ja", *READS)
    assert r.exit_code == 2 and "`tally db upgrade` で更新してください" in r.stderr, r.stderr


@pytest.mark.parametrize("labels", [OLDER, NEWER], ids=["older", "newer"])
def test_serve_refuses_before_it_listens(club: Cli, db_path: Any, labels: tuple[str, ...]
                                         ) -> None:
    """`tally serve` opens the ledger before it starts the room: a real process, so a
    server that did start would be stopped by the timeout, not hang the suite."""
    import os
    import socket
    import subprocess
    import sys

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = str(free.getsockname()[1])
    raw_sql(db_path, *labels)
    before = _image(db_path)
    done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db_path),
                           "serve", "--port", port], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: db: ") and done.stderr.count("\n") == 1, done.stderr
    assert ("`tally db upgrade`" if labels == OLDER else "upgrade Tally") in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert _image(db_path) == before
