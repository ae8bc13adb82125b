"""A save that repeats the table's previous deal (a second device, or a double save): the
phone's page and the terminal entry ask before they record it again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .views import DealView


def same_deal(entered: Mapping[str, Any], last: DealView | None) -> bool:
    """Did the form enter what the table's previous deal recorded? Every field the form
    filled in has the stored value (what the table adds itself, such as the dealer, changes
    from deal to deal and is not compared); a void deal is nothing to repeat.

    >>> from ledger.service.views import DealView
    >>> last = DealView(id=1, table_id=1, number=6, revision=1, kind="record",
    ...                 summary="All passed", outcome={"contract": "pass"}, extra={},
    ...                 transfers=(), nets={}, created_at="")
    >>> same_deal({"contract": "pass"}, last), same_deal({"contract": "solo"}, last)
    (True, False)
    """
    stored = last.outcome if last and not last.void else None
    return bool(stored and entered and all(stored.get(k) == v for k, v in entered.items()))
