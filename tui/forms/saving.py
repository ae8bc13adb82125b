"""A deal form's save: in a worker thread, so the app keeps drawing while the store waits
(`BEGIN IMMEDIATE` behind another process's write, up to its busy timeout).

The form says "saving…" meanwhile, and keys typed ahead wait for the answer (`keys_held`,
`tui.typeahead`): the form closes with the deal's id, or stays open, unchanged, saying why
(a refused save drops the keys typed after it). A save typed ahead of the live preview has
the worker settle the deal first.

A save whose connection was lost asks by the form's key which way it went (`lost_save`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual import events, work
from textual.widgets import Input, Static

from ledger.service import ConnectionLost, RuleError, StaleDeal
from ledger.service.views import FormSave, Preview

from ..i18n import t
from .lost_save import AsksLostSave


class SavesInWorker(AsksLostSave):
    """The save of `DealForm` (its fields, preview and `close` are the form's own)."""

    # (what the form provides: its fields' state, `outcome`, `deal_entry`, `reason`,
    # `preview_pending`, `only_reason_missing`, `show_result`, `_apply`, `stale`, `close`)
    valid: bool
    correcting: bool
    error: RuleError | None
    ctx: Any
    app: Any
    service: Any
    _seq: int

    saving = False  # a save is on its way (in a worker): keys typed ahead wait for it

    @property
    def keys_held(self) -> bool:
        """Keys typed ahead wait while a save is on its way (`tui.typeahead`)."""
        return self.saving

    def action_save(self) -> None:
        """Save in a worker (the store may wait for another process's write): the form
        says "saving…" meanwhile and keys typed ahead wait for the answer."""
        if self.saving:
            return
        if not self.valid and not self.preview_pending:
            if self.only_reason_missing():  # Enter or ctrl+s: on to the reason it needs
                self.set_focus(self.query_one("#reason", Input))
                return
            self.refused()
            return
        try:
            outcome = self.outcome()
        except RuleError as exc:
            self.error = exc
            self.show_result()
            self.refused()
            return
        self.saving = True
        self.show_saving()
        # typed ahead of the live preview: the worker settles the deal before it saves
        self._save(replace(self.deal_entry(outcome), form_key=self.form_key),
                   None if self.valid else self._seq)

    @work(thread=True, exclusive=True, group="save", description="save")
    def _save(self, entry: Any, unchecked: int | None) -> None:
        """The save, off the app's thread; its answer goes back to `_saved`."""
        answer: object
        try:
            if unchecked is not None:
                try:
                    settles: Preview | RuleError = self.ctx.preview(entry.outcome)
                except RuleError as exc:
                    settles = exc
                self.app.call_from_thread(self._apply, unchecked, settles)
                if isinstance(settles, RuleError) or (self.correcting and not entry.reason):
                    self.app.call_from_thread(self._saved, None)
                    return
            answer = self.ctx.submit(entry)
        except ConnectionLost:
            try:
                self.app.call_from_thread(self.lost)
            except RuntimeError:  # the app has stopped meanwhile
                return
            answer = self.ask_saved(entry.form_key)
            if answer is None:  # the form was closed meanwhile
                return
        except StaleDeal as exc:
            if self.correcting:
                answer = (exc, None, None)
            else:  # the table as it stands now, and its form facts (for the next deal)
                answer = (exc, self.service.table(self.ctx.table.id),
                          self.service.form_facts_source(self.ctx.table.id))
        except RuleError as exc:
            answer = exc
        try:
            self.app.call_from_thread(self._saved, answer)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def _saved(self, answer: object) -> None:
        """The save's answer: the deal's id (the form closes), or why it was refused."""
        self.saving = False
        self.checking = False
        self.show_saving()
        if isinstance(answer, int):
            self.close(answer)
        elif isinstance(answer, FormSave):
            self.show_lost(answer)
        elif isinstance(answer, tuple):
            self.stale(*answer)
            self.refused()
        elif isinstance(answer, RuleError):
            self.error = answer
            self.show_result()
            self.refused()
        elif self.only_reason_missing():  # (the preview was asked for by the save)
            self.set_focus(self.query_one("#reason", Input))
        else:
            self.refused()

    def on_key(self, event: events.Key) -> None:
        """ctrl+s while the deal cannot be saved (its key greyed out, so Textual runs no
        action): refused as a save is, and the keys typed after it are dropped."""
        if event.key == "ctrl+s" and not self.saving and \
                self.check_action("save", ()) is not True:
            self.refused()

    def refused(self) -> None:
        """Save refused: a bell, and keys typed after it are dropped (`tui.typeahead`)."""
        keys = getattr(self.app, "keys", None)
        if keys is not None:
            keys.discard()
        else:
            self.app.bell()

    def show_saving(self) -> None:
        if self.is_mounted:
            status = self.query_one("#form-status", Static)
            if self.saving:
                status.update(t("form.lost_checking" if self.checking else "form.saving"))
                status.set_classes("error" if self.checking else "hint")
            else:
                self.show_result()

