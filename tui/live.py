"""Live screens: deals saved by another process (a tablet at another table, the CLI) show
within a second, without a restart and without moving anyone's cursor (issue 18).

One timer per app asks the database's watch (SQLite: its `data_version`; PostgreSQL: the
`NOTIFY tally` every write sends, heard with `LISTEN`) whether anyone committed; when so,
every screen on the stack that has a `ledger_changed()` hook is told. A screen on
top reads again at once; one underneath notes it and reads again when it is shown.
"""

from __future__ import annotations

from typing import Any

from .app_view import TallyView

LIVE_POLL = 0.5  # seconds between two looks: a deal saved elsewhere shows within ~0.6 s


class LiveLedger:
    def __init__(self) -> None:
        self._watch: Any = None
        self._db: Any = None

    def poll(self, app: TallyView) -> None:
        db = app.service.db
        if self._watch is None or self._db is not db:  # started, or the demo opened
            self.close()
            self._watch, self._db = db.watch(), db
        if not self._watch.changed():
            return
        for screen in app.screen_stack:
            hook = getattr(screen, "ledger_changed", None)
            if hook is not None:
                hook()

    def close(self) -> None:
        if self._watch is not None:
            self._watch.close()
            self._watch = None
