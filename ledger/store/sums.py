"""Per-night per-player sums (`night_sum`): each player's net and deals at one night's
tables of one game, over the deals' current revisions.

A cache of the transfers, never a total anyone edits: every function here that writes a
revision's transfers (`repo.add_deals`, `repo.add_revision`: a new deal, a correction and
each later deal it re-settles, a void, an undo, an import) moves the sums by what that
revision changes, in the same transaction; a table set up adds its seats at 0; what
replaces rows wholesale (`db copy`, restore into a server, the federation's bulk load, a
table removed) re-derives them from the transfers (`rederive`). `tally check` re-derives
them from the stored transfers and reports any row that differs. Standings and the league
read these rows instead of summing every transfer (a decade is ~600,000 transfers, a
federation of a hundred venues a hundred times that). Beside them, each player's night over
every game (`player_night`, dated as the night) moves in the same statements: what the
league over many nights adds up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .db import Connection, executemany_all, marks

Move = Sequence[Any]  # (payer id | None, payee id | None, amount, …): None is the pot
Key = tuple[int, str, int]  # night id, game, player id

_UPSERT = ("INSERT INTO night_sum (night_id, game, player_id, net, deals) "
           "VALUES (:night, :game, :player, :net, :deals) "
           "ON CONFLICT (night_id, game, player_id) DO UPDATE SET "
           "net = night_sum.net + excluded.net, deals = night_sum.deals + excluded.deals")
# the same move of the player's night over every game (`player_night`), dated as the night
_UPSERT_NIGHT = ("INSERT INTO player_night (night_id, player_id, date, net, deals) "
                 "SELECT n.id, CAST(:player AS INTEGER), n.date, CAST(:net AS INTEGER), "
                 "CAST(:deals AS INTEGER) FROM night n WHERE n.id = :night "
                 "ON CONFLICT (night_id, player_id) DO UPDATE SET "
                 "net = player_night.net + excluded.net, "
                 "deals = player_night.deals + excluded.deals")
# each player's nights from the games' sums (`rederive`; migration 0011 fills them so)
DERIVE_NIGHTS = ("INSERT INTO player_night (night_id, player_id, date, net, deals) "
                 "SELECT s.night_id, s.player_id, n.date, sum(s.net), sum(s.deals) "
                 "FROM night_sum s JOIN night n ON n.id = s.night_id {where}"
                 "GROUP BY s.night_id, s.player_id, n.date")

# the sums from the transfers of the current revisions: per (table, payer, payee) first (a
# covering index read, as `repo.nets_by_table`), then into signed nets per seat; each seat
# plays every deal of its table whose current revision is not a void. {cur} / {seats} narrow
# to some nights. The same statement, frozen, fills the table in migration 0010.
DERIVE = """
WITH cur AS ({cur}),
pairs AS (SELECT d.table_id, t.payer_id, t.payee_id, sum(t.amount) AS x FROM cur
          JOIN deal d ON d.id = cur.deal_id JOIN transfer t ON t.revision_id = cur.rid
          GROUP BY d.table_id, t.payer_id, t.payee_id),
moves AS (SELECT table_id, payee_id AS pid, x AS net, 0 AS seated FROM pairs
          WHERE payee_id IS NOT NULL
          UNION ALL SELECT table_id, payer_id, -x, 0 FROM pairs WHERE payer_id IS NOT NULL
          UNION ALL SELECT s.table_id, s.player_id, 0, 1 FROM seat s {seats}),
played AS (SELECT d.table_id, count(*) AS n FROM cur JOIN deal d ON d.id = cur.deal_id
           JOIN revision r ON r.id = cur.rid WHERE r.kind <> 'void' GROUP BY d.table_id),
cells AS (SELECT table_id, pid, sum(net) AS net, max(seated) AS seated FROM moves
          GROUP BY table_id, pid)
SELECT g.night_id, g.game, c.pid, sum(c.net),
       sum(CASE WHEN c.seated = 1 THEN coalesce(p.n, 0) ELSE 0 END)
FROM cells c JOIN game_table g ON g.id = c.table_id
LEFT JOIN played p ON p.table_id = c.table_id
GROUP BY g.night_id, g.game, c.pid
"""
_EVERY_DEAL = "SELECT deal_id, max(id) AS rid FROM revision GROUP BY deal_id"
_DEALS_OF = ("SELECT r.deal_id, max(r.id) AS rid FROM revision r JOIN deal d ON d.id = r.deal_id "
             "WHERE d.table_id IN (SELECT id FROM game_table WHERE night_id IN ({nights})) "
             "GROUP BY r.deal_id")
_SEATS_OF = "WHERE s.table_id IN (SELECT id FROM game_table WHERE night_id IN ({nights}))"


Place = tuple[int, str, list[int]]  # a table's night id, game and seated player ids


def places(session: Connection, table_ids: Sequence[int]) -> dict[int, Place]:
    """Each table's place (night, game, seated players) in one statement."""
    if not table_ids:
        return {}
    listed, params = marks(table_ids, "t")
    out: dict[int, Place] = {}
    for tid, night, game, pid in session.execute(
            "SELECT g.id, g.night_id, g.game, s.player_id FROM game_table g "
            f"LEFT JOIN seat s ON s.table_id = g.id WHERE g.id IN ({listed}) "
            "ORDER BY g.id, s.position", params):
        seated = out.setdefault(int(tid), (int(night), str(game), []))[2]
        if pid is not None:
            seated.append(pid)
    return out


def _rows(place: Place, moves: Iterable[Move], deals: int) -> list[dict[str, Any]]:
    night, game, seated = place
    net = dict.fromkeys(seated, 0)
    for payer, payee, amount, *_ in moves:
        if payee is not None:
            net[payee] = net.get(payee, 0) + amount
        if payer is not None:
            net[payer] = net.get(payer, 0) - amount
    on = set(seated)
    return [{"night": night, "game": game, "player": pid, "net": n,
             "deals": deals if pid in on else 0} for pid, n in net.items()]


def add(session: Connection, *, table_id: int, moves: Iterable[Move], deals: int = 0,
        place: Place | None = None) -> None:
    """Move the sums of the table's night by `moves` (a negative amount takes one back)
    and every seat's deals by `deals`; every seat gets its row (0 and 0: a new table).
    `place`: the table's night, game and seats when the caller has them (else read)."""
    _move(session, _rows(place or places(session, [table_id])[table_id], moves, deals))


def moves_for(tables: Sequence[tuple[int, Sequence[Move], int]],
              where: Mapping[int, Place]) -> list[tuple[str, list[dict[str, Any]]]]:
    """`add` for several tables (id, moves, deals) at once, each at its place (`where`, as
    the caller read it in the write transaction): the statements, each with its rows, that
    move every row at once (the caller runs them, as `executemany_all` does, in its write)."""
    return _statements([row for t, moves, deals in tables
                        for row in _rows(where[t], moves, deals)])


def _move(session: Connection, rows: Sequence[dict[str, Any]]) -> None:
    """The games' rows moved by `rows`, and each player's night by what they add up to."""
    executemany_all(session, _statements(rows))


def _statements(rows: Sequence[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """`_move`'s two statements, each with its rows."""
    nights: dict[tuple[int, int], list[int]] = {}
    for r in rows:
        cell = nights.setdefault((r["night"], r["player"]), [0, 0])
        cell[0] += r["net"]
        cell[1] += r["deals"]
    return [(_UPSERT, list(rows)),
            (_UPSERT_NIGHT, [{"night": n, "player": p, "net": x, "deals": d}
                             for (n, p), (x, d) in nights.items()])]


def replace_revision(session: Connection, *, deal_id: int, kind: str,
                     moves: Sequence[Move]) -> None:
    """Before a new revision (`kind`, its `moves`) of a deal is added: the sums move by the
    difference between it and the deal's current revision (the one it supersedes)."""
    rows = session.execute(
        "SELECT d.table_id, r.kind, t.payer_id, t.payee_id, t.amount FROM deal d "
        "JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id) "
        "LEFT JOIN transfer t ON t.revision_id = r.id WHERE d.id = :d", {"d": deal_id}
    ).fetchall()
    if not rows:  # a deal with no revision yet: it is being recorded
        table_id = session.execute("SELECT table_id FROM deal WHERE id = :d",
                                   {"d": deal_id}).fetchone()[0]
        add(session, table_id=table_id, moves=moves, deals=int(kind != "void"))
        return
    old_kind = rows[0][1]
    back = [(a, b, -x) for _, _, a, b, x in rows if x is not None]
    add(session, table_id=rows[0][0], moves=[*moves, *back],
        deals=int(kind != "void") - int(old_kind != "void"))


def rederive(session: Connection, night_ids: Sequence[int] | None = None) -> int:
    """The sums of some nights (None: every night) made again from the transfers of the
    current revisions and the seats; returns the rows written."""
    if night_ids is None:
        session.execute("DELETE FROM player_night")
        session.execute("DELETE FROM night_sum")
        params: dict[str, Any] = {}
        sql = DERIVE.format(cur=_EVERY_DEAL, seats="")
        nights_sql = DERIVE_NIGHTS.format(where="")
    else:
        if not night_ids:
            return 0
        listed, params = marks(night_ids, "n")
        session.execute(f"DELETE FROM player_night WHERE night_id IN ({listed})", params)
        session.execute(f"DELETE FROM night_sum WHERE night_id IN ({listed})", params)
        sql = DERIVE.format(cur=_DEALS_OF.format(nights=listed),
                            seats=_SEATS_OF.format(nights=listed))
        nights_sql = DERIVE_NIGHTS.format(where=f"WHERE s.night_id IN ({listed}) ")
    session.execute("INSERT INTO night_sum (night_id, game, player_id, net, deals) " + sql,
                    params)
    session.execute(nights_sql, params)
    return int(session.execute("SELECT count(*) FROM night_sum").fetchone()[0])


def stored(session: Connection) -> dict[Key, tuple[int, int]]:
    """{(night, game, player): (net, deals)} as kept."""
    return {(r[0], r[1], r[2]): (int(r[3]), int(r[4])) for r in session.execute(
        "SELECT night_id, game, player_id, net, deals FROM night_sum")}


def stored_nights(session: Connection) -> dict[tuple[int, int], tuple[str, int, int]]:
    """{(night, player): (date, net, deals)} as kept (`player_night`)."""
    return {(r[0], r[1]): (str(r[2]), int(r[3]), int(r[4])) for r in session.execute(
        "SELECT night_id, player_id, date, net, deals FROM player_night")}


def by_player(session: Connection, night_id: int | None = None) -> list[tuple[str, int, int]]:
    """(player name, net, deals) over one night's rows (None: every night): the players
    of those rows only, named by the same statement."""
    where, params = ("WHERE s.night_id = :n ", {"n": night_id}) if night_id is not None \
        else ("", {})
    return session.execute("SELECT p.name, sum(s.net), sum(s.deals) FROM night_sum s "
                           f"JOIN player p ON p.id = s.player_id {where}"
                           "GROUP BY s.player_id, p.name", params).fetchall()
