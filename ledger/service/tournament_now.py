"""What a tournament is doing now, for the room's screens: the tournament a night is
playing (the one the tournament screen, the organiser's page and the board show), and what
a drawn table's unfinished match would score if its round's time ran out now.

The score at time is the ranking's own rule (`ledger.domain.tournament.ranking.table_points`
under the points file's `at_time`), applied to the table's result as its deals stand: the
table screen, the table's phone page and the board each draw this one answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from ..store import repo, tournament_rows
from ..store.db import Connection
from .store import Store
from .tournament import _rules
from .tournament_views import draws, table_result, tournament_view


@dataclass(frozen=True, slots=True)
class AtTime:
    """A drawn table's match, unfinished, scored as if its round's time ran out now.

    `rule` is the points file's `at_time` (`score`: as the match stands; `draw`; `none`),
    `place_by` how the table places its players (`games`: games then game points won;
    `chips`: the net); `points` and `figures` (game points won, or net chips) are in seat
    order; `ends_at` is when the round's clock runs out."""

    tournament: str
    round: int
    rule: str
    place_by: str
    seats: tuple[str, ...]
    points: tuple[Fraction, ...]
    figures: tuple[int, ...]
    ends_at: datetime


class TournamentNow:
    def __init__(self, store: Store) -> None:
        self.store = store

    def playing(self, night_id: int) -> str | None:
        """The tournament the night is playing: the newest whose newest drawn round has a
        table on the night; else the newest made on the night (registering, none drawn)."""
        with self.store.read() as s:
            return _playing(s, night_id)

    def at_time(self, table_id: int) -> AtTime | None:
        """What the table's match would score if time ran out now: None unless the table
        is a tournament round's whose clock has started, and its match is unfinished."""
        with self.store.read() as s:
            found = tournament_rows.tournament_of_table(session=s, table_id=table_id)
            if found is None:
                return None
            row = next(r for r in tournament_rows.tournaments(session=s)
                       if r.id == found.tournament_id)
            started = next(r.started_at for r in tournament_rows.rounds(
                session=s, tournament_id=row.id) if r.number == found.round)
            if started is None or row.round_minutes is None:
                return None
            # (the round's row alone, not every draw: the board asks this of each table)
            result = table_result(s, found.round, table_id)
            if result.finished:
                return None
            from ..domain.tournament.ranking import table_points

            rules = _rules(row.points)
            scored = table_points(result, rules)
            figures = result.game_points if rules.place_by == "games" else result.chips
            return AtTime(row.name, found.round, rules.at_time, rules.place_by, result.seats,
                          tuple(scored[p][1] for p in result.seats),
                          tuple(int(figures.get(p, 0)) for p in result.seats),
                          started + timedelta(minutes=row.round_minutes))


def _playing(s: Connection, night_id: int) -> str | None:
    tables = {t.id for t in repo.tables(session=s, night_id=night_id)}
    made_here = None
    for row in reversed(tournament_rows.tournaments(session=s)):
        t = tournament_view(s, row)
        made = draws(s, t)
        if made and any(x.table_id in tables for x in made[-1].tables):
            return t.name
        if made_here is None and t.night_id == night_id and not made:
            made_here = t.name
    return made_here
