"""A deal form's save: in a worker thread, so the app keeps drawing while the store waits
(`BEGIN IMMEDIATE` behind another process's write, up to its busy timeout).

The form says "saving…" meanwhile, and keys typed ahead wait for the answer (`keys_held`,
`tui.typeahead`): the form closes with the deal's id, or stays open, unchanged, saying why
(a refused save drops the keys typed after it). A save typed ahead of the live preview has
the worker settle the deal first.

Two devices, one deal: a new deal that another device recorded first is refused
(`StaleDeal`); the form then shows what that device recorded and offers to discard this one
or to save it as the next deal (`ConflictModal`). A deal that enters again what the table
recorded just before asks first (`SameDealModal`: the worker reads the table's last deal
before it saves). Both drop the keys typed after the save.

A save whose connection was lost asks by the form's key which way it went (`lost_save`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from textual import events, work
from textual.widgets import Input, Static

from ledger.service import ConnectionLost, FormFacts, RuleError, StaleDeal, same_deal
from ledger.service.views import DealView, FormSave, Preview, TableView

from ..i18n import t
from .conflict import Choice, ConflictModal, SameDealModal
from .lost_save import AsksLostSave


class SavesInWorker(AsksLostSave):
    """The save of `DealForm` (its fields, preview and `close` are the form's own)."""

    # (what the form provides: its fields' state, `outcome`, `deal_entry`, `reason`,
    # `preview_pending`, `only_reason_missing`, `show_result`, `_apply`, `request_preview`,
    # `title_text`, `close`)
    valid: bool
    correcting: bool
    error: RuleError | None
    conflict: str
    theirs: DealView | None
    expect_revision: int | None
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
        says "saving…" meanwhile and keys typed ahead wait for the answer. A new deal that
        enters what the table recorded just before asks first."""
        self.save(ask_same=True)

    def save(self, *, ask_same: bool) -> None:
        """`action_save`; `ask_same` False: saved even when it repeats the deal before
        (said yes to, or chosen as a new deal after another device's)."""
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
                   None if self.valid else self._seq, ask_same and not self.correcting)

    @work(thread=True, exclusive=True, group="save", description="save")
    def _save(self, entry: Any, unchecked: int | None, ask_same: bool) -> None:
        """The save, off the app's thread; its answer goes back to `_saved` (the table's
        last deal instead, when `ask_same` and this deal enters it again)."""
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
            repeated = self.repeats(entry) if ask_same else None
            answer = repeated if repeated is not None else self.ctx.submit(entry)
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
                answer = (exc, None, None, ())
            else:  # the table as it stands now, its form facts (for the next deal), and
                # the deals recorded since the form opened (the one it meant is the first)
                table_id = self.ctx.table.id
                answer = (exc, self.service.table(table_id),
                          self.service.form_facts_source(table_id),
                          self.service.recent_deals(
                              table_id, max(1, exc.next_number - exc.number))[1])
        except RuleError as exc:
            answer = exc
        try:
            self.app.call_from_thread(self._saved, answer)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def repeats(self, entry: Any) -> DealView | None:
        """The table's last deal as it stands now (read in the save's worker), when the new
        deal `entry` enters it again (`same_deal`: the check the phone's page makes)."""
        if entry.number is None:
            return None
        _, recent = self.service.recent_deals(self.ctx.table.id, 1)
        last = recent[-1] if recent else None
        if last is not None and last.number == entry.number - 1 and \
                same_deal(entry.outcome, last):
            return last
        return None  # (a deal recorded since the form opened: the save is refused, below)

    def _saved(self, answer: object) -> None:
        """The save's answer: the deal's id (the form closes), the deal it repeats (asked
        first), or why it was refused."""
        self.saving = False
        self.checking = False
        self.show_saving()
        if isinstance(answer, int):
            self.close(answer)
        elif isinstance(answer, FormSave):
            self.show_lost(answer)
        elif isinstance(answer, DealView):
            self.refused()  # (the keys typed after it were meant for the next deal)
            self.app.push_screen(SameDealModal(answer),
                                 lambda yes: self.save(ask_same=False) if yes else None)
        elif isinstance(answer, tuple):
            self.stale(*answer)
            self.refused()
            if not self.correcting:
                self.offer(answer[0])
        elif isinstance(answer, RuleError):
            self.error = answer
            self.show_result()
            self.refused()
        elif self.only_reason_missing():  # (the preview was asked for by the save)
            self.set_focus(self.query_one("#reason", Input))
        else:
            self.refused()

    def stale(self, exc: StaleDeal, table: TableView | None = None,
              facts: Callable[[Mapping[str, Any]], FormFacts] | None = None,
              since: Sequence[DealView] = ()) -> None:
        """Another device saved this deal first: keep every field as typed, and expect the
        table as it stands now (`table`, `facts` and the deals recorded `since` the form
        opened, read by the save's worker; no read here, on the app's thread): a new deal
        becomes the next one, a correction expects the deal's new revision. The status line
        says so until the form is saved; the preview is asked for again."""
        if self.correcting:
            self.expect_revision = exc.revision
            self.conflict = t("conflict.changed", n=exc.number)
        else:  # the table as it stands now: who deals next (Sixty-Six stores it), the score
            self.theirs = next((d for d in since if d.number == exc.number), None)
            self.ctx = replace(self.ctx, number=exc.next_number,
                               table=table or self.ctx.table, before=None,
                               facts=facts or self.ctx.facts)
            self.conflict = t("conflict.recorded", n=exc.number, next=exc.next_number)
            self.query_one(".dialog-title", Static).update(self.title_text())
        self.request_preview()

    def offer(self, exc: StaleDeal) -> None:
        """What the other device recorded, and the way on: "that was this deal — discard
        mine" closes the form with that deal's id (the table shows it, the cursor on it);
        "a new deal" saves this one as the next deal; Esc leaves the form open, to look."""
        theirs = self.theirs

        def chosen(choice: Choice | None) -> None:
            if choice == "discard":
                self.app.notify(t("conflict.discarded", n=exc.number))
                self.close(theirs.id if theirs is not None else None)
            elif choice == "new":
                self.save(ask_same=False)

        self.app.push_screen(ConflictModal(exc.number, theirs, exc.next_number), chosen)

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

