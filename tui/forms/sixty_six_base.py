"""What every Sixty-Six family deal form shares: the dealer, the game-points picker and
quick entry (`q`, the winner, the game points), the engine's form facts read once per partial
deal, rows shown as the engine asks, and the subtitle with the running score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from textual.binding import BindingType

from ledger.service import FieldFact, FormFacts, RuleError

from ..i18n import t
from ..keys import digit_bindings
from ..widgets.numbers import NumbersField
from ..widgets.pickers import Choice, Picker
from .base import DealForm
from .facts import FactsSeen
from .sixty_six_status import dealer_text, score_text


class GamePointsPicker(Picker):
    """The game points of a deal, by their digit: the engine's choices (1, 2 or 3)."""

    BINDINGS: ClassVar[list[BindingType]] = digit_bindings("pick_index", "key.game_points", 9)

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(str(n), str(n), t(label))
                          for n, label in zip(spec.choices, spec.labels, strict=True)], id=id)


class SixtySixBase(DealForm):
    """Dealer handling, the quick-entry fields and the preview for every variant."""

    def game_name(self) -> str | None:
        return self.ctx.table.game

    @property
    def countdown(self) -> bool:
        return self.ctx.status.get("counting") == "down"

    def dealer(self) -> str | None:
        """Who dealt: as stored (a correction), else the table's dealer now."""
        stored = self.ctx.deal.outcome if self.ctx.deal and self.ctx.deal.outcome else {}
        return stored.get("dealer") or self.ctx.status.get("dealer")

    def dealt(self) -> dict[str, Any]:
        """The start of a deal's JSON: who dealt, when known."""
        dealer = self.dealer()
        return {"dealer": dealer} if dealer else {}

    def subtitle(self) -> str:
        status = self.ctx.status
        score = score_text(status)
        parts = [t("ss.bummerl_n" if self.countdown else "ss.game_n", n=status.get("game"),
                   target=status.get("target")),
                 t("ss.to_go", score=score) if self.countdown else score]
        dealer = self.dealer()
        if dealer:
            parts.append(dealer_text({**status, "dealer": dealer}))
        return " · ".join(p for p in parts if p)

    def facts(self, partial: Mapping[str, Any]) -> FormFacts:
        """The engine's form facts for the deal as filled in so far (each read once)."""
        seen: FactsSeen = self.__dict__.setdefault("_facts_seen",
                                                   FactsSeen(self.ctx.facts_for))
        return seen(partial)

    def spec(self, partial: Mapping[str, Any], name: str) -> FieldFact:
        """How the engine describes field `name` when the deal is `partial`."""
        spec = self.facts(partial).spec(name)
        assert spec is not None, name
        return spec

    def digits(self, ending: str, name: str) -> int:
        """How many digits field `name` takes: its highest value's (220 points: 3)."""
        return len(str(self.spec({"ending": ending}, name).high))

    def game_points(self) -> GamePointsPicker:
        return GamePointsPicker(self.spec({"ending": "scored"}, "game_points"),
                                id="game-points")

    def rows_of(self, facts: FormFacts) -> tuple[str, ...]:
        """The form's rows for the fields the engine asks now."""
        return tuple(self.ERROR_SLOTS[name] for name in facts.fields)

    def picker(self, slot: str) -> Picker:
        return self.query_one(f"#{slot}", Picker)

    def numbers(self, slot: str) -> NumbersField:
        return self.query_one(f"#{slot}", NumbersField)

    def show_rows(self, shown: Sequence[str]) -> None:
        for slot in self.FIELD_ORDER:
            self.query_one(f"#row-{slot}").display = slot in shown

    def is_set(self, slot: str) -> bool:
        widget = self.slot_widget(slot)
        if isinstance(widget, NumbersField):
            return widget.complete
        return super().is_set(slot)

    def quick(self, out: dict[str, Any], winner_of: Mapping[str, str] | None = None
              ) -> dict[str, Any]:
        """The quick-entry keys: winner (None: drawn) and game points."""
        winner = self.picker("winner")
        if not winner.touched:
            raise RuleError("winner", "words", text=t("ss.who_scored"))
        if winner.value is None:
            out.update(winner=None, game_points=0)
            return out
        out["winner"] = winner_of[winner.value] if winner_of else winner.value
        points = self.picker("game-points").value
        if points is not None:
            out["game_points"] = int(points)
        return out

    def on_picker_changed(self, event: Picker.Changed) -> None:
        event.stop()
        self.shape()
        self.changed()
        slot = event.picker.id or ""
        if event.advance and (event.value is not None or slot in ("winner", "last-trick")):
            self.advance(slot)

    def on_numbers_field_changed(self, event: NumbersField.Changed) -> None:
        event.stop()
        if not event.submit:  # Enter only moves on (or saves): nothing changed
            self.changed()
        if event.advance and not self.advance(event.field.id or "") and event.submit:
            self.action_save()

    def shape(self) -> None:
        raise NotImplementedError

    def on_mount(self) -> None:
        self.shape()
