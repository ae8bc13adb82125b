"""Hachi-Hachi Trick, nobody in (hachihachi-trick.md section 2): the fees refunded (default)
or carried to the next pot winner, and whether the skipped round counts toward the game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.config import presets
from ledger.domain.rules import RuleError
from ledger.domain.rules import hachihachi as hh
from ledger.domain.rules.transfers import POT, nets_of
from ledger.service.calc import calc
from ledger.text.summaries import render, stored_summary

FIVE = ("P1", "P2", "P3", "P4", "P5")
_, DEFAULT = presets.load("hachihachi-trick")
_, CARRY = presets.load("hachihachi-trick", "carry")
ALL_OUT = {"indicator": "7H", "declarations": dict.fromkeys(FIVE, "out")}  # start P1
# worked example B (start P2, pot 9), played: P2 4 tricks, P5 3
EXAMPLE_B = {"indicator": "7H", "declarations": {"P2": "in", "P3": "out", "P4": "out",
                                                 "P5": "in", "P1": "out"},
             "tricks": {"P2": 4, "P5": 3}}


def play(obj: dict[str, Any], state: hh.State, options: hh.Options) -> tuple[Any, hh.State]:
    return hh.settle(state, hh.parse(obj, state, options), options)


def rows(settlement: Any) -> list[tuple[str, str, int, str]]:
    return [(t.payer, t.payee, t.amount, t.reason) for t in settlement.transfers]


def test_defaults_keep_the_refund_and_count_the_round() -> None:
    assert (DEFAULT.empty_round_pot, DEFAULT.empty_round_counts) == ("refund", True)
    settlement, after = play(ALL_OUT, hh.initial(FIVE, DEFAULT), DEFAULT)
    assert settlement.transfers == () and "pot_carried" not in settlement.extra
    assert (after.rounds, after.carried, after.start_player) == (1, (), "P2")
    assert "pot_carried" not in hh.status(after, DEFAULT)
    # the round is recorded, not voided: it says "skipped", never "void"
    outcome = hh.to_json(hh.parse(ALL_OUT, hh.initial(FIVE, DEFAULT), DEFAULT))
    summary = stored_summary("hachihachi-trick", outcome, settlement.extra)
    assert summary == "7♥ · nobody in — skipped"
    outcome = hh.to_json(hh.parse(ALL_OUT, hh.initial(FIVE, DEFAULT), DEFAULT))
    assert render("hachihachi-trick", outcome, dict(settlement.extra)) == summary


def test_carry_keeps_the_fees_for_the_next_pot_winner() -> None:
    settlement, after = play(ALL_OUT, hh.initial(FIVE, CARRY), CARRY)
    # nothing moves yet (every deal's pot ends empty): the fees 2, 3, 4, 5, 6 are owed
    assert settlement.transfers == ()
    assert settlement.extra["pot_carried"] == 20 and settlement.extra["carried_in"] == 0
    outcome = hh.to_json(hh.parse(ALL_OUT, hh.initial(FIVE, CARRY), CARRY))
    assert stored_summary("hachihachi-trick", outcome, settlement.extra) == \
        "7♥ · nobody in, pot 20 carried"
    assert after.carried == (("P1", 2), ("P2", 3), ("P3", 4), ("P4", 5), ("P5", 6))
    assert hh.status(after, CARRY)["pot_carried"] == 20
    assert after.start_player == "P2" and after.rounds == 1

    settlement, final = play(EXAMPLE_B, after, CARRY)
    assert rows(settlement) == [
        ("P1", POT, 2, "carried"), ("P2", POT, 3, "carried"), ("P3", POT, 4, "carried"),
        ("P4", POT, 5, "carried"), ("P5", POT, 6, "carried"),
        ("P3", POT, 2, "out-fee"), ("P4", POT, 3, "out-fee"), ("P1", POT, 4, "out-fee"),
        ("P5", "P2", 2, "tricks"), (POT, "P2", 29, "pot"),
    ]
    assert settlement.nets == {"P1": -6, "P2": 28, "P3": -6, "P4": -8, "P5": -8}
    assert (settlement.extra["pot"], settlement.extra["carried_in"],
            settlement.extra["pot_carried"]) == (9, 20, 0)
    outcome = hh.to_json(hh.parse(EXAMPLE_B, after, CARRY))
    assert stored_summary("hachihachi-trick", outcome, settlement.extra) == \
        "7♥ · in P2 P5 · tricks 4-3 · pot 9 + 20 carried → P2"
    assert final.carried == () and "pot_carried" not in hh.status(final, CARRY)
    assert final.chips == (44, 78, 44, 42, 42)


def test_a_split_shares_the_carried_pot_and_the_multiplier_counts_when_carried() -> None:
    ooba_all_out = {"indicator": "QS", "declarations": dict.fromkeys(FIVE, "out")}
    _, after = play(ooba_all_out, hh.initial(FIVE, CARRY), CARRY)  # ×2: 4 6 8 10 12
    _, after = play({**ALL_OUT, "start_player": "P2",
                     "declarations": {p: "out" for p in (*FIVE[1:], "P1")}}, after, CARRY)
    assert after.carried_pot == 40 + 20
    assert dict(after.carried) == {"P1": 4 + 6, "P2": 6 + 2, "P3": 8 + 3, "P4": 10 + 4,
                                   "P5": 12 + 5}
    split = {**EXAMPLE_B, "start_player": "P2", "split": True}
    del split["tricks"]
    settlement, final = play(split, after, CARRY)
    assert [r for r in rows(settlement) if r[3] == "split"] == [
        (POT, "P2", 35, "split"), (POT, "P5", 34, "split")]  # 9 + 60, odd chip to P2
    assert sum(final.chips) == 5 * 50 and final.carried == ()


def test_one_in_takes_the_carried_pot() -> None:
    _, after = play(ALL_OUT, hh.initial(FIVE, CARRY), CARRY)
    one_in = {"indicator": "2C", "declarations": {"P2": "in", "P3": "out", "P4": "out",
                                                   "P5": "out", "P1": "out"}}
    settlement, _ = play(one_in, after, CARRY)
    assert rows(settlement)[-1] == (POT, "P2", 20 + 2 + 3 + 4 + 5, "pot")


def test_a_pot_still_carried_when_the_game_ends_is_never_paid() -> None:
    options = hh.make_options({**hh.options_json(CARRY), "rounds": 1})
    settlement, after = play(ALL_OUT, hh.initial(FIVE, options), options)
    assert settlement.transfers == () and after.finished
    assert after.chips == (50,) * 5


def test_a_skipped_round_that_does_not_count() -> None:
    options = hh.make_options({**hh.options_json(DEFAULT), "empty_round_counts": False,
                               "rounds": 1})
    state = hh.initial(FIVE, options)
    settlement, after = play(ALL_OUT, state, options)
    assert (after.rounds, after.finished, after.start_player) == (0, False, "P2")
    assert settlement.extra["round"] == 1 and settlement.extra["counted"] is False
    assert hh.status(after, options)["next_round"] == 1
    settlement, after = play(EXAMPLE_B, after, options)
    assert (after.rounds, after.finished, settlement.extra["round"]) == (1, True, 1)
    assert "counted" not in settlement.extra


def test_options_are_checked() -> None:
    raw = hh.options_json(DEFAULT)
    with pytest.raises(RuleError) as exc:
        hh.make_options({**raw, "empty_round_pot": "keep"})
    assert str(exc.value) == "empty_round_pot: keep is not one of refund, carry"
    with pytest.raises(RuleError) as exc:
        hh.make_options({**raw, "empty_round_counts": "no"})
    assert str(exc.value) == "empty_round_counts: no is not true or false"


def test_calc_answers_an_empty_round_under_carry() -> None:
    obj = {"game": "hachihachi-trick", "players": list(FIVE), **ALL_OUT}
    assert calc(obj) == {"game": "hachihachi-trick", "net": dict.fromkeys(FIVE, 0),
                         "transfers": [], "multiplier": 1, "trump": "hearts", "pot": 0,
                         "winner": None, "next_start_player": "P2", "round": 1, "rounds": 12,
                         "start_player": "P1", "in_players": [], "forced_out": [],
                         "mizuten_won": False, "finished": False}
    out = calc({**obj, "options": {"empty_round_pot": "carry", "empty_round_counts": False}})
    assert (out["transfers"], out["pot_carried"], out["counted"]) == ([], 20, False)
    assert calc({**obj, "preset": "carry"})["pot_carried"] == 20


@st.composite
def evenings(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Rounds at a five-seat table: nobody in, one in, or three in with tricks."""
    out = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["empty", "one", "three"]))
        indicator = draw(st.sampled_from(["7H", "QS", "KC", "2D"]))
        if kind == "empty":
            out.append({"indicator": indicator, "declare": ["out"] * 5})
        elif kind == "one":
            out.append({"indicator": indicator, "declare": ["in", "out", "out", "out", "out"]})
        else:
            a = draw(st.integers(0, 7))
            b = draw(st.integers(0, 7 - a))
            out.append({"indicator": indicator, "declare": ["in", "in", "out", "in"],
                        "tricks": [a, b, 7 - a - b]})
    return out


@settings(max_examples=150, deadline=None)
@given(evenings(), st.booleans())
def test_carried_fees_are_paid_once_to_the_next_pot(rounds: list[dict[str, Any]],
                                                    counts: bool) -> None:
    options = hh.make_options({**hh.options_json(CARRY), "empty_round_counts": counts})
    state = hh.initial(FIVE, options)
    owed = 0
    for r in rounds:
        if state.finished:
            break
        i = FIVE.index(state.start_player)
        order = FIVE[i:] + FIVE[:i]
        declarations = dict(zip(order, r["declare"], strict=False))
        obj: dict[str, Any] = {"indicator": r["indicator"], "declarations": declarations}
        ins = [p for p, d in declarations.items() if d == "in"]
        if "tricks" in r:
            obj["tricks"] = dict(zip(ins, r["tricks"], strict=True))
        settlement, after = play(obj, state, options)
        assert nets_of(settlement.transfers).get(POT, 0) == 0  # every pot ends empty
        assert sum(settlement.nets.values()) == 0
        carried = sum(t.amount for t in settlement.transfers if t.reason == "carried")
        fees = sum(t.amount for t in settlement.transfers if t.reason == "out-fee")
        if ins:
            assert (carried, after.carried_pot) == (owed, 0)
            owed = 0
        else:
            assert (settlement.transfers, fees) == ((), 0)
            m = hh.multiplier(hh.parse(obj, state, options).indicator, options)
            owed += m * (2 + 3 + 4 + 5 + 6)
            assert after.carried_pot == owed
        assert after.rounds == state.rounds + (1 if ins or counts else 0)
        assert sum(after.chips) == 5 * options.start_chips
        state = after
