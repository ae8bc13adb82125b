"""A table as the use cases load it (rules, options, seats), and where it stands: the last
checkpoint of `ledger.domain.replay`, else the fold of its deals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..config import confirm
from ..domain.replay import Mark, Step, decode_mark, replay
from ..domain.rules import RuleError, game_named
from ..domain.rules.game import AnyGame, Options, State
from ..store import repo
from ..store.db import Connection
from ..store.rows import Checkpoint, TableSeatRow
from .lookups import night_closed, refuse_elsewhere
from .views import TableView


@lru_cache(maxsize=256)
def frozen_options(game: str, text: str) -> Options:
    """A table's frozen options from their stored JSON. Options are immutable and
    `make_options` is pure, so a process reads each distinct text once (`check` and the
    night screen load every table). A key the table predates keeps its legacy value
    (`Game.stored_options`), so a table settles as it did when its deals were recorded."""
    raw = json.loads(text)
    raw.pop(confirm.KEY, None)  # the table's setting beside its options, not a rule
    return game_named(game).stored_options(raw)


@dataclass(frozen=True, slots=True)
class Table:
    """A table's rules and seats, loaded once per use case."""

    id: int
    night_id: int
    number: int
    game: AnyGame
    preset: str
    options: Options
    options_text: str  # as stored (JSON); parsed only for a TableView
    seats: tuple[str, ...]
    seat_ids: dict[str, int]
    start: Mark  # before the first deal

    @property
    def confirm(self) -> str:
        """Who confirms its deals (`ledger.config.confirm`): off, or opponent."""
        return confirm.of_options(json.loads(self.options_text))


def load_table(s: Connection, table_id: int,
               seat_rows: Sequence[tuple[int, str]] | None = None) -> Table:
    if seat_rows is None:  # the table and its seats in one statement
        return _table_of(table_id, repo.table_with_seats(session=s, table_id=table_id))
    row = repo.table_row(session=s, table_id=table_id)
    if row is None:
        raise RuleError("table", "no_such", id=table_id)
    return _table(row, seat_rows)


def load_open_table(s: Connection, table_id: int) -> Table:
    """`load_table`, refused as `lookups.open_night` refuses if its night is closed (the
    night read in the same statement): where a deal is written."""
    rows = repo.table_with_seats(session=s, table_id=table_id)
    if rows and rows[0].night_closed_at is not None:
        raise night_closed(rows[0].night_id, rows[0].night_date or "")
    if rows:  # a table another ledger records
        refuse_elsewhere(s, rows[0].night_id, rows[0].number)
    return _table_of(table_id, rows)


def _table_of(table_id: int, rows: Sequence[TableSeatRow]) -> Table:
    if not rows:
        raise RuleError("table", "no_such", id=table_id)
    return _table(rows[0], tuple((r.player_id, r.name or "") for r in rows
                                 if r.player_id is not None))


def _table(row: Any, seat_rows: Sequence[tuple[int, str]]) -> Table:
    game = game_named(row.game)
    options = frozen_options(game.name, row.options)
    seats = tuple(n for _, n in seat_rows)
    return Table(row.id, row.night_id, row.number, game, row.preset, options, row.options,
                 seats, {n: i for i, n in seat_rows}, Mark.start(game.initial(seats, options)))


def table_view(s: Connection, table_id: int) -> TableView:
    t = load_table(s, table_id)
    mark = mark_now(s, t)
    return TableView(t.id, t.night_id, t.number, t.game.name, t.preset, t.seats,
                     json.loads(t.options_text), mark.played,
                     dict(t.game.status(mark.state, t.options)))


def fold(s: Connection, t: Table) -> tuple[list[Step], Mark]:
    """Replay the table's deals from the start (`ledger.domain.replay`)."""
    return replay(t.game, t.options, t.start, repo.current_revisions(session=s, table_id=t.id))


def checkpoint_mark(t: Table, cp: Checkpoint | None) -> Mark | None:
    """Where a checkpoint says the table stood: the start when there is no deal before,
    None when it was not stored (or no longer fits the table)."""
    return t.start if cp is None else decode_mark(cp.stored, t.start)


def mark_now(s: Connection, t: Table) -> Mark:
    """Where the table stands after its last deal: one stored row, else the fold."""
    mark = checkpoint_mark(t, repo.last_checkpoint(session=s, table_id=t.id))
    return fold(s, t)[1] if mark is None else mark


def mark_before(s: Connection, t: Table, deal_id: int | None) -> Mark:
    """Where the table stood before a deal (None: the next new deal)."""
    if deal_id is None:
        return mark_now(s, t)
    row = repo.current_revision_of(session=s, deal_id=deal_id)
    if row is None or row.table_id != t.id:
        raise RuleError("deal", "not_deal_of", deal=deal_id, table=t.id)
    mark = checkpoint_mark(t, repo.checkpoint_before(session=s, table_id=t.id,
                                                     number=row.number))
    if mark is None:
        mark = replay(t.game, t.options, t.start, [
            r for r in repo.current_revisions(session=s, table_id=t.id)
            if r.number < row.number])[1]
    return mark


def state_before(s: Connection, t: Table, deal_id: int | None) -> State:
    """The engine's state a deal starts from (None: the next new deal)."""
    return mark_before(s, t, deal_id).state


__all__ = ["Table", "checkpoint_mark", "fold", "load_table", "mark_before", "mark_now",
           "state_before", "table_view"]
