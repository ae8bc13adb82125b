"""The two-player deal form of the Sixty-Six family: two-player Sixty-Six, Schnapsen and
three-player Sixty-Six (the dealer sits out) record a deal of two players.

The ending (`c` claim, `l` close, `e` stock used up, `q` quick entry), who claimed or closed
(`1` or `2`), card points and tricks typed (Enter moves on), the opponent's position at a
close, the last trick. Example 1 of the rules: `c` `1` `6` `8` Enter `4` `0` Enter `4` Enter
`3` Enter, then Enter saves. Quick entry: `q`, the winner's number, the game points
(`1`–`3`). The side panel shows what the deal scores and the running game score
(Schnapsen's counting down from 7), from the service's preview (`sixty_six_preview`).
Four-hand Sixty-Six has its own form (`sixty_six_four`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Label

from ledger.service import FieldFact
from ledger.service.views import Preview

from ..i18n import t
from ..widgets.numbers import NumbersField
from ..widgets.pickers import Choice, Picker, SeatPicker
from .registry import register
from .sixty_six_base import SixtySixBase
from .sixty_six_preview import render_sixty_six
from .sixty_six_status import room_status_line, status_line

ENDING_KEYS = {"claim": "c", "close": "l", "exhausted": "e", "scored": "q"}  # as typed


class EndingPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"pick('{value}')", "key.ending", key_display=key.upper(),
                group=Binding.Group("key.ending"))
        for value, key in ENDING_KEYS.items()
    ]

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(v, ENDING_KEYS[v].upper(), t(label))
                          for v, label in zip(spec.choices, spec.labels, strict=True)], id=id)


class YesNoPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "pick('yes')", "key.yes"),
        Binding("n", "pick('no')", "key.no"),
    ]

    def __init__(self, yes: str, no: str, *, id: str | None = None) -> None:
        super().__init__([Choice("yes", "Y", yes), Choice("no", "N", no)], id=id)


@register("sixty-six", status_line=status_line, room_status_line=room_status_line)
@register("schnapsen", status_line=status_line, room_status_line=room_status_line)
@register("sixty-six-three", status_line=status_line, room_status_line=room_status_line)
class SixtySixForm(SixtySixBase):
    HELP = "help.form.sixty-six"
    ERROR_SLOTS: ClassVar[dict[str, str]] = {
        "ending": "ending", "by": "by", "closer_won": "closer-won", "points": "points",
        "tricks": "tricks", "at_close": "at-close", "last_trick": "last-trick",
        "winner": "winner", "game_points": "game-points", "dealer": "ending",
    }
    FIELD_ORDER = ("ending", "by", "closer-won", "points", "tricks", "at-close", "last-trick",
                   "winner", "game-points")

    @property
    def players(self) -> tuple[str, ...]:
        """The two who play this deal (three-player: not the dealer)."""
        return tuple(self.ctx.status.get("players") or self.ctx.table.seats)

    def compose_fields(self) -> ComposeResult:
        two = self.players
        yield from self.field_row("ending", t("slot.ending"),
                                  EndingPicker(self.spec({}, "ending"), id="ending"))
        yield from self.field_row("by", t("slot.by_claim"), SeatPicker(two, id="by"))
        yield from self.field_row("closer-won", t("slot.closer-won"),
                                  YesNoPicker(*map(t, self.spec({"ending": "close"},
                                                                "closer_won").labels),
                                              id="closer-won"))
        yield from self.field_row("points", t("slot.points"),
                                  NumbersField(two, id="points",
                                               max_digits=self.digits("claim", "points")))
        yield from self.field_row("tricks", t("slot.tricks"),
                                  NumbersField(two, id="tricks",
                                               max_digits=self.digits("claim", "tricks")))
        at = self.spec({"ending": "close"}, "at_close").parts  # the opponent's points, tricks
        yield from self.field_row("at-close", t("slot.at-close"),
                                  NumbersField(tuple(p.name for p in at), id="at-close",
                                               max_digits=max(len(str(p.high)) for p in at)))
        yield from self.field_row("last-trick", t("slot.last-trick"),
                                  SeatPicker(two, id="last-trick", allow_none=True))
        yield from self.field_row("winner", t("slot.winner"),
                                  SeatPicker(two, id="winner", allow_none=True,
                                             none_hint=t("ss.none_drawn")))
        yield from self.field_row("game-points", t("slot.game-points"), self.game_points())

    def opponent(self) -> str | None:
        by = self.picker("by").value
        return next((p for p in self.players if p != by), None) if by else None

    def partial(self) -> dict[str, Any]:
        """What the engine needs to know to say which fields apply (`Tally.form_facts`)."""
        out: dict[str, Any] = {}
        ending = self.picker("ending").value
        if ending is not None:
            out["ending"] = ending
        by = self.picker("by").value
        if ending in ("claim", "close") and by:
            out["by"] = by
        winner = self.picker("winner")
        if ending == "scored" and winner.touched and winner.value is None:
            out["winner"] = None  # drawn: no game points
        return out

    def shape(self) -> None:
        facts = self.facts(self.partial())
        self.show_rows(self.rows_of(facts))
        by = facts.spec("by")
        if by is not None:
            self.query_one("#row-by .field-label", Label).update(t(by.label))
        opponent = self.opponent()
        at = facts.spec("at_close")
        if opponent and at is not None:
            self.numbers("at-close").set_names(
                tuple(p.name for p in at.parts),
                tuple(t(p.label, name=opponent) for p in at.parts))
        last = facts.spec("last_trick")
        self.picker("last-trick").allow_none = last is not None and last.optional

    def outcome(self) -> dict[str, Any]:
        out = self.dealt()
        ending = self.picker("ending").value
        if ending is None:
            return out
        out["ending"] = ending
        if ending == "scored":
            return self.quick(out)
        by = self.picker("by").value
        if ending in ("claim", "close") and by:
            out["by"] = by
        for key in ("points", "tricks"):
            values = self.numbers(key).values
            if values:
                out[key] = values
        if ending == "close":
            won = self.picker("closer-won").value
            if won is not None:
                out["closer_won"] = won == "yes"
            opponent = self.opponent()
            at = self.numbers("at-close").values
            if opponent and at:
                out["at_close"] = {k: {opponent: v} for k, v in at.items()}
        last = self.picker("last-trick").value
        if last and self.query_one("#row-last-trick").display:
            out["last_trick"] = last
        return out

    def load(self, outcome: dict[str, Any]) -> None:
        ending = outcome.get("ending")
        self.picker("ending").set_value(ending)
        if ending == "scored":
            self.picker("winner").set_value(outcome.get("winner"))
            if outcome.get("game_points"):
                self.picker("game-points").set_value(str(outcome["game_points"]))
            self.shape()
            return
        if outcome.get("by"):
            self.picker("by").set_value(outcome["by"])
        for key in ("points", "tricks"):
            self.numbers(key).set_values(outcome.get(key) or {})
        if outcome.get("closer_won") is not None:
            self.picker("closer-won").set_value("yes" if outcome["closer_won"] else "no")
        self.shape()
        at = outcome.get("at_close") or {}
        opponent = self.opponent()
        if opponent:
            self.numbers("at-close").set_values(
                {k: v[opponent] for k, v in at.items() if opponent in v})
        if outcome.get("last_trick"):
            self.picker("last-trick").set_value(outcome["last_trick"])

    def render_preview(self, preview: Preview) -> RenderableType:
        return render_sixty_six(preview, self.ctx.table.seats, self.countdown)
