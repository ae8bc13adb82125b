"""Crazy Solo: the worked examples of crazy-solo.md as golden tests, plus invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.domain.rules import RuleError
from ledger.domain.rules import crazy_solo as cs
from ledger.service.calc import calc

NAMES = [f"P{i}" for i in range(1, 13)]


def deal(n: int, **kw: Any) -> dict[str, Any]:
    base = {"game": "crazy-solo", "players": NAMES[:n], "dealer": "P1", "contract": "solo",
            "caller": "P2", "trump": "clubs", "partner": "P4", "team_points": 73}
    base.update(kw)
    return {k: v for k, v in base.items() if v is not None}


# Section 7: Solo, trump clubs, T = 73: raw 26, A = 25.
@pytest.mark.parametrize(("players", "caller_net", "partner_net"), [
    (4, 25, 25), (5, 50, 25), (7, 75, 50), (8, 75, 75),
])
def test_worked_example_table(players: int, caller_net: int, partner_net: int) -> None:
    out = calc(deal(players, partner="P3" if players == 4 else "P4"))
    partner = "P3" if players == 4 else "P4"
    assert out["amount"] == 25
    assert out["net"]["P2"] == caller_net
    assert out["net"][partner] == partner_net
    gang = [p for p in NAMES[:players] if p not in ("P2", partner)]
    assert all(out["net"][p] == -25 for p in gang)
    assert sum(out["net"].values()) == 0


def test_five_players_who_pays_whom() -> None:
    # Gang walked from the caller's left (P3, P5, P1): first two pay the caller.
    out = calc(deal(5))
    assert out["transfers"] == [
        {"from": "P3", "to": "P2", "amount": 25, "reason": "solo"},
        {"from": "P5", "to": "P2", "amount": 25, "reason": "solo"},
        {"from": "P1", "to": "P4", "amount": 25, "reason": "solo"},
    ]


def test_alone_four_players() -> None:
    out = calc(deal(4, contract="alone", partner=None))
    assert out["net"] == {"P1": -25, "P2": 75, "P3": -25, "P4": -25}


def test_heart_solo_rounds_39_to_40() -> None:
    out = calc(deal(5, contract="heart-solo", trump="hearts"))
    assert out["amount"] == 40
    assert out["net"] == {"P1": -40, "P2": 80, "P3": -40, "P4": 40, "P5": -40}


def test_losing_solo_runs_the_other_way() -> None:
    out = calc(deal(5, team_points=52))
    assert out["amount"] == -15
    assert out["net"] == {"P1": 15, "P2": -30, "P3": 15, "P4": -15, "P5": 15}


def test_gang_points_are_the_other_pile() -> None:
    assert calc(deal(5, team_points=None, gang_points=47)) == calc(deal(5))


def test_sixty_pays_nothing_and_pass_is_a_deal() -> None:
    assert calc(deal(5, team_points=60))["transfers"] == []
    out = calc({"game": "crazy-solo", "players": NAMES[:5], "contract": "pass"})
    assert out["net"] == dict.fromkeys(NAMES[:5], 0)


@pytest.mark.parametrize(("raw", "expected"), [
    (26, 25), (28, 30), (39, 40), (-16, -15), (-28, -30), (0, 0), (2, 0), (3, 5), (7, 5),
    (8, 10), (120, 120), (-180, -180),
])
def test_rounding_rule(raw: int, expected: int) -> None:
    assert cs.round_amount(raw, 5) == expected


def test_called_own_card_plays_alone() -> None:
    out = calc(deal(5, partner="P2"))
    assert out["net"]["P2"] == 100


@pytest.mark.parametrize(("change", "message"), [
    ({"team_points": 121}, "team_points: 121 is above 120"),
    ({"team_points": -1}, "team_points: -1 is below 0"),
    ({"team_points": "73"}, 'team_points: "73" is not a whole number'),
    ({"team_points": True}, "team_points: true is not a whole number"),
    ({"gang_points": 40}, "team_points: give exactly one of team_points and gang_points"),
    ({"contract": "heart-solo"}, "trump: clubs with heart-solo; it must be hearts"),
    ({"contract": "bid"}, "contract: bid is not one of solo, heart-solo, alone, heart-alone, pass"),
    ({"caller": "Zed"}, "caller: Zed is not playing at this table"),
    ({"partner": "Zed"}, "partner: Zed is not playing at this table"),
    ({"trump": "stars"}, "trump: stars is not a suit (clubs, diamonds, hearts, spades)"),
    ({"called_card": "6S"}, "called_card: 6S is not in play with 5 players"),
    ({"called_card": "ZZ"}, "called_card: ZZ is not a card (try AS, 10H, QD)"),
    ({"contract": "alone"}, "partner: P4: alone has no partner"),
    ({"colour": "red"}, "colour: unknown field"),
])
def test_bad_deals_name_field_and_value(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as err:
        calc(deal(5, **change))
    assert str(err.value) == message


def test_three_players_cannot_play_solo() -> None:
    with pytest.raises(RuleError, match="contract: solo is not played by 3 players"):
        calc(deal(3, partner="P3"))
    out = calc(deal(3, contract="alone", partner=None))
    assert out["net"] == {"P1": -25, "P2": 50, "P3": -25}


def test_called_card_pack_sizes() -> None:
    assert calc(deal(10, called_card="7H"))["amount"] == 25
    for bad in ("7C", "7S", "6H"):
        with pytest.raises(RuleError, match="not in play with 10 players"):
            calc(deal(10, called_card=bad))
    short = cs.Options(three_player_pack=24)
    assert cs.Card("8", "H") not in cs.cards_in_play(3, short)
    assert len(cs.cards_in_play(3, short)) == 24


def test_card_spellings() -> None:
    for text in ("10H", "TH", "th", "♥10", "10♥", " 10h "):
        assert str(cs.parse_card(text)) == "10H"


def test_payers_override_must_keep_the_split() -> None:
    ok = calc(deal(5, payers={"caller": ["P1", "P5"], "partner": ["P3"]}))
    assert ok["net"] == calc(deal(5))["net"]
    assert {"from": "P3", "to": "P4", "amount": 25, "reason": "solo"} in ok["transfers"]
    with pytest.raises(RuleError, match=r"payers\.caller: 1 payers"):
        calc(deal(5, payers={"caller": ["P1"], "partner": ["P3", "P5"]}))
    with pytest.raises(RuleError, match="payers: must name each Gang member exactly once"):
        calc(deal(5, payers={"caller": ["P1", "P1"], "partner": ["P3"]}))


def test_bidding_order_preset() -> None:
    strict = cs.Options(enforce_bid_order=True)
    state = cs.initial(tuple(NAMES[:4]), strict)
    ok = {"contract": "heart-solo", "caller": "P4", "trump": "hearts", "partner": "P2",
          "team_points": 70, "bids": ["heart-solo", "pass", "heart-solo", "pass"][::1]}
    # bids run from the dealer's left: P2, P3, P4, P1; the last bid is P4's
    ok["bids"] = ["heart-solo", "pass", "heart-solo", "pass"]
    assert cs.parse(ok, state, strict).bids == tuple(ok["bids"])
    with pytest.raises(RuleError, match="bids: solo does not beat alone"):
        cs.parse({**ok, "contract": "solo", "trump": "clubs", "bids":
                  ["alone", "pass", "solo", "pass"]}, state, strict)
    # without the preset the order is not enforced, but the last bid must be the caller's
    lax = cs.Options()
    cs.parse({**ok, "contract": "solo", "trump": "clubs", "bids":
              ["alone", "pass", "solo", "pass"]}, state, lax)
    with pytest.raises(RuleError, match="bids: the last bid must be P4's heart-solo"):
        cs.parse({**ok, "bids": ["pass", "pass", "pass", "heart-solo"]}, state, lax)


def test_dealer_rotates_left() -> None:
    opts = cs.Options()
    state = cs.initial(("A", "B", "C"), opts)
    seen = []
    for _ in range(4):
        seen.append(state.dealer)
        _, state = cs.settle(state, cs.parse({"contract": "pass"}, state, opts), opts)
    assert seen == ["A", "B", "C", "A"]


# ---- properties ---------------------------------------------------------------------------

@st.composite
def deals(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    n = draw(st.integers(3, 12))
    players = NAMES[:n]
    contracts = ["alone", "heart-alone"] if n == 3 else list(cs.CONTRACTS)
    contract = draw(st.sampled_from([*contracts, "pass"]))
    if contract == "pass":
        return {"game": "crazy-solo", "players": players, "contract": "pass"}, n
    caller = draw(st.sampled_from(players))
    trump = "hearts" if contract.startswith("heart") else draw(
        st.sampled_from(["clubs", "diamonds", "hearts", "spades"]))
    obj: dict[str, Any] = {"game": "crazy-solo", "players": players, "contract": contract,
                           "caller": caller, "trump": trump}
    if contract in cs.PARTNER_CONTRACTS:
        obj["partner"] = draw(st.sampled_from(players))
    if draw(st.booleans()):
        obj["team_points"] = draw(st.integers(0, 120))
    else:
        obj["gang_points"] = draw(st.integers(0, 120))
    return obj, n


@given(deals())
def test_every_deal_sums_to_zero_in_multiples_of_five(case: tuple[dict[str, Any], int]) -> None:
    obj, _ = case
    out = calc(obj)
    assert sum(out["net"].values()) == 0
    assert set(out["net"]) == set(obj["players"])
    assert all(abs(v) % 5 == 0 for v in out["net"].values())
    assert all(t["amount"] > 0 for t in out["transfers"])


@given(deals(), st.randoms(use_true_random=False))
def test_payers_override_never_changes_nets(case: tuple[dict[str, Any], int], rnd: Any) -> None:
    obj, _ = case
    if obj.get("partner") in (None, obj.get("caller")):
        return
    gang = [p for p in obj["players"] if p not in (obj["caller"], obj["partner"])]
    rnd.shuffle(gang)
    half = (len(gang) + 1) // 2
    override = {**obj, "payers": {"caller": gang[:half], "partner": gang[half:]}}
    assert calc(override)["net"] == calc(obj)["net"]


@given(deals())
def test_outcome_json_round_trip(case: tuple[dict[str, Any], int]) -> None:
    obj, _ = case
    opts = cs.Options()
    state = cs.initial(tuple(obj["players"]), opts)
    outcome = cs.parse(obj, state, opts)
    assert cs.parse(cs.to_json(outcome), state, opts) == outcome


def test_settle_sets_every_field_of_the_next_state() -> None:
    """`settle` builds the next State with every field named (cheaper than `replace`): a
    field added to State must be given there too, or this fails."""
    from dataclasses import fields

    assert [f.name for f in fields(cs.State)] == ["seats", "dealer", "deals"]
