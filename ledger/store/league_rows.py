"""The sums a league needs, in SQL: each player's net and deals per night and game.

One query groups the current revisions' transfers by (night, game, payer, payee) and one
counts each table's deals that are not void, over the nights of a date range; Python only
folds those few thousand groups into nets (a decade of 520 nights is ~60,000 deals and
~600,000 transfers, which are never read one by one). Voids and corrections count as each
deal's latest revision says, as in `repo.nets_by_table`.
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


def _scope(lo: str | None, hi: str | None, game: str | None, venue: str | None = None
           ) -> tuple[str, dict[str, str]]:
    """The tables of the nights in range (of one game, at one venue): id, night, game,
    date."""
    sql = ("SELECT g.id, g.night_id, g.game, n.date FROM game_table g "
           "JOIN night n ON n.id = g.night_id WHERE n.date >= :lo AND n.date <= :hi")
    params = {"lo": lo or FIRST, "hi": hi or LAST}
    if game is not None:
        sql += " AND g.game = :game"
        params["game"] = game
    if venue is not None:
        sql += " AND n.venue = :venue"
        params["venue"] = venue
    return sql, params


# per (table, payer, payee) over the current revisions, as `repo.nets_by_table` groups them:
# integer keys sort fastest, and the tables' nights and games are joined on in Python
_PAIRS = """
SELECT d.table_id, t.payer_id, t.payee_id, sum(t.amount) FROM deal d
JOIN transfer t ON t.revision_id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
{where} GROUP BY d.table_id, t.payer_id, t.payee_id
"""

# each seat plays every deal of its table that is not void (as `repo.deals_played`): per
# table, all its deals (an index count) less those whose current revision is a void (few,
# found from the void revisions), so no deal's revision is looked up one by one
_PLAYED = """
WITH dealt AS (SELECT d.table_id AS tid, count(*) AS n FROM deal d {where} GROUP BY d.table_id),
voided AS (SELECT d.table_id AS tid, count(*) AS n FROM revision r JOIN deal d ON d.id = r.deal_id
           WHERE r.kind = 'void' AND r.id = (SELECT max(id) FROM revision WHERE deal_id = r.deal_id)
           GROUP BY d.table_id)
SELECT s.table_id, s.player_id, dealt.n - coalesce(voided.n, 0) FROM seat s
JOIN dealt ON dealt.tid = s.table_id LEFT JOIN voided ON voided.tid = s.table_id
"""


def night_games(*, session: Connection, date_from: str | None = None,
                date_to: str | None = None, game: str | None = None,
                venue: str | None = None) -> list[NightGame]:
    """Per (night, game, player) net and deals over the nights dated date_from … date_to
    (both included; None: open; at one venue, or every venue), for every player who played
    a deal that is not void."""
    scope, params = _scope(date_from, date_to, game, venue)
    tables = {tid: (night, g, day) for tid, night, g, day in session.execute(scope, params)}
    everything = date_from is None and date_to is None and game is None and venue is None
    # every table: no filter at all, as `standings --all` (the decade's common case)
    where = "" if everything else f"WHERE d.table_id IN (SELECT id FROM ({scope}) AS scope)"
    nets: dict[tuple[int, int], int] = {}
    for tid, payer, payee, amount in session.execute(_PAIRS.format(where=where), params):
        if payee is not None:  # NULL is the Hachi-Hachi pot
            nets[(tid, payee)] = nets.get((tid, payee), 0) + amount
        if payer is not None:
            nets[(tid, payer)] = nets.get((tid, payer), 0) - amount
    sums: dict[tuple[int, str, int], list[int]] = {}  # (night, game, player): net, deals
    for tid, pid, played in session.execute(_PLAYED.format(where=where), params):
        if played > 0 and tid in tables:
            cell = sums.setdefault((tables[tid][0], tables[tid][1], pid), [0, 0])
            cell[0] += nets.get((tid, pid), 0)
            cell[1] += played
    days = {night: day for night, _, day in tables.values()}
    names = dict(session.execute("SELECT id, name FROM player").fetchall())
    out = [NightGame(night, days[night], g, names[pid], net, deals)
           for (night, g, pid), (net, deals) in sums.items()]
    out.sort(key=itemgetter(1, 0, 2, 3))  # date, night, game, player (in C)
    return out


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
