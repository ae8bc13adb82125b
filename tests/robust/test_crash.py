"""Crash: SIGKILL a `tally round add` and a `tally import` at random moments, 20 times.

After every kill the database opens, `tally check` is clean, and the deals present are
exactly those whose command finished: a finished `round add` has its deal, a finished
import all its file; a killed one has left either nothing or (killed after its COMMIT and
before it exited, a moment no program can tell apart from finishing) all of it, complete
with its transfers. Never part of an import, never half a deal.

The two sequences (10 kills each, each on its own database) run side by side, one thread
each, so the test takes the time of one. The seed is in every failure message.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.service import Tally
from tests.conftest import table_counts
from tests.robust.conftest import ROOT, SEATS, solo_club, tally_argv
from tests.robust.writer import solo_deal

KILLS = 10  # per command: 20 in all
_ONE_RUNNER = threading.Lock()
IMPORT_DEALS = 300
# Python's start-up is most of a command's time, so kills aim at its last stretch, where
# the command reads, settles and writes (a kill before that proves little)
AIM = (0.6, 1.05)


def _run(argv: list[str], env: dict[str, str], stdin: bytes | None,
         kill_after: float | None) -> tuple[bool, float]:
    """Run to the end, or SIGKILL after `kill_after` seconds; (finished, seconds)."""
    started = time.perf_counter()
    p = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE,
                         stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
    if stdin is not None:
        assert p.stdin is not None
        p.stdin.write(stdin)
        p.stdin.close()
    try:
        p.wait(timeout=kill_after)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        p.wait()
    out, err = p.stdout.read(), p.stderr.read()  # type: ignore[union-attr]
    if p.returncode != -signal.SIGKILL:
        assert p.returncode == 0, (p.returncode, out, err)
    return p.returncode == 0, time.perf_counter() - started


def _deals(db: Path, table: int) -> list[Any]:
    service = Tally.open(db)  # the database always opens (and migrates, if it must)
    try:
        return [d.outcome for d in service.deals(table)]
    finally:
        service.db.dispose()


def _without_dealer(outcome: dict[str, Any]) -> dict[str, Any]:
    """A stored Crazy Solo outcome as sent (the ledger records who dealt)."""
    return {k: v for k, v in outcome.items() if k != "dealer"}


def _check_clean(db: Path) -> None:
    with _ONE_RUNNER:  # CliRunner swaps sys.stdout: one thread at a time
        r = CliRunner().invoke(app, ["--db", str(db), "check"])
    assert r.exit_code == 0, r.stdout + r.stderr


def _kill_round_add(db: Path, table: int, env: dict[str, str], rng: random.Random,
                    seed: int) -> list[str]:
    """Kill `tally round add` KILLS times; returns what happened, for the report."""
    seen = []
    expected = []
    for _ in range(2):  # the first run fills the bytecode cache, the second is timed
        deal = solo_deal(rng, SEATS)
        _, full = _run(tally_argv(db, "round", "add", "--table", str(table)), env,
                       json.dumps(deal).encode(), None)
        expected.append(deal)
    for k in range(KILLS):
        deal = solo_deal(rng, SEATS)
        at = rng.uniform(*AIM) * full
        finished, _ = _run(tally_argv(db, "round", "add", "--table", str(table)), env,
                           json.dumps(deal).encode(), at)
        got = [_without_dealer(g) for g in _deals(db, table)]
        if finished or (len(got) == len(expected) + 1 and got[-1] == deal):
            expected.append(deal)  # killed after its commit: the whole deal is there
        where = f"seed {seed}, round add kill {k} at {at:.2f}s, finished={finished}"
        assert got == expected, where
        _check_clean(db)
        seen.append("finished" if finished else "killed")
    return seen


def _kill_import(db: Path, table: int, env: dict[str, str], rng: random.Random, seed: int,
                 folder: Path) -> list[str]:
    seen = []
    present = 0
    full = None
    for k in range(KILLS + 2):  # two full runs first: warm-up, then the timed one
        file = folder / f"deals-{k}.jsonl"
        file.write_text("".join(json.dumps(solo_deal(rng, SEATS)) + "\n"
                                for _ in range(IMPORT_DEALS)), encoding="utf-8")
        at = None if k < 2 or full is None else rng.uniform(*AIM) * full
        finished, seconds = _run(tally_argv(db, "import", str(file), "--table", str(table)),
                                 env, None, at)
        full = seconds if k == 1 else full
        Tally.open(db).db.dispose()  # the database always opens
        got = table_counts(db)["deal"]
        where = f"seed {seed}, import kill {k} at {at}, finished={finished}: {got} deals"
        assert got in (present, present + IMPORT_DEALS), where  # all of the file or none
        if finished:
            assert got == present + IMPORT_DEALS, where
        seen.append("finished" if finished else
                    "killed, all kept" if got > present else "killed, none kept")
        present = got
        _check_clean(db)
    return seen


def test_sigkill_during_round_add_and_import(tmp_path: Path,
                                             child_env: dict[str, str]) -> None:
    seed = int.from_bytes(os.urandom(4), "big")
    (tmp_path / "add").mkdir()
    (tmp_path / "import").mkdir()
    add_db, import_db = tmp_path / "add" / "club.sqlite3", tmp_path / "import" / "club.sqlite3"
    [add_table] = solo_club(add_db)
    [import_table] = solo_club(import_db)
    with ThreadPoolExecutor(2) as pool:
        adds = pool.submit(_kill_round_add, add_db, add_table, child_env,
                           random.Random(seed), seed)
        imports = pool.submit(_kill_import, import_db, import_table, child_env,
                              random.Random(seed + 1), seed, tmp_path / "import")
        outcomes = adds.result() + imports.result()
    print("crash outcomes:", {o: outcomes.count(o) for o in set(outcomes)})
    assert len(outcomes) >= 2 * KILLS
