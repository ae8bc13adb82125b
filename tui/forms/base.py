"""The frame of every game's deal form: live payouts, inline errors, Save only when valid.

A game's form (a subclass) lays out its fields, turns them into the contract JSON
(`outcome()`), and fills them from a stored outcome (`load()`) for a correction. Everything
else is here: each change asks the service what the deal would settle (`preview_deal`, in a
worker so a long table stays responsive) and shows the transfers and nets, or the rules'
complaint under the field it names. No arithmetic of the rules happens in the form.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from ledger.service import MAX_REASON, FormFacts, RuleError
from ledger.service.views import DealView, Preview, TableView
from ledger.text.effects import effect_lines
from ledger.text.i18n.errors import render_error, render_message

from ..format import game_title, minus_signs
from ..i18n import t
from ..screen_base import TallyModal
from ..widgets.footer import KeysFooter
from ..widgets.preview import PreviewPanel, render_preview
from .prompt import ConfirmModal
from .saving import SavesInWorker


@dataclass(frozen=True, slots=True)
class DealEntry:
    """What a form hands to its table screen's one service call."""

    outcome: dict[str, Any]
    reason: str | None = None
    # what the form expected: the new deal's number, or the corrected revision
    number: int | None = None
    revision: int | None = None
    form_key: str | None = None  # the form's: a save sent again is saved once


@dataclass(frozen=True, slots=True)
class FormContext:
    """Everything a deal form needs, passed down by the table screen."""

    table: TableView
    number: int  # the deal's number at its table
    preview: Callable[[dict[str, Any]], Preview]  # preview_deal for this table (and deal)
    submit: Callable[[DealEntry], int]  # add_deal or correct_deal; returns the deal's id
    deal: DealView | None = None  # the deal being corrected
    # the engine's status of the table just before this deal (None: the table's status now)
    before: Mapping[str, Any] | None = None
    # what the form may ask, given the outcome so far (the engine's form facts, through the
    # service): which fields apply, forced values, totals, sides
    facts: Callable[[Mapping[str, Any]], FormFacts] | None = None

    def facts_for(self, partial: Mapping[str, Any]) -> FormFacts:
        """The form facts for `partial` (an empty set when the screen gave no source)."""
        return self.facts(partial) if self.facts is not None else FormFacts(self.table.seats)

    @property
    def status(self) -> Mapping[str, Any]:
        """The table as it stood before this deal: who starts, deals, plays; the score."""
        return self.before if self.before is not None else self.table.status


def size_labels(form: Widget) -> None:
    """Fit the field labels by display width (`rich.cells`: a Japanese character takes two
    columns): a label too wide for its column breaks between its languages (`スタP` /
    `start player`), never inside a term; when even one part is too wide, every label's
    column widens to it."""
    from rich.cells import cell_len

    from ledger.text.i18n.typography import script_groups

    labels = list(form.query(".field-label").results(Label))
    if not labels or labels[0].styles.width is None:
        return
    have = int(labels[0].styles.width.value) - 1
    texts = [str(label.content) for label in labels]
    need = max(cell_len(g) for text in texts for g in script_groups(text))
    if need > have:
        for label in labels:
            label.styles.width = need + 1
        for error in form.query(".field-error"):
            error.styles.padding = (0, 0, 0, need + 2)
        have = need
    for label, text in zip(labels, texts, strict=True):
        if cell_len(text) > have:
            label.update("\n".join(script_groups(text, have)))


class DealForm(SavesInWorker, TallyModal[int | None]):
    """Base of the deal forms. Dismisses with the saved deal's id, or None when cancelled."""

    HELP = "help.deal_form"
    PALETTE = ("save",)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "key.save"),
        Binding("enter", "save", "key.save", show=False),
        Binding("escape", "cancel", "key.cancel"),
    ]
    # The rules' error field (the part before any ".") -> the slot (field row) it belongs to.
    ERROR_SLOTS: ClassVar[dict[str, str]] = {}
    # The order fields are visited in after a choice (slot ids; hidden rows are skipped).
    FIELD_ORDER: ClassVar[tuple[str, ...]] = ()
    # The field focused when the form opens (None: the first of FIELD_ORDER).
    FIRST_SLOT: ClassVar[str | None] = None
    # The app hands keys to a form one at a time, each handled completely (tui.typeahead).
    TYPE_AHEAD: ClassVar[bool] = True
    keys_ready = False  # built and focused: keys typed ahead are replayed from now on
    closed = False

    def __init__(self, ctx: FormContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.valid = False
        self._initial: dict[str, Any] | None = None
        self._seq = 0
        self._shown = -1  # the change whose preview is shown
        self.preview: Preview | None = None
        self.error: RuleError | None = None
        self.conflict = ""  # another device saved first: said until this one is saved
        self.theirs: DealView | None = None  # what that device recorded (a new deal's form)
        self._labels: dict[str, str] = {}  # each slot's label, as the form shows it
        self.expect_revision = ctx.deal.revision if ctx.deal is not None else None

    # ---- what a game's form provides ------------------------------------------------------

    def compose_fields(self) -> ComposeResult:
        raise NotImplementedError

    def outcome(self) -> dict[str, Any]:
        """The contract JSON of the fields as they stand (may be incomplete)."""
        raise NotImplementedError

    def load(self, outcome: dict[str, Any]) -> None:
        """Fill the fields from a stored outcome (a correction)."""
        raise NotImplementedError

    def subtitle(self) -> str:
        """Extra words for the title line (e.g. who deals)."""
        return ""

    def render_preview(self, preview: Preview) -> RenderableType:
        """What the side panel shows for a valid deal (a game may group or add to it)."""
        return render_preview(preview, self.ctx.table.seats)

    def render_panel(self, preview: Preview) -> RenderableType:
        """The game's preview; for a correction, what it changes in the later deals too."""
        shown = self.render_preview(preview)
        if not self.correcting or "downstream" not in preview.extra:
            return shown
        later = [*effect_lines(preview.extra["downstream"], self.ctx.table.game,
                               self.ctx.table.seats),
                 *preview.extra.get("off_chain", ())]  # rounds started off the chain
        return Group(shown, Text(""), *downstream_lines(later))

    def is_set(self, slot: str) -> bool:
        """Has the scorer filled this slot yet? (its complaint is a hint until then)"""
        widget = self.slot_widget(slot)
        return bool(getattr(widget, "touched", True)) if widget is not None else True

    # ---- layout helpers ---------------------------------------------------------------------

    def field_row(self, slot: str, label: str, widget: Widget,
                  after: Widget | None = None) -> Iterator[Widget]:
        """A labelled field with its inline error line, in a row that can be hidden;
        `after` sits beside the field (what a typed value means, e.g. the indicator's)."""
        widget.add_class("field")
        self._labels[slot] = " ".join(label.split())
        with Vertical(id=f"row-{slot}", classes="field-row"):
            with Horizontal(classes="field-line"):
                yield Label(label, classes="field-label")
                yield widget
                if after is not None:
                    yield after
            error = Static("", id=f"error-{slot}", classes="field-error")
            error.display = False
            yield error

    def slot_widget(self, slot: str) -> Widget | None:
        found = self.query(f"#row-{slot} .field")
        return found.first() if found else None

    @property
    def correcting(self) -> bool:
        return self.ctx.deal is not None

    def title_text(self) -> str:
        table = self.ctx.table
        head = t("form.correct_title" if self.correcting else "form.new_title",
                 n=self.ctx.number, table=table.number, game=game_title(table.game))
        extra = self.subtitle()
        return f"{head} · {extra}" if extra else head

    def compose(self) -> ComposeResult:
        with Vertical(id="deal-form", classes="dialog full"):
            yield Static(self.title_text(), classes="dialog-title")
            with Horizontal(id="form-body"):
                with VerticalScroll(id="form-fields"):
                    yield from self.compose_fields()
                    if self.correcting:
                        yield from self.field_row(
                            "reason", t("field.reason"),
                            Input(placeholder=t("field.reason_hint"), id="reason", compact=True,
                                  max_length=MAX_REASON))
                with VerticalScroll(id="form-side"):
                    yield Static(t("preview.title"), classes="panel-title")
                    yield PreviewPanel(self.ctx.table.seats, id="preview",
                                       render=self.render_panel)
            yield Static("", id="form-status")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t("button.save"), variant="primary", id="save", disabled=True,
                             compact=True)
                yield Button(t("button.cancel"), id="cancel", compact=True)
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        size_labels(self)
        if self.ctx.deal is not None and self.ctx.deal.outcome is not None:
            self.load(self.ctx.deal.outcome)
        try:
            self._initial = self.outcome()
        except RuleError:
            self._initial = None
        self.request_preview()
        self.focus_slot(self.FIRST_SLOT or (self.FIELD_ORDER[0] if self.FIELD_ORDER else None))
        self.keys_ready = True
        self.replay_keys()

    # ---- flow -------------------------------------------------------------------------------

    def focus_slot(self, slot: str | None) -> None:
        widget = self.slot_widget(slot) if slot else None
        if widget is not None:
            self.move_focus(widget)

    def move_focus(self, widget: Widget) -> None:
        """Focus `widget` now (not after a refresh, as `Widget.focus` does): the next key
        typed ahead must reach it."""
        self.set_focus(widget)
        # and into view once laid out: a row just shown (the forced-out players' Aces) has
        # no place yet, so the scroll set_focus asks for misses it below a short terminal
        self.call_after_refresh(widget.scroll_visible, animate=False)
        self.show_hint()

    def focused_slot(self) -> str | None:
        """The slot (field row) holding the focus, if any."""
        node = self.focused
        while node is not None and node is not self:
            if node.id and node.id.startswith("row-"):
                return node.id[len("row-"):]
            node = node.parent  # type: ignore[assignment]
        return None

    def row_shown(self, slot: str) -> bool:
        row = self.query(f"#row-{slot}")
        return bool(row) and row.first().display

    def advance(self, slot: str) -> bool:
        """Move to the next field that is shown and open, after `slot`; False if none."""
        order = [*self.FIELD_ORDER, *(["reason"] if self.correcting else [])]
        if slot not in order:
            return False
        for nxt in order[order.index(slot) + 1:]:
            widget = self.slot_widget(nxt)
            if self.row_shown(nxt) and widget is not None and not getattr(widget, "locked",
                                                                          False):
                self.move_focus(widget)
                return True
        return False

    def changed(self) -> None:
        """A field changed: ask again what the deal settles."""
        self.request_preview()

    def is_dirty(self) -> bool:
        """Would leaving lose something the scorer typed?"""
        try:
            return self.outcome() != self._initial or bool(self.reason())
        except RuleError:
            return True

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "reason":
            self.show_result()
        event.stop()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "reason":
            self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        elif event.button.id == "cancel":
            self.action_cancel()

    # ---- the live preview -------------------------------------------------------------------

    def request_preview(self) -> None:
        self._seq += 1
        self.valid = False
        self._update_save()
        try:
            obj = self.outcome()
        except RuleError as exc:
            self._apply(self._seq, exc)
            return
        self._run_preview(obj, self._seq)

    @property
    def preview_pending(self) -> bool:
        return self._shown != self._seq

    @work(thread=True, exclusive=True, group="preview", description="preview")
    def _run_preview(self, obj: dict[str, Any], seq: int) -> None:
        try:
            result: Preview | RuleError = self.ctx.preview(obj)
        except RuleError as exc:
            result = exc
        self.app.call_from_thread(self._apply, seq, result)

    def _apply(self, seq: int, result: Preview | RuleError) -> None:
        if seq != self._seq or not self.is_mounted or self._shown == seq or self.closed:
            return  # a newer change is on its way (or this one is shown already)
        self._shown = seq
        if isinstance(result, RuleError):
            self.preview, self.error = None, result
        else:
            self.preview, self.error = result, None
        self.show_result()

    def reason(self) -> str:
        found = self.query_one_optional("#reason", Input)  # (cached, unlike `query`)
        return found.value.strip() if found is not None else ""

    _needs: str | None = None  # the slot the rules still need (its hint is shown)

    def hint_text(self) -> str:
        """"Next: …" names the field with the focus (else the one the rules still need)."""
        if self._needs is None:
            return ""
        return t("form.needs", field=t(f"slot.{self.focused_slot() or self._needs}"))

    def show_hint(self) -> None:
        if self._needs is not None and self.is_mounted:
            self.query_one("#preview", PreviewPanel).clear(self.hint_text())

    def show_result(self) -> None:
        self._needs = None
        for label in self.query(".field-error"):
            label.update("")  # type: ignore[attr-defined]
            label.display = False
        panel = self.query_one("#preview", PreviewPanel)
        status = self.query_one("#form-status", Static)
        status.set_classes("")
        error = self.error
        if error is not None:
            self.valid = False
            slot = self.ERROR_SLOTS.get(error.field.split(".")[0])
            if slot is not None and not self.is_set(slot):
                self._needs = slot
                panel.clear(self.hint_text())
                status.update("")
            elif slot is not None and self.row_shown(slot):
                inline = self.query_one(f"#error-{slot}", Static)
                said = self.inline_error(error, slot)
                inline.update(said)
                inline.display = True
                panel.refuse(said)  # in view even when the field's row is not (80×24)
                status.update("")
            else:
                panel.refuse(render_error(error))
                status.update(render_error(error))
                status.set_classes("error")
        elif self.preview is not None:
            panel.show(self.preview)
            self.valid = not self.correcting or bool(self.reason())
            status.update("" if self.valid else t("form.reason_needed"))
            status.set_classes("" if self.valid else "hint")
        if self.conflict and error is None:
            status.update(self.conflict)
            status.set_classes("error")
        self._update_save()

    def inline_error(self, error: RuleError, slot: str) -> str:
        """The refusal beside its field, named by the field's own label in the language in
        use (`Called card: 6S is not in play…`), not the contract's key (`called_card`); a
        player or part within the field follows in brackets (`Tricks (Bea): …`)."""
        label = self._labels.get(slot)
        if not label:
            return render_error(error)
        part = error.field.split(".", 1)[1] if "." in error.field else ""
        if part:
            label = t("form.error_part", label=label, part=part)
        return t("form.inline_error", label=label, message=render_message(error))

    def _update_save(self) -> None:
        if self.is_mounted:
            self.query_one("#save", Button).disabled = not self.valid
            self.update_bindings()

    # ---- actions ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":  # (while the preview is on its way, Save asks it at once)
            return self.valid or self.preview_pending or self.only_reason_missing() or None
        return True

    def only_reason_missing(self) -> bool:
        """A correction that would settle, but has no reason yet (Enter goes to it)."""
        return (self.correcting and self.error is None and self.preview is not None
                and not self.reason())

    def deal_entry(self, outcome: dict[str, Any]) -> DealEntry:
        """What the save hands to the table screen's service call."""
        return DealEntry(outcome, self.reason() or None, self.ctx.number, self.expect_revision)

    def close(self, result: int | None) -> None:
        """Dismiss; keys typed after this wait for the screen below (not this one)."""
        self.keys_ready = False
        self.closed = True  # (a preview still on its way finds no fields to fill)
        self.dismiss(result)

    def action_cancel(self) -> None:
        if not self.is_dirty():
            self.close(None)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.close(None)

        self.app.push_screen(ConfirmModal(t("form.discard"), yes=t("button.discard"),
                                          no=t("button.keep_editing")), answered)


def downstream_lines(later: list[str]) -> list[Text]:
    """"What this changes later", a line per change, with the app's minus sign."""
    if not later:
        return [Text(t("form.downstream_none"), style="dim")]
    return [Text(t("form.downstream"), style="underline"),
            *(Text(f"• {minus_signs(line)}", style="bold yellow") for line in later)]
