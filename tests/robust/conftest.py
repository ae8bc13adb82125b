"""What the robustness tests share: a club database on disk and real `tally` processes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ledger.service import Tally

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]


@pytest.fixture(scope="session")
def child_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment for `tally` child processes: bytecode cached (in a temp folder), as
    an installed Tally has it, so a child spends its time on the command, not compiling."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.mktemp("pycache"))
    return env


def tally_argv(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "ledger.cli.main", "--db", str(db), *args]


def solo_club(db: Path, tables: int = 1) -> list[int]:
    """A database with five players, one night and `tables` Crazy Solo tables."""
    service = Tally.open(db)
    for name in SEATS:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    ids = [service.new_table(night, "crazy-solo", SEATS) for _ in range(tables)]
    service.db.dispose()
    return ids
