"""The records rows leave the store as: frozen, read by name (`row.outcome`), never by
position. Each is built from a query's columns by their names (`records`): the columns
must be exactly the record's fields, in any order, or the store refuses the query (a
SELECT that drifted from its record is an error, not a row with values in wrong places).
The name-to-field order is worked out once per query, so reading a long table costs one
small object a row."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, TypeVar

R = TypeVar("R")


@cache
def _fields(cls: type[Any]) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def maker(cls: type[R], columns: tuple[str, ...]) -> Callable[[tuple[Any, ...]], R]:
    """How to build a `cls` from a row whose columns are named `columns`."""
    want = _fields(cls)  # type: ignore[arg-type]  # (mypy: a class is not Hashable)
    if sorted(columns) != sorted(want):
        raise TypeError(f"{cls.__name__} has fields {want}, the query gave {columns}")
    if columns == want:
        return lambda values: cls(*values)
    order = [columns.index(name) for name in want]
    return lambda values: cls(*(values[i] for i in order))


def records(cursor: Any, cls: type[R]) -> list[R]:
    """The cursor's rows as `cls` records, each value under the field of its column's name."""
    make = maker(cls, tuple(d[0] for d in cursor.description))
    return [make(v) for v in _rows(cursor)]


def _rows(cursor: Any) -> Iterable[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = cursor.fetchall()
    return rows


@dataclass(frozen=True, slots=True)
class DealRow:
    """One revision of a deal, with the deal's number and table (`repo.current_revisions`
    gives each deal's current one)."""

    deal_id: int
    number: int  # within the table, from 1
    revision_id: int
    seq: int  # 1, 2, … within the deal
    kind: str  # record | correct | void | resettle
    outcome: str | None  # contract JSON as stored; None for a void
    summary: str
    extra: str  # JSON
    created_at: str  # as stored (UTC)
    author: str | None
    reason: str | None
    table_id: int

    @property
    def void(self) -> bool:
        return self.outcome is None


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """Where a table stood after one of its deals, as stored (`ledger.domain.replay.encode_mark`):
    what the next deal, or a correction of the deal after it, starts from. None in each
    column: not stored (a database from before migration 0006_state_checkpoint)."""

    deal_id: int
    number: int
    state: str | None  # the engine's state, JSON
    played: int | None  # deals played so far, voids left out
    nets: str | None  # each seat's net so far, JSON list in seat order

    @property
    def stored(self) -> tuple[str | None, int | None, str | None]:
        return self.state, self.played, self.nets


@dataclass(frozen=True, slots=True)
class TableSeatRow:
    """A table's row beside one of its seats, in seat order, and its night's date and
    closing (`repo.table_with_seats`: a table, its seats and whether its night is open in
    one statement; the seat's columns None at a table with none)."""

    id: int
    night_id: int
    number: int
    game: str
    preset: str
    options: str  # JSON, as stored
    player_id: int | None
    name: str | None
    night_date: str | None  # the night's (ISO)
    night_closed_at: str | None  # as stored; None while the night is open
