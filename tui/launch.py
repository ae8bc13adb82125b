"""Opening the app from the command line (`tally`, `tally tui`, `tally --demo`)."""

from __future__ import annotations

from pathlib import Path


def run_app(db_path: Path | str | None, *, lang: str | None = None,
            demo: bool = False) -> None:
    """Run the app on `db_path`, or on the demo night's own database when `demo`.

    The language: `lang` (`--lang`, this run only), else the saved setting, else the locale.
    """
    from .i18n import set_language
    from .settings import Settings

    settings = Settings.load()
    set_language(settings.language(lang))
    from ledger.service import Tally

    from .app import make_app

    if demo:
        from ledger.service.demo import open_demo

        service, night_id = open_demo()
        make_app(service, start_night=night_id, demo=True, settings=settings,
                 ask_name=True).run()
    else:
        assert db_path is not None
        make_app(Tally.open(db_path), settings=settings, open_tonight=True,
                 ask_name=True).run()
