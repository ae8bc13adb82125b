"""Live screens: deals saved by another process (a tablet at another table, the CLI) show
within a second, without a restart and without moving anyone's cursor.

One timer per app asks the database's watch (SQLite: its `data_version`; PostgreSQL: the
`NOTIFY tally` every write sends, heard with `LISTEN`) whether anyone committed; when so,
every screen on the stack that has a `ledger_changed()` hook is told. A screen on
top reads again at once; one underneath notes it and reads again when it is shown.
The look itself runs in a thread worker (a PostgreSQL look may wait on the network, an
SQLite one on the file): one at a time, its answer posted back to the app's thread.
"""

from __future__ import annotations

import threading
from typing import Any

from .app_view import TallyView

LIVE_POLL = 0.5  # seconds between two looks: a deal saved elsewhere shows within ~0.6 s


class LiveLedger:
    def __init__(self) -> None:
        self._watch: Any = None
        self._db: Any = None
        self._looking = False  # a look is on its way (in a worker)
        # held while the watch is used or closed: its connection is never closed under a
        # look still running on the worker's thread (SQLite: a segmentation fault at exit)
        self._using = threading.RLock()

    def poll(self, app: TallyView) -> None:
        if self._looking:
            return
        self._looking = True
        db = app.service.db
        app.run_worker(lambda: self._look(app, db), thread=True, group="live-poll")

    def _look(self, app: TallyView, db: Any) -> None:
        """Off the app's thread: has anyone committed since the last look?"""
        changed = False
        try:
            with self._using:
                if self._watch is None or self._db is not db:  # started, or the demo opened
                    self.close()
                    self._watch, self._db = db.watch(), db
                watch = self._watch
                try:
                    changed = watch.changed()
                except Exception:
                    if self._watch is watch:
                        raise
                    # (closed meanwhile: the app stopped, or the demo opened)
        finally:
            try:
                app.call_from_thread(self._looked, app, changed)
            except RuntimeError:  # the app has stopped meanwhile
                self._looking = False

    def _looked(self, app: TallyView, changed: bool) -> None:
        self._looking = False
        if not changed:
            return
        for screen in app.screen_stack:
            hook = getattr(screen, "ledger_changed", None)
            if hook is not None:
                hook()

    def close(self) -> None:
        """Close the watch, once a look on its way is done with it."""
        with self._using:
            if self._watch is not None:
                self._watch.close()
                self._watch = None
