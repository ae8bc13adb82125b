"""The records rows leave the store as: frozen, read by name (`row.outcome`), never by
position. Made straight from a cursor (`DealRow.of`), so reading a long table costs one
small object a row."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any


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

    @staticmethod
    def of(_cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> DealRow:
        """A `row_factory`: the query's columns in the order of the fields."""
        return DealRow(*values)

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
