"""The Sixty-Six family's deal forms: the deal's facts, or quick entry of game points.

Two-player Sixty-Six, Schnapsen and three-player Sixty-Six record a two-player deal: the
ending (`c` claim, `l` close, `e` stock used up, `q` quick entry), who claimed or closed (`1`
or `2`), card points and tricks typed (Enter moves on), the opponent's position at a close,
the last trick. Example 1 of the rules: `c` `1` `6` `8` Enter `4` `0` Enter `4` Enter `3`
Enter, then Enter saves. Quick entry: `q`, the winner's number, the game points (`1`–`3`).

Four-hand Sixty-Six records each side's card points (the other side's fill themselves to
make 130) or, with `q`, the game points. The side panel shows what the deal scores, the
running game score (Schnapsen's counting down from 7), a game's end with its stake, all from
the service's preview.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Label, Static

from ledger.service import FieldFact, FormFacts, RuleError
from ledger.service.games import setup_facts
from ledger.service.views import Preview

from ..format import chips, minus_signs
from ..i18n import t
from ..keys import digit_bindings
from ..widgets.kinsoku import Wrapped
from ..widgets.numbers import NumbersField
from ..widgets.pickers import Choice, Picker, SeatPicker
from ..widgets.preview import reason_text
from .base import DealForm
from .facts import FactsSeen
from .registry import register
from .sixty_six_status import dealer_text, room_status_line, score_text, status_line

FOUR_HAND = "sixty-six-four"
ENDING_KEYS = {"claim": "c", "close": "l", "exhausted": "e", "scored": "q"}  # as typed


# ---- the preview ----------------------------------------------------------------------------


def render_sixty_six(preview: Preview, seats: Sequence[str], countdown: bool,
                     sides: Sequence[tuple[str, ...]] | None = None) -> RenderableType:
    """The deal's result, the running game score, and a game's end with its stake."""
    extra = preview.extra
    parts: list[RenderableType] = [Wrapped(minus_signs(preview.shown()), "bold"), Text("")]
    scored: Mapping[str, int] = extra.get("scored") or {}
    groups = list(sides) if sides else [(s,) for s in seats]
    gains = [("+".join(g), scored.get(g[0], 0)) for g in groups if scored.get(g[0], 0)]
    if gains:
        parts.append(Text(t("ss.scores", what=", ".join(f"{n} {v}" for n, v in gains))))
    else:
        parts.append(Text(t("ss.drawn"), style="dim"))
    parts += [Text(""), Text(t("ss.to_go_title" if countdown else "ss.score_title"),
                             style="underline")]
    score: Mapping[str, int] = extra.get("score") or {}
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column(justify="right")
    for group in groups:
        grid.add_row("+".join(group), str(score.get(group[0], "")))
    parts.append(grid)
    if extra.get("game_over"):
        winner = extra.get("game_winner")
        winner = "+".join(winner) if isinstance(winner, list) else winner
        parts += [Text(""), Text(t("ss.game_over", name=winner), style="bold yellow")]
        moves = Table.grid(padding=(0, 1))
        for _ in range(4):
            moves.add_column()
        for x in preview.transfers:
            moves.add_row(x.payer, "→", x.payee, Text(str(x.amount), style="bold"),
                          Text(reason_text(x.reason), style="dim"))
        nets = Table.grid(padding=(0, 2))
        nets.add_column()
        nets.add_column(justify="right")
        for name in seats:
            nets.add_row(name, chips(preview.nets.get(name, 0), zero="0"))
        parts += [moves, Text(""), Text(t("preview.nets"), style="underline"), nets]
    else:
        parts += [Text(""), Text(t("ss.no_chips"), style="dim")]
    return Group(*parts)


# ---- pickers --------------------------------------------------------------------------------


class EndingPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"pick('{value}')", "key.ending", key_display=key.upper(),
                group=Binding.Group("key.ending"))
        for value, key in ENDING_KEYS.items()
    ]

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(v, ENDING_KEYS[v].upper(), t(label))
                          for v, label in zip(spec.choices, spec.labels, strict=True)], id=id)


FOUR_ENDING_KEYS = {"played": "p", "scored": "q"}  # as typed


class FourEndingPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"pick('{value}')", "key.ending") for value, key in FOUR_ENDING_KEYS.items()
    ]

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(v, FOUR_ENDING_KEYS[v].upper(), t(label))
                          for v, label in zip(spec.choices, spec.labels, strict=True)], id=id)


class YesNoPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "pick('yes')", "key.yes"),
        Binding("n", "pick('no')", "key.no"),
    ]

    def __init__(self, yes: str, no: str, *, id: str | None = None) -> None:
        super().__init__([Choice("yes", "Y", yes), Choice("no", "N", no)], id=id)


class GamePointsPicker(Picker):
    """The game points of a deal, by their digit: the engine's choices (1, 2 or 3)."""

    BINDINGS: ClassVar[list[BindingType]] = digit_bindings("pick_index", "key.game_points", 9)

    def __init__(self, spec: FieldFact, *, id: str | None = None) -> None:
        super().__init__([Choice(str(n), str(n), t(label))
                          for n, label in zip(spec.choices, spec.labels, strict=True)], id=id)


# ---- shared by both forms -----------------------------------------------------------------------


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
            raise RuleError("winner", t("ss.who_scored"))
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


# ---- two players (and three-player Sixty-Six: the dealer sits out) ------------------------------


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


# ---- four-hand: partners, seats 1+3 against 2+4 --------------------------------------------------


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
            raise RuleError("ending", t("ss.played_or_quick"))
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
