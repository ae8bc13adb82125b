"""Hachi-Hachi Trick (ハチハチトリック), 3–7 players: declare in or out, hand roles, tricks.

Settlement per `shared/rules/hachihachi-trick.md`. Every movement of a round is multiplied
by m (the indicator's rank: Ooba ×2, Zetsuba ×4, else ×1); the pot is paid out as collected.
Transfers come in this order, each reason in the order the rules describe it:

1. `out-fee`     each voluntary out → pot: m·(fee_base + (n−1)·fee_step) for the n-th out;
2. `forced-out`  each in-player → each forced-out player: m·(Aces + forced-out role values);
3. `hand-roles`  for each pair of in-players the smaller role total pays m·difference;
4. `tricks`      for each pair of in-players the fewer tricks pay m·trick_unit·difference;
5. `pot`         pot → the in-player with most tricks (tie: the earlier in-declarer), or the
                 only in-player; `split`: pot → the two in-players, odd chip to the earlier;
6. `mizuten`     everyone else → a Mizuten start player who made 3+ tricks with 3 in.

Nobody in: the round is skipped and the start passes left. With `empty_round_pot = refund`
(the default) the fees are refunded, so nothing moves. With `carry` the fees stay in the pot
for the next pot winner (持ち越し): every deal's pot must end empty, so they are recorded as
`carried` transfers (each payer → pot, first) in the round that pays the pot out, to its
winner or shared by a split; a pot still carried when the game ends is never paid.
`empty_round_counts = false` keeps such a round out of the game length.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from . import fields as F
from .cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, Card, parse_card
from .errors import RuleError, show
from .game import Game
from .hand_roles import (
    SINGLE_GROUPS,
    HandRoles,
    detect,
    forced_out_total,
    in_total,
    load_table,
)
from .options import options_from_mapping, options_to_json
from .transfers import POT, Settlement, Transfer, nets_of

MIN_SEATS, MAX_SEATS = 3, 7
TRICKS = 7
MIZUTEN_MIN_IN = 3  # Mizuten is void with fewer than 3 in (section 7)
MIZUTEN_MIN_TRICKS = 3
NO_ROLES = HandRoles()  # frozen, so one shared empty table is safe as a default
Refusal = Callable[[str, str, str], RuleError]  # (field, player, what) -> the error to raise
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
                raise RuleError(key, f"{getattr(self, key)} is negative")
        for key in ("ooba_multiplier", "zetsuba_multiplier", "rounds"):
            if getattr(self, key) < 1:
                raise RuleError(key, f"{getattr(self, key)} is below 1")
        if not 2 <= self.max_in <= MAX_SEATS - 1:
            raise RuleError("max_in", f"{self.max_in} is not between 2 and {MAX_SEATS - 1}")
        ooba = {_rank(r, "ooba_ranks") for r in self.ooba_ranks}
        zetsuba = {_rank(r, "zetsuba_ranks") for r in self.zetsuba_ranks}
        both = ooba & zetsuba
        if both:
            raise RuleError("zetsuba_ranks", f"{', '.join(sorted(both))} is also an Ooba rank")
        if self.empty_round_pot not in EMPTY_ROUND_POTS:
            raise RuleError("empty_round_pot", f"{show(self.empty_round_pot)} is not one of "
                            f"{', '.join(EMPTY_ROUND_POTS)}")


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
        raise RuleError(field, f"{show(text)} is not a rank ({' '.join(RANKS)})")
    return rank


def make_options(raw: Mapping[str, Any]) -> Options:
    """Options from a preset mapping. `hand_roles` is the table as presets resolve it,
    `{"file": "default.toml", "roles": [...]}`, or what `options_json` gave back."""
    raw = dict(raw)
    table = NO_ROLES
    if "hand_roles" in raw:
        value = raw.pop("hand_roles")
        if isinstance(value, str):
            raise RuleError("hand_roles", f"{show(value)} names a table file; "
                            "presets load it from data/hand-roles")
        try:
            table = load_table(value)
        except RuleError as exc:
            where = f" ({value.get('file')})" if isinstance(value, Mapping) and \
                value.get("file") else ""
            raise RuleError(f"hand_roles.{exc.field}", exc.message + where) from None
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
        raise RuleError("seats", f"{len(seats)} players; Hachi-Hachi Trick takes 3 to 7")


def initial(seats: tuple[str, ...], options: Options) -> State:
    check_seats(seats, options)
    return State(seats=seats, start_player=seats[0], chips=(options.start_chips,) * len(seats))


def _from(seats: tuple[str, ...], start: str) -> tuple[str, ...]:
    """The seats in playing order (to the left) from `start`."""
    i = seats.index(start)
    return seats[i:] + seats[:i]


def _left_of(seats: tuple[str, ...], name: str) -> str:
    return seats[(seats.index(name) + 1) % len(seats)]


# --- parse -----------------------------------------------------------------------------------

def parse(obj: Mapping[str, Any], state: State, options: Options) -> Outcome:
    """Validate one round's contract JSON against the table (sections 1–7).

    >>> st = initial(("P1", "P2", "P3"), Options())
    >>> parse({"indicator": "7H", "declarations": {"P1": "in", "P2": "out", "P3": "out"}},
    ...       st, Options()).ins
    ('P1',)
    """
    F.check_keys(obj, KEYS)
    seats = state.seats
    if state.finished:
        raise RuleError("round", f"the game is over after {state.rounds} rounds")
    # The table's start player (pot winner, earlier declarer, left neighbour) is the
    # default; a named one is what the table did and wins. The outcome always stores it,
    # so a correction of an earlier round never rewrites who started a later one.
    given_start = F.get_player(obj, "start_player", seats, optional=True)
    start = given_start or state.start_player
    order = _from(seats, start)
    if obj.get("indicator") is None:
        raise RuleError("indicator", "is missing (the face-up card, e.g. QS)")
    indicator = parse_card(obj["indicator"], "indicator")
    mizuten = _read_mizuten(obj.get("mizuten"), start)
    declarations = _read_declarations(obj, order, mizuten, options)
    ins = tuple(p for p, d in declarations if d == "in")
    declared = {p for p, _ in declarations}
    forced = tuple(p for p in order if p not in declared)
    split = F.get_bool(obj, "split")
    if split and len(ins) != 2:
        raise RuleError("split", f"true with {len(ins)} in; only two in-players can split")
    played = len(ins) >= 2 and not split
    tricks = _read_tricks(obj, order, ins, played, split)

    role_players = forced + (ins if played or (split and options.split_settles_roles) else ())

    def refuse(field: str, name: str, what: str) -> RuleError:
        """Why `name` (not in role_players) cannot have `what` this round."""
        if name not in ins:
            return RuleError(field, f"{name} is out; only in-players and forced-out players "
                             f"have {what}")
        if not ins[1:]:
            return RuleError(field, f"{name} is the only in-player: no play, no {what}")
        return RuleError(field, f"{name}: a split settles no {what}")

    table = options.hand_roles
    hands = _read_hands(obj, order, role_players, indicator, refuse)
    readings = {p: detect(cards, indicator.suit, table) for p, cards in hands.items()}
    roles = _read_roles(obj, order, role_players, table, refuse)
    aces = _read_aces(obj, order, forced, ins)

    for name, reading in readings.items():
        if name in roles and set(roles[name]) != set(reading.roles):
            raise RuleError(f"roles.{name}", f"{' + '.join(roles[name]) or 'none'}, but the hand "
                            f"has {' + '.join(reading.roles) or 'no role'}")
        if name in aces and aces[name] != reading.aces:
            raise RuleError(f"aces.{name}", f"{aces[name]}, but the hand has {reading.aces}")
    for name in forced:
        if name not in hands:
            aces[name] = _aces_for_roles(name, aces.get(name), roles.get(name, ()), table)
    total = sum(r.aces for r in readings.values()) + sum(
        n for p, n in aces.items() if p not in hands) + (indicator.rank == "A")
    if total > 4:
        raise RuleError("aces", f"{total} Aces in all, counting the hands"
                        + (" and the indicator" if indicator.rank == "A" else "")
                        + "; the pack has 4")

    for name, reading in readings.items():
        roles[name] = reading.roles
        if name in forced:
            aces[name] = reading.aces
    return Outcome(
        indicator=indicator,
        declarations=declarations,
        start_player=start,
        mizuten=mizuten,
        split=split,
        tricks=tricks,
        roles=tuple((p, table.order(roles[p])) for p in order if roles.get(p)),
        aces=tuple((p, aces[p]) for p in order if aces.get(p)),
        hands=tuple((p, hands[p]) for p in order if p in hands),
    )


def _read_mizuten(value: Any, start: str) -> bool:
    """`true`/`false`, or the name of the player who declared it (the start player only)."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str):
        if value.strip() == start:
            return True
        raise RuleError("mizuten", f"{value.strip()} is not the start player ({start})")
    raise RuleError("mizuten", f"{show(value)} is not true, false or the start player's name")


def _read_declarations(obj: Mapping[str, Any], order: tuple[str, ...], mizuten: bool,
                       options: Options) -> tuple[tuple[str, str], ...]:
    raw = F.player_map(obj, "declarations", order, optional=False)
    said: dict[str, str] = {}
    for name, value in raw.items():
        if value != "in" and value != "out":  # as typed by hand: " IN", "Out"
            value = F.get_choice({f"declarations.{name}": value}, f"declarations.{name}",
                                 ("in", "out"))
        said[name] = value
    start = order[0]
    if mizuten:
        if said.get(start, "in") != "in":
            raise RuleError(f"declarations.{start}", "out, but Mizuten is in without choice")
        if start not in said:  # the Mizuten player is in without choice
            said = {start: "in", **said}
    ins = 0
    third = None
    for i, (name, value) in enumerate(said.items()):
        if third is not None:
            if value == "in":
                raise RuleError(f"declarations.{name}",
                                f"in, but at most {options.max_in} may be in ({third} was "
                                "the last)")
            raise RuleError(f"declarations.{name}",
                            f"{name} is forced out after {third}'s in and must not be listed")
        if name != order[i]:
            raise RuleError("declarations", f"{order[i]} declares before {name} (seat order "
                            f"from {start}: {', '.join(order)})")
        if value == "in":
            ins += 1
            if ins == options.max_in:
                third = name
    if third is None and len(said) < len(order):
        missing = ", ".join(order[len(said):])
        raise RuleError("declarations", f"{missing} did not declare; with fewer than "
                        f"{options.max_in} in everyone declares")
    return tuple(said.items())


def _read_tricks(obj: Mapping[str, Any], order: tuple[str, ...], ins: tuple[str, ...],
                 played: bool, split: bool) -> tuple[tuple[str, int], ...]:
    if obj.get("tricks") is None:
        if played:
            raise RuleError("tricks", f"is missing: {', '.join(ins)} played")
        return ()
    if not played:
        why = ("nobody is in" if not ins else "a split is not played" if split
               else f"{ins[0]} is the only in-player and takes the pot without play")
        raise RuleError("tricks", f"given, but {why}")
    raw = F.player_map(obj, "tricks", order)
    for name in raw:
        if name not in ins:
            raise RuleError(f"tricks.{name}", f"{name} is not in ({', '.join(ins)} are)")
    counts = {name: F.check_int(f"tricks.{name}", raw[name], 0, TRICKS) for name in raw}
    missing = [p for p in ins if p not in counts]
    if missing:
        raise RuleError("tricks", f"{', '.join(missing)} played but has no trick count")
    if sum(counts.values()) != TRICKS:
        raise RuleError("tricks", f"sum is {sum(counts.values())}, not {TRICKS}")
    return tuple((p, counts[p]) for p in ins)


def _read_hands(obj: Mapping[str, Any], order: tuple[str, ...], eligible: tuple[str, ...],
                indicator: Card, refuse: Refusal) -> dict[str, tuple[Card, ...]]:
    raw = F.player_map(obj, "hands", order)
    hands: dict[str, tuple[Card, ...]] = {}
    if not raw:  # (mostly: no hands given)
        return hands
    owner: dict[Card, str] = {}
    for name in order:
        if name not in raw:
            continue
        field = f"hands.{name}"
        if name not in eligible:
            raise refuse(field, name, "hands that count")
        value = raw[name]
        if not isinstance(value, list):
            raise RuleError(field, f"{show(value)} is not a list of 7 cards")
        cards = tuple(parse_card(c, field) for c in value)
        if len(cards) != TRICKS:
            raise RuleError(field, f"{len(cards)} cards, not 7")
        for card in cards:
            if card == indicator:
                raise RuleError(field, f"{card} is the indicator, which belongs to nobody")
            if card in owner:
                where = "twice" if owner[card] == name else f"also in {owner[card]}'s hand"
                raise RuleError(field, f"{card} is {where}")
            owner[card] = name
        hands[name] = cards
    return hands


def _read_roles(obj: Mapping[str, Any], order: tuple[str, ...], eligible: tuple[str, ...],
                table: HandRoles, refuse: Refusal) -> dict[str, tuple[str, ...]]:
    raw = F.player_map(obj, "roles", order)
    roles: dict[str, tuple[str, ...]] = {}
    if not raw:  # (mostly: no roles given)
        return roles
    for name in order:
        if name not in raw:
            continue
        field = f"roles.{name}"
        value = raw[name]
        if not isinstance(value, list):
            raise RuleError(field, f"{show(value)} is not a list of role ids")
        if value and name not in eligible:
            raise refuse(field, name, "hand roles")
        seen: dict[str, str] = {}  # group -> role id
        ids: list[str] = []
        for item in value:
            role = table.get(item.strip().lower()) if isinstance(item, str) else None
            if role is None:
                raise RuleError(field, f"{show(item)} is not a hand role ("
                                f"{', '.join(table.ids()) or 'the table is empty'})")
            if role.id in ids:
                raise RuleError(field, f"{role.id} is listed twice")
            if role.group in SINGLE_GROUPS and role.group in seen:
                raise RuleError(field, f"{seen[role.group]} and {role.id} are both group "
                                f"{role.group}; only the higher counts, give that one")
            seen[role.group] = role.id
            ids.append(role.id)
        roles[name] = tuple(ids)
    return roles


def _read_aces(obj: Mapping[str, Any], order: tuple[str, ...], forced: tuple[str, ...],
               ins: tuple[str, ...]) -> dict[str, int]:
    raw = F.player_map(obj, "aces", order)
    aces: dict[str, int] = {}
    if not raw:  # (mostly: no aces given)
        return aces
    for name in order:
        if name not in raw:
            continue
        field = f"aces.{name}"
        if name in ins:
            raise RuleError(field, f"{name} is in; only forced-out players' Aces count")
        if name not in forced:
            raise RuleError(field, f"{name} is out; only forced-out players' Aces count")
        aces[name] = F.check_int(field, raw[name], 0, 4)
    return aces


def _aces_for_roles(name: str, given: int | None, role_ids: tuple[str, ...],
                    table: HandRoles) -> int:
    """A forced-out player's Aces, checked against roles that fix them (karasu: 0,
    pika_ichi: 1); when `aces` leaves the player out, such a role supplies the count."""
    for role_id in role_ids:
        rule = table.get(role_id).rule  # type: ignore[union-attr]
        fixed = {"all_2_to_9": 0, "one_ace_rest_2_to_9": 1}.get(rule)
        if fixed is None:
            continue
        if given is not None and given != fixed:
            raise RuleError(f"aces.{name}", f"{given}, but {role_id} means {fixed} Ace"
                            + ("s" if fixed != 1 else ""))
        return fixed
    return given or 0


# --- settle ----------------------------------------------------------------------------------

def settle(state: State, outcome: Outcome, options: Options) -> tuple[Settlement, State]:
    """The round's transfers (see the module docstring for their order) and the next state."""
    seats = state.seats
    table = options.hand_roles
    m = multiplier(outcome.indicator, options)
    start = outcome.start
    order = _from(seats, start)
    ins, outs = outcome.ins, outcome.outs
    played = len(ins) >= 2 and not outcome.split  # outcome.played, read once
    declared = {p for p, _ in outcome.declarations}
    forced = tuple(p for p in order if p not in declared)
    roles = dict(outcome.roles)
    aces = dict(outcome.aces)
    tricks = dict(outcome.tricks)
    transfers: list[Transfer] = []

    def pay(payer: str, payee: str, amount: int, reason: str) -> None:
        if amount > 0:
            transfers.append(Transfer(payer, payee, amount, reason))

    winner: str | None = None
    pot = 0
    carried_in = 0  # fees of earlier skipped rounds paid into this round's pot
    carried: tuple[tuple[str, int], ...] = state.carried
    if not ins:
        next_start = _left_of(seats, start)
        if options.empty_round_pot == "carry":
            owed = dict(carried)
            for n, name in enumerate(outs, start=1):
                owed[name] = owed.get(name, 0) + out_fee(n, m, options)
            carried = tuple(owed.items())
    else:
        for name, amount in carried:
            pay(name, POT, amount, "carried")
            carried_in += amount
        carried = ()
        for n, name in enumerate(outs, start=1):
            pay(name, POT, out_fee(n, m, options), "out-fee")
            pot += out_fee(n, m, options)
        pot_out = pot + carried_in
        for name in forced:
            owed = m * (aces.get(name, 0) + forced_out_total(roles.get(name, ()), table))
            for payer in ins:
                pay(payer, name, owed, "forced-out")
        if played or (outcome.split and options.split_settles_roles):
            totals = {p: in_total(roles.get(p, ()), table) for p in ins}
            _pairwise(ins, totals, m, "hand-roles", pay)
        if played:
            _pairwise(ins, tricks, m * options.trick_unit, "tricks", pay)
            most = max(tricks.values())
            winner = next(p for p in ins if tricks[p] == most)
            pay(POT, winner, pot_out, "pot")
            next_start = winner
        elif outcome.split:
            pay(POT, ins[0], (pot_out + 1) // 2, "split")
            pay(POT, ins[1], pot_out // 2, "split")
            next_start = ins[0]
        else:
            winner = ins[0]
            pay(POT, winner, pot_out, "pot")
            next_start = winner
    mizuten_won = (outcome.mizuten and len(ins) >= MIZUTEN_MIN_IN and played
                   and tricks.get(start, 0) >= MIZUTEN_MIN_TRICKS)
    if mizuten_won:
        for name in order[1:]:
            pay(name, start, m * options.mizuten_bonus, "mizuten")

    nets = nets_of(transfers)
    chips = tuple((state.chips[i] if state.chips else options.start_chips) + nets.get(p, 0)
                  for i, p in enumerate(seats))
    counts = bool(ins) or options.empty_round_counts
    rounds = state.rounds + 1 if counts else state.rounds
    finished = rounds >= options.rounds or (not options.allow_negative and min(chips) <= 0)
    after = State(seats=seats, start_player=next_start, rounds=rounds, chips=chips,
                  finished=finished, carried=carried)
    extra = {
        "multiplier": m, "trump": SUIT_NAMES[outcome.indicator.suit], "pot": pot,
        "winner": winner, "next_start_player": next_start,
        "round": rounds if counts else rounds + 1,  # a round that does not count: its number
        "rounds": options.rounds, "start_player": start, "in_players": list(ins),
        "forced_out": list(forced), "mizuten_won": mizuten_won, "finished": finished,
    }
    if carried_in or carried:  # only with empty_round_pot = carry
        extra["carried_in"] = carried_in  # earlier rounds' fees paid into this pot
        extra["pot_carried"] = after.carried_pot  # the pot the next round starts with
    if not counts:
        extra["counted"] = False
    return Settlement(seats, tuple(transfers), extra), after


def _pairwise(ins: tuple[str, ...], values: Mapping[str, int], unit: int, reason: str,
              pay: Callable[[str, str, int, str], None]) -> None:
    """For each pair of in-players (declaration order) the smaller value pays the difference."""
    for i, a in enumerate(ins):
        for b in ins[i + 1:]:
            diff = values.get(a, 0) - values.get(b, 0)
            if diff > 0:
                pay(b, a, diff * unit, reason)
            elif diff < 0:
                pay(a, b, -diff * unit, reason)


# --- JSON, display ---------------------------------------------------------------------------

def to_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as contract JSON (without "game"/"players"); roles and Aces found from a
    typed hand are left out (parse finds them again)."""
    out: dict[str, Any] = {}
    if outcome.start_player is not None:
        out["start_player"] = outcome.start_player
    out["indicator"] = str(outcome.indicator)
    if outcome.mizuten:
        out["mizuten"] = True
    out["declarations"] = dict(outcome.declarations)
    if outcome.split:
        out["split"] = True
    if outcome.tricks:
        out["tricks"] = dict(outcome.tricks)
    hands = dict(outcome.hands)
    if hands:
        out["hands"] = {p: [str(c) for c in cards] for p, cards in hands.items()}
    roles = {p: list(ids) for p, ids in outcome.roles if p not in hands}
    if roles:
        out["roles"] = roles
    aces = {p: n for p, n in outcome.aces if p not in hands}
    if aces:
        out["aces"] = aces
    return out


def summary(outcome: Outcome, settlement: Settlement) -> str:
    """E.g. "Q♠ ×2 · in P2 P4 P5 · pot 10 → P2" or "7♥ · nobody in, void"."""
    card = outcome.indicator.rank + SUIT_SYMBOLS[outcome.indicator.suit]
    m = settlement.extra.get("multiplier", 1)
    head = card + (f" ×{m}" if m != 1 else "")
    if outcome.mizuten:
        head += f" · Mizuten {outcome.start}"
        if settlement.extra.get("mizuten_won"):
            head += " ✓"
    ins = outcome.ins
    carried = settlement.extra.get("pot_carried", 0)
    if not ins:
        if carried:
            return f"{head} · nobody in, pot {carried} carried"
        return f"{head} · nobody in, void"
    pot = settlement.extra.get("pot", 0)
    carried_in = settlement.extra.get("carried_in", 0)
    text = f"{head} · in {' '.join(ins)}"
    total = pot + carried_in
    shown = f"{pot} + {carried_in} carried" if carried_in else str(pot)
    if outcome.split:
        return f"{text} · split {shown} ({(total + 1) // 2}/{total // 2})"
    if outcome.tricks:
        text += " · tricks " + "-".join(str(n) for _, n in outcome.tricks)
    return f"{text} · pot {shown} → {settlement.extra.get('winner')}"


def status(state: State, options: Options) -> Mapping[str, Any]:
    """Round n of N, the next start player, the running chips and any pot carried."""
    chips = state.chips or (options.start_chips,) * len(state.seats)
    out = {
        "finished": state.finished,
        "round": state.rounds,
        "rounds": options.rounds,
        "next_round": None if state.finished else state.rounds + 1,
        "start_player": None if state.finished else state.start_player,
        "chips": dict(zip(state.seats, chips, strict=True)),
    }
    if state.carried:  # empty_round_pot = carry: what the next pot winner also takes
        out["pot_carried"] = state.carried_pot
    return out


# --- quick flags -----------------------------------------------------------------------------

QUICK_FLAGS = ("start", "indicator", "mizuten", "declare", "tricks", "roles", "aces", "hands",
               "split")


def quick(flags: Mapping[str, Any], state: State) -> dict[str, Any]:
    """Scorer-typed flags to contract JSON (parse checks the content).

    >>> st = initial(("P1", "P2", "P3", "P4"), Options())
    >>> quick({"indicator": "QS", "declare": "in,out,in,in", "tricks": "P1=3,P3=2,P4=2"}, st)
    ... # doctest: +NORMALIZE_WHITESPACE
    {'indicator': 'QS', 'declarations': {'P1': 'in', 'P2': 'out', 'P3': 'in', 'P4': 'in'},
     'tricks': {'P1': 3, 'P3': 2, 'P4': 2}}
    """
    for key in flags:
        if key not in QUICK_FLAGS:
            raise RuleError(str(key), "unknown flag")
    given = {k: v for k, v in flags.items() if v is not None and v != ""}
    out: dict[str, Any] = {}
    start = state.start_player
    if "start" in given:
        start = _text(given, "start").strip()
        out["start_player"] = start
    if "indicator" in given:
        out["indicator"] = _text(given, "indicator").strip()
    if given.get("mizuten") is not None:
        out["mizuten"] = _flag_bool(given, "mizuten")
    if "declare" in given:
        out["declarations"] = _quick_declare(_text(given, "declare"), state.seats, start)
    if given.get("split") is not None:
        out["split"] = _flag_bool(given, "split")
    if "tricks" in given:
        out["tricks"] = _quick_numbers(_text(given, "tricks"), "tricks")
    if "roles" in given:
        out["roles"] = {name: [r for r in re.split(r"[+\s]+", text) if r]
                        for name, text in _quick_pairs(_text(given, "roles"), "roles",
                                                       join="+").items()}
    if "aces" in given:
        out["aces"] = _quick_numbers(_text(given, "aces"), "aces")
    if "hands" in given:
        out["hands"] = {name: [c for c in re.split(r"[\s,]+", text) if c]
                        for name, text in _quick_pairs(_text(given, "hands"), "hands",
                                                       players_sep=";").items()}
    return out


def _text(flags: Mapping[str, Any], key: str) -> str:
    value = flags[key]
    if not isinstance(value, str):
        raise RuleError(key, f"{show(value)} is not text")
    return value


def _flag_bool(flags: Mapping[str, Any], key: str) -> bool:
    from .quick import truth

    return truth(key, flags[key])


def _quick_pairs(text: str, flag: str, *, join: str = ",",
                 players_sep: str = ";,") -> dict[str, str]:
    """`A=x,B=y` (or `;`): a piece without `=` continues the previous player's value."""
    pairs: dict[str, str] = {}
    last = None
    for piece in re.split(f"[{players_sep}]", text):
        piece = piece.strip()
        if not piece:
            continue
        name, sep, value = piece.partition("=")
        if sep:
            last = name.strip()
            if not last:
                raise RuleError(flag, f"{show(piece)} has no player name before =")
            if last in pairs:
                raise RuleError(flag, f"{show(last)} appears twice")
            pairs[last] = value.strip()
        elif last is None:
            raise RuleError(flag, f"{show(piece)} is not PLAYER=value")
        else:
            pairs[last] += join + piece
    return pairs


def _quick_numbers(text: str, flag: str) -> dict[str, int]:
    out = {}
    for name, value in _quick_pairs(text, flag).items():
        if not re.fullmatch(r"\d+", value):
            raise RuleError(flag, f"{name}={show(value)}: not a whole number")
        out[name] = int(value)
    return out


def _quick_declare(text: str, seats: tuple[str, ...], start: str) -> dict[str, str]:
    """`in,out,in,in` from the start player, or `P2=in,P3=out,...`."""
    if "=" in text:
        return {name: value.lower() for name, value in _quick_pairs(text, "declare").items()}
    words = [w.strip().lower() for w in re.split(r"[\s,;]+", text) if w.strip()]
    if start not in seats:
        raise RuleError("start", f"{show(start)} is not playing at this table")
    order = _from(seats, start)
    if len(words) > len(order):
        raise RuleError("declare", f"{len(words)} declarations for {len(order)} players")
    return dict(zip(order, words, strict=False))


GAME = Game(
    name="hachihachi-trick", title="Hachi-Hachi Trick (ハチハチトリック)", min_seats=MIN_SEATS,
    max_seats=MAX_SEATS, make_options=make_options, options_json=options_json, initial=initial,
    parse=parse, settle=settle, to_json=to_json, summary=summary, status=status,
    check_seats=check_seats, quick=quick, legacy_options=LEGACY_OPTIONS,
)
