"""The sums a league needs, in SQL: each player's net and deals per night and game.

One query groups the current revisions' transfers by (night, game, payer, payee) and one
counts each table's deals that are not void, over the nights of a date range; Python only
folds those few thousand groups into nets (a decade of 520 nights is ~60,000 deals and
~600,000 transfers, which are never read one by one). Voids and corrections count as each
deal's latest revision says, as in `repo.nets_by_table`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .db import Connection, named

FIRST, LAST = "0000-00-00", "9999-99-99"  # ISO dates sort as text: an open end of a range


@dataclass(frozen=True, slots=True)
class NightGame:
    """One player's net and deals at the tables of one game at one night."""

    night_id: int
    date: str
    game: str
    player: str
    net: int
    deals: int


def _scope(lo: str | None, hi: str | None, game: str | None) -> tuple[str, dict[str, str]]:
    sql = ("SELECT g.id, g.night_id, g.game, n.date FROM game_table g "
           "JOIN night n ON n.id = g.night_id WHERE n.date >= :lo AND n.date <= :hi")
    params = {"lo": lo or FIRST, "hi": hi or LAST}
    if game is not None:
        sql += " AND g.game = :game"
        params["game"] = game
    return sql, params


_PAIRS = """
WITH scope AS ({scope})
SELECT scope.night_id, scope.game, t.payer_id, t.payee_id, sum(t.amount)
FROM scope JOIN deal d ON d.table_id = scope.id
JOIN transfer t ON t.revision_id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
GROUP BY scope.night_id, scope.game, t.payer_id, t.payee_id
"""

# each seat plays every deal of its table that is not void (as `repo.deals_played`)
_PLAYED = """
WITH scope AS ({scope}),
played AS (SELECT d.table_id AS tid, count(*) AS n FROM scope JOIN deal d ON d.table_id = scope.id
           JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
           WHERE r.kind != 'void' GROUP BY d.table_id)
SELECT scope.night_id, scope.date, scope.game, s.player_id, sum(played.n)
FROM scope JOIN played ON played.tid = scope.id JOIN seat s ON s.table_id = scope.id
GROUP BY scope.night_id, scope.game, s.player_id
"""


def night_games(*, session: Connection, date_from: str | None = None,
                date_to: str | None = None, game: str | None = None) -> list[NightGame]:
    """Per (night, game, player) net and deals over the nights dated date_from … date_to
    (both included; None: open), for every player who played a deal that is not void."""
    scope, params = _scope(date_from, date_to, game)
    nets: dict[tuple[int, str, int], int] = {}
    for night, g, payer, payee, amount in session.execute(_PAIRS.format(scope=scope), params):
        if payee is not None:  # NULL is the Hachi-Hachi pot
            nets[(night, g, payee)] = nets.get((night, g, payee), 0) + int(amount)
        if payer is not None:
            nets[(night, g, payer)] = nets.get((night, g, payer), 0) - int(amount)
    names = dict(session.execute("SELECT id, name FROM player").fetchall())
    out = [NightGame(night, date, g, names[pid], nets.get((night, g, pid), 0), int(n))
           for night, date, g, pid, n in session.execute(_PLAYED.format(scope=scope), params)
           if n]
    out.sort(key=lambda r: (r.date, r.night_id, r.game, r.player))
    return out


# ---- seasons ----------------------------------------------------------------------------


def add_season(*, session: Connection, name: str, date_from: str, date_to: str, scoring: str,
               points: str, now: str) -> int:
    cur = session.execute("INSERT INTO season (name, date_from, date_to, scoring, points, "
                          "created_at) VALUES (?, ?, ?, ?, ?, ?)",
                          (name, date_from, date_to, scoring, points, now))
    return int(cur.lastrowid or 0)


def seasons(*, session: Connection) -> list[Any]:
    return named(session, "SELECT * FROM season ORDER BY date_from, id")


def season_named(*, session: Connection, name: str) -> Any | None:
    """The season called `name`, ignoring case (as player names are matched)."""
    folded = name.casefold()
    for row in seasons(session=session):
        if row.name.casefold() == folded:
            return row
    return None


def nights_in(*, session: Connection, date_from: str | None, date_to: str | None
              ) -> Sequence[tuple[int, str]]:
    """(id, date) of the nights in the range, in date order."""
    return session.execute("SELECT id, date FROM night WHERE date >= ? AND date <= ? "
                           "ORDER BY date, id", (date_from or FIRST, date_to or LAST)).fetchall()
