"""The Hachi-Hachi Trick deal form: indicator, declarations round the table, hands, tricks.

A round takes few keys. Example A of the rules (start P1, Q♠): `q` `s` (the indicator; the
trump and Ooba 大場 ×2 show at once) `o` `i` `o` `i` `i` (declarations from the start player;
P6 and P7 are forced out by themselves) `3` `1` (tricks; P5's 3 fill themselves) then the
hands: `2` (P6's Aces) `↓` `m` (P7: karasu) `↓` `a` (P2: sanbon) `↓` `c` (P4: kuttsuki), and
Enter saves (the role letters are listed under the hands). `m` in the declarations toggles
Mizuten for the start player; with two in, `s` splits the pot or `p` plays. Every chip shown
comes from the service's preview.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static

from ledger.service import POT, FormFacts, RuleError
from ledger.service.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, parse_card, read_hand
from ledger.service.games import setup_facts
from ledger.service.views import Preview, TransferView

from ..format import chips, minus_signs
from ..i18n import t, term
from ..widgets.declarations import DeclarationsField
from ..widgets.fit import fit_columns
from ..widgets.hands import HandsField, role_legend, role_name
from ..widgets.kinsoku import Wrapped
from ..widgets.numbers import NumbersField
from ..widgets.pickers import Choice, Picker, SeatPicker
from ..widgets.preview import reason_text
from .base import DealForm
from .facts import FactsSeen
from .prompt import Field, PromptModal
from .registry import register

GAME = "hachihachi-trick"
SCROLLBAR = 2  # the role table's, beside its rows


def status_line(status: Mapping[str, Any]) -> str:
    """Round n / N and the start player; at the end, who has the most chips."""
    if status.get("finished"):
        chips_now: Mapping[str, int] = status.get("chips") or {}
        if not chips_now:
            return t("status.finished")
        top = max(chips_now.values())
        leaders = [name for name, value in chips_now.items() if value == top]
        return t("hh.game_over", rounds=status.get("round", 0), names=" = ".join(leaders),
                 chips=top)
    line = t("hh.status", n=status.get("next_round"), of=status.get("rounds"),
             start=term("start_player"), name=status.get("start_player"))
    if status.get("pot_carried"):  # empty_round_pot = carry, after a round nobody was in
        line += " · " + t("hh.pot_carried", pot=status["pot_carried"])
    return line


class SplitPicker(Picker):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pick('play')", "key.play"),
        Binding("s", "pick('split')", "key.split"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__([Choice("play", "P", t("split.play")),
                          Choice("split", "S", t("split.split"))], id=id)


class HandRoleTable(DataTable[object]):
    """Shown while a Hachi-Hachi table is set up: the hand roles it will freeze."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="none", zebra_stripes=True)
        self.can_focus = False

    def on_mount(self) -> None:
        self.call_after_refresh(self.fill)  # once the form's side has its width

    def fill(self) -> None:
        """The roles, each with its group letter; a long name wraps in its cell so the
        values' columns stay on screen beside the seats at 80 columns."""
        hand_roles = setup_facts(GAME)["hand_roles"]
        self.clear(columns=True)
        for key in ("role", "in", "forced_out"):
            self.add_column(t(f"col.role_{key}"), key=key)
        names = [f"{role.group} {role_name(role)}" for role in hand_roles.roles]
        rows = [(name, Text(str(role.in_value), justify="right"),
                 Text(str(role.forced_out), justify="right"))
                for name, role in zip(names, hand_roles.roles, strict=True)]
        fit_columns(self, rows)
        room = self.parent.content_size.width if isinstance(self.parent, Widget) else 0
        pad = 2 * self.cell_padding
        role = self.columns["role"]
        others = sum(c.width + pad for c in self.ordered_columns if c is not role)
        if room and others + role.width + pad + SCROLLBAR > room:
            role.width = max(role.label.cell_len, room - others - pad - SCROLLBAR)
        for row in rows:
            self.add_row(Wrapped(row[0]), *row[1:], height=None)

    def show_seats(self, seats: int) -> None:
        """The role table does not depend on the table size."""


@register(GAME, setup_panel=HandRoleTable, status_line=status_line)
class HachiHachiForm(DealForm):
    HELP = "help.form.hachihachi-trick"
    ERROR_SLOTS: ClassVar[dict[str, str]] = {
        "start_player": "start", "indicator": "indicator", "mizuten": "declare",
        "declarations": "declare", "split": "split", "tricks": "tricks", "roles": "hands",
        "aces": "hands", "hands": "hands",
    }
    FIELD_ORDER = ("start", "indicator", "declare", "split", "tricks", "hands")
    FIRST_SLOT = "indicator"

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        # the table's own facts (max in, its hand-role table), before anything is filled in
        self.facts_for = FactsSeen(ctx.facts_for)  # each partial round asked once
        self.table_facts: FormFacts = self.facts_for({})
        stored = ctx.deal.outcome if ctx.deal and ctx.deal.outcome else {}
        seats = ctx.table.seats
        self.start: str = stored.get("start_player") or ctx.status.get("start_player") \
            or seats[0]

    def game_name(self) -> str | None:
        return GAME

    def subtitle(self) -> str:
        status = self.ctx.status
        if not status.get("next_round"):
            return ""
        return t("hh.round", n=status["next_round"], of=status.get("rounds"))

    # ---- the fields ------------------------------------------------------------------------

    def compose_fields(self) -> ComposeResult:
        seats = self.ctx.table.seats
        yield from self.field_row("start", term("start_player"), SeatPicker(seats, id="start"))
        yield from self.field_row(
            "indicator", t("slot.indicator"),
            Input(placeholder=t("field.indicator_hint"), id="indicator", max_length=3,
                  compact=True),
            after=Static(t("hh.indicator_hint"), id="indicator-info"))
        yield from self.field_row("declare", t("slot.declare"),
                                  DeclarationsField(self._order(), self._judge,
                                                    id="declare"))
        yield from self.field_row("split", t("slot.split"), SplitPicker(id="split"))
        yield from self.field_row("tricks", t("slot.tricks"),
                                  NumbersField((), id="tricks",
                                               max_digits=len(str(self.table_facts.totals["tricks"])),
                                               total=self.table_facts.totals["tricks"],
                                               auto_next=True))
        hands = HandsField(self.table_facts.facts["hand_roles"], id="hands")
        yield from self.field_row("hands", term("hand_roles"), hands)
        yield Static(role_legend(hands.keys), id="legend")

    @property
    def decl(self) -> DeclarationsField:
        return self.query_one("#declare", DeclarationsField)

    @property
    def hands(self) -> HandsField:
        return self.query_one("#hands", HandsField)

    @property
    def tricks(self) -> NumbersField:
        return self.query_one("#tricks", NumbersField)

    def on_mount(self) -> None:  # before DealForm.on_mount (which may load a correction)
        self.query_one("#start", Picker).set_value(self.start)
        self._shape()

    def indicator(self) -> Card | None:
        try:
            return parse_card(self.query_one("#indicator", Input).value)
        except RuleError:
            return None

    def is_set(self, slot: str) -> bool:
        if slot == "indicator":
            return bool(self.query_one("#indicator", Input).value.strip())
        if slot == "tricks":
            return self.tricks.complete
        return super().is_set(slot)

    def _show_indicator(self) -> None:
        card = self.indicator()
        info = self.query_one("#indicator-info", Static)
        self.hands.trump = card.suit if card else None
        self.hands.refresh()
        if card is None:
            info.update(Text(t("hh.indicator_hint"), style="dim"))
            return
        text = Text(t("hh.trump", suit=f"{SUIT_SYMBOLS[card.suit]} "
                                        f"{t('suit.' + SUIT_NAMES[card.suit])}"))
        facts = self.facts_for({"indicator": str(card)}).facts
        kind = facts.get("table_name")  # the preset's Ooba / Zetsuba ranks
        if kind is not None:
            text.append(f"  {term(kind)} ×{facts.get('multiplier', 1)}",
                        style="bold magenta" if kind == "zetsuba" else "bold yellow")
        info.update(text)

    def _order(self) -> tuple[str, ...]:
        """The seats in declaring order from the start player (the engine's)."""
        return self.facts_for({"start_player": self.start}).order

    def _judge(self, declarations: Mapping[str, str]) -> tuple[tuple[str, ...], bool]:
        """Who the declarations so far force out, and whether the round is declared."""
        facts = self.facts_for({"start_player": self.start,
                                    "declarations": dict(declarations)}).facts
        return facts["forced_out"], facts["complete"]

    def _facts(self) -> FormFacts:
        """The engine's facts for the round as declared so far (`Tally.form_facts`)."""
        choice = self.query_one("#split", Picker).value
        partial: dict[str, Any] = {"start_player": self.start,
                                   "declarations": self.decl.declarations()}
        if choice is not None:
            partial["split"] = choice == "split"
        return self.facts_for(partial)

    def _shape(self) -> None:
        """Show the rows this round needs (the engine says which): the split with two in,
        tricks when played, the hands of forced-outs and (when roles settle) in-players."""
        facts = self._facts()
        ins: tuple[str, ...] = facts.facts["ins"]
        self.query_one("#row-split").display = "split" in facts.fields
        self.query_one("#row-tricks").display = "tricks" in facts.fields
        if "tricks" in facts.fields:
            self.tricks.set_names(ins)
        players = list(facts.facts["hand_players"])
        self.hands.show_players(players)
        self.query_one("#row-hands").display = bool(players)
        self.query_one("#legend").display = bool(players)

    # ---- events ----------------------------------------------------------------------------

    def on_picker_changed(self, event: Picker.Changed) -> None:
        event.stop()
        slot = event.picker.id or ""
        if slot == "start" and event.value and event.value != self.start:
            self.start = event.value
            self.decl.reset(self._order())
            self.tricks.clear()
        self._shape()
        self.changed()
        if event.advance and event.value is not None:
            self.advance(slot)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "indicator":
            return
        self._show_indicator()
        self.changed()
        if event.input.has_focus and self.indicator() is not None:
            self.advance("indicator")  # a whole card: on to the declarations

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "indicator":
            event.stop()
            self.advance("indicator")

    def on_declarations_field_changed(self, event: DeclarationsField.Changed) -> None:
        event.stop()
        self._shape()
        self.changed()
        if event.advance:
            self.advance("declare")

    def on_numbers_field_changed(self, event: NumbersField.Changed) -> None:
        event.stop()
        if not event.submit:  # Enter only moves on (or saves): nothing changed
            self.changed()
        if event.advance and not self.advance("tricks") and event.submit:
            self.action_save()

    def on_hands_field_changed(self, event: HandsField.Changed) -> None:
        event.stop()
        self.changed()

    def on_hands_field_cards_wanted(self, event: HandsField.CardsWanted) -> None:
        event.stop()
        hand = event.hand
        current = " ".join(str(c) for c in hand.cards)

        def submit(values: Mapping[str, str]) -> tuple[Card, ...]:
            text = values["cards"].strip()
            return read_hand(text) if text else ()

        def done(cards: tuple[Card, ...] | None) -> None:
            if cards is not None:
                self.hands.set_cards(hand.name, cards)
            self.move_focus(self.hands)

        self.app.push_screen(PromptModal(t("hh.cards_title", name=hand.name),
                                         [Field("cards", t("field.cards"), current,
                                                t("field.cards_hint"))], submit),
                             done)

    # ---- JSON ------------------------------------------------------------------------------

    def outcome(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start_player": self.start}
        text = self.query_one("#indicator", Input).value.strip()
        card = self.indicator()
        if text:
            out["indicator"] = str(card) if card else text  # "qs" is stored as QS
        decl = self.decl
        if decl.mizuten:
            out["mizuten"] = True
        if decl.said:
            out["declarations"] = decl.declarations()
        facts = self._facts()
        asks_split = "split" in facts.fields  # two in: they split the pot or play
        choice = self.query_one("#split", Picker).value if asks_split else None
        played = bool(facts.facts["played"])
        if choice == "split":
            out["split"] = True
        elif asks_split and choice is None and self.indicator() is not None:
            raise RuleError("split", "words", text=t("hh.split_or_play"))
        if played and self.tricks.values:
            out["tricks"] = self.tricks.values
        roles: dict[str, list[str]] = {}
        aces: dict[str, int] = {}
        hands: dict[str, list[str]] = {}
        for hand in self.hands.hands:
            if hand.cards:
                hands[hand.name] = [str(c) for c in hand.cards]
                continue
            if hand.roles:
                roles[hand.name] = list(hand.roles)
            if hand.forced and hand.aces is not None:
                aces[hand.name] = hand.aces
        for key, value in (("roles", roles), ("aces", aces), ("hands", hands)):
            if value:
                out[key] = value
        if not played or self.tricks.complete:  # (the tricks' own complaint comes first)
            self._check_forced_hands()
        return out

    def _check_forced_hands(self) -> None:
        """A forced-out player's Aces are typed (0 is a value) or fixed by a role typed:
        a blank is never saved as 0 (Eve −4 instead of +20)."""
        if not self.query_one("#row-hands").display:
            return
        fixing = self.table_facts.facts["aces_fixed"]  # the engine's: karasu 0, pika-ichi 1
        for hand in self.hands.hands:
            if not hand.forced or hand.cards or hand.aces is not None:
                continue
            if not fixing.keys() & set(hand.roles):
                raise RuleError(f"aces.{hand.name}",
                                "words", text=t("hh.aces_needed", name=hand.name))

    def load(self, outcome: dict[str, Any]) -> None:
        self.query_one("#indicator", Input).value = str(outcome.get("indicator", ""))
        self.decl.load(outcome.get("declarations") or {}, bool(outcome.get("mizuten")))
        if "split" in self._facts().fields:
            self.query_one("#split", Picker).set_value(
                "split" if outcome.get("split") else "play")
        self._shape()
        if outcome.get("tricks"):
            self.tricks.set_values(outcome["tricks"])
        self.hands.load(outcome.get("roles") or {}, outcome.get("aces") or {},
                        outcome.get("hands") or {})
        self._show_indicator()

    # ---- the preview: grouped by reason --------------------------------------------------------

    def render_preview(self, preview: Preview) -> RenderableType:
        extra = preview.extra
        seats = self.ctx.table.seats
        parts: list[RenderableType] = [Wrapped(minus_signs(preview.shown()), "bold")]
        head = Text(t("hh.round", n=extra.get("round"), of=extra.get("rounds")), style="dim")
        m = extra.get("multiplier", 1)
        if m != 1:
            head.append(f" · ×{m}", style="dim")
        parts += [head, Text("")]
        order = self.table_facts.facts["reasons"]  # the order the rules settle a round in
        reasons = [*order, *sorted({x.reason for x in preview.transfers} - set(order))]
        for reason in reasons:
            moves = [x for x in preview.transfers if x.reason == reason]
            if not moves:
                continue
            title = Text(reason_text(reason), style="underline")
            if reason == "out-fee":
                title.append(f"  {t('hh.pot_total', pot=extra.get('pot', 0))}", style="dim")
            parts += [title, _moves(moves)]
        if not preview.transfers:
            parts.append(Text(t("preview.no_transfers"), style="dim"))
        parts += [Text(""), Text(t("preview.nets"), style="underline"),
                  _two_columns([(name, chips(preview.nets.get(name, 0), zero="0"))
                                for name in seats])]
        nxt = extra.get("next_start_player")
        if nxt:
            parts.append(Text(t("hh.next_start", start=term("start_player"), name=nxt)))
        if extra.get("mizuten_won"):
            parts.append(Text(t("hh.mizuten_won", mizuten=term("mizuten"),
                                name=extra.get("start_player")), style="magenta"))
        if extra.get("finished"):
            parts.append(Text(t("hh.last_round"), style="bold yellow"))
        return Group(*parts)


def _who(name: str) -> str:
    return t("hh.pot") if name == POT else name


def _moves(moves: Sequence[TransferView]) -> Table:
    """Transfers two to a line: "P2 → P6  4   P2 → P7  2"."""
    cells = [(Text(f"{_who(x.payer)} → {_who(x.payee)}"), Text(str(x.amount), style="bold"))
             for x in moves]
    return _two_columns(cells)


def _two_columns(cells: Sequence[tuple[Text | str, Text | str]]) -> Table:
    """Pairs of (what, number) two to a line, the numbers right-aligned."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    grid.add_column(justify="right")
    grid.add_column(width=1)
    grid.add_column()
    grid.add_column(justify="right")
    for i in range(0, len(cells), 2):
        left = cells[i]
        right = cells[i + 1] if i + 1 < len(cells) else ("", "")
        grid.add_row(left[0], left[1], "", right[0], right[1])
    return grid
