"""Chips to money: an optional rate per chip, a currency, and how amounts are shown.

Chips stay integers everywhere; money is only ever derived from them, one amount at a
time, when it is shown or exported. Pure: no I/O.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from .rules.errors import RuleError, show

# Digits after the point in each currency's smallest unit (ISO 4217); others get 2.
MINOR_UNITS = {"JPY": 0, "KRW": 0, "EUR": 2, "USD": 2, "GBP": 2, "CHF": 2}
DEFAULT_MINOR_UNITS = 2
# Written before the amount with no space; other codes are written "CHF 1.75".
SYMBOLS = {"JPY": "¥", "EUR": "€", "USD": "$", "GBP": "£"}


# A rate is bounded where it enters, so a stored one can never make money arithmetic slow
# (`1e999999999` is a billion-digit integer to `to_money`) or absurd.
MAX_RATE_TEXT = 32  # characters, as typed
MAX_RATE = Decimal(10) ** 9  # money per chip: below a billion
MAX_RATE_DECIMALS = 9  # digits after the point


def parse_rate(text: str) -> Decimal:
    """The money value of one chip, from what a user typed: a positive decimal number.

    Use a point for decimals. Refuses negatives, zero, NaN, infinity, commas and anything
    else that is not a plain number, with a RuleError (a ValueError) naming the value.

    >>> parse_rate(" 0.05 ")
    Decimal('0.05')
    >>> parse_rate("0,05")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ledger...RuleError: rate: 0,05 has a comma; write decimals with a point, as 0.05
    """
    cleaned = text.strip()
    if len(cleaned) > MAX_RATE_TEXT:
        raise RuleError("rate", "too_long", value=show(text), n=MAX_RATE_TEXT)
    if "," in cleaned:
        raise RuleError("rate", "rate_comma", value=show(text), fixed=cleaned.replace(',', '.'))
    try:
        rate = Decimal(cleaned)
    except InvalidOperation:
        raise RuleError("rate", "not_number", value=show(text)) from None
    if not rate.is_finite():
        raise RuleError("rate", "not_finite", value=show(text))
    if rate <= 0:
        raise RuleError("rate", "not_above_0", value=show(text))
    if rate >= MAX_RATE:
        raise RuleError("rate", "not_below", value=show(text), max=format(MAX_RATE, ','))
    exponent = rate.as_tuple().exponent
    assert isinstance(exponent, int)  # finite
    if exponent < -MAX_RATE_DECIMALS and rate != rate.quantize(Decimal(1).scaleb(
            -MAX_RATE_DECIMALS)):
        raise RuleError("rate", "too_many_decimals", value=show(text), n=MAX_RATE_DECIMALS)
    return rate


def parse_currency(text: str) -> str:
    """A three-letter ISO 4217 code, upper-cased ("eur" → "EUR"); RuleError otherwise."""
    code = text.strip().upper()
    if len(code) != 3 or not (code.isascii() and code.isalpha()):
        raise RuleError("currency", "not_currency", value=show(text))
    return code


def minor_units(currency: str) -> int:
    """Digits after the point for `currency`: JPY 0; EUR, USD, GBP, CHF and unknown 2."""
    return MINOR_UNITS.get(currency.upper(), DEFAULT_MINOR_UNITS)


def round_money(amount: Decimal, currency: str) -> Decimal:
    """`amount` rounded to the currency's smallest unit, halves away from zero.

    The rule is ROUND_HALF_UP on the absolute value, as people round by hand: €0.125 →
    €0.13 and −€0.125 → −€0.13 (so a payer and a payee always see the same figure). It
    is computed on exact integers, whatever the decimal context's precision.

    >>> round_money(Decimal("0.125"), "EUR"), round_money(Decimal("-2.5"), "JPY")
    (Decimal('0.13'), Decimal('-3'))
    """
    if not amount.is_finite():
        raise ValueError(f"amount {amount} is not a finite number")
    return _rounded(*amount.as_integer_ratio(), currency)


def to_money(chips: int, rate: Decimal, currency: str) -> Decimal:
    """`chips` at `rate` per chip, rounded once by `round_money` (halves away from zero).

    >>> to_money(35, Decimal("10"), "JPY"), to_money(-5, Decimal("0.05"), "EUR")
    (Decimal('350'), Decimal('-0.25'))
    """
    if type(chips) is not int:
        raise ValueError(f"chips {chips!r} is not an int")
    if not isinstance(rate, Decimal) or not rate.is_finite() or rate <= 0:
        raise ValueError(f"rate {rate!r} is not a positive Decimal")
    numerator, denominator = rate.as_integer_ratio()
    return _rounded(chips * numerator, denominator, currency)


def _rounded(numerator: int, denominator: int, currency: str) -> Decimal:
    """numerator / denominator (denominator > 0) in whole minor units, half away from 0.

    Integer arithmetic throughout: Decimal operations would round to the context's
    precision (28 digits by default) before our own rounding.
    """
    digits = minor_units(currency)
    units, remainder = divmod(abs(numerator) * 10**digits, denominator)
    if 2 * remainder >= denominator:
        units += 1
    sign = "-" if numerator < 0 and units else ""
    return Decimal(f"{sign}{units}E-{digits}")  # exact: the constructor never rounds


def format_money(amount: Decimal, currency: str) -> str:
    """`amount` as people write it: "¥350", "€1.75", "-€0.25", "$1,234.50", "CHF 1.75".

    Rounded to the currency's smallest unit first (`round_money`); thousands are grouped
    with commas; a known symbol goes before the number, otherwise the code and a space.

    >>> format_money(Decimal("-0.25"), "EUR"), format_money(Decimal("1.75"), "chf")
    ('-€0.25', 'CHF 1.75')
    """
    code = currency.upper()
    rounded = round_money(amount, code)
    sign = "-" if rounded < 0 else ""
    number = f"{abs(rounded):,f}"
    symbol = SYMBOLS.get(code)
    return f"{sign}{symbol}{number}" if symbol else f"{sign}{code} {number}"


def format_rate(rate: Decimal, currency: str) -> str:
    """The money value of one chip exactly as it was set, never rounded: at least the
    currency's own digits, more when the rate has them ("€0.125", "€0.05", "¥10", "¥0.5").

    >>> format_rate(Decimal("0.125"), "EUR"), format_rate(Decimal("10"), "jpy")
    ('€0.125', '¥10')
    """
    code = currency.upper()
    exponent = rate.normalize().as_tuple().exponent
    places = max(minor_units(code), -exponent if isinstance(exponent, int) else 0)
    number = f"{abs(rate):,.{places}f}"  # exact: places covers every digit of the rate
    sign = "-" if rate < 0 else ""
    symbol = SYMBOLS.get(code)
    return f"{sign}{symbol}{number}" if symbol else f"{sign}{code} {number}"


def format_chips(chips: int, rate: Decimal | None = None, currency: str = "EUR") -> str:
    """Chips, with their money value when a rate is set: "35 chips" or "35 chips (¥350)"."""
    text = f"{chips} chip" if abs(chips) == 1 else f"{chips} chips"
    if rate is None:
        return text
    return f"{text} ({format_money(to_money(chips, rate, currency), currency)})"
