"""The roster and the nights a use case refers to, looked up in its transaction."""

from __future__ import annotations

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.rules.names import name_key
from ..store import repo
from ..store.db import Connection


def player_id(s: Connection, name: object, field: str) -> int:
    """The roster id of a player named exactly so (in its one spelling), or a RuleError."""
    if not isinstance(name, str):
        raise RuleError(field, f"{show(name)} is not a name", "not_name", value=show(name))
    key = name_key(name)
    found = repo.player_by_name_folded(session=s, name=key) if key else None
    if not found or found[1] != key:
        raise RuleError(field, f"{show(name)} is not in the roster (tally player add)",
                        "not_in_roster", value=show(name))
    return found[0]


def open_night(s: Connection, night_id: int) -> None:
    """Refuse a night that does not exist or is closed (nothing is written to it)."""
    n = repo.night_row(session=s, night_id=night_id)
    if n is None:
        raise RuleError("night", f"{night_id} does not exist", "no_such", id=night_id)
    if n.closed_at is not None:
        raise night_closed(night_id, n.date)


def night_closed(night_id: int, date: str) -> RuleError:
    """The refusal of a write to a closed night."""
    return RuleError("night", f"{night_id} ({date}) is closed", "night_closed", id=night_id,
                     date=date)
