"""Issue 28, item 10: terminals that are not UTF-8 (latin-1, cp932, EUC-JP) get what they
can show (♣ → C, · → -, € → EUR), never a UnicodeEncodeError. Real processes, their
output encoded as such a terminal's would be."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve.conftest import ROOT, SEATS, tally


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("enc") / "club.sqlite3"
    tally(path, "player", "add", *SEATS)
    tally(path, "night", "new", "--date", "2026-12-01", "--venue", "Café")
    tally(path, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
          ",".join(SEATS))
    tally(path, "round", "add", "--table", "1", "--contract", "solo", "--caller", "Chie",
          "--partner", "Eve", "--trump", "clubs", "--points", "80")
    return path


def run(db: Path, encoding: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db), *args],
                          cwd=ROOT, capture_output=True, timeout=60, env=env)


COMMANDS = [("round", "list", "--table", "1"),
            ("settle", "--night", "1", "--rate", "0.05", "--currency", "EUR"),
            ("--lang", "ja", "settle", "--night", "1", "--rate", "0.05", "--currency", "EUR"),
            ("--lang", "ja", "round", "list", "--table", "1")]


@pytest.mark.parametrize("encoding", ["latin-1", "cp932", "euc_jp"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:3]))
def test_item10_a_terminal_that_is_not_utf8_gets_what_it_can_show(
        db: Path, encoding: str, command: tuple[str, ...]) -> None:
    done = run(db, encoding, *command)
    assert done.returncode == 0, done.stderr.decode(encoding, "replace")
    assert b"Traceback" not in done.stderr and not done.stderr, done.stderr
    text = done.stdout.decode(encoding)  # every byte is the terminal's own
    assert "♣".encode() not in done.stdout and "€".encode() not in done.stdout  # no UTF-8
    assert text.strip()
    if command[0] == "round":
        assert "Solo C Chie + Eve" in text or "ソロ" in text or "C" in text, text
    if "EUR" in command and command[0] == "settle":
        assert "EUR" in text or "€" in text, text


def test_item10_the_stand_ins(db: Path) -> None:
    done = run(db, "latin-1", "round", "list", "--table", "1")
    text = done.stdout.decode("latin-1")
    assert "Solo C Chie + Eve" in text, text
    utf8 = run(db, "utf-8", "round", "list", "--table", "1").stdout.decode()
    assert "Solo ♣ Chie + Eve" in utf8  # a UTF-8 terminal gets the real thing
