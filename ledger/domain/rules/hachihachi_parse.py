"""Hachi-Hachi Trick: a round's contract JSON read and checked against the table (section
numbers of shared/rules/hachihachi-trick.md), into an `Outcome`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import fields as F
from .cards import Card, parse_card
from .errors import RuleError, Said, show
from .hachihachi_table import (
    KEYS,
    TRICKS,
    Options,
    Outcome,
    Refusal,
    State,
    seats_from,
)
from .hand_roles import (
    ACES_FIXED,
    ACES_IN_PACK,
    HAND_SIZE,
    SINGLE_GROUPS,
    HandRoles,
    detect,
)


def parse(obj: Mapping[str, Any], state: State, options: Options) -> Outcome:
    """Validate one round's contract JSON against the table (sections 1–7).

    >>> from ledger.domain.rules.hachihachi_table import Options, initial
    >>> st = initial(("P1", "P2", "P3"), Options())
    >>> parse({"indicator": "7H", "declarations": {"P1": "in", "P2": "out", "P3": "out"}},
    ...       st, Options()).ins
    ('P1',)
    """
    F.check_keys(obj, KEYS)
    seats = state.seats
    if state.finished:
        raise RuleError("round", "game_over", n=state.rounds)
    # The table's start player (pot winner, earlier declarer, left neighbour) is the
    # default; a named one is what the table did and wins. The outcome always stores it,
    # so a correction of an earlier round never rewrites who started a later one.
    given_start = F.get_player(obj, "start_player", seats, optional=True)
    start = given_start or state.start_player
    order = seats_from(seats, start)
    if obj.get("indicator") is None:
        raise RuleError("indicator", "hh.indicator_missing")
    indicator = parse_card(obj["indicator"], "indicator")
    mizuten = _read_mizuten(obj.get("mizuten"), start)
    declarations = _read_declarations(obj, order, mizuten, options)
    ins = tuple(p for p, d in declarations if d == "in")
    declared = {p for p, _ in declarations}
    forced = tuple(p for p in order if p not in declared)
    split = F.get_bool(obj, "split")
    if split and len(ins) != 2:
        raise RuleError("split", "hh.split_two_only", n=len(ins))
    played = len(ins) >= 2 and not split
    tricks = _read_tricks(obj, order, ins, played, split)

    role_players = forced + (ins if played or (split and options.split_settles_roles) else ())

    def refuse(field: str, name: str, what: Said) -> RuleError:
        """Why `name` (not in role_players) cannot have `what` this round."""
        if name not in ins:
            return RuleError(field, "hh.out_has_no", name=name, what=what)
        if not ins[1:]:
            return RuleError(field, "hh.only_in_player", name=name, what=what)
        return RuleError(field, "hh.split_settles_no", name=name, what=what)

    table = options.hand_roles
    hands = _read_hands(obj, order, role_players, indicator, refuse)
    readings = {p: detect(cards, indicator.suit, table) for p, cards in hands.items()}
    roles = _read_roles(obj, order, role_players, table, refuse)
    aces = _read_aces(obj, order, forced, ins)

    for name, reading in readings.items():
        if name in roles and set(roles[name]) != set(reading.roles):
            raise RuleError(f"roles.{name}", "hh.but_hand_has",
                            given=' + '.join(roles[name]) or Said("w.none"),
                            found=' + '.join(reading.roles) or Said("w.no_role"))
        if name in aces and aces[name] != reading.aces:
            raise RuleError(f"aces.{name}", "hh.but_hand_has", given=aces[name], found=reading.aces)
    for name in forced:
        if name not in hands:
            aces[name] = _aces_for_roles(name, aces.get(name), roles.get(name, ()), table)
    total = sum(r.aces for r in readings.values()) + sum(
        n for p, n in aces.items() if p not in hands) + (indicator.rank == "A")
    if total > ACES_IN_PACK and indicator.rank == "A":
        raise RuleError("aces", "aces_with_indicator", n=total, aces=ACES_IN_PACK)
    if total > ACES_IN_PACK:
        raise RuleError("aces", "aces_in_all", n=total, aces=ACES_IN_PACK)

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
        raise RuleError("mizuten", "hh.not_start_player", value=value.strip(), start=start)
    raise RuleError("mizuten", "hh.not_mizuten", value=show(value))


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
            raise RuleError(f"declarations.{start}", "hh.mizuten_in")
        if start not in said:  # the Mizuten player is in without choice
            said = {start: "in", **said}
    ins = 0
    third = None
    for i, (name, value) in enumerate(said.items()):
        if third is not None:
            if value == "in":
                raise RuleError(f"declarations.{name}", "hh.too_many_in", n=options.max_in,
                                last=third)
            raise RuleError(f"declarations.{name}", "hh.forced_out_listed", name=name, by=third)
        if name != order[i]:
            raise RuleError("declarations", "hh.declares_before", name=order[i], other=name,
                            start=start, order=', '.join(order))
        if value == "in":
            ins += 1
            if ins == options.max_in:
                third = name
    if third is None and len(said) < len(order):
        missing = ", ".join(order[len(said):])
        raise RuleError("declarations", "hh.did_not_declare", name=missing, n=options.max_in)
    return tuple(said.items())


def _read_tricks(obj: Mapping[str, Any], order: tuple[str, ...], ins: tuple[str, ...],
                 played: bool, split: bool) -> tuple[tuple[str, int], ...]:
    if obj.get("tricks") is None:
        if played:
            raise RuleError("tricks", "hh.tricks_missing", names=', '.join(ins))
        return ()
    if not played:
        why = (Said("w.nobody_in") if not ins
               else Said("w.split_not_played") if split
               else Said("w.only_in_takes_pot", name=ins[0]))
        raise RuleError("tricks", "hh.given_but", why=why)
    raw = F.player_map(obj, "tricks", order)
    for name in raw:
        if name not in ins:
            raise RuleError(f"tricks.{name}", "hh.not_in", name=name, ins=', '.join(ins))
    counts = {name: F.check_int(f"tricks.{name}", raw[name], 0, TRICKS) for name in raw}
    missing = [p for p in ins if p not in counts]
    if missing:
        raise RuleError("tricks", "hh.no_trick_count", name=', '.join(missing))
    if sum(counts.values()) != TRICKS:
        raise RuleError("tricks", "tricks_sum", sum=sum(counts.values()), total=TRICKS)
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
            raise refuse(field, name, Said("w.hands_that_count"))
        value = raw[name]
        if not isinstance(value, list):
            raise RuleError(field, "hh.not_card_list", value=show(value), size=HAND_SIZE)
        cards = tuple(parse_card(c, field) for c in value)
        if len(cards) != HAND_SIZE:
            raise RuleError(field, "cards_not_n", n=len(cards), size=HAND_SIZE)
        for card in cards:
            if card == indicator:
                raise RuleError(field, "hh.card_is_indicator", card=card)
            if card in owner:
                if owner[card] == name:
                    raise RuleError(field, "card_twice", card=card)
                raise RuleError(field, "card_also_in", card=card, owner=owner[card])
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
            raise RuleError(field, "hh.not_role_ids", value=show(value))
        if value and name not in eligible:
            raise refuse(field, name, Said("w.hand_roles"))
        seen: dict[str, str] = {}  # group -> role id
        ids: list[str] = []
        for item in value:
            role = table.get(item.strip().lower()) if isinstance(item, str) else None
            if role is None:
                raise RuleError(field, "hh.not_hand_role", value=show(item),
                                roles=', '.join(table.ids()) or Said("w.table_empty"))
            if role.id in ids:
                raise RuleError(field, "hh.listed_twice", value=role.id)
            if role.group in SINGLE_GROUPS and role.group in seen:
                raise RuleError(field, "hh.same_group", role=seen[role.group], other=role.id,
                                group=role.group)
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
            raise RuleError(field, "hh.aces_in", name=name)
        if name not in forced:
            raise RuleError(field, "hh.aces_out", name=name)
        aces[name] = F.check_int(field, raw[name], 0, ACES_IN_PACK)
    return aces


def _aces_for_roles(name: str, given: int | None, role_ids: tuple[str, ...],
                    table: HandRoles) -> int:
    """A forced-out player's Aces, checked against roles that fix them (karasu: 0,
    pika_ichi: 1); when `aces` leaves the player out, such a role supplies the count."""
    for role_id in role_ids:
        rule = table.get(role_id).rule  # type: ignore[union-attr]
        fixed = ACES_FIXED.get(rule)
        if fixed is None:
            continue
        if given is not None and given != fixed:
            raise RuleError(f"aces.{name}", "role_fixes_aces", given=given, role=role_id,
                            aces=Said("w.one_ace") if fixed == 1 else Said("w.n_aces", n=fixed))
        return fixed
    return given or 0
