"""Hachi-Hachi hands: the Aces and hand roles (手役) of the players whose hands count.

One line per player: forced-out players (降ろされ) first, then the in-players when there is
play. ↑/↓ choose the player; a role's letter (shown in the table below the players) ticks or
unticks it; `0`–`4` give a forced-out player's Aces; `h` asks for the hand's cards instead, and the
roles and Aces found in them are shown (found by the engine's own detector, for display: the
engine finds them again when it settles). Within groups A–C a hand has one role, so ticking
another role of the same group replaces the first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from string import ascii_lowercase
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ledger.service.cards import (
    ACES_IN_PACK,
    SINGLE_GROUPS,
    SUIT_SYMBOLS,
    Card,
    HandRoles,
    Role,
    detect,
    parse_card,
)
from ledger.text.textwidth import pad, width

from ..i18n import t, term
from ..keys import localize

ROLE_KEYS = tuple(c for c in ascii_lowercase if c != "h")  # h: type the hand
WHAT = 16  # cells for "Aces 2  no role" beside the term, else the lines stack


def role_name(role: Role) -> str:
    """A role as people know it, in both languages: "三本 three of a kind"."""
    return role.name_ja if role.name_en == role.name_ja else f"{role.name_ja} {role.name_en}"


@dataclass(frozen=True, slots=True)
class Hand:
    """What the scorer gave for one player."""

    name: str
    forced: bool  # forced out (else an in-player)
    roles: tuple[str, ...] = ()
    aces: int | None = None  # forced-outs only; None: not given (0, or what a role fixes)
    cards: tuple[Card, ...] = ()  # the typed hand, when given (it replaces roles and Aces)


class HandsField(Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor(1)", "key.next_player"),
        Binding("up", "cursor(-1)", "key.previous_player", show=False),
        *(Binding(k, f"role('{k}')", "key.role", show=k == "a", key_display="a–z",
                  group=Binding.Group("key.role", compact=True)) for k in ROLE_KEYS),
        *(Binding(str(d), f"aces({d})", "key.aces", show=d == 0, key_display=f"0–{ACES_IN_PACK}",
                  group=Binding.Group("key.aces", compact=True)) for d in range(ACES_IN_PACK + 1)),
        Binding("h", "cards", "key.type_hand"),
        Binding("backspace,delete", "clear", "key.clear_hand"),
    ]

    hands: reactive[tuple[Hand, ...]] = reactive(tuple)
    at: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, field: HandsField) -> None:
            super().__init__()
            self.field = field

        @property
        def control(self) -> HandsField:
            return self.field

    class CardsWanted(Message):
        """The scorer wants to type this player's cards (the form asks for them)."""

        def __init__(self, field: HandsField, hand: Hand) -> None:
            super().__init__()
            self.field = field
            self.hand = hand

    def __init__(self, table: HandRoles, *, id: str | None = None) -> None:
        super().__init__(id=id)
        localize(self)
        self.table = table
        self.keys = dict(zip(ROLE_KEYS, table.roles, strict=False))  # letter -> role
        self.trump: str | None = None  # the indicator's suit, for detecting mugiri
        self.touched = True  # nothing here is required: no roles and no Aces is a hand

    # ---- the players ----------------------------------------------------------------------

    def show_players(self, players: Sequence[tuple[str, bool]]) -> None:
        """(name, forced out?) in the order shown; what was given for them is kept."""
        old = {h.name: h for h in self.hands}
        hands = []
        for name, forced in players:
            hand = old.get(name, Hand(name, forced))
            hands.append(hand if hand.forced == forced else Hand(name, forced))
        if tuple(hands) != self.hands:
            self.hands = tuple(hands)
            self.at = min(self.at, max(len(hands) - 1, 0))

    def load(self, roles: Mapping[str, Sequence[str]], aces: Mapping[str, int],
             cards: Mapping[str, Sequence[str]]) -> None:
        """Fill from a stored round (players must be shown first)."""
        hands = []
        for hand in self.hands:
            if hand.name in cards:
                typed = tuple(parse_card(c) for c in cards[hand.name])
                hands.append(replace(hand, cards=typed))
            else:
                hands.append(replace(hand, roles=tuple(roles.get(hand.name, ())),
                                     aces=aces.get(hand.name) if hand.forced else None))
        self.hands = tuple(hands)

    @property
    def current(self) -> Hand | None:
        return self.hands[self.at] if 0 <= self.at < len(self.hands) else None

    def _put(self, hand: Hand) -> None:
        self.hands = tuple(hand if h.name == hand.name else h for h in self.hands)
        self.post_message(self.Changed(self))

    def set_cards(self, name: str, cards: tuple[Card, ...]) -> None:
        hand = next((h for h in self.hands if h.name == name), None)
        if hand is not None:
            self._put(replace(hand, cards=cards, roles=(), aces=None))

    # ---- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        hand = self.current
        if action == "role":
            return (hand is not None and parameters[0] in self.keys) or None
        if action == "aces":
            return (hand is not None and hand.forced) or None
        if action in ("cards", "clear"):
            return hand is not None or None
        return True

    def action_cursor(self, step: int) -> None:
        if self.hands:
            self.at = (self.at + step) % len(self.hands)
            self.refresh_bindings()

    def action_role(self, key: str) -> None:
        hand, role = self.current, self.keys.get(key)
        if hand is None or role is None:
            self.app.bell()
            return
        if role.id in hand.roles:
            roles = tuple(r for r in hand.roles if r != role.id)
        else:
            same = {r.id for r in self.table.roles
                    if r.group == role.group and role.group in SINGLE_GROUPS}
            roles = self.table.order((*(r for r in hand.roles if r not in same), role.id))
        self._put(replace(hand, roles=roles, cards=()))

    def action_aces(self, n: int) -> None:
        hand = self.current
        if hand is None or not hand.forced:
            self.app.bell()
            return
        self._put(replace(hand, aces=n, cards=()))

    def action_cards(self) -> None:
        hand = self.current
        if hand is not None:
            self.post_message(self.CardsWanted(self, hand))

    def action_clear(self) -> None:
        hand = self.current
        if hand is not None:
            self._put(Hand(hand.name, hand.forced))

    # ---- drawing --------------------------------------------------------------------------

    def _found(self, hand: Hand) -> tuple[tuple[str, ...], int] | None:
        if not hand.cards or self.trump is None:
            return None
        reading = detect(hand.cards, self.trump, self.table)
        return reading.roles, reading.aces

    def render(self) -> RenderableType:
        if not self.hands:
            return Text("")
        size = max(width(h.name) for h in self.hands)
        tags = {h.forced: term("forced_out" if h.forced else "in") for h in self.hands}
        # narrow (a form at 80 columns): the term and what was given go on two lines beside
        # the name, so a name is never squeezed out and Aces are never cut to "…"
        stacked = self.content_size.width < 4 + size + max(map(width, tags.values())) + WHAT
        lines = Table.grid(padding=(0, 1))
        lines.add_column(width=1)
        lines.add_column(no_wrap=True, min_width=size)  # a name is shown whole, always
        if not stacked:
            lines.add_column(no_wrap=True)  # the tag: what wraps is the roles, not the term
        lines.add_column()
        for i, hand in enumerate(self.hands):
            here = i == self.at
            mark = Text("▸" if here and self.has_focus else " ")
            name = Text(pad(hand.name, size), style="bold reverse" if here else "bold")
            tag = Text(tags[hand.forced], style="italic" if hand.forced else "green")
            what = self._what(hand)
            if stacked:
                lines.add_row(mark, name, Text.assemble(tag, "\n", what))
            else:
                lines.add_row(mark, name, tag, what)
        return lines

    def _what(self, hand: Hand) -> Text:
        """What was given for a hand: the typed cards, the Aces (forced out), the roles."""
        what = Text()
        found = self._found(hand)
        if hand.cards:
            what.append(" ".join(SUIT_SYMBOLS[c.suit] + c.rank for c in hand.cards))
            what.append(" → ", style="dim")
            roles = found[0] if found else ()
            aces = found[1] if found else 0
        else:
            roles, aces = hand.roles, hand.aces
        if hand.forced:
            what.append(t("hands.aces", n="–" if aces is None else aces) + "  ",
                        style="" if aces else "dim")
        if roles:
            what.append(" + ".join(role_name(r) for r in map(self.table.get, roles) if r),
                        style="bold")
        elif not hand.cards or not hand.forced:
            what.append(t("hands.no_role"), style="dim")
        return what

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def role_legend(keys: Mapping[str, Role]) -> RenderableType:
    """The role table with each role's key and its values (in / forced out), two columns."""
    grid = Table.grid(padding=(0, 1), expand=True)
    for _ in range(2):
        grid.add_column(style="bold", width=1)
        grid.add_column(ratio=1)
        grid.add_column(style="dim", justify="right")
    cells = [(Text(key), Text(role_name(role)), Text(f"{role.in_value}/{role.forced_out}"))
             for key, role in keys.items()]
    half = (len(cells) + 1) // 2
    blank = (Text(""), Text(""), Text(""))
    for i in range(half):
        right = cells[half + i] if half + i < len(cells) else blank
        grid.add_row(*cells[i], *right)
    title = Text(t("hands.legend", roles=term("hand_roles")), style="dim")
    return Group(title, grid)
