"""A tournament table's deals after its round's time is up: the points file's `after_time`
says whether the deal in play may still be finished (`finish_deal`: one deal more, then
none) or nothing more is recorded (`refuse`). Checked in the transaction that records."""

from __future__ import annotations

from datetime import datetime, timedelta

from ..domain.rules import RuleError
from ..store import tournament_rows
from ..store.db import Connection


def check_in_time(s: Connection, table_id: int, number: int, now: datetime, new: int) -> None:
    """Refuse `new` deals at table `table_id` (its number in the night: `number`) when its
    round's time is up and the points file allows no more of them."""
    found = tournament_rows.round_clock(session=s, table_id=table_id)
    if found is None or found.started_at is None or found.round_minutes is None:
        return
    ends = found.started_at + timedelta(minutes=found.round_minutes)
    if now < ends:
        return
    from ..config.tournament_points import tournament_points

    allowed = 1 if tournament_points(found.points).after_time == "finish_deal" else 0
    if tournament_rows.deals_since(session=s, table_id=table_id, at=ends) + new > allowed:
        raise RuleError("table", "tn_time_up", round=found.number, table=number)
