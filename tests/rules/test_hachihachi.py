"""Hachi-Hachi Trick: the worked examples of hachihachi-trick.md as golden tests, invariants,
bad input, the fold over a game, and the quick flags."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.config import presets
from ledger.domain.rules import GAMES, RuleError
from ledger.domain.rules import hachihachi as hh
from ledger.domain.rules.cards import RANKS, SUITS, Card
from ledger.domain.rules.transfers import POT, Settlement, nets_of
from ledger.text.summaries import stored_summary

_, OPTIONS = presets.load("hachihachi-trick")
TABLE = OPTIONS.hand_roles
NAMES = tuple(f"P{i}" for i in range(1, 9))
SEVEN, FIVE = NAMES[:7], NAMES[:5]
DECK = [Card(r, s) for s in SUITS for r in RANKS]

Row = tuple[str, str, int, str]


def play(seats: tuple[str, ...], obj: dict[str, Any], state: hh.State | None = None,
         options: hh.Options = OPTIONS) -> tuple[Settlement, hh.State, hh.Outcome]:
    state = state or hh.initial(seats, options)
    outcome = hh.parse(obj, state, options)
    settlement, after = hh.settle(state, outcome, options)
    return settlement, after, outcome


def rows(settlement: Settlement) -> list[Row]:
    return [(t.payer, t.payee, t.amount, t.reason) for t in settlement.transfers]


# --- golden: section 9 ------------------------------------------------------------------------

EXAMPLE_A = {
    "game": "hachihachi-trick", "players": list(SEVEN), "start_player": "P1", "indicator": "QS",
    "declarations": {"P1": "out", "P2": "in", "P3": "out", "P4": "in", "P5": "in"},
    "aces": {"P6": 2}, "roles": {"P2": ["sanbon"], "P4": ["kuttsuki"], "P7": ["karasu"]},
    "tricks": {"P2": 3, "P4": 1, "P5": 3},
}


def test_example_a_ooba_seven_players() -> None:
    settlement, after, _ = play(SEVEN, EXAMPLE_A)
    assert rows(settlement) == [
        ("P1", POT, 4, "out-fee"), ("P3", POT, 6, "out-fee"),
        ("P2", "P6", 4, "forced-out"), ("P4", "P6", 4, "forced-out"),
        ("P5", "P6", 4, "forced-out"),
        ("P2", "P7", 2, "forced-out"), ("P4", "P7", 2, "forced-out"),
        ("P5", "P7", 2, "forced-out"),
        ("P2", "P4", 4, "hand-roles"), ("P5", "P2", 4, "hand-roles"),
        ("P5", "P4", 8, "hand-roles"),
        ("P4", "P2", 8, "tricks"), ("P4", "P5", 8, "tricks"),
        (POT, "P2", 10, "pot"),
    ]
    assert settlement.nets == {"P1": -4, "P2": 12, "P3": -6, "P4": -10, "P5": -10, "P6": 12,
                               "P7": 6}
    extra = dict(settlement.extra)
    assert (extra["multiplier"], extra["trump"], extra["pot"], extra["winner"],
            extra["next_start_player"], extra["round"], extra["rounds"]) == \
        (2, "spades", 10, "P2", "P2", 1, 12)
    assert extra["forced_out"] == ["P6", "P7"]
    assert after.start_player == "P2"
    assert after.chips == (46, 62, 44, 40, 40, 62, 56)


EXAMPLE_B = {
    "start_player": "P2", "indicator": "7H",
    "declarations": {"P2": "in", "P3": "out", "P4": "out", "P5": "in", "P1": "out"},
}


def test_example_b_split() -> None:
    settlement, after, _ = play(FIVE, {**EXAMPLE_B, "split": True})
    assert rows(settlement) == [
        ("P3", POT, 2, "out-fee"), ("P4", POT, 3, "out-fee"), ("P1", POT, 4, "out-fee"),
        (POT, "P2", 5, "split"), (POT, "P5", 4, "split"),
    ]
    assert settlement.nets == {"P1": -4, "P2": 5, "P3": -2, "P4": -3, "P5": 4}
    assert settlement.extra["winner"] is None
    assert settlement.extra["pot"] == 9
    assert after.start_player == "P2"


def test_example_b_p5_insists_on_playing() -> None:
    obj = {**EXAMPLE_B, "roles": {"P5": ["flush"]}, "tricks": {"P2": 4, "P5": 3}}
    settlement, after, _ = play(FIVE, obj)
    assert rows(settlement) == [
        ("P3", POT, 2, "out-fee"), ("P4", POT, 3, "out-fee"), ("P1", POT, 4, "out-fee"),
        ("P2", "P5", 3, "hand-roles"), ("P5", "P2", 2, "tricks"), (POT, "P2", 9, "pot"),
    ]
    assert settlement.nets == {"P1": -4, "P2": 8, "P3": -2, "P4": -3, "P5": 1}
    assert after.start_player == "P2"


def test_split_settles_roles_option() -> None:
    options = replace(OPTIONS, split_settles_roles=True)
    obj = {**EXAMPLE_B, "split": True, "roles": {"P5": ["flush"]}}
    settlement, _, _ = play(FIVE, obj, options=options)
    assert rows(settlement)[3:] == [
        ("P2", "P5", 3, "hand-roles"), (POT, "P2", 5, "split"), (POT, "P5", 4, "split"),
    ]
    with pytest.raises(RuleError, match=r"^roles.P5: P5: a split settles no hand roles"):
        play(FIVE, obj)


EXAMPLE_C = {
    "start_player": "P2", "indicator": "KC", "mizuten": True,
    "declarations": {"P2": "in", "P3": "out", "P4": "in", "P5": "in"},
    "aces": {"P1": 1}, "roles": {"P1": ["mugiri"], "P4": ["straight"]},
    "tricks": {"P2": 3, "P4": 2, "P5": 2},
}
EXAMPLE_C_ROWS: list[Row] = [
    ("P3", POT, 8, "out-fee"),
    ("P2", "P1", 8, "forced-out"), ("P4", "P1", 8, "forced-out"), ("P5", "P1", 8, "forced-out"),
    ("P2", "P4", 8, "hand-roles"), ("P5", "P4", 8, "hand-roles"),
    ("P4", "P2", 8, "tricks"), ("P5", "P2", 8, "tricks"),
    (POT, "P2", 8, "pot"),
    ("P3", "P2", 4, "mizuten"), ("P4", "P2", 4, "mizuten"), ("P5", "P2", 4, "mizuten"),
    ("P1", "P2", 4, "mizuten"),
]
EXAMPLE_C_NETS = {"P1": 20, "P2": 24, "P3": -12, "P4": -4, "P5": -28}


def test_example_c_mizuten_on_zetsuba() -> None:
    settlement, after, _ = play(FIVE, EXAMPLE_C)
    assert rows(settlement) == EXAMPLE_C_ROWS
    assert settlement.nets == EXAMPLE_C_NETS
    assert settlement.extra["multiplier"] == 4
    assert settlement.extra["mizuten_won"] is True
    assert after.start_player == "P2"


def test_example_c_from_typed_hands() -> None:
    hands = {
        "P1": "AS 2H 4D 6S 8H 10D QS",  # 1 Ace, no club: mugiri
        "P2": "2C 5H 9S KH QD 8C 3D",  # nothing
        "P4": "3H 4S 5D 6C 7H JD JS",  # a straight (one pair is no role)
        "P5": "9C 10S JH 4C 7S 2S 9D",  # nothing
    }
    obj = {k: v for k, v in EXAMPLE_C.items() if k not in ("roles", "aces")}
    obj["hands"] = {p: h.split() for p, h in hands.items()}
    settlement, _, outcome = play(FIVE, obj)
    assert rows(settlement) == EXAMPLE_C_ROWS
    assert dict(outcome.roles) == {"P1": ("mugiri",), "P4": ("straight",)}
    assert dict(outcome.aces) == {"P1": 1}
    # hands and roles/aces may be given together when they agree
    both = {**obj, "roles": {"P4": ["straight"], "P1": ["mugiri"]}, "aces": {"P1": 1}}
    assert play(FIVE, both)[2] == outcome
    # the stored JSON keeps the hands and leaves out what they give
    assert "roles" not in hh.to_json(outcome) and "aces" not in hh.to_json(outcome)


def test_mizuten_without_three_tricks_or_without_three_in() -> None:
    failed = {**EXAMPLE_C, "tricks": {"P2": 2, "P4": 3, "P5": 2}}
    settlement, _, _ = play(FIVE, failed)
    assert not any(t.reason == "mizuten" for t in settlement.transfers)
    assert settlement.extra["winner"] == "P4"
    alone = {"start_player": "P2", "indicator": "KC", "mizuten": "P2",
             "declarations": {"P3": "out", "P4": "out", "P5": "out", "P1": "out"}}
    settlement, after, outcome = play(FIVE, alone)
    assert outcome.declarations[0] == ("P2", "in")  # the Mizuten player is in without choice
    assert rows(settlement) == [
        ("P3", POT, 8, "out-fee"), ("P4", POT, 12, "out-fee"), ("P5", POT, 16, "out-fee"),
        ("P1", POT, 20, "out-fee"), (POT, "P2", 56, "pot"),
    ]
    assert after.start_player == "P2"


def test_nobody_in_is_void_and_the_start_passes_left() -> None:
    obj = {"start_player": "P5", "indicator": "AS",
           "declarations": {"P5": "out", "P1": "out", "P2": "out", "P3": "out", "P4": "out"}}
    settlement, after, _ = play(FIVE, obj)
    assert settlement.transfers == ()
    assert settlement.extra["winner"] is None and settlement.extra["pot"] == 0
    assert (after.start_player, after.rounds) == ("P1", 1)


def test_calc_contract_output() -> None:
    from ledger.service.calc import calc

    out = calc(EXAMPLE_A)
    assert out["net"]["P2"] == 12 and out["multiplier"] == 2 and out["winner"] == "P2"
    assert out["transfers"][0] == {"from": "P1", "to": "pot", "amount": 4, "reason": "out-fee"}
    assert GAMES["hachihachi-trick"] is hh.GAME
    assert hh.GAME.title == "Hachi-Hachi Trick (ハチハチトリック)"


# --- random valid rounds ----------------------------------------------------------------------

OPTION_SETS = (
    OPTIONS,
    replace(OPTIONS, split_settles_roles=True, fee_base=3, fee_step=2, trick_unit=1,
            mizuten_bonus=2),
)
GROUP_PICKS = {
    "A": [None, "sanbon", "full_house", "kuttsuki", "teshi", "haneken", "futa_sanbon",
          "ichi_ni_shi", "shiso"],
    "B": [None, "straight", "flush", "straight_flush"],
}


@st.composite
def rounds(draw: Any, hands: bool | None = None
           ) -> tuple[tuple[str, ...], dict[str, Any], hh.Options]:
    """A valid round's seats, contract JSON and options."""
    n = draw(st.integers(3, 7))
    seats = NAMES[:n]
    options = draw(st.sampled_from(OPTION_SETS))
    start = draw(st.sampled_from(seats))
    order = seats[seats.index(start):] + seats[:seats.index(start)]
    deck = draw(st.permutations(DECK))
    indicator = deck[0]
    mizuten = draw(st.booleans())
    declarations: dict[str, str] = {}
    ins: list[str] = []
    for i, name in enumerate(order):
        if len(ins) == options.max_in:
            break
        said = "in" if i == 0 and mizuten else draw(st.sampled_from(["in", "out"]))
        declarations[name] = said
        if said == "in":
            ins.append(name)
    forced = [p for p in order if p not in declarations]
    split = len(ins) == 2 and draw(st.booleans())
    played = len(ins) >= 2 and not split
    obj: dict[str, Any] = {"start_player": start, "indicator": str(indicator),
                           "declarations": declarations}
    if mizuten:
        obj["mizuten"] = True
    if split:
        obj["split"] = True
    if played:
        cuts = sorted(draw(st.lists(st.integers(0, 7), min_size=len(ins) - 1,
                                    max_size=len(ins) - 1)))
        bounds = [0, *cuts, 7]
        obj["tricks"] = {p: bounds[i + 1] - bounds[i] for i, p in enumerate(ins)}
    role_players = forced + (ins if played or (split and options.split_settles_roles) else [])
    if hands if hands is not None else draw(st.booleans()):
        if role_players:
            obj["hands"] = {p: [str(c) for c in deck[1 + 7 * i: 8 + 7 * i]]
                            for i, p in enumerate(role_players)}
        return seats, obj, options
    roles: dict[str, list[str]] = {}
    aces: dict[str, int] = {}
    left = 4 - (indicator.rank == "A")
    for name in role_players:
        picked = [draw(st.sampled_from(GROUP_PICKS[g])) for g in "AB"]
        c_choices: list[str | None] = [None]
        if name in forced:
            count = draw(st.integers(0, min(4, left)))
            left -= count
            if count:
                aces[name] = count
            c_choices += ["karasu"] if count == 0 else ["pika_ichi"] if count == 1 else []
        else:
            c_choices += ["karasu", "pika_ichi"]
        picked.append(draw(st.sampled_from(c_choices)))
        if draw(st.booleans()):
            picked.append("mugiri")
        chosen = [r for r in picked if r]
        if chosen:
            roles[name] = chosen
    if roles:
        obj["roles"] = roles
    if aces:
        obj["aces"] = aces
    return seats, obj, options


@settings(max_examples=200, deadline=None)
@given(rounds())
def test_every_round_sums_to_zero_and_empties_the_pot(case: Any) -> None:
    seats, obj, options = case
    settlement, after, _ = play(seats, obj, options=options)
    nets = nets_of(settlement.transfers, seats)
    assert nets.get(POT, 0) == 0
    assert sum(settlement.nets.values()) == 0
    assert set(settlement.nets) == set(seats)
    assert all(t.amount > 0 for t in settlement.transfers)
    collected = sum(t.amount for t in settlement.transfers if t.payee == POT)
    assert collected == settlement.extra["pot"]
    assert after.rounds == 1
    assert sum(after.chips) == options.start_chips * len(seats)


@settings(max_examples=200, deadline=None)
@given(rounds())
def test_closed_forms_agree_with_the_pairwise_transfers(case: Any) -> None:
    seats, obj, options = case
    settlement, _, outcome = play(seats, obj, options=options)
    m = hh.multiplier(outcome.indicator, options)
    ins = outcome.ins
    k = len(ins)
    by_reason: dict[str, dict[str, int]] = {}
    for reason in ("out-fee", "forced-out", "hand-roles", "tricks", "pot", "split", "mizuten"):
        by_reason[reason] = nets_of([t for t in settlement.transfers if t.reason == reason])
    if not ins:
        assert settlement.transfers == ()
        return
    # the n-th voluntary out pays m·(fee_base + (n−1)·fee_step)
    fees = [(t.payer, t.amount) for t in settlement.transfers if t.reason == "out-fee"]
    assert fees == [(p, m * (options.fee_base + i * options.fee_step))
                    for i, p in enumerate(outcome.outs)]
    # a forced-out player receives m·k·(Aces + forced-out role values)
    roles, aces = dict(outcome.roles), dict(outcome.aces)
    for name in seats:
        if name not in dict(outcome.declarations):
            owed = aces.get(name, 0) + sum(TABLE.get(r).forced_out  # type: ignore[union-attr]
                                           for r in roles.get(name, ()))
            assert by_reason["forced-out"].get(name, 0) == m * k * owed
    # hand roles: m·((k−1)·R_i − Σ_{j≠i} R_j)
    if outcome.played or (outcome.split and options.split_settles_roles):
        totals = {p: sum(TABLE.get(r).in_value for r in roles.get(p, ()))  # type: ignore
                  for p in ins}
        for p in ins:
            expect = m * ((k - 1) * totals[p] - sum(totals[q] for q in ins if q != p))
            assert by_reason["hand-roles"].get(p, 0) == expect
    else:
        assert by_reason["hand-roles"] == {}
    # tricks: trick_unit·m·((k−1)·t_i − Σ_{j≠i} t_j); for k = 3 and unit 2: 2m·(3t_i − 7)
    tricks = dict(outcome.tricks)
    for p in ins:
        expect = options.trick_unit * m * ((k - 1) * tricks.get(p, 0) - sum(
            tricks.get(q, 0) for q in ins if q != p))
        assert by_reason["tricks"].get(p, 0) == expect
        if k == 3 and options.trick_unit == 2:
            assert expect == 2 * m * (3 * tricks[p] - 7)
    # the pot collected equals the pot paid out
    paid_out = sum(t.amount for t in settlement.transfers if t.payer == POT)
    assert paid_out == settlement.extra["pot"] == by_reason["out-fee"].get(POT, 0)
    # Mizuten: m·bonus·(N−1) from N players
    if settlement.extra["mizuten_won"]:
        assert by_reason["mizuten"][outcome.start] == m * options.mizuten_bonus * (
            len(seats) - 1)
        assert outcome.mizuten and k >= 3 and tricks[outcome.start] >= 3
    else:
        assert by_reason["mizuten"] == {}


@settings(max_examples=200, deadline=None)
@given(rounds(hands=False), st.sampled_from([("Q", 2), ("J", 2), ("10", 2), ("K", 4)]))
def test_the_multiplier_scales_every_transfer(case: Any, rank_m: tuple[str, int]) -> None:
    seats, obj, options = case
    rank, m = rank_m
    suit = obj["indicator"][-1]
    plain, _, _ = play(seats, {**obj, "indicator": f"7{suit}"}, options=options)
    scaled, _, _ = play(seats, {**obj, "indicator": f"{rank}{suit}"}, options=options)
    assert scaled.extra["multiplier"] == m
    unsplit = [(a, b, n * m, r) for a, b, n, r in rows(plain) if r != "split"]
    assert [row for row in rows(scaled) if row[3] != "split"] == unsplit
    # a split halves what was collected; the odd chip goes to the earlier in-declarer
    shares = [t.amount for t in scaled.transfers if t.reason == "split"]
    if shares:
        pot = scaled.extra["pot"]
        assert shares == [a for a in ((pot + 1) // 2, pot // 2) if a]


@settings(max_examples=200, deadline=None)
@given(rounds())
def test_outcome_round_trips_through_json(case: Any) -> None:
    seats, obj, options = case
    state = hh.initial(seats, options)
    outcome = hh.parse(obj, state, options)
    text = json.dumps(hh.to_json(outcome), ensure_ascii=False)
    assert hh.parse(json.loads(text), state, options) == outcome
    settlement = hh.settle(state, outcome, options)[0]
    assert stored_summary("hachihachi-trick", hh.to_json(outcome), settlement.extra).startswith(
        outcome.indicator.rank)


# --- bad input --------------------------------------------------------------------------------

C_HANDS = {"P1": "AS 2H 4D 6S 8H 10D QS".split(), "P4": "3H 4S 5D 6C 7H JD JS".split()}


def c_with(**change: Any) -> dict[str, Any]:
    obj = {**EXAMPLE_C, **change}
    return {k: v for k, v in obj.items() if v is not None}


@pytest.mark.parametrize(("seats", "obj", "error"), [
    (SEVEN, {**EXAMPLE_A, "declarations": {"P1": "out", "P2": "in", "P3": "in", "P4": "in",
                                           "P5": "in"}},
     "declarations.P5: in, but at most 3 may be in (P4 was the last)"),
    (SEVEN, {**EXAMPLE_A, "declarations": {**EXAMPLE_A["declarations"], "P6": "out"}},
     "declarations.P6: P6 is forced out after P5's in and must not be listed"),
    (SEVEN, {**EXAMPLE_A, "declarations": {"P1": "out", "P3": "out", "P2": "in", "P4": "in",
                                           "P5": "in"}},
     "declarations: P2 declares before P3 (seat order from P1"),
    (SEVEN, {**EXAMPLE_A, "declarations": {"P1": "out", "P2": "in", "P4": "in", "P5": "in"}},
     "declarations: P3 declares before P4"),
    (FIVE, {**EXAMPLE_B, "declarations": {"P2": "in", "P3": "out", "P4": "out", "P5": "in"},
            "split": True},
     "declarations: P1 did not declare; with fewer than 3 in everyone declares"),
    (FIVE, {**EXAMPLE_B, "declarations": {"P2": "maybe"}},
     "declarations.P2: maybe is not one of in, out"),
    (SEVEN, {**EXAMPLE_A, "tricks": {"P2": 3, "P4": 1, "P5": 2}}, "tricks: sum is 6, not 7"),
    (SEVEN, {**EXAMPLE_A, "tricks": {"P2": 3, "P4": 4}}, "tricks: P5 played but has no trick"),
    (SEVEN, {**EXAMPLE_A, "tricks": {"P2": 3, "P4": 1, "P5": 3, "P6": 0}},
     "tricks.P6: P6 is not in (P2, P4, P5 are)"),
    (SEVEN, {**EXAMPLE_A, "tricks": {"P2": 3, "P4": -1, "P5": 5}}, "tricks.P4: -1 is below 0"),
    (SEVEN, {**EXAMPLE_A, "tricks": None}, "tricks: is missing: P2, P4, P5 played"),
    (FIVE, {**EXAMPLE_B, "split": True, "tricks": {"P2": 4, "P5": 3}},
     "tricks: given, but a split is not played"),
    (SEVEN, {**EXAMPLE_A, "split": True}, "split: true with 3 in; only two in-players can split"),
    (FIVE, {**EXAMPLE_B, "split": "yes"}, "split: yes is not true or false"),
    (SEVEN, {**EXAMPLE_A, "roles": {"P2": ["sanbonn"]}}, "roles.P2: sanbonn is not a hand role"),
    (SEVEN, {**EXAMPLE_A, "roles": {"P1": ["karasu"]}},
     "roles.P1: P1 is out; only in-players and forced-out players have hand roles"),
    (SEVEN, {**EXAMPLE_A, "roles": {"P2": ["straight", "flush"]}},
     "roles.P2: straight and flush are both group B"),
    (SEVEN, {**EXAMPLE_A, "roles": {"P2": ["mugiri", "mugiri"]}},
     "roles.P2: mugiri is listed twice"),
    (SEVEN, {**EXAMPLE_A, "roles": {"P2": "sanbon"}},
     "roles.P2: sanbon is not a list of role ids"),
    (SEVEN, {**EXAMPLE_A, "aces": {"P6": 5}}, "aces.P6: 5 is above 4"),
    (SEVEN, {**EXAMPLE_A, "aces": {"P6": 3, "P7": 2}, "roles": {}},
     "aces: 5 Aces in all, counting the hands; the pack has 4"),
    (SEVEN, {**EXAMPLE_A, "indicator": "AS", "aces": {"P6": 4}},
     "aces: 5 Aces in all, counting the hands and the indicator; the pack has 4"),
    (SEVEN, {**EXAMPLE_A, "aces": {"P2": 1}},
     "aces.P2: P2 is in; only forced-out players' Aces count"),
    (SEVEN, {**EXAMPLE_A, "aces": {"P1": 1}},
     "aces.P1: P1 is out; only forced-out players' Aces count"),
    (SEVEN, {**EXAMPLE_A, "aces": {"P7": 2}}, "aces.P7: 2, but karasu means 0 Aces"),
    (SEVEN, {**EXAMPLE_A, "indicator": "ZZ"}, "indicator: ZZ is not a card"),
    (SEVEN, {**EXAMPLE_A, "indicator": None}, "indicator: is missing"),
    (FIVE, c_with(mizuten="P3"), "mizuten: P3 is not the start player (P2)"),
    (FIVE, c_with(mizuten=3), "mizuten: 3 is not true, false or the start player's name"),
    (FIVE, c_with(declarations={"P2": "out", "P3": "out", "P4": "in", "P5": "in",
                                "P1": "in"}),
     "declarations.P2: out, but Mizuten is in without choice"),
    (FIVE, c_with(hands={"P1": C_HANDS["P1"][:6]}), "hands.P1: 6 cards, not 7"),
    (FIVE, c_with(hands={"P1": C_HANDS["P1"], "P4": [*C_HANDS["P4"][:6], "QS"]}),
     "hands.P1: QS is also in P4's hand"),
    (FIVE, c_with(hands={"P1": [*C_HANDS["P1"][:6], "2H"]}), "hands.P1: 2H is twice"),
    (FIVE, c_with(hands={"P1": [*C_HANDS["P1"][:6], "KC"]}),
     "hands.P1: KC is the indicator, which belongs to nobody"),
    (FIVE, c_with(hands={"P1": [*C_HANDS["P1"][:6], "XX"]}), "hands.P1: XX is not a card"),
    (FIVE, c_with(hands={"P4": C_HANDS["P1"]}),
     "roles.P4: straight, but the hand has mugiri"),
    (FIVE, c_with(hands={"P1": C_HANDS["P1"]}, aces={"P1": 2}),
     "aces.P1: 2, but the hand has 1"),
    (FIVE, c_with(hands={"P3": C_HANDS["P1"]}),
     "hands.P3: P3 is out; only in-players and forced-out players have hands that count"),
    (FIVE, c_with(start_player="P1", mizuten="P2"), "mizuten: P2 is not the start player (P1)"),
    (FIVE, c_with(start_player="P1", declarations={"P1": "out"}),
     "declarations.P1: out, but Mizuten is in without choice"),
    (FIVE, c_with(colour="red"), "colour: unknown field"),
    (FIVE, {**EXAMPLE_B, "declarations": {"P2": "in", "P3": "out", "P4": "out", "P5": "out",
                                          "P1": "out"}, "roles": {"P2": ["flush"]}},
     "roles.P2: P2 is the only in-player: no play, no hand roles"),
    (FIVE, {**EXAMPLE_B, "declarations": {"P2": "in", "P3": "out", "P4": "out", "P5": "out",
                                          "P1": "out"}, "tricks": {"P2": 7}},
     "tricks: given, but P2 is the only in-player and takes the pot without play"),
    (FIVE, {**EXAMPLE_B, "declarations": {"P2": "out", "P3": "out", "P4": "out", "P5": "out",
                                          "P1": "out"}, "tricks": {"P2": 7}},
     "tricks: given, but nobody is in"),
    (FIVE, {**EXAMPLE_B, "start_player": "P9"}, "start_player: P9 is not playing at this table"),
])
def test_bad_rounds_name_field_and_value(seats: tuple[str, ...], obj: dict[str, Any],
                                         error: str) -> None:
    obj = {k: v for k, v in obj.items() if v is not None}
    with pytest.raises(RuleError) as exc:
        play(seats, obj)
    assert str(exc.value).startswith(error)


def test_eight_players_are_refused() -> None:
    with pytest.raises(RuleError, match=r"^seats: 8 players; Hachi-Hachi Trick takes 3 to 7"):
        hh.check_seats(NAMES, OPTIONS)
    with pytest.raises(RuleError, match=r"^seats: 2 players"):
        hh.initial(NAMES[:2], OPTIONS)


def test_start_player_defaults_to_the_tables_and_is_always_stored() -> None:
    _, after, _ = play(FIVE, EXAMPLE_C)  # P2 wins: P2 starts round 2
    again = {**EXAMPLE_C, "mizuten": False}
    assert hh.parse(again, after, OPTIONS).start == "P2"
    assert hh.to_json(hh.parse(again, after, OPTIONS))["start_player"] == "P2"
    moved = {**EXAMPLE_B, "start_player": "P3",
             "declarations": {"P3": "in", "P4": "out", "P5": "out", "P1": "out", "P2": "out"}}
    # the table may have started elsewhere (a named start player is what happened)
    assert hh.parse(moved, after, OPTIONS).start == "P3"
    del moved["start_player"]
    with pytest.raises(RuleError, match=r"^declarations: P2 declares before P3"):
        hh.parse(moved, after, OPTIONS)


# --- the fold over a game ---------------------------------------------------------------------

def test_a_game_of_twelve_rounds_and_the_start_player() -> None:
    state = hh.initial(FIVE, OPTIONS)
    assert state.start_player == "P1"
    starts = []

    def declare(start: str, said: list[str]) -> dict[str, str]:
        i = FIVE.index(start)
        return dict(zip(FIVE[i:] + FIVE[:i], said, strict=False))

    for n in range(12):
        start = state.start_player
        starts.append(start)
        kind = n % 4
        if kind == 0:  # nobody in: the start passes left
            obj = {"indicator": "7H", "declarations": declare(start, ["out"] * 5)}
        elif kind == 1:  # one in (the third seat from the start) takes the pot and starts
            obj = {"indicator": "7H", "declarations": declare(start, ["out", "out", "in",
                                                                      "out", "out"])}
        elif kind == 2:  # two in split: the earlier in-declarer starts
            obj = {"indicator": "7H", "split": True,
                   "declarations": declare(start, ["out", "in", "out", "in", "out"])}
        else:  # three in play: the most tricks (the last in-declarer) starts
            said = declare(start, ["in", "out", "in", "in"])
            ins = [p for p, d in said.items() if d == "in"]
            obj = {"indicator": "7H", "declarations": said,
                   "tricks": {ins[0]: 2, ins[1]: 1, ins[2]: 4}}
        settlement, state, _ = play(FIVE, obj, state)
        assert settlement.extra["round"] == n + 1
        assert settlement.extra["next_start_player"] == state.start_player
        assert hh.status(state, OPTIONS)["finished"] is (n == 11)
    # P1 void → P2; P2 round: P4 alone in → P4; P4 split with P5, P2 → P5;
    # P5 with P5, P2, P3 in, P3 most tricks → P3; P3 void → P4; ...
    assert starts == ["P1", "P2", "P4", "P5", "P3", "P4", "P1", "P2", "P5", "P1", "P3", "P4"]
    status = hh.status(state, OPTIONS)
    assert status == {"finished": True, "round": 12, "rounds": 12, "next_round": None,
                      "start_player": None, "chips": dict(zip(FIVE, state.chips, strict=True))}
    assert sum(state.chips) == 5 * 50
    with pytest.raises(RuleError, match=r"^round: the game is over after 12 rounds"):
        hh.parse({"indicator": "7H", "declarations": declare(state.start_player, ["out"] * 5)},
                 state, OPTIONS)


def test_short_preset_and_allow_negative_false() -> None:
    _, short = presets.load("hachihachi-trick", "short")
    assert short.rounds == 6 and short.hand_roles == TABLE
    options = replace(OPTIONS, allow_negative=False, start_chips=28)
    settlement, state, _ = play(FIVE, EXAMPLE_C, options=options)  # P5 goes to 0
    assert state.chips[4] == 0
    assert state.finished and settlement.extra["finished"]
    with pytest.raises(RuleError, match=r"^round"):
        hh.parse(EXAMPLE_C, state, options)


# --- options --------------------------------------------------------------------------------

def test_options_validation_and_rank_spelling() -> None:
    options = hh.make_options({"ooba_ranks": ["t", "j", "q"], "zetsuba_ranks": ["a", "k"]})
    assert options.ooba_ranks == ("10", "J", "Q") and options.zetsuba_ranks == ("A", "K")
    with pytest.raises(RuleError, match=r"^zetsuba_ranks: Q is also an Ooba rank"):
        hh.make_options({"zetsuba_ranks": ["Q", "K"]})
    with pytest.raises(RuleError, match=r"^ooba_ranks: X is not a rank"):
        hh.make_options({"ooba_ranks": ["X"]})
    with pytest.raises(RuleError, match=r"^max_in: 8 is not between 2 and 6"):
        hh.make_options({"max_in": 8})
    with pytest.raises(RuleError, match=r"^fee_base: -1 is negative"):
        hh.make_options({"fee_base": -1})
    with pytest.raises(RuleError, match=r"^colour: unknown option"):
        hh.make_options({"colour": 1})
    assert hh.make_options({}).hand_roles.roles == ()


# --- quick flags ----------------------------------------------------------------------------

def test_quick_builds_example_c() -> None:
    state = hh.initial(FIVE, OPTIONS)
    flags = {"start": "P2", "indicator": "KC", "mizuten": True, "declare": "in,out,in,in",
             "aces": "P1=1", "roles": "P1=mugiri;P4=straight", "tricks": "P2=3,P4=2,P5=2"}
    obj = hh.quick(flags, state)
    assert obj == {k: v for k, v in EXAMPLE_C.items()}
    assert rows(play(FIVE, obj)[0]) == EXAMPLE_C_ROWS


def test_quick_named_declarations_hands_and_split() -> None:
    state = hh.initial(FIVE, OPTIONS)
    obj = hh.quick({"start": "P2", "indicator": "7H", "split": "yes", "hands": None,
                    "declare": "P2=IN, P3=out, P4=out, P5=in, P1=out"}, state)
    assert obj == {**EXAMPLE_B, "split": True}
    obj = hh.quick({"indicator": "KC", "start": "P2", "mizuten": True, "declare": "in,out,in,in",
                    "tricks": "P2=3;P4=2;P5=2",
                    "roles": "P1=mugiri+karasu,pika_ichi;P4=straight",
                    "hands": "P1=AS 2H 4D 6S 8H 10D QS;P4=3H,4S,5D,6C,7H,JD,JS"}, state)
    assert obj["hands"] == C_HANDS
    assert obj["roles"] == {"P1": ["mugiri", "karasu", "pika_ichi"], "P4": ["straight"]}


@pytest.mark.parametrize(("flags", "error"), [
    ({"tricks": "P2=three"}, "tricks: P2=three: not a whole number"),
    ({"aces": "2"}, 'aces: "2" is not PLAYER=value'),
    ({"roles": "=mugiri"}, "roles: =mugiri has no player name before ="),
    ({"tricks": "P2=3,P2=4"}, "tricks: P2 appears twice"),
    ({"declare": "in,out,in,out,out,out"}, "declare: 6 declarations for 5 players"),
    ({"split": "perhaps"}, "split: perhaps is not true or false"),
    ({"colour": "red"}, "colour: unknown flag"),
])
def test_quick_refuses_unreadable_flags(flags: dict[str, Any], error: str) -> None:
    with pytest.raises(RuleError) as exc:
        hh.quick(flags, hh.initial(FIVE, OPTIONS))
    assert str(exc.value).startswith(error)


def test_settle_sets_every_field_of_the_next_state() -> None:
    """`settle` builds the next State with every field named (cheaper than `replace`): a
    field added to State must be given there too, or this fails."""
    from dataclasses import fields

    assert [f.name for f in fields(hh.State)] == ["seats", "start_player", "rounds", "chips",
                                                   "finished", "carried"]
