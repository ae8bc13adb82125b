"""Opening the app from the command line (`tally`, `tally tui`, `tally --demo`)."""

from __future__ import annotations

from pathlib import Path


def run_app(db_path: Path | None, *, lang: str = "en", demo: bool = False) -> None:
    """Run the app on `db_path`, or on the demo night's own database when `demo`."""
    from .i18n import set_language

    set_language(lang)
    from ledger.service import Tally

    from .app import make_app

    if demo:
        from ledger.demo import open_demo

        service, night_id = open_demo()
        make_app(service, start_night=night_id, demo=True).run()
    else:
        assert db_path is not None
        make_app(Tally.open(db_path)).run()
