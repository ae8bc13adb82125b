"""The ratings as the room's pages read them (the board, a table's log, a player's page):
under one guard: if they cannot be made now, the page is shown without them (the log says
why); a ledger out of reach is not a rating's fault and is raised (the room's 503)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ledger.service import Tally

log = logging.getLogger("tally.serve")
UNREAD = object()  # the ratings could not be read: the page says so


def guarded(read: Callable[[], Any], fallback: Any) -> Any:
    """`read()`, or `fallback` if the ratings cannot be made now (logged); a ledger out
    of reach is raised (the room's 503 says that)."""
    from .faults import is_unreachable

    try:
        return read()
    except Exception as exc:
        if is_unreachable(exc):
            raise
        log.exception("the ratings could not be read")
        return fallback


def night_rating(service: Tally, night_id: int) -> tuple[Any, ...]:
    """The ratings after tonight, or none (the page shows no rating lines)."""
    return guarded(lambda: service.night_rating(night_id), ())


def player_ids(service: Tally) -> dict[str, int]:
    return {p.name: p.id for p in service.players()}
