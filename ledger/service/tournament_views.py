"""What the tournament use cases hand out, and how a round's results are read from its
tables' stored deals (nets, games and game points won), every time, never kept."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any

from ..domain.league import shown
from ..domain.tournament.ranking import TableResult
from ..store import repo, tournament_rows
from ..store.db import Connection
from .tables import load_table, table_view


def figure(value: Fraction | int) -> int | Any:
    """A points figure as shown: a whole number as itself, else to 2 decimals (10/3 → 3.33)."""
    exact = Fraction(value)
    return exact.numerator if exact.denominator == 1 else shown(exact)


@dataclass(frozen=True, slots=True)
class EntryView:
    player: str
    number: int  # start number
    from_round: int
    withdrawn_from: int | None


@dataclass(frozen=True, slots=True)
class TournamentView:
    id: int
    name: str
    game: str
    rounds: int
    method: str
    table_size: int
    round_minutes: int | None
    points: str
    night_id: int
    seed: str
    drawn: int  # rounds drawn so far
    entries: tuple[EntryView, ...]

    def active(self, number: int) -> list[str]:
        """Who plays round `number`, in start-number order."""
        return [e.player for e in self.entries if e.from_round <= number and (
            e.withdrawn_from is None or e.withdrawn_from > number)]


@dataclass(frozen=True, slots=True)
class DrawnTable:
    number: int  # the table's number in the night
    table_id: int
    seats: tuple[str, ...]  # seat order


@dataclass(frozen=True, slots=True)
class DrawView:
    """One round's stored draw, and its clock."""

    tournament: str
    game: str
    round: int
    rounds: int
    seed: str
    tables: tuple[DrawnTable, ...]
    byes: tuple[str, ...]
    started_at: datetime | None
    minutes: int | None

    @property
    def ends_at(self) -> datetime | None:
        if self.started_at is None or self.minutes is None:
            return None
        return self.started_at + timedelta(minutes=self.minutes)

    def by_name(self) -> list[tuple[str, int | None]]:
        """"Where do I sit?": every player and their table number (None: a bye), by name."""
        out: list[tuple[str, int | None]] = [(p, t.number) for t in self.tables for p in t.seats]
        out += [(p, None) for p in self.byes]
        return sorted(out, key=lambda x: (x[0].casefold(), x[0]))

    def left(self, now: datetime) -> int | None:
        """Seconds left on the round's clock (0 once time is up; None: no clock)."""
        end = self.ends_at
        return None if end is None else max(0, int((end - now).total_seconds()))


def tournament_view(s: Connection, row: Any) -> TournamentView:
    entries = tuple(EntryView(e.name, e.number, e.from_round, e.withdrawn_from)
                    for e in tournament_rows.entries(session=s, tournament_id=row.id))
    drawn = len(tournament_rows.rounds(session=s, tournament_id=row.id))
    return TournamentView(row.id, row.name, row.game, row.rounds, row.method, row.table_size,
                          row.round_minutes, row.points, row.night_id, row.seed, drawn, entries)


def draws(s: Connection, t: TournamentView) -> list[DrawView]:
    """Every drawn round, in order."""
    seated: dict[int, dict[int | None, list[str]]] = {}
    for r in tournament_rows.seats(session=s, tournament_id=t.id):
        seated.setdefault(r.round, {}).setdefault(r.table_id, []).append(r.player)
    out = []
    for r in tournament_rows.rounds(session=s, tournament_id=t.id):
        here = seated.get(r.number, {})
        tables = []
        for tid in here:
            if tid is None:
                continue
            row = repo.table_row(session=s, table_id=tid)
            assert row is not None  # a drawn table is never deleted (its round holds it)
            seats = tuple(n for _, n in repo.seats(session=s, table_id=tid))
            tables.append(DrawnTable(row.number, tid, seats))
        tables.sort(key=lambda x: x.number)
        out.append(DrawView(t.name, t.game, r.number, t.rounds, r.seed, tuple(tables),
                            tuple(sorted(here.get(None, []))), r.started_at, t.round_minutes))
    return out


def table_result(s: Connection, round_number: int, table_id: int, round_deals: int | None = None,
                 over: bool = False) -> TableResult:
    """A drawn table's result as its current revisions stand. A table whose game has no end
    of its own (the chip games) is finished after `round_deals` kept deals (0: one for each
    seat; None: never); `over`: its round is over (time up, or a later round drawn)."""
    table = load_table(s, table_id)
    view = table_view(s, table_id)
    ids = table.seat_ids
    nets = repo.nets_by_table(session=s, table_id=table_id)
    chips = {p: nets.get((ids[p], table_id), 0) for p in table.seats}
    status = view.status
    games: dict[str, int] = dict.fromkeys(table.seats, 0)
    lost = status.get("games_lost") or {}
    won = status.get("games_won") or {}
    if len(table.seats) == 2 and lost:
        a, b = table.seats
        games = {a: lost.get(b, 0), b: lost.get(a, 0)}
    elif won:
        games = {p: won.get(p, 0) for p in table.seats}
    points = dict.fromkeys(table.seats, 0)
    for d in repo.current_revisions(session=s, table_id=table_id):
        if d.void:
            continue
        for p, n in (json.loads(d.extra).get("scored") or {}).items():
            if p in points:
                points[p] += int(n)
    finished = bool(status.get("finished"))
    if not finished and round_deals is not None:
        finished = view.deals >= (round_deals or len(table.seats))
    return TableResult(round_number, table.number, table.seats, chips, games, points,
                       finished, view.deals, over)


def _withdrawn(t: TournamentView, after: int) -> list[str]:
    """Who had withdrawn by the ranking after round `after` (from round `after` + 1 or
    earlier)."""
    return [e.player for e in t.entries
            if e.withdrawn_from is not None and e.withdrawn_from <= after + 1]
