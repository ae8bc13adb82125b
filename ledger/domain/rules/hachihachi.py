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

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NotRequired, TypedDict

from .cards import SUIT_NAMES, Card, parse_card
from .errors import RuleError
from .game import CARDS, CHOICE, FLAG, NUMBER, PLAYER, FieldFact, FormFacts, Game, rest_of_total
from .hachihachi_parse import parse
from .hachihachi_quick import QUICK_FLAGS, quick
from .hachihachi_table import (
    EMPTY_ROUND_POTS,
    KEYS,
    LEGACY_OPTIONS,
    MAX_SEATS,
    MIN_SEATS,
    MIZUTEN_MIN_IN,
    MIZUTEN_MIN_TRICKS,
    NO_ROLES,
    SPLIT_WITH,
    TRICKS,
    Options,
    Outcome,
    State,
    check_seats,
    initial,
    left_of,
    make_options,
    multiplier,
    options_json,
    out_fee,
    seats_from,
    table_name,
)
from .hand_roles import (
    ACES_IN_PACK,
    HAND_SIZE,
    forced_out_total,
    in_total,
)
from .transfers import POT, Settlement, Transfer, nets_of

__all__ = ["EMPTY_ROUND_POTS", "GAME", "KEYS", "LEGACY_OPTIONS", "MAX_SEATS", "MIN_SEATS",
           "MIZUTEN_MIN_IN", "MIZUTEN_MIN_TRICKS", "NO_ROLES", "QUICK_FLAGS", "TRICKS",
           "Options", "Outcome", "State", "check_seats", "form_facts", "initial", "left_of",
           "make_options", "multiplier", "options_json", "out_fee", "parse", "quick",
           "seats_from", "settle", "status", "table_name", "to_json"]


def settle(state: State, outcome: Outcome, options: Options) -> tuple[Settlement, State]:
    """The round's transfers (see the module docstring for their order) and the next state."""
    seats = state.seats
    table = options.hand_roles
    m = multiplier(outcome.indicator, options)
    start = outcome.start
    order = seats_from(seats, start)
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
        next_start = left_of(seats, start)
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
            due = m * (aces.get(name, 0) + forced_out_total(roles.get(name, ()), table))
            for payer in ins:
                pay(payer, name, due, "forced-out")
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
    extra: Extra = {
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


class Extra(TypedDict):
    """A Hachi-Hachi round's facts beside its transfers."""

    multiplier: int
    trump: str  # the suit's name
    pot: int  # out-fees paid into this round's pot
    winner: str | None  # who took the pot (None: split, or nobody in)
    next_start_player: str
    round: int  # its number (a round that does not count: the number it would have had)
    rounds: int
    start_player: str
    in_players: list[str]
    forced_out: list[str]
    mizuten_won: bool
    finished: bool
    carried_in: NotRequired[int]  # empty_round_pot = carry: earlier rounds' fees in the pot
    pot_carried: NotRequired[int]  # and the pot the next round starts with
    counted: NotRequired[bool]  # False: an empty round that does not count


class Status(TypedDict):
    """What a Hachi-Hachi table shows between rounds."""

    finished: bool
    round: int  # rounds played
    rounds: int  # of the game
    next_round: int | None  # None once finished
    start_player: str | None
    chips: dict[str, int]  # each seat's running chips
    pot_carried: NotRequired[int]  # empty_round_pot = carry: the pot the next round adds


def status(state: State, options: Options) -> Status:
    """Round n of N, the next start player, the running chips and any pot carried."""
    chips = state.chips or (options.start_chips,) * len(state.seats)
    out: Status = {
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


def form_facts(state: State, options: Options, partial: Mapping[str, Any]) -> FormFacts:
    """What a Hachi-Hachi round form asks, given the declarations so far: the declaring
    order from the start player; once `max_in` are in the rest are forced out; two in choose
    to split or play (their tricks given say they played); tricks (7 in all, the last
    in-player's the rest) when the round is played; the hands of the
    forced-outs, and of the in-players when roles settle; the indicator's trump, table name
    and multiplier.

    >>> st = initial(("P1", "P2", "P3", "P4"), Options())
    >>> f = form_facts(st, Options(), {"indicator": "QS", "declarations": {
    ...     "P1": "in", "P2": "out", "P3": "in", "P4": "out"}})
    >>> f.fields, f.facts["ins"], f.facts["played"]
    (('start_player', 'indicator', 'declarations', 'split'), ('P1', 'P3'), False)
    >>> form_facts(st, Options(), {"declarations": {"P1": "in", "P2": "in", "P3": "in"},
    ...                            }).facts["hand_players"]
    (('P4', True), ('P1', False), ('P2', False), ('P3', False))
    """
    start = partial.get("start_player")
    order = seats_from(state.seats, start if start in state.seats else state.start_player)
    said = dict(partial.get("declarations") or {})
    mizuten = partial.get("mizuten") in (True, order[0])  # its player is in without choice
    if mizuten:
        said[order[0]] = "in"
    ins: list[str] = []
    declared = 0
    for name in order:
        if len(ins) >= options.max_in or said.get(name) not in ("in", "out"):
            break
        declared += 1
        if said[name] == "in":
            ins.append(name)
    full = len(ins) >= options.max_in
    complete = full or declared == len(order)
    forced = order[declared:] if full else ()
    now = tuple(ins) if complete else ()
    split = partial.get("split")  # None: not chosen yet
    two = len(now) == SPLIT_WITH
    tricks = partial.get("tricks")
    # two in whose tricks are given have played: the tricks say it, the split is not asked
    by_tricks = two and split is not True and isinstance(tricks, Mapping) and any(
        type(n) is int for n in tricks.values())
    played = len(now) > SPLIT_WITH or (two and (split is False or by_tricks))
    roles_settle = played or (two and split is True and options.split_settles_roles)
    hand_players = tuple((p, True) for p in forced) + (
        tuple((p, False) for p in now) if roles_settle else ())
    fields = ("start_player", "indicator", "declarations") + (
        ("split",) if two else ()) + (("tricks",) if played else ()) + (
        ("hands",) if hand_players else ())
    facts: dict[str, Any] = {"ins": now, "forced_out": forced, "played": played,
                             "declared": declared, "complete": complete,
                             "roles_settle": roles_settle, "hand_players": hand_players,
                             "max_in": options.max_in, "hand_roles": options.hand_roles,
                             "aces_fixed": options.hand_roles.aces_fixed(),
                             "reasons": REASONS}
    try:
        card = parse_card(partial["indicator"]) if partial.get("indicator") else None
    except RuleError:
        card = None
    if card is not None:
        facts |= {"trump": card.suit, "table_name": table_name(card, options),
                  "multiplier": multiplier(card, options)}
    specs = _specs(state.seats, order, now, hand_players, options,
                   play_by_tricks=two and split is None)
    fixed: dict[str, Any] = {"declarations": {**({order[0]: "in"} if mizuten else {}),
                                              **dict.fromkeys(forced, "out")}} \
        if forced or mizuten else {}
    if by_tricks:
        fixed["split"] = False
    if played and (rest := rest_of_total(specs["tricks"], partial.get("tricks"))):
        fixed["tricks"] = rest  # the in-players' tricks make 7: the last one's are certain
    return FormFacts(order=order, fields=fields, totals={"tricks": TRICKS}, facts=facts,
                     choices={"declarations": ("in", "out")},
                     forced=fixed,
                     form=tuple(specs[f] for f in fields),
                     notes={"indicator": indicator_notes(card, options)},
                     limits={"hand_size": HAND_SIZE, "aces_in_pack": ACES_IN_PACK,
                             "tricks": TRICKS, "max_in": options.max_in,
                             "split_with": SPLIT_WITH})


def indicator_notes(card: Card | None, options: Options
                    ) -> tuple[tuple[str, dict[str, Any]], ...]:
    """What a form says beside the indicator: the table it makes and its multiplier once
    it is an Ooba or Zetsuba card, else which ranks make them (the preset's).

    >>> indicator_notes(parse_card("QS"), Options())
    (('hh.named', {'name': 'term.ooba', 'multiplier': 2}),)
    >>> indicator_notes(None, Options())[1]
    ('hh.scale', {'name': 'term.zetsuba', 'multiplier': 4, 'ranks': ('A', 'K')})
    """
    if card is not None and (named := table_name(card, options)) is not None:
        return (("hh.named", {"name": f"term.{named}", "multiplier": multiplier(card, options)}),)
    return tuple(("hh.scale", {"name": f"term.{name}", "multiplier": m, "ranks": ranks})
                 for name, ranks, m in (("ooba", options.ooba_ranks, options.ooba_multiplier),
                                        ("zetsuba", options.zetsuba_ranks,
                                         options.zetsuba_multiplier)) if ranks)


def setup_facts(options: Options, seats: int | None) -> dict[str, Any]:
    """The hand roles a new table will freeze (its preset's table)."""
    return {"hand_roles": options.hand_roles}


# the order the rules settle a round in (and a preview groups its transfers by)
REASONS = ("carried", "out-fee", "forced-out", "hand-roles", "tricks", "pot", "split", "mizuten")


def _specs(seats: tuple[str, ...], order: tuple[str, ...], ins: tuple[str, ...],
           hand_players: tuple[tuple[str, bool], ...], options: Options, *,
           play_by_tricks: bool = False) -> dict[str, FieldFact]:
    """How a form draws each field of a round (labels "term.x": the game term `x`); with
    `play_by_tricks` (two in, not chosen yet) the split may be answered by the tricks."""
    forced = tuple(p for p, out in hand_players if out)
    roles = options.hand_roles.roles
    tricks = FieldFact("tricks", NUMBER, "slot.tricks", each=ins, low=0, high=TRICKS,
                       total=TRICKS)
    return {
        "start_player": FieldFact("start_player", PLAYER, "term.start_player", choices=seats,
                                  flag="--start"),
        "indicator": FieldFact("indicator", CARDS, "slot.indicator", size=1),
        "declarations": FieldFact(
            "declarations", CHOICE, "slot.declare", each=order, choices=("in", "out"),
            labels=("term.in", "term.out"), flag="--declare",
            parts=(FieldFact("mizuten", FLAG, "term.mizuten", each=order[:1], optional=True),)),
        "split": FieldFact("split", FLAG, "slot.split", labels=("split.split", "split.play"),
                           parts=(replace(tricks, optional=True),) if play_by_tricks else ()),
        "tricks": tricks,
        "hands": FieldFact(
            "hands", CARDS, "term.hand_roles", each=tuple(p for p, _ in hand_players),
            size=HAND_SIZE, optional=True, parts=(
                FieldFact("roles", CHOICE, "term.hand_roles", choices=tuple(r.id for r in roles),
                          names=tuple(r.shown for r in roles),
                          each=tuple(p for p, _ in hand_players), optional=True),
                # Aces are told of the forced-outs only (an in-player's are not asked)
                *((FieldFact("aces", NUMBER, "slot.aces", each=forced, low=0,
                             high=ACES_IN_PACK, optional=True),) if forced else ()))),
    }


def off_chain(state: State, outcome: Mapping[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    """The round's named start player, where the table would have proposed another (the
    winner of the round before, or the next seat after a skipped round).

    >>> from ledger.domain.rules.hachihachi_table import Options
    >>> off_chain(initial(("P1", "P2", "P3"), Options()), {"start_player": "P2"})
    (('start_player', 'P2', 'P1'),)
    """
    named = outcome.get("start_player")
    if named is None or named == state.start_player or state.finished:
        return ()
    return (("start_player", named, state.start_player),)


GAME = Game(
    name="hachihachi-trick", title="Hachi-Hachi Trick (ハチハチトリック)", min_seats=MIN_SEATS,
    max_seats=MAX_SEATS, make_options=make_options, options_json=options_json, initial=initial,
    parse=parse, settle=settle, to_json=to_json, status=status,
    check_seats=check_seats, quick=quick, legacy_options=LEGACY_OPTIONS, form_facts=form_facts,
    setup_facts=setup_facts, off_chain=off_chain,
    status_type=Status, extra_type=Extra,
)
