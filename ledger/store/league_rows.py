"""The sums a league needs: each player's net and deals per night and game.

They are the per-night sums kept with every revision (`ledger.store.sums`, verified by
`tally check`): one query over the `night_sum` rows of the nights in range (or, for a table
by chips, their totals per player: over every game from the `player_night` rows), never the
transfers themselves (a decade is ~600,000 of them, a federation a hundred times that).
Voids and corrections count as each deal's latest revision says, as in `repo.nets_by_table`.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from .db import Connection, named

FIRST, LAST = "0000-00-00", "9999-99-99"  # ISO dates sort as text: an open end of a range


class NightGame(NamedTuple):
    """One player's net and deals at the tables of one game at one night."""

    night_id: int
    date: str
    game: str
    player: str
    net: int
    deals: int


_ON_NIGHT_SUM = ("n.date", "n.venue = :venue")  # `night_sum s JOIN night n`
_ON_PLAYER_NIGHT = ("p.date", "p.night_id IN (SELECT id FROM night WHERE venue = :venue)")


def _where(date_from: str | None, date_to: str | None, game: str | None,
           venue: str | None, on: tuple[str, str] = _ON_NIGHT_SUM
           ) -> tuple[str, dict[str, str]]:
    """The conditions for the nights in range (of one game, at one venue), after
    "… deals > 0": on `night_sum s JOIN night n`, or (`_ON_PLAYER_NIGHT`, no game) on
    `player_night p`."""
    day, at = on
    sql = ""
    params: dict[str, str] = {}
    if date_from is not None or date_to is not None:
        sql += f" AND {day} >= :lo AND {day} <= :hi"
        params |= {"lo": date_from or FIRST, "hi": date_to or LAST}
    if game is not None:
        sql += " AND s.game = :game"
        params["game"] = game
    if venue is not None:
        sql += f" AND {at}"
        params["venue"] = venue
    return sql, params


def night_games(*, session: Connection, date_from: str | None = None,
                date_to: str | None = None, game: str | None = None,
                venue: str | None = None) -> list[NightGame]:
    """Per (night, game, player) net and deals over the nights dated date_from … date_to
    (both included; None: open; at one venue, or every venue), for every player who played
    a deal that is not void."""
    where, params = _where(date_from, date_to, game, venue)
    sql = ("SELECT s.night_id, n.date, s.game, s.player_id, s.net, s.deals FROM night_sum s "
           "JOIN night n ON n.id = s.night_id WHERE s.deals > 0" + where)
    names = dict(session.execute("SELECT id, name FROM player").fetchall())
    out = [NightGame(night, day, g, names[pid], int(net), int(deals))
           for night, day, g, pid, net, deals in session.execute(sql, params)]
    out.sort(key=itemgetter(1, 0, 2, 3))  # date, night, game, player (in C)
    return out


class PlayerTotal(NamedTuple):
    """One player's league line by chips: nights played, deals, net, the best and worst
    night's net, the last night's date."""

    player: str
    nights: int
    deals: int
    net: int
    best: int
    worst: int
    last: str


def player_totals(*, session: Connection, date_from: str | None = None,
                  date_to: str | None = None, game: str | None = None,
                  venue: str | None = None) -> list[PlayerTotal]:
    """What `night_games` gives, already added up per player in SQL (each night's games
    first, then the nights): a federation's million rows never leave the server. Over every
    game the nights are read as kept (`player_night`: one row a player a night)."""
    if game is None:  # every game: each player's nights as kept (`player_night`)
        where, params = _where(date_from, date_to, None, venue, _ON_PLAYER_NIGHT)
        sql = ("SELECT p.player_id, count(*), sum(p.deals), sum(p.net), max(p.net), "
               f"min(p.net), max(p.date) FROM player_night p WHERE p.deals > 0{where} "
               "GROUP BY p.player_id")
    else:
        where, params = _where(date_from, date_to, game, venue)
        # one game: each player's night of it, keyed by two integers, the night's date
        # joined after (half the time of grouping by player, night and date at once)
        per_night = ("SELECT s.player_id, s.night_id, sum(s.net) AS net, sum(s.deals) AS "
                     "deals FROM night_sum s JOIN night n ON n.id = s.night_id "
                     f"WHERE s.deals > 0{where} GROUP BY s.player_id, s.night_id")
        sql = (f"WITH nights AS ({per_night}) "
               "SELECT x.player_id, count(*), sum(x.deals), sum(x.net), max(x.net), "
               "min(x.net), max(n.date) FROM nights x JOIN night n ON n.id = x.night_id "
               "GROUP BY x.player_id")
    names = dict(session.execute("SELECT id, name FROM player").fetchall())
    return [PlayerTotal(names[pid], int(n), int(d), int(net), int(hi), int(lo), last)
            for pid, n, d, net, hi, lo, last in session.execute(sql, params)]


# ---- seasons ----------------------------------------------------------------------------


def add_season(*, session: Connection, name: str, date_from: str, date_to: str, scoring: str,
               points: str, now: str) -> int:
    cur = session.execute("INSERT INTO season (name, date_from, date_to, scoring, points, "
                          "created_at) VALUES (:name, :lo, :hi, :scoring, :points, :at) "
                          "RETURNING id", {"name": name, "lo": date_from, "hi": date_to,
                                           "scoring": scoring, "points": points, "at": now})
    return int(cur.fetchone()[0])


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
    return session.execute("SELECT id, date FROM night WHERE date >= :lo AND date <= :hi "
                           "ORDER BY date, id",
                           {"lo": date_from or FIRST, "hi": date_to or LAST}).fetchall()
