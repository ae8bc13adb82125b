"""Crazy Solo (3–12 players): caller + called partner against the Gang.

Scoring per `shared/rules/crazy-solo.md` section 5: raw = (T − 60) × M, rounded to the
nearest `round_to` on its absolute value; each Gang member pays A once, the caller collects
from ⌈g/2⌉ of them and the partner from ⌊g/2⌋; alone, the caller collects from everyone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypedDict

from . import fields as F
from .cards import SUIT_NAMES, Card, parse_card, parse_suit
from .crazy_solo_payers import parse_payers as _parse_payers
from .errors import RuleError, show
from .game import CARDS, CHOICE, NUMBER, PLAYER, FieldFact, FormFacts, Game
from .options import options_from_mapping, options_to_json
from .transfers import Settlement, Transfer

CONTRACTS = ("solo", "heart-solo", "alone", "heart-alone")
PARTNER_CONTRACTS = ("solo", "heart-solo")
HEART_CONTRACTS = ("heart-solo", "heart-alone")
TEAM_POINTS = 120  # the card points of the pack
TITLES = {"solo": "Solo", "heart-solo": "Heart Solo", "alone": "Alone",
          "heart-alone": "Heart Alone", "pass": "All passed"}

# Cards removed by table size (section 2). Three players: see `three_player_pack`.
REMOVED: dict[int, tuple[str, ...]] = {
    3: (), 4: (), 5: ("6S",), 6: (), 7: ("6S",), 8: ("6S", "6H", "6D", "6C"), 9: (),
    10: ("6S", "6H", "6D", "6C", "7C", "7S"), 11: ("6C", "6S", "6D"), 12: (),
}
PACK_RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
MIN_SEATS, MAX_SEATS = 3, 12


@dataclass(frozen=True, slots=True)
class Options:
    multiplier_plain: int = 2
    multiplier_hearts: int = 3
    round_to: int = 5
    enforce_bid_order: bool = False
    three_player_pack: int = 36
    start_chips: int = 150
    contract_order: tuple[str, ...] = CONTRACTS

    def validate(self) -> None:
        for key in ("multiplier_plain", "multiplier_hearts", "round_to"):
            if getattr(self, key) < 1:
                raise RuleError(key, "below_1", value=getattr(self, key))
        if self.three_player_pack not in (24, 36):
            raise RuleError("three_player_pack", "cs.not_24_36", value=self.three_player_pack)
        if self.start_chips < 0:
            raise RuleError("start_chips", "below_0", value=self.start_chips)
        if sorted(self.contract_order) != sorted(CONTRACTS):
            raise RuleError("contract_order", "not_contract_order",
                            value=show(list(self.contract_order)), contracts=", ".join(CONTRACTS))


@dataclass(frozen=True, slots=True)
class State:
    seats: tuple[str, ...]
    dealer: str
    deals: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    contract: str  # one of CONTRACTS or "pass"
    dealer: str | None = None
    caller: str | None = None
    trump: str | None = None  # suit letter
    called_card: Card | None = None
    partner: str | None = None
    team_points: int | None = None  # the solo team's card points, T
    gang_points_given: bool = False  # the scorer counted the Gang's pile (kept for display)
    payers: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    bids: tuple[str, ...] | None = None


def cards_in_play(players: int, options: Options = Options()) -> tuple[Card, ...]:
    """The pack at a table of this size (section 2)."""
    return _pack(players, options.three_player_pack)


@cache
def _pack(players: int, three_player_pack: int) -> tuple[Card, ...]:
    ranks: tuple[str, ...] = PACK_RANKS
    if players == 3 and three_player_pack == 24:
        ranks = PACK_RANKS[:6]
    removed = set(REMOVED.get(players, ()))
    return tuple(Card(r, s) for s in "SHDC" for r in ranks if f"{r}{s}" not in removed)


@cache
def _pack_set(players: int, three_player_pack: int) -> frozenset[Card]:
    return frozenset(_pack(players, three_player_pack))


@dataclass(frozen=True, slots=True)
class Removal:
    """One row of the cards-removed-by-table-size table (section 2), as facts: the edge
    words them ("none", the 24-card note) and draws the cards."""

    players: int
    removed: tuple[str, ...]  # card codes ("6S"), in the rules' order
    short_pack: bool  # a 24-card 9–A pack is allowed instead (three players)
    in_play: int  # cards in play
    hand: int  # cards each


def removal_table() -> tuple[Removal, ...]:
    """Every table size's removed cards, pack and hand, for the set-up screen."""
    rows = []
    for n in range(MIN_SEATS, MAX_SEATS + 1):
        pack = len(cards_in_play(n))
        rows.append(Removal(n, REMOVED[n], n == 3, pack, pack // n))
    return tuple(rows)


def round_amount(raw: int, step: int) -> int:
    """Round to the nearest multiple of `step` on the absolute value, sign kept.

    >>> [round_amount(x, 5) for x in (26, 28, 39, -16, -28, 2, 3, 7, 8)]
    [25, 30, 40, -15, -30, 0, 5, 5, 10]
    """
    size = (abs(raw) + step // 2) // step * step
    return size if raw >= 0 else -size


def make_options(raw: Mapping[str, Any]) -> Options:
    return options_from_mapping(Options, raw)


def check_seats(seats: tuple[str, ...], options: Options) -> None:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("seats", "cs.seats", n=len(seats))


def initial(seats: tuple[str, ...], options: Options) -> State:
    check_seats(seats, options)
    return State(seats=seats, dealer=seats[0])


def _left_of(seats: tuple[str, ...], name: str) -> str:
    return seats[(seats.index(name) + 1) % len(seats)]


def parse(obj: Mapping[str, Any], state: State, options: Options) -> Outcome:
    """Validate one deal's contract JSON against the table (section 3–5)."""
    F.check_keys(obj, ("dealer", "contract", "caller", "trump", "called_card", "partner",
                       "team_points", "gang_points", "payers", "bids"))
    seats = state.seats
    # the dealer rotates by itself; a named dealer is what the table did, and is stored
    dealer = F.get_player(obj, "dealer", seats, optional=True) or state.dealer
    contract = F.get_choice(obj, "contract", (*CONTRACTS, "pass"))
    bids = _parse_bids(obj.get("bids"), seats, dealer, options)
    if contract == "pass":
        for key in ("caller", "trump", "called_card", "partner", "team_points", "gang_points",
                    "payers"):
            if obj.get(key) is not None:
                raise RuleError(key, "empty_when_passed")
        if bids and any(b != "pass" for b in bids):
            raise RuleError("bids", "not_pass")
        return Outcome("pass", dealer=dealer, bids=bids)

    if len(seats) == 3 and contract in PARTNER_CONTRACTS:
        raise RuleError("contract", "cs.not_three_player", contract=contract)
    caller = F.get_player(obj, "caller", seats)
    assert caller is not None
    if obj.get("trump") is None:
        raise RuleError("trump", "missing")
    trump = parse_suit(obj.get("trump"))
    if contract in HEART_CONTRACTS and trump != "H":
        raise RuleError("trump", "cs.must_be_hearts", suit=SUIT_NAMES[trump], contract=contract)

    called = None
    if obj.get("called_card") is not None:
        if contract not in PARTNER_CONTRACTS:
            raise RuleError("called_card", "cs.calls_no_card", card=show(obj['called_card']),
                            contract=contract)
        called = parse_card(obj["called_card"], "called_card")
        if called not in _pack_set(len(seats), options.three_player_pack):
            raise RuleError("called_card", "cs.card_not_in_play", card=called, n=len(seats))

    partner = F.get_player(obj, "partner", seats, optional=True)
    if partner == caller:
        partner = None  # the caller called a card in their own hand: plays alone
    if partner is not None and contract not in PARTNER_CONTRACTS:
        raise RuleError("partner", "cs.no_partner", partner=partner, contract=contract)

    has_team, has_gang = obj.get("team_points") is not None, obj.get("gang_points") is not None
    if has_team == has_gang:
        raise RuleError("team_points", "one_of_points")
    if has_team:
        team_points = F.get_int(obj, "team_points", 0, TEAM_POINTS)
    else:
        team_points = TEAM_POINTS - F.get_int(obj, "gang_points", 0, TEAM_POINTS)

    payers = None
    raw_payers = obj.get("payers")
    if isinstance(raw_payers, Mapping) and all(v is None for v in raw_payers.values()):
        raw_payers = None  # each as seated (a form's "as seated" for every member)
    if raw_payers is not None:
        if partner is None:
            raise RuleError("payers", "cs.payers_need_partner")
        payers = _parse_payers(raw_payers, seats, caller, partner)
    if bids:
        _check_bids_end(bids, seats, dealer, caller, contract)
    return Outcome(contract, dealer=dealer, caller=caller, trump=trump, called_card=called,
                   partner=partner, team_points=team_points, gang_points_given=has_gang,
                   payers=payers, bids=bids)


def _gang(seats: tuple[str, ...], caller: str, partner: str | None) -> list[str]:
    """The Gang in seat order starting at the caller's left."""
    start = seats.index(caller)
    walk = [seats[(start + i) % len(seats)] for i in range(1, len(seats))]
    return [p for p in walk if p != partner]


def _parse_bids(raw: Any, seats: tuple[str, ...], dealer: str,
                options: Options) -> tuple[str, ...] | None:
    """Optional bidding record: one bid per player from the dealer's left."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != len(seats):
        raise RuleError("bids", "cs.one_bid_each", value=show(raw), n=len(seats))
    bids = tuple(F.get_choice({"bids": b}, "bids", (*CONTRACTS, "pass")) for b in raw)
    if options.enforce_bid_order:
        rank = {c: i for i, c in enumerate(options.contract_order)}
        best = None
        for bid in bids:
            if bid == "pass":
                continue
            if best is not None and not (rank[bid] > rank[best] or
                                         bid == best == "heart-solo"):
                raise RuleError("bids", "cs.bid_not_higher", bid=bid, best=best)
            best = bid
    return bids


def _check_bids_end(bids: tuple[str, ...], seats: tuple[str, ...], dealer: str, caller: str,
                    contract: str) -> None:
    start = seats.index(dealer)
    order = [seats[(start + i) % len(seats)] for i in range(1, len(seats) + 1)]
    last = max((i for i, b in enumerate(bids) if b != "pass"), default=None)
    if last is None or order[last] != caller or bids[last] != contract:
        raise RuleError("bids", "cs.last_bid", caller=caller, contract=contract)


def amount(outcome: Outcome, options: Options) -> int:
    """A: what each paying Gang member pays (negative: what each is paid)."""
    if outcome.contract == "pass" or outcome.team_points is None:
        return 0
    m = options.multiplier_hearts if outcome.trump == "H" else options.multiplier_plain
    return round_amount((outcome.team_points - 60) * m, options.round_to)


def settle(state: State, outcome: Outcome, options: Options) -> tuple[Settlement, State]:
    seats = state.seats
    dealer = outcome.dealer or state.dealer
    after = State(seats=seats, dealer=_left_of(seats, dealer), deals=state.deals + 1)
    a = amount(outcome, options)
    extra: Extra = {"amount": a, "dealer": dealer, "next_dealer": after.dealer}
    if a == 0:
        return Settlement(seats, (), extra), after
    caller, partner, reason = outcome.caller, outcome.partner, outcome.contract
    assert caller is not None
    if partner is None:
        owed = [(p, caller) for p in seats if p != caller]
    else:
        if outcome.payers is not None:
            to_caller, to_partner = outcome.payers
        else:
            gang = _gang(seats, caller, partner)
            half = (len(gang) + 1) // 2
            to_caller, to_partner = tuple(gang[:half]), tuple(gang[half:])
        owed = [(p, caller) for p in to_caller] + [(p, partner) for p in to_partner]
    if a > 0:
        transfers = tuple(Transfer(g, w, a, reason) for g, w in owed)
    else:
        transfers = tuple(Transfer(w, g, -a, reason) for g, w in owed)
    return Settlement(seats, transfers, extra), after


def to_json(outcome: Outcome) -> dict[str, Any]:
    out: dict[str, Any] = {"contract": outcome.contract}
    if outcome.dealer is not None:
        out["dealer"] = outcome.dealer
    if outcome.bids is not None:
        out["bids"] = list(outcome.bids)
    if outcome.contract == "pass":
        return out
    out["caller"] = outcome.caller
    out["trump"] = SUIT_NAMES[outcome.trump or "C"]
    if outcome.called_card is not None:
        out["called_card"] = str(outcome.called_card)
    if outcome.partner is not None:
        out["partner"] = outcome.partner
    if outcome.gang_points_given:
        out["gang_points"] = 120 - (outcome.team_points or 0)
    else:
        out["team_points"] = outcome.team_points
    if outcome.payers is not None:
        out["payers"] = {"caller": list(outcome.payers[0]), "partner": list(outcome.payers[1])}
    return out


class Extra(TypedDict):
    """A Crazy Solo deal's facts beside its transfers."""

    amount: int  # what each payer pays
    dealer: str
    next_dealer: str


class Status(TypedDict):
    """What a Crazy Solo table shows between deals."""

    finished: bool  # never: a Crazy Solo table plays on until the night ends
    deals: int
    dealer: str  # who deals next


def status(state: State, options: Options) -> Status:
    return {"finished": False, "deals": state.deals, "dealer": state.dealer}




def quick(flags: Mapping[str, Any], state: State) -> dict[str, Any]:
    """`--contract solo --caller Bea --partner Dan --trump clubs --points 73` as contract JSON.

    `--points` is the solo team's pile; `--gang-points` the Gang's; `--payers
    "caller=A,B;partner=C"` overrides who pays whom; `--bids pass,solo,...`.
    """
    from .quick import as_int, names

    out: dict[str, Any] = {}
    for key in ("dealer", "contract", "caller", "partner", "trump", "called_card"):
        if flags.get(key) is not None:
            out[key] = flags[key]
    if flags.get("points") is not None:
        out["team_points"] = as_int("points", flags["points"])
    if flags.get("gang_points") is not None:
        out["gang_points"] = as_int("gang_points", flags["gang_points"])
    if flags.get("payers") is not None:
        sides: dict[str, list[str]] = {"caller": [], "partner": []}
        for part in str(flags["payers"]).split(";"):
            side, _, who = part.partition("=")
            if side.strip() not in sides:
                raise RuleError("--payers", "cs.not_payers_part", value=show(part))
            sides[side.strip()] = names(who)
        out["payers"] = sides
    if flags.get("bids") is not None:
        out["bids"] = names(flags["bids"])
    unknown = set(flags) - {"dealer", "contract", "caller", "partner", "trump", "called_card",
                            "points", "gang_points", "payers", "bids"}
    if unknown:
        flag = sorted(unknown)[0].replace("_", "-")
        raise RuleError(f"--{flag}", "cs.not_field")
    return out


def form_facts(state: State, options: Options, partial: Mapping[str, Any]) -> FormFacts:
    """What a Crazy Solo deal form asks for the contract chosen so far (all of it before a
    contract is chosen); a hearts contract fixes the trump; three players play no partner
    contract. The card points are either pile's (the team's or the Gang's); with a caller
    and a partner, who of the Gang pays whom may be split otherwise than by seat.

    >>> st = initial(("Ann", "Bea", "Chie", "Dan", "Eve"), Options())
    >>> f = form_facts(st, Options(), {"contract": "heart-alone"})
    >>> f.fields, dict(f.forced)
    (('contract', 'caller', 'trump', 'team_points', 'gang_points'), {'trump': 'hearts'})
    >>> form_facts(st, Options(), {"contract": "pass"}).fields
    ('contract',)
    """
    contract = partial.get("contract")
    seats = state.seats
    caller, partner = partial.get("caller"), partial.get("partner")
    team = (caller, partner) if caller in seats and partner in seats and partner != caller \
        else None
    fields: tuple[str, ...] = ("contract",)
    if contract != "pass":
        fields += ("caller", "trump", "team_points", "gang_points")
        if contract is None or contract in PARTNER_CONTRACTS:
            fields += ("called_card", "partner")
            if team is not None:
                fields += ("payers",)
    contracts = (*CONTRACTS, "pass")
    suits = tuple(SUIT_NAMES[s] for s in "CDHS")
    pack = cards_in_play(len(seats), options)
    specs = {
        "contract": FieldFact("contract", CHOICE, "slot.contract", choices=contracts,
                              labels=tuple(f"contract.{c}" for c in contracts)),
        "caller": FieldFact("caller", PLAYER, "slot.caller", choices=seats),
        "trump": FieldFact("trump", CHOICE, "slot.trump", choices=suits,
                           labels=tuple(f"suit.{s}" for s in suits)),
        # one pile or the other, whichever the table counted
        "team_points": FieldFact("team_points", NUMBER, "slot.team_pile", low=0,
                                 high=TEAM_POINTS, total=TEAM_POINTS, flag="--points",
                                 optional=True),
        "gang_points": FieldFact("gang_points", NUMBER, "slot.gang_pile", low=0,
                                 high=TEAM_POINTS, total=TEAM_POINTS, optional=True),
        "called_card": FieldFact("called_card", CARDS, "slot.card", size=1, optional=True,
                                 choices=tuple(str(c) for c in pack)),
        "partner": FieldFact("partner", PLAYER, "slot.partner", choices=seats, optional=True),
        # who of the Gang pays whom, when the table split them otherwise (each member's payee)
        "payers": FieldFact("payers", PLAYER, "slot.payers", choices=team or (),
                            each=tuple(_gang(seats, *team)) if team else (), optional=True,
                            none="cs.as_seated"),
    }
    notes = {}
    if team is not None:
        gang = _gang(seats, *team)
        half = (len(gang) + 1) // 2
        notes["payers"] = (("cs.payers_default", {
            "caller": team[0], "partner": team[1], "to_caller": ", ".join(gang[:half]),
            "to_partner": ", ".join(gang[half:])}),)
    impossible = {"contract": PARTNER_CONTRACTS} if len(seats) == 3 else {}
    return FormFacts(order=seats, fields=fields, choices={"contract": contracts},
                     forced={"trump": "hearts"} if contract in HEART_CONTRACTS else {},
                     form=tuple(specs[f] for f in fields), impossible=impossible,
                     totals={"team_points": TEAM_POINTS, "gang_points": TEAM_POINTS},
                     notes=notes,
                     limits={"pack": len(pack), "hand": len(pack) // len(seats),
                             "team_points": TEAM_POINTS},
                     facts={"dealer": state.dealer, "removed": REMOVED.get(len(seats), ()),
                            "pile": ("team", "gang")})


def setup_facts(options: Options, seats: int | None) -> dict[str, Any]:
    """The cards removed by table size (people forget which go out), and the row of `seats`."""
    return {"removal": removal_table(), "seats": seats}


GAME = Game(
    name="crazy-solo", title="Crazy Solo", min_seats=MIN_SEATS, max_seats=MAX_SEATS,
    make_options=make_options, options_json=options_to_json, initial=initial, parse=parse,
    settle=settle, to_json=to_json, status=status, check_seats=check_seats,
    status_type=Status, extra_type=Extra, ends=False,
    quick=quick, form_facts=form_facts, setup_facts=setup_facts,
)
