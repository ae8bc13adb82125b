"""The Crazy Solo deal form: contract and trump by letter, seats by number, points typed.

A deal takes a handful of keys: `s` (Solo) `2` (caller: seat 2) `c` (clubs) `4` (partner:
seat 4) `7` `3` (team's points) ctrl+s (save); no trump key for a hearts contract, no partner
for Alone. `g` switches the points to the Gang's pile, whichever the table counted. The
optional called card has its own key, `k`, so it never sits in the fast path (a partner's
digit typed after the trump once landed in it). Transfers and nets show live.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input

from ledger.service import FieldFact, FormFacts
from ledger.service.cards import SUIT_BY_NAME, SUIT_NAMES, SUIT_SYMBOLS

from ..i18n import t
from ..widgets.pickers import Choice, Picker, PointsField, SeatPicker
from ..widgets.removal import RemovalTable
from .base import DealForm
from .registry import register

# contract -> key (as typed); the contracts, their order and labels come from the engine
CONTRACT_KEYS = {"solo": "s", "heart-solo": "h", "alone": "a", "heart-alone": "l", "pass": "p"}
SUIT_KEYS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}


class ContractPicker(Picker):
    """The contracts the engine offers (its choices, in its order), each by its letter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"pick('{value}')", "key.contract", key_display=key.upper(),
                group=Binding.Group("key.contract"))
        for value, key in CONTRACT_KEYS.items()
    ]

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(v, CONTRACT_KEYS[v].upper(), t(label))
                          for v, label in zip(spec.choices, spec.labels, strict=True)], id=id)


class SuitPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"pick('{value}')", "key.trump", key_display=key.upper(),
                group=Binding.Group("key.trump"))
        for value, key in SUIT_KEYS.items()
    ]

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(v, SUIT_KEYS[v].upper(), f"{SUIT_SYMBOLS[SUIT_BY_NAME[v]]} "
                                 f"{t(label)}")
                          for v, label in zip(spec.choices, spec.labels, strict=True)], id=id)


def status_line(status: Mapping[str, Any]) -> str:
    dealer = status.get("dealer")
    return t("status.dealer", name=dealer) if dealer else ""


@register("crazy-solo", setup_panel=RemovalTable, status_line=status_line)
class CrazySoloForm(DealForm):
    HELP = "help.form.crazy-solo"
    ERROR_SLOTS: ClassVar[dict[str, str]] = {
        "contract": "contract", "caller": "caller", "trump": "trump", "called_card": "card",
        "partner": "partner", "team_points": "points", "gang_points": "points",
    }
    FIELD_ORDER = ("contract", "caller", "trump", "partner", "points")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "called_card", "key.called_card"),
    ]
    # kept from a corrected deal when the fields above do not change them
    PASS_THROUGH = ("dealer", "bids")

    _trump_before: str | None = None  # the trump a hearts contract replaced

    def game_name(self) -> str | None:
        return "crazy-solo"

    def subtitle(self) -> str:
        deal = self.ctx.deal
        dealer = deal.extra.get("dealer") if deal else self.ctx.table.status.get("dealer")
        return t("status.dealer", name=dealer) if dealer else ""

    def compose_fields(self) -> ComposeResult:
        seats = self.ctx.table.seats
        facts = self.ctx.facts_for({})  # every field, before a contract is chosen
        yield from self.field_row("contract", t("slot.contract"),
                                  ContractPicker(self._spec(facts, "contract"), id="contract"))
        yield from self.field_row("caller", t("slot.caller"), SeatPicker(seats, id="caller"))
        yield from self.field_row("trump", t("slot.trump"),
                                  SuitPicker(self._spec(facts, "trump"), id="trump"))
        yield from self.field_row("partner", t("slot.partner"),
                                  SeatPicker(seats, id="partner", allow_none=True))
        yield from self.field_row("points", t("slot.points"), PointsField(id="points"))
        yield from self.field_row("card", t("slot.card"),
                                  Input(placeholder=t("field.card_hint"), id="card",
                                        max_length=3, compact=True))

    @staticmethod
    def _spec(facts: FormFacts, name: str) -> FieldFact:
        spec = facts.spec(name)
        assert spec is not None, name
        return spec

    def on_mount(self) -> None:  # runs before DealForm.on_mount (Textual calls both)
        self._shape()

    # ---- the fields ----------------------------------------------------------------------

    @property
    def contract(self) -> str | None:
        return self.query_one("#contract", Picker).value

    def is_set(self, slot: str) -> bool:
        if slot == "card":
            return bool(self.query_one("#card", Input).value.strip())
        return super().is_set(slot)

    def _fields(self) -> tuple[tuple[str, ...], str | None]:
        """(the outcome fields the chosen contract uses, the trump it fixes), as the engine
        says (`Tally.form_facts`)."""
        contract = self.contract
        facts = self.ctx.facts_for({"contract": contract} if contract else {})
        return facts.fields, facts.forced.get("trump")

    def _shape(self) -> None:
        """Show the fields this contract uses; a contract may fix the trump."""
        fields, forced_trump = self._fields()
        for slot, key in (("caller", "caller"), ("trump", "trump"), ("points", "team_points"),
                          ("card", "called_card"), ("partner", "partner")):
            self.query_one(f"#row-{slot}").display = key in fields
        trump = self.query_one("#trump", Picker)
        hearts = forced_trump is not None
        if hearts and not trump.locked:
            self._trump_before = trump.value
            trump.set_value(forced_trump, touched=True)
        elif not hearts and trump.locked:  # back from a hearts contract: the trump as it was
            trump.set_value(self._trump_before, touched=self._trump_before is not None)
        trump.locked = hearts
        trump.refresh()

    def on_picker_changed(self, event: Picker.Changed) -> None:
        event.stop()
        slot = event.picker.id or ""
        if slot == "contract":
            self._shape()
        self.changed()
        if event.advance and (event.value is not None or slot == "partner"):
            self.advance(slot)

    def on_points_field_changed(self, event: PointsField.Changed) -> None:
        event.stop()
        self.changed()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "card":
            self.changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "card":
            self.focus_slot(self.first_unset())

    def first_unset(self) -> str:
        """The first field shown and not yet filled (else the points): where Enter in the
        called card goes back to."""
        for slot in self.FIELD_ORDER:
            if self.row_shown(slot) and not self.is_set(slot) and not getattr(
                    self.slot_widget(slot), "locked", False):
                return slot
        return "points"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "called_card":
            return self.row_shown("card")
        return super().check_action(action, parameters)

    def action_called_card(self) -> None:
        self.focus_slot("card")

    # ---- JSON ------------------------------------------------------------------------------

    def outcome(self) -> dict[str, Any]:
        base = self.ctx.deal.outcome if self.ctx.deal and self.ctx.deal.outcome else {}
        out: dict[str, Any] = {k: base[k] for k in self.PASS_THROUGH if k in base}
        contract = self.contract
        if contract is None:
            return out
        out["contract"] = contract
        fields = self._fields()[0]  # the engine's: a pass asks nothing more
        caller = self.query_one("#caller", Picker).value
        trump = self.query_one("#trump", Picker).value
        points = self.query_one("#points", PointsField)
        if caller and "caller" in fields:
            out["caller"] = caller
        if trump and "trump" in fields:
            out["trump"] = trump
        if "partner" in fields:
            card = self.query_one("#card", Input).value.strip()
            partner = self.query_one("#partner", Picker).value
            if card:
                out["called_card"] = card
            if partner:
                out["partner"] = partner
            # who pays whom was overridden in the stored deal: keep it while the team stands
            if "payers" in base and (caller, partner) == (base.get("caller"),
                                                           base.get("partner")):
                out["payers"] = base["payers"]
        if points.value is not None and "team_points" in fields:
            out["gang_points" if points.pile == "gang" else "team_points"] = points.value
        return out

    def load(self, outcome: dict[str, Any]) -> None:
        self.query_one("#contract", Picker).set_value(outcome.get("contract"))
        if outcome.get("caller"):
            self.query_one("#caller", Picker).set_value(outcome["caller"])
        trump = outcome.get("trump")
        if trump:
            letter = SUIT_BY_NAME.get(str(trump).lower(), str(trump).upper()[:1])
            self.query_one("#trump", Picker).set_value(SUIT_NAMES.get(letter, trump))
        if outcome.get("called_card"):
            self.query_one("#card", Input).value = str(outcome["called_card"])
        if outcome.get("partner"):
            self.query_one("#partner", Picker).set_value(outcome["partner"])
        points = self.query_one("#points", PointsField)
        if outcome.get("gang_points") is not None:
            points.set_value(int(outcome["gang_points"]), "gang")
        elif outcome.get("team_points") is not None:
            points.set_value(int(outcome["team_points"]), "team")
        self._shape()
