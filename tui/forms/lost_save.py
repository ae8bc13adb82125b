"""A deal form's save whose connection to the database was lost.

Every save of a form carries the form's key (`form_key`, stored with the deal's revision),
so saving it again is saved once. When the connection is lost in the middle of a save, the
form says "connection lost while saving — checking…" and the save's worker asks the
database, by that key, whether the save went through, trying until it answers again (the
app keeps drawing); then the form says "deal 7 was saved" (Save closes it: the same key
finds that deal) or "deal 7 was not saved — Save again".
"""

from __future__ import annotations

import secrets
from typing import Any

from textual.widgets import Static
from textual.worker import get_current_worker

from ledger.service import RuleError
from ledger.service.views import FormSave

from ..i18n import t


class AsksLostSave:
    """The lost save of `SavesInWorker` (its status line and `show_saving` are its own)."""

    ctx: Any
    service: Any
    checking = False  # the save's connection was lost: asking whether it was saved
    _form_key: str | None = None

    @property
    def form_key(self) -> str:
        """This form's key: every save of it carries it, so it is saved once."""
        if self._form_key is None:
            self._form_key = secrets.token_hex(12)
        return self._form_key

    def ask_saved(self, key: str) -> FormSave | RuleError | None:
        """Whether the save of `key` went through, asked until the database answers (None:
        the form was closed meanwhile). In the save's worker, off the app's thread."""
        worker = get_current_worker()
        while not worker.is_cancelled:
            try:
                return self.service.save_of_form(key, wait=1.0)
            except RuleError as exc:
                if exc.field not in ("database", "db"):
                    return exc
                # still out of reach: ask again
        return None

    def lost(self) -> None:
        """The save's connection was lost: the form says it is checking."""
        self.checking = True
        self.show_saving()  # type: ignore[attr-defined]

    def show_lost(self, answer: FormSave) -> None:
        """Which way the lost save went, in the form's status line."""
        status = self.query_one("#form-status", Static)  # type: ignore[attr-defined]
        if answer.number is not None:  # Save closes the form (its key finds the deal)
            status.update(t("form.lost_saved", n=answer.number))
            status.set_classes("hint")
        else:
            status.update(t("form.lost_not_saved", n=self.ctx.number))
            status.set_classes("error")
