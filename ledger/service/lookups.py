"""The roster and the nights a use case refers to, looked up in its transaction."""

from __future__ import annotations

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.rules.names import name_key, refuse_lookalike
from ..store import repo, sync_rows
from ..store.db import Connection


def player_id(s: Connection, name: object, field: str) -> int:
    """The roster id of a player named exactly so (in its one spelling), or a RuleError."""
    if not isinstance(name, str):
        raise RuleError(field, "not_name", value=show(name))
    key = name_key(name)
    found = repo.player_by_name_folded(session=s, name=key) if key else None
    if not found or found[1] != key:
        raise RuleError(field, "not_in_roster", value=show(name))
    return found[0]


class Newcomers:
    """The one check of a name joining the roster, whichever way it comes in (`player
    add`, a rename, registration at a tournament's door or by `tournament register`, a
    file of pre-registrations): refused if it reads the same as a member's name or as one
    admitted before it in the same transaction (Cyrillic "Аnn" beside "Ann"). A name that
    is a member's in another case or width is that member or a clash, as its use case
    says, before it gets here."""

    def __init__(self, s: Connection, field: str, *, besides: int | None = None) -> None:
        self.field = field
        self.names = [n for i, n in repo.players(session=s) if i != besides]

    def admit(self, name: str) -> str:
        refuse_lookalike(name, self.names, self.field)
        self.names.append(name)
        return name


def open_night(s: Connection, night_id: int) -> None:
    """Refuse a night that does not exist or is closed (nothing is written to it)."""
    n = repo.night_row(session=s, night_id=night_id)
    if n is None:
        raise RuleError("night", "no_such", id=night_id)
    if n.closed_at is not None:
        raise night_closed(night_id, n.date)
    refuse_elsewhere(s, night_id)


def refuse_elsewhere(s: Connection, night_id: int, table: int | None = None) -> None:
    """Refuse a write to a night (or one of its tables) that another ledger records and
    syncs here: two ledgers never both add "deal 7"."""
    where = sync_rows.recorded_elsewhere(s, night_id)
    if where is None:
        return
    if table is not None:
        raise RuleError("table", "table_elsewhere", table=table, night=night_id, where=where)
    raise RuleError("night", "night_elsewhere", night=night_id, where=where)


def night_closed(night_id: int, date: str) -> RuleError:
    """The refusal of a write to a closed night."""
    return RuleError("night", "night_closed", id=night_id, date=date)
