"""Settlement: fewest payments, direct (per table) payments, and explanations."""

from __future__ import annotations

import doctest
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.domain import settle
from ledger.domain.settle import (
    EXACT_LIMIT,
    Explanation,
    Payment,
    TablePayment,
    TableShare,
    direct_transfers,
    explain,
    fewest_transfers,
    max_zero_sum_partition,
    overall_nets,
)

NAMES = [f"P{i:02d}" for i in range(60)]
AMOUNTS = st.one_of(st.integers(-6, 6), st.integers(-300, 300))  # small ones collide


@st.composite
def nets_of(draw: st.DrawFn, max_size: int, min_size: int = 0,
            amounts: st.SearchStrategy[int] = AMOUNTS) -> dict[str, int]:
    """Zero-sum nets for up to `max_size` players (the last one balances the rest)."""
    values = draw(st.lists(amounts, min_size=max(min_size - 1, 0), max_size=max_size - 1))
    values.append(-sum(values))
    names = draw(st.permutations(NAMES))[: len(values)]
    return dict(zip(names, values, strict=True))


def non_zero(nets: dict[str, int]) -> int:
    return sum(1 for v in nets.values() if v)


def assert_settles(nets: dict[str, int], payments: list[Payment]) -> None:
    """Every net ends at exactly 0; payers only lost and payees only won."""
    left = dict(nets)
    for p in payments:
        assert nets[p.payer] < 0 < nets[p.payee], p
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    assert set(left.values()) <= {0}, left


def brute_minimum(values: list[int]) -> int:
    """The fewest payments, by trying every way to pass balances along (independent).

    The first unsettled player hands their whole balance to some later unsettled player
    (one payment) and the rest is solved again. Every settlement reduces to one of these
    without getting longer, so the least count found is the minimum.
    """
    debts = [v for v in values if v]

    def search(start: int) -> int:
        while start < len(debts) and debts[start] == 0:
            start += 1
        if start == len(debts):
            return 0
        best = math.inf
        for i in range(start + 1, len(debts)):
            if debts[i]:
                debts[i] += debts[start]
                best = min(best, 1 + search(start + 1))
                debts[i] -= debts[start]
        return int(best)

    return search(0)


# --- golden cases -----------------------------------------------------------------------


def test_two_players() -> None:
    assert fewest_transfers({"Chie": -35, "Dan": 35}) == [Payment("Chie", "Dan", 35)]


def test_two_disjoint_pairs_take_two_payments_not_three() -> None:
    nets = {"Ana": -5, "Ben": -3, "Cy": 5, "Di": 3}
    assert fewest_transfers(nets) == [Payment("Ana", "Cy", 5), Payment("Ben", "Di", 3)]


def test_exact_search_beats_plain_greedy() -> None:
    # Largest loser paying largest winner would need 5 payments here; {Ana, Chie, Eve}
    # and {Ben, Dan, Finn} each sum to 0, so 4 do.
    nets = {"Ana": -7, "Ben": 4, "Chie": 6, "Dan": -9, "Eve": 1, "Finn": 5}
    assert fewest_transfers(nets) == [
        Payment("Ana", "Chie", 6),
        Payment("Ana", "Eve", 1),
        Payment("Dan", "Ben", 4),
        Payment("Dan", "Finn", 5),
    ]
    assert len(settle._greedy(nets)) == 5


def test_one_loser_many_winners_sorted_by_payee() -> None:
    nets = {"Zoe": 10, "Ann": -30, "Max": 20}
    assert fewest_transfers(nets) == [Payment("Ann", "Max", 20), Payment("Ann", "Zoe", 10)]


def test_ties_pair_players_in_name_order() -> None:
    nets = {"Finn": 5, "Eve": 5, "Dan": 5, "Chie": -5, "Ben": -5, "Ana": -5}
    assert fewest_transfers(nets) == [
        Payment("Ana", "Dan", 5), Payment("Ben", "Eve", 5), Payment("Chie", "Finn", 5)]
    # No zero-sum part: greedy, equal balances taken in name order.
    nets = {"Ana": -6, "Ben": -6, "Cy": 4, "Di": 4, "Eve": 4}
    assert fewest_transfers(nets) == [
        Payment("Ana", "Cy", 4), Payment("Ana", "Eve", 2),
        Payment("Ben", "Di", 4), Payment("Ben", "Eve", 2)]


def test_nothing_to_settle() -> None:
    assert fewest_transfers({}) == []
    assert fewest_transfers({"Ana": 0, "Ben": 0}) == []


def test_nets_must_sum_to_zero() -> None:
    with pytest.raises(ValueError, match=r"nets: nets sum to 5, not 0"):
        fewest_transfers({"Ana": -5, "Ben": 10})


@pytest.mark.parametrize("bad", [1.5, True, "3", None])
def test_nets_must_be_ints(bad: object) -> None:
    with pytest.raises(ValueError, match="net of 'Ben'"):
        fewest_transfers({"Ana": 0, "Ben": bad})  # type: ignore[dict-item]


def test_names_must_be_strings() -> None:
    with pytest.raises(ValueError, match="player name 7"):
        fewest_transfers({7: 0})  # type: ignore[dict-item]


@pytest.mark.parametrize(("payer", "payee", "amount"), [
    ("Ana", "Ben", 0), ("Ana", "Ben", -3), ("Ana", "Ben", True), ("Ana", "Ben", 2.0),
    ("Ana", "Ana", 3),
])
def test_payment_refuses_nonsense(payer: str, payee: str, amount: int) -> None:
    with pytest.raises(ValueError):
        Payment(payer, payee, amount)
    with pytest.raises(ValueError):
        TablePayment(1, payer, payee, amount)


def test_exact_at_the_limit_of_twenty() -> None:
    # Three copies of the case above plus a pair: 20 balances, 3 × 4 + 1 = 13 payments.
    base = [-7, 4, 6, -9, 1, 5]
    values = base * 3 + [-11, 11]
    nets = {name: v for name, v in zip(random.Random(3).sample(NAMES, 20), values,
                                       strict=True)}
    assert non_zero(nets) == EXACT_LIMIT
    payments = fewest_transfers(nets)  # timing: tests/bench_settle.py, not a flaky assert
    assert_settles(nets, payments)
    assert len(payments) == 13


def test_twenty_one_balances_use_the_greedy_way() -> None:
    nets = {f"P{i:02d}": (i + 1) * (-1 if i % 2 else 1) for i in range(20)}
    nets["Zed"] = -sum(nets.values())
    assert non_zero(nets) == EXACT_LIMIT + 1
    payments = fewest_transfers(nets)
    assert_settles(nets, payments)
    # P00 +1 and P01 −2 ... no exact opposites, so greedy: never more than n − 1.
    assert len(payments) <= 20
    assert payments == sorted(payments, key=lambda p: (p.payer, p.payee))


def test_greedy_way_pairs_exact_opposites_first() -> None:
    values = [k for i in range(1, 12) for k in (-i * 7, i * 7)]  # 22 balances, 11 pairs
    nets = dict(zip(NAMES, values, strict=False))
    payments = fewest_transfers(nets)
    assert len(payments) == 11
    assert all(nets[p.payer] == -nets[p.payee] == -p.amount for p in payments)


def test_partition_masks() -> None:
    assert max_zero_sum_partition([-5, -3, 5, 3]) == [0b0101, 0b1010]
    assert max_zero_sum_partition([2, -1, -1]) == [0b111]
    assert max_zero_sum_partition([]) == []
    with pytest.raises(ValueError):
        max_zero_sum_partition([1, -1, 0])
    with pytest.raises(ValueError):
        max_zero_sum_partition([1, 1])
    with pytest.raises(ValueError, match="22 values is more than the exact limit 20"):
        max_zero_sum_partition([1, -1] * 11)


# --- properties ---------------------------------------------------------------------------


@settings(deadline=None, max_examples=200)
@given(nets_of(max_size=14))
def test_fewest_settles_exactly_in_at_most_n_minus_one(nets: dict[str, int]) -> None:
    payments = fewest_transfers(nets)
    assert_settles(nets, payments)
    assert len(payments) <= max(non_zero(nets) - 1, 0)
    assert payments == sorted(payments, key=lambda p: (p.payer, p.payee))


@settings(deadline=None, max_examples=200)
@given(nets_of(max_size=8))
def test_fewest_is_the_brute_force_minimum(nets: dict[str, int]) -> None:
    assert len(fewest_transfers(nets)) == brute_minimum(list(nets.values()))


@settings(deadline=None, max_examples=100)
@given(st.lists(st.integers(-4, 4).filter(bool), min_size=1, max_size=13))
def test_partition_groups_cover_and_sum_to_zero(values: list[int]) -> None:
    values = [*values, -sum(values)] if sum(values) else values
    values = [v for v in values if v]
    groups = max_zero_sum_partition(values)
    assert sum(groups) == (1 << len(values)) - 1 == _or(groups)  # disjoint and covering
    for mask in groups:
        assert sum(v for i, v in enumerate(values) if mask >> i & 1) == 0


def _or(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@settings(deadline=None, max_examples=100)
@given(st.data(), st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=10,
                           unique=True))
def test_same_nets_in_any_order_give_the_same_list(data: st.DataObject,
                                                   names: list[str]) -> None:
    values = data.draw(st.lists(st.integers(-5, 5), min_size=len(names) - 1,
                                max_size=len(names) - 1))
    nets = dict(zip(names, [*values, -sum(values)], strict=True))
    shuffled = dict(data.draw(st.permutations(list(nets.items()))))
    assert fewest_transfers(shuffled) == fewest_transfers(nets)


@settings(deadline=None, max_examples=60)
@given(st.data(), nets_of(max_size=45, min_size=EXACT_LIMIT + 2))
def test_greedy_way_settles_in_at_most_n_minus_one(data: st.DataObject,
                                                   nets: dict[str, int]) -> None:
    payments = fewest_transfers(nets)
    assert_settles(nets, payments)
    assert len(payments) <= max(non_zero(nets) - 1, 0)
    shuffled = dict(data.draw(st.permutations(list(nets.items()))))
    assert fewest_transfers(shuffled) == payments


# --- direct mode ----------------------------------------------------------------------------

NIGHT = {
    1: {"Ana": -20, "Sara": 5, "Chie": 15},
    2: {"Ana": -15, "Sara": 30, "Ben": -15},
}


def test_direct_settles_each_table_apart() -> None:
    assert direct_transfers(NIGHT) == [
        TablePayment(1, "Ana", "Chie", 15),
        TablePayment(1, "Ana", "Sara", 5),
        TablePayment(2, "Ana", "Sara", 15),
        TablePayment(2, "Ben", "Sara", 15),
    ]
    # Over the night Ana −35, Ben −15, Chie +15, Sara +35: two payments are enough.
    assert overall_nets(NIGHT) == {"Ana": -35, "Ben": -15, "Chie": 15, "Sara": 35}
    assert fewest_transfers(overall_nets(NIGHT)) == [
        Payment("Ana", "Sara", 35), Payment("Ben", "Chie", 15)]


def test_direct_sorts_tables_and_names_the_bad_one() -> None:
    night = {"b": {"X": 1, "Y": -1}, "a": {"X": -2, "Y": 2}}
    assert [p.table for p in direct_transfers(night)] == ["a", "b"]
    with pytest.raises(ValueError, match=r"table 2: nets sum to -1, not 0"):
        direct_transfers({1: {"X": 1, "Y": -1}, 2: {"X": -1}})


@settings(deadline=None, max_examples=50)
@given(st.lists(nets_of(max_size=6), min_size=1, max_size=4))
def test_direct_settles_every_table(tables: list[dict[str, int]]) -> None:
    night = dict(enumerate(tables, start=1))
    payments = direct_transfers(night)
    for number, nets in night.items():
        assert_settles(nets, [p.payment for p in payments if p.table == number])
    overall = overall_nets(night)
    fewest = fewest_transfers(overall, tables=night.values())
    assert_settles(overall, fewest)
    circles = settle._circles({k: v for k, v in overall.items() if v}, night.values())
    if all(len(c) <= EXACT_LIMIT for c in circles):  # above it fewest is greedy, not a minimum
        assert len(payments) >= len(fewest)


@settings(deadline=None, max_examples=60)
@given(st.lists(st.lists(AMOUNTS.filter(bool), min_size=5, max_size=6), min_size=4,
                max_size=6))
def test_a_big_night_of_separate_tables_never_needs_more_than_direct(
        tables: list[list[int]]) -> None:
    """24 to 42 players (over EXACT_LIMIT), each at one table of 6 or 7: `fewest` settles each
    table's circle exactly, so it never needs more payments than settling tables apart
    (the greedy method over everyone could)."""
    night = {t: {f"T{t}P{i}": v for i, v in enumerate([*values, -sum(values)])}
             for t, values in enumerate(tables, start=1)}
    overall = overall_nets(night)
    fewest = fewest_transfers(overall, tables=night.values())
    assert_settles(overall, fewest)
    assert len(fewest) <= len(direct_transfers(night))


def test_circles_join_tables_that_share_a_player_and_give_up_on_a_payment_across() -> None:
    balances = {"A": -5, "B": 5, "C": -3, "D": 1, "E": 2, "F": -1, "G": 1}
    tables = [["A", "B"], ["C", "D"], ["D", "E", "Z"], ["F", "G"]]
    assert settle._circles(balances, tables) == [["A", "B"], ["C", "D", "E"], ["F", "G"]]
    paid = {**balances, "A": -4, "C": -4}  # C paid A 1 across the circles
    assert settle._circles(paid, tables) == [sorted(paid)]
    # Z won 10 at one table and lost 10 at the other: square overall, Z still joins them
    night = {1: {"A": -10, "Z": 10}, 2: {"Z": -10, "C": 10}, 3: {"F": -1, "G": 1}}
    overall = {k: v for k, v in overall_nets(night).items() if v}
    assert settle._circles(overall, night.values()) == [["A", "C"], ["F", "G"]]


# --- explain --------------------------------------------------------------------------------


def test_explain_fewest_payment() -> None:
    why = explain(Payment("Ana", "Sara", 35), NIGHT)
    assert why == Explanation(
        payer="Ana", payee="Sara", amount=35,
        tables=(TableShare(1, -20, 5), TableShare(2, -15, 30)),
        payer_net=-35, payee_net=35, same_table=True, table=None)
    assert why.text() == (
        "Ana pays Sara 35 chips.\n"
        "Ana lost 35 chips in all: -20 at table 1, -15 at table 2.\n"
        "Sara won 35 chips in all: +5 at table 1, +30 at table 2.")


def test_explain_strangers_and_partial_amounts() -> None:
    night = {1: {"Ana": -20, "Dan": 20}, 2: {"Sara": 12, "Ben": -12}, 3: {"Ana": -5, "Ben": 5}}
    assert fewest_transfers(overall_nets(night)) == [
        Payment("Ana", "Dan", 20), Payment("Ana", "Sara", 5), Payment("Ben", "Sara", 7)]
    why = explain(Payment("Ana", "Sara", 5), night)
    assert why == Explanation(
        "Ana", "Sara", 5, (TableShare(1, -20, 0), TableShare(2, 0, 12), TableShare(3, -5, 0)),
        payer_net=-25, payee_net=12, same_table=False)
    assert why.text() == (
        "Ana pays Sara 5 chips.\n"
        "Ana lost 25 chips in all: -20 at table 1, -5 at table 3.\n"
        "Sara won 12 chips in all: +12 at table 2.\n"
        "This covers 5 of the 25 Ana lost; the rest goes to others.\n"
        "Sara gets the other 7 from others.\n"
        "Ana and Sara did not play at the same table: the fewest-payments settlement "
        "pairs losers with winners across the night.")
    night[3]["Sara"] = 0  # Sara sat at table 3 too and broke even there
    why = explain(Payment("Ana", "Sara", 5), night)
    assert why.same_table
    assert "did not play" not in why.text()


def test_explain_direct_payment() -> None:
    why = explain(TablePayment(1, "Ana", "Sara", 5), NIGHT)
    assert why == Explanation("Ana", "Sara", 5, (TableShare(1, -20, 5),), -20, 5, True, 1)
    assert why.text() == (
        "Ana pays Sara 5 chips for table 1.\n"
        "Ana lost 20 chips at table 1.\n"
        "Sara won 5 chips at table 1.\n"
        "This covers 5 of the 20 Ana lost; the rest goes to others.")


def test_explain_one_chip_is_singular() -> None:
    why = explain(Payment("B", "A", 1), {1: {"A": 1, "B": -1}})
    assert why.text().splitlines()[:2] == ["B pays A 1 chip.",
                                           "B lost 1 chip in all: -1 at table 1."]


@pytest.mark.parametrize(("payment", "message"), [
    (Payment("Sara", "Ana", 5), r"Sara is \+35 overall, so does not pay"),
    (Payment("Ana", "Ben", 5), r"Ben is -15 overall, so is not paid"),
    (Payment("Ana", "Sara", 36), r"36 chips is more than Ana lost \(35\) or Sara won \(35\)"),
    (TablePayment(1, "Ana", "Sara", 6), r"more than .* Sara won \(5\) at table 1"),
    (TablePayment(3, "Ana", "Sara", 6), r"no table 3"),
])
def test_explain_refuses_what_the_nets_do_not_support(payment: Payment | TablePayment,
                                                      message: str) -> None:
    with pytest.raises(ValueError, match=message):
        explain(payment, NIGHT)


def test_explain_every_fewest_payment_of_a_night() -> None:
    payments = fewest_transfers(overall_nets(NIGHT))
    assert [explain(p, NIGHT).payer_net for p in payments] == [-35, -15]


def test_docstring_examples() -> None:
    assert doctest.testmod(settle).failed == 0


# ---- plans: direct mode after payments, and a kept plan under part payments -----


@st.composite
def night_of(draw: st.DrawFn) -> dict[int, dict[str, int]]:
    """Up to four tables of two to five players drawn from eight (some sit at several)."""
    tables = {}
    for number in range(1, draw(st.integers(1, 4)) + 1):
        seats = draw(st.permutations(NAMES[:8]))[: draw(st.integers(2, 5))]
        values = draw(st.lists(st.integers(-200, 200), min_size=len(seats) - 1,
                               max_size=len(seats) - 1))
        tables[number] = dict(zip(seats, [*values, -sum(values)], strict=True))
    return tables


@settings(deadline=None, max_examples=150)
@given(night_of(), st.data())
def test_item4_direct_after_any_payments_settles_what_is_left(
        table_nets: dict[int, dict[str, int]], data: st.DataObject) -> None:
    """Whatever was paid between whomever (any plan, any mode), direct mode's lines settle
    the nets left exactly, and a line at a table is between two players seated there."""
    from ledger.domain import plan

    nets = overall_nets(table_nets)
    players = sorted(nets)
    paid = data.draw(st.lists(st.tuples(st.sampled_from(players), st.sampled_from(players),
                                        st.integers(1, 150)).filter(lambda p: p[0] != p[1]),
                              max_size=4))
    lines = plan.direct_after(table_nets, paid)
    left = plan.left_nets(nets, paid)
    for name in players:
        out = sum(x.amount for x in lines if x.payer == name)
        got = sum(x.amount for x in lines if x.payee == name)
        assert out - got == -left[name], name
    for x in lines:
        assert x.amount > 0 and x.payer != x.payee
        if x.table is not None:
            assert {x.payer, x.payee} <= set(table_nets[x.table])
    if not paid:  # nothing paid: the plain direct settlement
        assert [(x.table, x.payer, x.payee, x.amount) for x in lines] == [
            (p.table, p.payer, p.payee, p.amount) for p in direct_transfers(table_nets)]


@settings(deadline=None, max_examples=150)
@given(night_of(), st.sampled_from(["fewest", "direct"]), st.data())
def test_item6_a_part_payment_changes_only_its_own_line(
        table_nets: dict[int, dict[str, int]], mode: str, data: st.DataObject) -> None:
    from ledger.domain import plan

    lines = plan.make(mode, table_nets, [])  # type: ignore[arg-type]
    if not lines:
        return
    drawn = data.draw(st.sampled_from(lines))
    # a pair's payments go to its first line (direct mode may pair two players twice)
    first = next(i for i, x in enumerate(lines) if (x.payer, x.payee) == (drawn.payer,
                                                                          drawn.payee))
    line = lines[first]
    part = data.draw(st.integers(1, line.amount))
    paid = [(line.payer, line.payee, part)]
    left = plan.left_nets(overall_nets(table_nets), paid)
    followed = plan.follow(lines, paid, left)
    assert followed.drift == {}
    assert [x for x, _ in followed.lines] == lines  # the lines stand
    assert [done for _, done in followed.lines] == [
        part if i == first else 0 for i in range(len(lines))]
