"""One amount per player once a deal is corrected after payment began: the money beside a
player is their net at the rate (the settlement, the standings CSV, the CLI), the kept plan
is shown stale naming the deal, and the payments made are facts a new plan starts from."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from ledger.service import Tally

from .conftest import Cli

SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]
# nets Ann +165, Bea −110, Chie +140, Dan −195, Eve 0; fewest: Bea → Chie 110,
# Dan → Ann 165, Dan → Chie 30
DEALS = [
    {"contract": "solo", "caller": "Ann", "trump": "clubs", "partner": "Dan",
     "team_points": 52},
    {"contract": "solo", "caller": "Dan", "trump": "clubs", "partner": "Bea",
     "team_points": 32},
    {"contract": "solo", "caller": "Ann", "trump": "clubs", "partner": "Chie",
     "team_points": 95},
]


def paid_then_corrected(service: Tally, cli: Cli | None = None) -> tuple[int, int]:
    """Bea pays Chie 110, Dan pays Ann 100 of 165, then deal 3 is recounted (95 → 82),
    from the CLI when `cli` is given; ¥10 a chip. (night id, deal 3's id)"""
    for name in SEATS:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    table = service.new_table(night, "crazy-solo", SEATS)
    ids = service.add_deals(table, DEALS)
    service.set_rate(night, "10", "JPY")
    service.pay(night, "Bea", "Chie")
    service.pay(night, "Dan", "Ann", 100)
    fixed = {**DEALS[2], "team_points": 82}
    if cli is None:
        service.correct_deal(ids[2], fixed, reason="recount")
    else:
        r = cli("round", "correct", str(ids[2]), "--reason", "recount", input=fixed)
        assert r.exit_code == 0, r.output
    return night, ids[2]


def test_money_is_the_net_at_the_rate_after_a_correction(service: Tally, cli: Cli,
                                                         tmp_path: Path) -> None:
    night, _ = paid_then_corrected(service, cli)
    st = service.settlement(night)
    assert st.nets == {"Ann": 115, "Bea": -85, "Chie": 115, "Dan": -170, "Eve": 25}
    # the plan's lines stand (what is left of them); the money is the nets' (before: the
    # old plan's sums, Ann ¥1,650 and Chie ¥1,400)
    assert [(i.payer, i.payee, i.amount, i.money) for i in st.open] == [
        ("Dan", "Ann", 65, Decimal(650)), ("Dan", "Chie", 30, Decimal(300))]
    assert st.player_money == {"Ann": Decimal(1150), "Bea": Decimal(-850),
                               "Chie": Decimal(1150), "Dan": Decimal(-1700),
                               "Eve": Decimal(250)}
    assert st.drift == {"Ann": -50, "Bea": 25, "Chie": -25, "Dan": 25, "Eve": 25}
    assert st.changed_deals == ((1, 3),)  # table 1, deal 3: why the plan is stale

    standings = service.export(tmp_path, night_id=night)[0].read_text(encoding="utf-8-sig")
    assert standings.splitlines() == [
        "rank,player,net,money,deals,table 1 crazy-solo",
        "1,Ann,115,1150,3,115", "1,Chie,115,1150,3,115", "3,Eve,25,250,3,25",
        "4,Bea,-85,-850,3,-85", "5,Dan,-170,-1700,3,-170"]

    data = json.loads(cli("settle", "--night", str(night), "--json").stdout)
    assert data["money"] == {"Ann": "1150", "Bea": "-850", "Chie": "1150", "Dan": "-1700",
                             "Eve": "250"}
    assert data["changed_deals"] == [{"table": 1, "deal": 3}]
    text = cli("settle", "--night", str(night)).stdout.splitlines()
    assert text[-4:-1] == [  # then the chain's line
        "changed since the plan was made: Ann -50, Bea +25, Chie -25, Dan +25, Eve +25",
        "the plan was made before deal 3 was corrected",
        "re-plan: tally settle --night 1 --replan"]


def test_a_new_plan_starts_from_the_payments_made(service: Tally) -> None:
    night, _ = paid_then_corrected(service)
    st = service.replan(night)
    assert st.drift == {} and st.changed_deals == ()
    # Bea's 110 and Dan's 100 stay paid; what is left of the new nets is settled afresh
    assert [(p.payer, p.payee, p.amount) for p in st.paid] == [
        ("Bea", "Chie", 110), ("Dan", "Ann", 100)]
    left = {name: net for name, net in st.nets.items()}
    for p in st.paid:
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    assert left == {"Ann": 15, "Bea": 25, "Chie": 5, "Dan": -70, "Eve": 25}
    assert sorted((i.payer, i.payee, i.amount) for i in st.open) == [
        ("Dan", "Ann", 15), ("Dan", "Bea", 25), ("Dan", "Chie", 5), ("Dan", "Eve", 25)]
    assert st.player_money is not None and st.player_money["Chie"] == Decimal(1150)


def test_a_plan_made_after_the_correction_is_not_stale(service: Tally) -> None:
    night, _ = paid_then_corrected(service)
    service.replan(night)
    service.pay(night, "Dan", "Eve")
    assert service.settlement(night).changed_deals == ()
