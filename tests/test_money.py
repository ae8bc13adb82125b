"""Money: rates, rounding to the currency's unit, and how amounts are written."""

from __future__ import annotations

import doctest
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.domain import money
from ledger.domain.money import (
    format_chips,
    format_money,
    minor_units,
    parse_currency,
    parse_rate,
    round_money,
    to_money,
)
from ledger.domain.rules.errors import RuleError

D = Decimal


@pytest.mark.parametrize(("chips", "rate", "currency", "expected"), [
    (35, "10", "JPY", "350"),
    (-35, "10", "JPY", "-350"),
    (35, "0.05", "EUR", "1.75"),
    (-5, "0.05", "EUR", "-0.25"),
    (0, "0.05", "EUR", "0.00"),
    # halves go away from zero, in both directions
    (1, "0.125", "EUR", "0.13"),
    (-1, "0.125", "EUR", "-0.13"),
    (5, "0.005", "EUR", "0.03"),  # banker's rounding would give 0.02
    (1, "2.5", "JPY", "3"),
    (-1, "2.5", "JPY", "-3"),
    (3, "0.5", "JPY", "2"),  # 1.5 → 2
    (5, "0.5", "JPY", "3"),  # 2.5 → 3 (banker's: 2)
    # just off the half: ordinary rounding
    (1, "0.1249", "EUR", "0.12"),
    (-1, "0.1251", "EUR", "-0.13"),
    (7, "0.333", "USD", "2.33"),
    (1, "0.004", "EUR", "0.00"),
    (-1, "0.004", "EUR", "0.00"),  # never "-0.00"
    # unknown currencies get 2 decimals
    (3, "1", "SEK", "3.00"),
    (1, "0.005", "XYZ", "0.01"),
])
def test_to_money(chips: int, rate: str, currency: str, expected: str) -> None:
    result = to_money(chips, D(rate), currency)
    assert str(result) == expected
    assert result.as_tuple().exponent == -minor_units(currency)


def test_to_money_is_exact_beyond_the_decimal_context() -> None:
    # 40 significant digits: default Decimal arithmetic (28 digits) would round first.
    rate = D("0.1234567890123456789012345678901234567891")
    assert to_money(10**39, rate, "EUR") == D("123456789012345678901234567890123456789.10")
    with localcontext() as ctx:
        ctx.prec = 3
        assert to_money(123456, D("0.01"), "EUR") == D("1234.56")


@pytest.mark.parametrize("rate", [D("0"), D("-1"), D("NaN"), D("Infinity"), 0.05, "0.05"])
def test_to_money_refuses_bad_rates(rate: object) -> None:
    with pytest.raises(ValueError, match="rate"):
        to_money(1, rate, "EUR")  # type: ignore[arg-type]


@pytest.mark.parametrize("chips", [1.0, True, D("1")])
def test_to_money_wants_integer_chips(chips: object) -> None:
    with pytest.raises(ValueError, match="chips"):
        to_money(chips, D("1"), "EUR")  # type: ignore[arg-type]


def reference(chips: int, rate: Decimal, places: int) -> Decimal:
    """Half up on the absolute value, via Decimal's own rule with ample precision."""
    with localcontext() as ctx:
        ctx.prec = 200
        return (chips * rate).quantize(D(1).scaleb(-places), rounding=ROUND_HALF_UP)


@settings(deadline=None, max_examples=200)
@given(st.integers(-10**9, 10**9),
       st.decimals(min_value=D("0.0001"), max_value=D("10000"), places=4,
                   allow_nan=False, allow_infinity=False),
       st.sampled_from(["JPY", "EUR", "USD", "GBP", "CHF", "SEK"]))
def test_to_money_matches_a_reference_and_is_symmetric(chips: int, rate: Decimal,
                                                       currency: str) -> None:
    result = to_money(chips, rate, currency)
    places = minor_units(currency)
    assert result == reference(chips, rate, places)
    assert to_money(-chips, rate, currency) == -result
    error = abs(Fraction(result) - chips * Fraction(rate))
    assert error <= Fraction(1, 2 * 10**places)


def test_round_money() -> None:
    assert round_money(D("0.125"), "EUR") == D("0.13")
    assert round_money(D("-0.125"), "eur") == D("-0.13")
    assert round_money(D("1.5"), "EUR") == D("1.50")
    assert round_money(D("349.5"), "JPY") == D("350")
    with pytest.raises(ValueError):
        round_money(D("NaN"), "EUR")


@pytest.mark.parametrize(("amount", "currency", "expected"), [
    ("350", "JPY", "¥350"),
    ("1.75", "EUR", "€1.75"),
    ("-0.25", "EUR", "-€0.25"),
    ("1.5", "EUR", "€1.50"),
    ("0.125", "EUR", "€0.13"),
    ("-0.001", "EUR", "€0.00"),
    ("1234.5", "USD", "$1,234.50"),
    ("12500", "JPY", "¥12,500"),
    ("-2.5", "GBP", "-£2.50"),
    ("1.75", "CHF", "CHF 1.75"),
    ("-1.75", "chf", "-CHF 1.75"),
    ("3", "SEK", "SEK 3.00"),
])
def test_format_money(amount: str, currency: str, expected: str) -> None:
    assert format_money(D(amount), currency) == expected


def test_format_chips() -> None:
    assert format_chips(35) == "35 chips"
    assert format_chips(-1) == "-1 chip"
    assert format_chips(35, D("10"), "JPY") == "35 chips (¥350)"
    assert format_chips(-5, D("0.05"), "EUR") == "-5 chips (-€0.25)"


@pytest.mark.parametrize(("text", "expected"), [
    ("0.05", D("0.05")), (" 10 ", D("10")), ("1e-2", D("0.01")), ("+2.50", D("2.50")),
])
def test_parse_rate(text: str, expected: Decimal) -> None:
    rate = parse_rate(text)
    assert rate == expected
    assert isinstance(rate, Decimal)


@pytest.mark.parametrize(("text", "message"), [
    ("-0.05", 'rate: "-0.05" is not above 0'),
    ("0", 'rate: "0" is not above 0'),
    ("0.00", 'rate: "0.00" is not above 0'),
    ("-0", 'rate: "-0" is not above 0'),
    ("NaN", 'rate: "NaN" is not a finite number'),
    ("nan", "rate: nan is not a finite number"),
    ("Infinity", 'rate: "Infinity" is not a finite number'),
    ("abc", "rate: abc is not a number"),
    ("", 'rate: "" is not a number'),
    ("¥10", "rate: ¥10 is not a number"),
    ("0,05", "rate: 0,05 has a comma; write decimals with a point, as 0.05"),
])
def test_parse_rate_refuses(text: str, message: str) -> None:
    # Text that could pass for a number is quoted in messages (`errors.show`).
    with pytest.raises(RuleError) as caught:
        parse_rate(text)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_parse_currency() -> None:
    assert parse_currency(" eur ") == "EUR"
    for bad in ("€", "EURO", "E1R", ""):
        with pytest.raises(RuleError, match=r"currency: .* is not a three-letter code"):
            parse_currency(bad)


def test_minor_units() -> None:
    assert [minor_units(c) for c in ("JPY", "jpy", "EUR", "USD", "GBP", "CHF", "XYZ")] == [
        0, 0, 2, 2, 2, 2, 2]


def test_docstring_examples() -> None:
    assert doctest.testmod(money).failed == 0


# ---- the rate shown exactly; a player's money is their transfers' money --

RATES = st.decimals(min_value=D("0.0001"), max_value=D("10000"), places=4, allow_nan=False,
                    allow_infinity=False)


def test_item7_rate_is_shown_exactly() -> None:
    from ledger.domain.money import format_rate

    assert format_rate(D("0.125"), "EUR") == "€0.125"  # format_money gives "€0.13"
    assert [format_rate(D(r), c) for r, c in [("0.05", "EUR"), ("10", "JPY"), ("0.5", "jpy"),
                                               ("2", "EUR"), ("1234.5", "CHF")]] == [
        "€0.05", "¥10", "¥0.5", "€2.00", "CHF 1,234.50"]


@settings(deadline=None, max_examples=200)
@given(RATES, st.sampled_from(["JPY", "EUR", "USD", "SEK"]))
def test_item7_the_rate_shown_reads_back_as_the_rate(rate: Decimal, currency: str) -> None:
    from ledger.domain.money import SYMBOLS, format_rate

    shown = format_rate(rate, currency)
    number = shown.removeprefix(SYMBOLS.get(currency, currency + " ")).replace(",", "")
    assert D(number) == rate


@settings(deadline=None, max_examples=150)
@given(st.lists(st.lists(st.integers(-400, 400), min_size=1, max_size=5), min_size=1,
                max_size=3),
       RATES, st.sampled_from(["JPY", "EUR"]), st.sampled_from(["fewest", "direct"]),
       st.data())
def test_each_players_money_is_their_net_at_the_rate(
        tables: list[list[int]], rate: Decimal, currency: str, mode: str,
        data: st.DataObject) -> None:
    """For random table nets, rates and payments made, the money shown beside a player is
    one amount: their net at the rate, rounded once, whatever the plan's lines (a plan
    made before a correction lacks it); each transfer's money is rounded on its own."""
    from types import SimpleNamespace

    from ledger.service.night_end import settlement_of

    names = ["Ann", "Bea", "Cid", "Dan", "Eve", "Fay"]
    table_nets = {}
    for number, values in enumerate(tables, 1):
        values = [*values, -sum(values)]
        seats = data.draw(st.permutations(names))[: len(values)]
        table_nets[number] = dict(zip(seats, values, strict=True))
    night = SimpleNamespace(id=1, date="2026-11-29", rate=str(rate), currency=currency)
    first = settlement_of(night, table_nets, [], None, mode, None, None)  # type: ignore[arg-type]
    paid = [(i, item.payer, item.payee, data.draw(st.integers(1, item.amount)), "")
            for i, item in enumerate(first.open[:2], 1)]  # part payments
    st_ = settlement_of(night, table_nets, paid, None, mode, None, None)  # type: ignore[arg-type]
    assert st_.player_money is not None
    from ledger.domain.money import to_money

    assert st_.player_money == {name: to_money(net, rate, currency)
                                for name, net in st_.nets.items()}
    # and the chips behind it: each player's open items and payments settle their net
    for name, net in st_.nets.items():
        chips = sum((x.amount if x.payer == name else -x.amount)
                    for x in (*st_.open, *st_.paid) if name in (x.payer, x.payee))
        assert chips == -net
