"""Hachi-Hachi Trick: the table (options, state between rounds), a round's facts (outcome),
and what the indicator card makes of them (multiplier, table name, fees).

`hachihachi.py` settles a round from these; `hachihachi_parse.py` reads one from the
calc contract's JSON, `hachihachi_quick.py` from scorer-typed flags.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from .cards import RANKS, Card
from .errors import RuleError, Said, show
from .hand_roles import (
    HAND_SIZE,
    HandRoles,
    load_table,
)
from .options import options_from_mapping, options_to_json

MIN_SEATS, MAX_SEATS = 3, 7
TRICKS = HAND_SIZE  # each plays one card a trick: 7 tricks
SPLIT_WITH = 2  # two in may split the pot instead of playing
MIZUTEN_MIN_IN = 3  # Mizuten is void with fewer than 3 in (section 7)
MIZUTEN_MIN_TRICKS = 3
NO_ROLES = HandRoles()  # frozen, so one shared empty table is safe as a default
Refusal = Callable[[str, str, Said], RuleError]  # (field, player, what) -> the error to raise
EMPTY_ROUND_POTS = ("refund", "carry")
# what a table stored before these options existed played (also today's defaults; named so a
# later change of default cannot change an old table: see Game.stored_options)
LEGACY_OPTIONS = MappingProxyType({"empty_round_pot": "refund", "empty_round_counts": True})
KEYS = ("start_player", "indicator", "mizuten", "declarations", "split", "tricks", "roles",
        "aces", "hands")


@dataclass(frozen=True, slots=True)
class Options:
    start_chips: int = 50
    fee_base: int = 2
    fee_step: int = 1
    max_in: int = 3
    ooba_ranks: tuple[str, ...] = ("10", "J", "Q")
    ooba_multiplier: int = 2
    zetsuba_ranks: tuple[str, ...] = ("A", "K")
    zetsuba_multiplier: int = 4
    trick_unit: int = 2
    split_settles_roles: bool = False
    mizuten_bonus: int = 1
    rounds: int = 12
    allow_negative: bool = True  # false: the game ends after a round leaving anyone at 0 or less
    empty_round_pot: str = "refund"  # nobody in: "refund" the fees or "carry" them on
    empty_round_counts: bool = True  # nobody in: the skipped round counts toward `rounds`
    hand_roles: HandRoles = NO_ROLES  # presets fill it from data/hand-roles/

    def validate(self) -> None:
        for key in ("start_chips", "fee_base", "fee_step", "trick_unit", "mizuten_bonus"):
            if getattr(self, key) < 0:
                raise RuleError(key, "negative", value=getattr(self, key))
        for key in ("ooba_multiplier", "zetsuba_multiplier", "rounds"):
            if getattr(self, key) < 1:
                raise RuleError(key, "below_1", value=getattr(self, key))
        if not 2 <= self.max_in <= MAX_SEATS - 1:
            raise RuleError("max_in", "max_in_range", value=self.max_in, hi=MAX_SEATS - 1)
        ooba = {_rank(r, "ooba_ranks") for r in self.ooba_ranks}
        zetsuba = {_rank(r, "zetsuba_ranks") for r in self.zetsuba_ranks}
        both = ooba & zetsuba
        if both:
            raise RuleError("zetsuba_ranks", "hh.also_ooba", rank=', '.join(sorted(both)))
        if self.empty_round_pot not in EMPTY_ROUND_POTS:
            raise RuleError("empty_round_pot", "not_one_of", value=show(self.empty_round_pot),
                            choices=', '.join(EMPTY_ROUND_POTS))


@dataclass(frozen=True, slots=True)
class State:
    seats: tuple[str, ...]
    start_player: str
    rounds: int = 0  # rounds played (skipped rounds count unless empty_round_counts is off)
    chips: tuple[int, ...] = ()  # running balances in seat order, from start_chips
    finished: bool = False
    carried: tuple[tuple[str, int], ...] = ()  # empty_round_pot carry: fees owed to the next
    #                                            pot, per payer in the order they were owed

    @property
    def carried_pot(self) -> int:
        return sum(n for _, n in self.carried)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One round's facts. Player maps are tuples in seat order from the start player."""

    indicator: Card
    declarations: tuple[tuple[str, str], ...]  # (player, "in" | "out"), the start player first
    start_player: str | None = None  # as named in the JSON; None: the table's
    mizuten: bool = False
    split: bool = False
    tricks: tuple[tuple[str, int], ...] = ()  # per in-player, when there was play
    roles: tuple[tuple[str, tuple[str, ...]], ...] = ()  # non-empty role lists (table order)
    aces: tuple[tuple[str, int], ...] = ()  # forced-out players with Aces
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # typed hands (roles/aces found)

    @property
    def start(self) -> str:
        return self.declarations[0][0]

    @property
    def ins(self) -> tuple[str, ...]:
        return tuple(p for p, d in self.declarations if d == "in")

    @property
    def outs(self) -> tuple[str, ...]:
        return tuple(p for p, d in self.declarations if d == "out")

    @property
    def played(self) -> bool:
        return len(self.ins) >= 2 and not self.split


# --- options --------------------------------------------------------------------------------

def _rank(text: Any, field: str) -> str:
    rank = "10" if str(text).strip().upper() == "T" else str(text).strip().upper()
    if rank not in RANKS:
        raise RuleError(field, "not_rank", value=show(text), ranks=' '.join(RANKS))
    return rank


def make_options(raw: Mapping[str, Any]) -> Options:
    """Options from a preset mapping. `hand_roles` is the table as presets resolve it,
    `{"file": "default.toml", "roles": [...]}`, or what `options_json` gave back."""
    raw = dict(raw)
    table = NO_ROLES
    if "hand_roles" in raw:
        value = raw.pop("hand_roles")
        if isinstance(value, str):
            raise RuleError("hand_roles", "roles_table_file", value=show(value))
        try:
            table = load_table(value)
        except RuleError as exc:
            field = f"hand_roles.{exc.field}"
            if isinstance(value, Mapping) and value.get("file"):
                raise RuleError(field, "in_file", inner=exc, file=value.get("file")) from None
            raise RuleError(field, exc.code, **exc.values) from None
    options = options_from_mapping(Options, raw)
    return replace(options, hand_roles=table,
                   ooba_ranks=tuple(_rank(r, "ooba_ranks") for r in options.ooba_ranks),
                   zetsuba_ranks=tuple(_rank(r, "zetsuba_ranks") for r in options.zetsuba_ranks))


def options_json(options: Options) -> dict[str, Any]:
    """The options as JSON; `make_options(options_json(o)) == o`."""
    out = options_to_json(options)
    out["hand_roles"] = options.hand_roles.to_json()
    return out


def multiplier(indicator: Card, options: Options) -> int:
    """m: Zetsuba ranks ×4, Ooba ranks ×2 (preset values), anything else ×1."""
    if indicator.rank in options.zetsuba_ranks:
        return options.zetsuba_multiplier
    if indicator.rank in options.ooba_ranks:
        return options.ooba_multiplier
    return 1


def table_name(indicator: Card, options: Options) -> str | None:
    if indicator.rank in options.zetsuba_ranks:
        return "zetsuba"
    if indicator.rank in options.ooba_ranks:
        return "ooba"
    return None


def out_fee(n: int, m: int, options: Options) -> int:
    """What the n-th voluntary out (1-based) pays into the pot."""
    return m * (options.fee_base + (n - 1) * options.fee_step)


# --- the fold --------------------------------------------------------------------------------

def check_seats(seats: tuple[str, ...], options: Options) -> None:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("seats", "hh.seats", n=len(seats))


def initial(seats: tuple[str, ...], options: Options) -> State:
    check_seats(seats, options)
    return State(seats=seats, start_player=seats[0], chips=(options.start_chips,) * len(seats))


def seats_from(seats: tuple[str, ...], start: str) -> tuple[str, ...]:
    """The seats in playing order (to the left) from `start`."""
    i = seats.index(start)
    return seats[i:] + seats[:i]


def left_of(seats: tuple[str, ...], name: str) -> str:
    return seats[(seats.index(name) + 1) % len(seats)]
