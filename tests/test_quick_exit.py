"""A one-shot `tally` command ends without the interpreter's teardown (`ledger.cli.quick_exit`):
what the teardown did must still happen. Each command here runs as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ledger.service import Tally
from tests.conftest import FIVE

SOLO_DEAL = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
             "team_points": 73}

ROOT = Path(__file__).resolve().parents[1]


def tally(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ledger.cli.main", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def a_club(db: Path) -> int:
    service = Tally.open(db)
    service.add_players(FIVE)
    table = service.new_table(service.new_night("2026-11-29", "Hall A"), "crazy-solo", FIVE)
    service.db.dispose()
    return table


def test_a_write_leaves_no_log_beside_the_file(tmp_path: Path) -> None:
    """SQLite folds its write-ahead log into the file when the last connection closes: a
    club that copies club.sqlite3 alone to a stick has every deal."""
    db = tmp_path / "club.sqlite3"
    table = a_club(db)
    done = tally("--db", str(db), "round", "add", "--table", str(table), stdin=json.dumps(
        SOLO_DEAL))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "club.sqlite3-wal").exists()
    alone = tmp_path / "copy.sqlite3"
    alone.write_bytes(db.read_bytes())
    assert len(Tally.open(alone).deals(table)) == 1


def test_the_output_and_the_status_are_whole(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    table = a_club(db)
    lines = "\n".join(json.dumps(SOLO_DEAL) for _ in range(300)) + "\n"
    (tmp_path / "deals.jsonl").write_text(lines, "utf-8")
    assert tally("--db", str(db), "import", str(tmp_path / "deals.jsonl"), "--table",
                 str(table)).stdout == "300\n"
    shown = tally("--db", str(db), "round", "list", "--table", str(table), "--json")
    assert shown.returncode == 0, shown.stderr
    assert len(json.loads(shown.stdout)) == 300  # every byte of a long answer, piped
    refused = tally("--db", str(db), "round", "add", "--table", "99", stdin="{}")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1
