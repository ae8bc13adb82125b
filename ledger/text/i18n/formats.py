"""Dates, chips and money as the language in use writes them (CLDR data, through Babel).

English writes ISO dates and `-€0.25` on screens and in exports; Japanese writes dates
as `2026年12月1日` and money in the Japanese locale's currency format (`￥350`, `-€0.25`).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from . import language

MINUS = "−"  # U+2212: a real minus sign, easier to tell from a hyphen in a column of numbers


def signed(n: int) -> str:
    """A chip amount with its sign: `+25`, `−25`, `0`."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


def date_text(value: str | dt.date, lang: str | None = None) -> str:
    """A night's date: `2026-12-01` in English (as always), `2026年12月1日` in Japanese.
    Text that is not an ISO date is returned as it is."""
    lang = lang or language()
    if lang == "en":
        return value.isoformat() if isinstance(value, dt.date) else value
    try:
        day = value if isinstance(value, dt.date) else dt.date.fromisoformat(value)
    except ValueError:
        return str(value)
    from babel.dates import format_date

    return format_date(day, format="long", locale=lang)


def time_text(stamp: str, lang: str | None = None, zone: dt.tzinfo | None = None) -> str:
    """A stored time (UTC, `2024-11-15 20:30:00.000000`) as the clock on the wall read it:
    in `zone`, else the machine's local time zone, to the minute: `2024-11-15 21:30` in
    Berlin in English; the locale's short date otherwise (`2024/11/16 05:30` in Tokyo, in
    Japanese: a history column stays narrow). Text that is not a time is returned as is."""
    try:
        at = dt.datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if at.tzinfo is None:  # stored as UTC, without the zone
        at = at.replace(tzinfo=dt.UTC)
    local = at.astimezone(zone)  # no zone: the local one (TZ, /etc/localtime)
    lang = lang or language()
    if lang == "en":
        return f"{local:%Y-%m-%d %H:%M}"
    from babel.dates import format_date

    return f"{format_date(local.date(), format='short', locale=_locale(lang))} {local:%H:%M}"


def money_text(amount: Decimal, currency: str, lang: str | None = None) -> str:
    """Money in the currency's own format for the language: English as `money.format_money`
    writes it; other languages by CLDR (rounded to the currency's unit first, never floats)."""
    from ...domain.money import format_money, round_money

    lang = lang or language()
    if lang == "en":
        return format_money(amount, currency)
    from babel.numbers import format_currency

    code = currency.upper()
    return format_currency(round_money(amount, code), code, locale=_locale(lang))


def rate_text(rate: Decimal, currency: str, lang: str | None = None) -> str:
    """One chip's money value exactly as set, never rounded (`money.format_rate` in
    English; the locale's currency format, with every digit of the rate, otherwise)."""
    from ...domain.money import format_rate

    lang = lang or language()
    if lang == "en":
        return format_rate(rate, currency)
    from babel.numbers import format_currency

    return format_currency(rate, currency.upper(), locale=_locale(lang),
                           decimal_quantization=False)


def _locale(lang: str) -> str:
    return {"ja": "ja_JP"}.get(lang, lang)
