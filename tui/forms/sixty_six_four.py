"""The four-hand Sixty-Six deal form: partners, seats 1+3 against 2+4.

Each side's card points (the other side's fill themselves to make 130) or, with `q`, the
game points; on the loser's scale a side's tricks too. The side panel shows what the deal
scores, the running game score and a game's end with its stake (`sixty_six_preview`). While
a four-hand table is set up, a note says who plays with whom.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ledger.service import FieldFact, RuleError
from ledger.service.games import setup_facts
from ledger.service.views import Preview

from ..i18n import t
from ..widgets.numbers import NumbersField
from ..widgets.pickers import Choice, Picker, SeatPicker
from .registry import register
from .sixty_six_base import SixtySixBase
from .sixty_six_preview import render_sixty_six
from .sixty_six_status import room_status_line, status_line

FOUR_HAND = "sixty-six-four"
FOUR_ENDING_KEYS = {"played": "p", "scored": "q"}  # as typed


class FourEndingPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"pick('{value}')", "key.ending") for value, key in FOUR_ENDING_KEYS.items()
    ]

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(v, FOUR_ENDING_KEYS[v].upper(), t(label))
                          for v, label in zip(spec.choices, spec.labels, strict=True)], id=id)


class PartnersNote(Static):
    """Shown while a four-hand table is set up: who plays with whom."""

    def __init__(self) -> None:
        (a, b), (c, d) = setup_facts(FOUR_HAND)["partners"]  # the engine's, 0-based
        super().__init__(t("setup.partners", a=a + 1, b=b + 1, c=c + 1, d=d + 1),
                         classes="hint")

    def show_seats(self, seats: int) -> None:
        """The pairing is by seat number, whatever the names."""


@register(FOUR_HAND, status_line=status_line, setup_panel=PartnersNote,
          room_status_line=room_status_line)
class FourHandForm(SixtySixBase):
    HELP = "help.form.sixty-six-four"
    ERROR_SLOTS: ClassVar[dict[str, str]] = {
        "ending": "ending", "points": "points", "ten_of_trumps": "ten", "winner": "winner",
        "game_points": "game-points", "dealer": "ending", "tricks": "tricks",
    }
    FIELD_ORDER = ("ending", "points", "ten", "winner", "game-points")
    FIRST_SLOT = "points"  # most deals are played out: the ending starts as "played"

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        facts = ctx.facts_for({})  # the engine's sides, deal total and bonus option
        self.sides: tuple[tuple[str, ...], ...] = facts.sides
        self.side_names = tuple("+".join(side) for side in self.sides)
        self.heads = tuple(side[0] for side in self.sides)  # the JSON names a side by them
        self.deal_points: int = facts.totals["points"]
        self.ten_bonus: bool = "ten_of_trumps" in facts.fields
        self.hand_tricks: int | None = facts.totals.get("tricks")  # the loser's scale only
        if self.hand_tricks is not None:
            self.FIELD_ORDER = ("ending", "points", "tricks", "ten", "winner", "game-points")

    def compose_fields(self) -> ComposeResult:
        yield from self.field_row("ending", t("slot.ending"),
                                  FourEndingPicker(self.spec({}, "ending"), id="ending"))
        yield from self.field_row("points", t("slot.points"),
                                  NumbersField(self.heads, labels=self.side_names, id="points",
                                               max_digits=self.digits("played", "points"),
                                               total=self.deal_points))
        if self.hand_tricks is not None:
            yield from self.field_row("tricks", t("slot.tricks"),
                                      NumbersField(self.heads, labels=self.side_names,
                                                   id="tricks",
                                                   max_digits=len(str(self.hand_tricks)),
                                                   total=self.hand_tricks))
        yield from self.field_row("ten", t("slot.ten"),
                                  SeatPicker(self.heads, labels=self.side_names, id="ten"))
        yield from self.field_row("winner", t("slot.winner"),
                                  SeatPicker(self.heads, labels=self.side_names, id="winner",
                                             allow_none=True, none_hint=t("ss.none_drawn")))
        yield from self.field_row("game-points", t("slot.game-points"), self.game_points())

    def on_mount(self) -> None:
        self.picker("ending").set_value("played")
        self.shape()

    def shape(self) -> None:
        ending = self.picker("ending").value
        if ending is None:
            self.show_rows(("ending",))
            return
        partial: dict[str, Any] = {"ending": ending}
        winner = self.picker("winner")
        if ending == "scored" and winner.touched and winner.value is None:
            partial["winner"] = None  # drawn: no game points
        self.show_rows(self.rows_of(self.facts(partial)))

    def outcome(self) -> dict[str, Any]:
        out = self.dealt()
        ending = self.picker("ending").value
        if ending is None:
            raise RuleError("ending", "words", text=t("ss.played_or_quick"))
        if self.ten_bonus and self.picker("ten").value:
            out["ten_of_trumps"] = self.picker("ten").value
        if ending == "scored":
            out["ending"] = "scored"
            return self.quick(out)
        points = self.numbers("points").values
        if points:
            out["points"] = points
        if self.hand_tricks is not None and self.numbers("tricks").complete:
            out["tricks"] = self.numbers("tricks").values
        return out

    def load(self, outcome: dict[str, Any]) -> None:
        side_of = {name: side[0] for side in self.sides for name in side}
        if outcome.get("ending") == "scored":
            self.picker("ending").set_value("scored")
            winner = outcome.get("winner")
            self.picker("winner").set_value(side_of.get(winner) if winner else None)
            if outcome.get("game_points"):
                self.picker("game-points").set_value(str(outcome["game_points"]))
        else:
            self.picker("ending").set_value("played")
            self.numbers("points").set_values(
                {side_of[k]: v for k, v in (outcome.get("points") or {}).items()})
            if self.hand_tricks is not None and outcome.get("tricks"):
                tricks = {side_of[k]: v for k, v in outcome["tricks"].items()}
                if self.heads[0] not in tricks:  # one side named: the other took the rest
                    tricks[self.heads[0]] = self.hand_tricks - tricks[self.heads[1]]
                self.numbers("tricks").set_values(tricks)
        if outcome.get("ten_of_trumps"):
            self.picker("ten").set_value(side_of[outcome["ten_of_trumps"]])
        self.shape()

    def render_preview(self, preview: Preview) -> RenderableType:
        return render_sixty_six(preview, self.ctx.table.seats, False, self.sides)
