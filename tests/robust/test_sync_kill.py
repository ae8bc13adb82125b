"""`tally sync` killed with SIGKILL midway: a real process pushing a venue's
forty nights into a league (a file, and a server) is killed as soon as the league holds its
first nights; each re-run carries on, and in the end the league holds every row exactly
once, passes `check`, and a further run says "nothing to sync"."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tests.checked import checked
from tests.conftest import table_counts

from .conftest import ROOT, SEATS, tally_argv

NIGHTS = 40
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


def _venue(path: Path) -> None:
    service = Tally.open(path)
    for name in SEATS:
        service.add_player(name)
    for i in range(NIGHTS):
        night = service.new_night(f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}", "Club")
        service.add_deals(service.new_table(night, "crazy-solo", SEATS), [SOLO] * 3)
    service.db.dispose()


def _nights(league: Any) -> int:
    try:
        return table_counts(league).get("night", 0)
    except Exception:  # not made yet, or the writer holds it a moment
        return 0


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_sync_killed_midway_then_rerun_is_exactly_once(tmp_path: Path, engine: str,
                                                        child_env: dict[str, str],
                                                        request: pytest.FixtureRequest) -> None:
    club = tmp_path / "club.sqlite3"
    _venue(club)
    league: Any = (request.getfixturevalue("pg_cluster").new_database()
                   if engine == "postgresql" else tmp_path / "league.sqlite3")
    argv = tally_argv(club, "sync", "--to", str(league))
    killed = 0  # runs killed with part of the venue sent
    for at_least in (1, NIGHTS // 3, NIGHTS // 2):
        p = subprocess.Popen(argv, cwd=ROOT, env=child_env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while p.poll() is None and _nights(league) < at_least and time.monotonic() < deadline:
            time.sleep(0.01)
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
        p.communicate(timeout=60)
        if p.returncode == -signal.SIGKILL and 0 < _nights(league) < NIGHTS:
            killed += 1  # it died with part of the venue sent
    assert killed >= 1  # at least one run died midway
    done = subprocess.run(argv, cwd=ROOT, env=child_env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    counts = {k: v for k, v in table_counts(league).items()
              if k in ("night", "game_table", "seat", "deal", "revision", "transfer",
                       "payment", "player")}
    assert counts == {k: v for k, v in table_counts(club).items() if k in counts}
    assert counts["night"] == NIGHTS and counts["deal"] == 3 * NIGHTS
    assert checked(Tally.open(league)) == []
    again = subprocess.run(argv, cwd=ROOT, env=child_env, capture_output=True, text=True,
                           timeout=120)
    assert again.stdout.endswith("nothing to sync\n"), again.stdout + again.stderr
