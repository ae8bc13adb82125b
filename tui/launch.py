"""Opening the app from the command line."""

from __future__ import annotations

from pathlib import Path


def run_app(db_path: Path) -> None:
    from ledger.service import Tally

    from .app import make_app

    make_app(Tally.open(db_path)).run()
