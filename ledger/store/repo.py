"""Repository: plain functions over a connection (keyword-only `session`), returning plain
values or rows (read by column name: `row.date`, `row.closed_at`).

Everything that reads deals goes through `current_revisions`: a deal's current state is its
revision with the highest id (revisions are only ever appended). The tables are the Core
tables of `schema` (see there why not the SQLModel classes).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, insert, select, text, update
from sqlalchemy.engine import Connection, Row

from . import schema

P, N, G, S = schema.player.c, schema.night.c, schema.game_table.c, schema.seat.c
D, R, T = schema.deal.c, schema.revision.c, schema.transfer.c

# ---- players -------------------------------------------------------------------------


def add_player(*, session: Connection, name: str, now: datetime) -> int:
    res = session.execute(insert(schema.player).values(name=name, created_at=now))
    return int(res.inserted_primary_key[0])


def rename_player(*, session: Connection, player_id: int, name: str) -> None:
    session.execute(update(schema.player).where(P.id == player_id).values(name=name))


def players(*, session: Connection) -> list[tuple[int, str]]:
    return [(r[0], r[1]) for r in session.execute(select(P.id, P.name).order_by(
        func.lower(P.name), P.id))]


def player_by_name_folded(*, session: Connection, name: str) -> tuple[int, str] | None:
    """The player whose name equals `name` ignoring case (Åsa = åsa, 春子 = 春子).

    SQLite's lower() folds ASCII letters only, so the fold happens here in Python; the
    exact name is tried first through the unique index."""
    row = session.execute(select(P.id, P.name).where(P.name == name)).first()
    if row:
        return (row[0], row[1])
    folded = name.casefold()
    for pid, other in session.execute(select(P.id, P.name).order_by(P.id)):
        if other.casefold() == folded:
            return (pid, other)
    return None


def player_names(*, session: Connection) -> dict[int, str]:
    return dict(session.execute(select(P.id, P.name)).all())  # type: ignore[arg-type]


# ---- nights and tables ------------------------------------------------------------------


def add_night(*, session: Connection, date: str, venue: str | None, now: datetime) -> int:
    res = session.execute(insert(schema.night).values(date=date, venue=venue, created_at=now))
    return int(res.inserted_primary_key[0])


def night_row(*, session: Connection, night_id: int) -> Row[Any] | None:
    return session.execute(select(schema.night).where(N.id == night_id)).first()


def nights(*, session: Connection) -> list[Row[Any]]:
    return list(session.execute(select(schema.night).order_by(N.date.desc(), N.id.desc())))


def close_night(*, session: Connection, night_id: int, now: datetime) -> None:
    session.execute(update(schema.night).where(N.id == night_id).values(closed_at=now))


def add_table(*, session: Connection, night_id: int, game: str, preset: str,
              options: dict[str, Any], seat_ids: Sequence[int], now: datetime) -> int:
    number = session.scalar(select(func.coalesce(func.max(G.number), 0)).where(
        G.night_id == night_id)) + 1
    res = session.execute(insert(schema.game_table).values(
        night_id=night_id, number=number, game=game, preset=preset,
        options=json.dumps(options, ensure_ascii=False, sort_keys=True), created_at=now))
    table_id = int(res.inserted_primary_key[0])
    session.execute(insert(schema.seat), [
        {"table_id": table_id, "position": i, "player_id": pid} for i, pid in enumerate(seat_ids)
    ])
    return table_id


def table_row(*, session: Connection, table_id: int) -> Row[Any] | None:
    return session.execute(select(schema.game_table).where(G.id == table_id)).first()


def tables(*, session: Connection, night_id: int | None = None) -> list[Row[Any]]:
    q = select(schema.game_table).order_by(G.night_id, G.number)
    if night_id is not None:
        q = q.where(G.night_id == night_id)
    return list(session.execute(q))


def seats(*, session: Connection, table_id: int) -> tuple[tuple[int, str], ...]:
    rows = session.execute(
        select(S.player_id, P.name).join(schema.player, P.id == S.player_id)
        .where(S.table_id == table_id).order_by(S.position))
    return tuple((r[0], r[1]) for r in rows)


def seats_by_table(*, session: Connection) -> dict[int, tuple[tuple[int, str], ...]]:
    """Every table's seats as `seats` gives them, in one query."""
    out: dict[int, list[tuple[int, str]]] = {}
    for tid, pid, name in session.execute(
            select(S.table_id, S.player_id, P.name)
            .join(schema.player, P.id == S.player_id).order_by(S.table_id, S.position)):
        out.setdefault(tid, []).append((pid, name))
    return {tid: tuple(rows) for tid, rows in out.items()}


def deal_counts(*, session: Connection, table_ids: Iterable[int]) -> dict[int, int]:
    ids = list(table_ids)
    if not ids:
        return {}
    rows = session.execute(select(D.table_id, func.count()).where(
        D.table_id.in_(ids)).group_by(D.table_id))
    return {r[0]: r[1] for r in rows}


# ---- deals and revisions ----------------------------------------------------------------

_CURRENT = """
SELECT d.id, d.number, r.id, r.seq, r.kind, r.outcome, r.summary, r.extra, r.created_at,
       r.author, r.reason, d.table_id
FROM deal d JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
"""


def current_revisions(*, session: Connection, table_id: int) -> list[tuple[Any, ...]]:
    """(deal id, number, revision id, seq, kind, outcome, summary, extra, created_at,
    author, reason, table id) of each deal of the table, in deal order."""
    return [tuple(r) for r in session.execute(
        text(_CURRENT + " WHERE d.table_id = :t ORDER BY d.number"), {"t": table_id}).all()]


def current_revision_of(*, session: Connection, deal_id: int) -> tuple[Any, ...] | None:
    row = session.execute(text(_CURRENT + " WHERE d.id = :d"), {"d": deal_id}).first()
    return tuple(row) if row else None


def revisions_of(*, session: Connection, deal_id: int) -> list[Row[Any]]:
    return list(session.execute(select(schema.revision).where(R.deal_id == deal_id)
                                .order_by(R.seq)))


def add_revision(*, session: Connection, deal_id: int, kind: str, outcome: dict[str, Any] | None,
                 summary: str, extra: dict[str, Any], now: datetime, author: str | None,
                 reason: str | None, transfers: Sequence[tuple[int | None, int | None, int, str]],
                 ) -> int:
    seq = session.scalar(select(func.coalesce(func.max(R.seq), 0)).where(
        R.deal_id == deal_id)) + 1
    res = session.execute(insert(schema.revision).values(
        deal_id=deal_id, seq=seq, kind=kind,
        outcome=None if outcome is None else json.dumps(outcome, ensure_ascii=False),
        summary=summary, extra=json.dumps(extra, ensure_ascii=False, sort_keys=True),
        created_at=now, author=author, reason=reason))
    rid = int(res.inserted_primary_key[0])
    if transfers:
        session.execute(insert(schema.transfer), [
            {"revision_id": rid, "payer_id": a, "payee_id": b, "amount": n, "reason": why}
            for a, b, n, why in transfers
        ])
    return rid


NewDeal = tuple[dict[str, Any], str, dict[str, Any],
                Sequence[tuple[int | None, int | None, int, str]]]  # outcome, summary, extra,
#                                                                    transfers


def add_deals(*, session: Connection, table_id: int, now: datetime, author: str | None,
              deals: Sequence[NewDeal]) -> list[int]:
    """Append new deals (each with its first revision, kind "record", and its transfers)
    in a fixed handful of statements whatever their number; returns the deal ids in order.

    Rows go in with executemany; their ids are read back by (table, number), which the
    caller's write transaction holds still (RETURNING would cost SQLite a statement a row).
    """
    if not deals:
        return []
    deal_t, rev_t, move_t = schema.deal, schema.revision, schema.transfer
    first = session.scalar(select(func.coalesce(func.max(D.number), 0)).where(
        D.table_id == table_id)) + 1
    session.execute(insert(deal_t), [{"table_id": table_id, "number": first + i,
                                      "created_at": now} for i in range(len(deals))])
    new = (deal_t.c.table_id == table_id) & (deal_t.c.number >= first)
    deal_ids = list(session.scalars(select(deal_t.c.id).where(new).order_by(deal_t.c.number)))
    session.execute(insert(rev_t), [
        {"deal_id": d, "seq": 1, "kind": "record",
         "outcome": json.dumps(outcome, ensure_ascii=False), "summary": summary,
         "extra": json.dumps(extra, ensure_ascii=False, sort_keys=True), "created_at": now,
         "author": author, "reason": None}
        for d, (outcome, summary, extra, _) in zip(deal_ids, deals, strict=True)])
    rev_ids = list(session.scalars(
        select(rev_t.c.id).join(deal_t, deal_t.c.id == rev_t.c.deal_id).where(new)
        .order_by(deal_t.c.number)))
    moves = [{"revision_id": rid, "payer_id": a, "payee_id": b, "amount": n, "reason": why}
             for rid, (_, _, _, transfers) in zip(rev_ids, deals, strict=True)
             for a, b, n, why in transfers]
    if moves:
        session.execute(insert(move_t), moves)
    return deal_ids


# one statement, compiled once: an `in_(list)` would be rebuilt item by item at every call
_TRANSFERS_OF = (select(T.revision_id, T.payer_id, T.payee_id, T.amount, T.reason)
                 .where(T.revision_id.in_(bindparam("ids", expanding=True)))
                 .order_by(T.id))


def transfers_of(*, session: Connection, revision_ids: Sequence[int],
                 ) -> dict[int, list[tuple[int | None, int | None, int, str]]]:
    out: dict[int, list[tuple[int | None, int | None, int, str]]] = {r: [] for r in revision_ids}
    for chunk_start in range(0, len(revision_ids), 500):
        chunk = list(revision_ids[chunk_start:chunk_start + 500])
        rows = session.execute(_TRANSFERS_OF, {"ids": chunk}).all()  # fetchall: one call
        for rid, a, b, n, why in rows:
            out[rid].append((a, b, n, why))
    return out


# ---- standings ---------------------------------------------------------------------------

# per (table, payer, payee) of the current revisions, folded into nets below: grouping the
# transfers once (a covering index read) beats turning each into two signed rows first
_PAIRS = """
SELECT d.table_id, t.payer_id, t.payee_id, sum(t.amount) FROM deal d
JOIN transfer t ON t.revision_id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
{where} GROUP BY d.table_id, t.payer_id, t.payee_id
"""


def _scope(night_id: int | None, table_id: int | None) -> tuple[str, dict[str, int]]:
    if table_id is not None:
        return "WHERE d.table_id = :t", {"t": table_id}
    if night_id is not None:
        return ("WHERE d.table_id IN (SELECT id FROM game_table WHERE night_id = :n)",
                {"n": night_id})
    return "", {}


def nets_by_table(*, session: Connection, night_id: int | None = None,
                  table_id: int | None = None) -> dict[tuple[int, int], int]:
    """{(player id, table id): net} over current revisions in the scope."""
    where, params = _scope(night_id, table_id)
    out: dict[tuple[int, int], int] = {}
    for tid, payer, payee, amount in session.execute(text(_PAIRS.format(where=where)),
                                                     params).all():
        if payee is not None:  # NULL is the pot
            out[(payee, tid)] = out.get((payee, tid), 0) + int(amount)
        if payer is not None:
            out[(payer, tid)] = out.get((payer, tid), 0) - int(amount)
    return out


def deals_played(*, session: Connection, night_id: int | None = None,
                 table_id: int | None = None) -> dict[tuple[int, int], int]:
    """{(player id, table id): deals not void} for each seated player."""
    where, params = _scope(night_id, table_id)
    # per table: all its deals (an index count) less those whose current revision is a
    # void (few: found from the void revisions); each seat plays every deal of its table
    sql = f"""
    WITH dealt AS (SELECT d.table_id AS tid, count(*) AS n FROM deal d {where}
                   GROUP BY d.table_id),
    voided AS (SELECT d.table_id AS tid, count(*) AS n FROM revision r
               JOIN deal d ON d.id = r.deal_id
               WHERE r.kind = 'void' AND r.id = (SELECT max(id) FROM revision
                                                 WHERE deal_id = r.deal_id)
               {where.replace("WHERE", "AND", 1)} GROUP BY d.table_id),
    played AS (SELECT dealt.tid AS tid, dealt.n - coalesce(voided.n, 0) AS n FROM dealt
               LEFT JOIN voided ON voided.tid = dealt.tid)
    SELECT s.player_id, s.table_id, played.n FROM seat s JOIN played ON played.tid = s.table_id
    WHERE played.n > 0
    """
    return {(r[0], r[1]): int(r[2]) for r in session.execute(text(sql), params)}


def seated_players(*, session: Connection, night_id: int | None = None,
                   table_id: int | None = None) -> set[tuple[int, int]]:
    """(player id, table id) for every seat in scope (players with no deal yet included)."""
    if table_id is not None:
        sql, params = "SELECT player_id, table_id FROM seat WHERE table_id = :t", {"t": table_id}
    elif night_id is not None:
        sql = ("SELECT s.player_id, s.table_id FROM seat s JOIN game_table g ON g.id = s.table_id"
               " WHERE g.night_id = :n")
        params = {"n": night_id}
    else:
        sql, params = "SELECT player_id, table_id FROM seat", {}
    return {(r[0], r[1]) for r in session.execute(text(sql), params)}


# ---- integrity -----------------------------------------------------------------------------

ORPHAN_QUERIES = {
    "transfer without revision": "SELECT t.id FROM transfer t LEFT JOIN revision r "
    "ON r.id = t.revision_id WHERE r.id IS NULL",
    "transfer naming an unknown player": "SELECT t.id FROM transfer t LEFT JOIN player a "
    "ON a.id = t.payer_id LEFT JOIN player b ON b.id = t.payee_id WHERE "
    "(t.payer_id IS NOT NULL AND a.id IS NULL) OR (t.payee_id IS NOT NULL AND b.id IS NULL)",
    "revision without deal": "SELECT r.id FROM revision r LEFT JOIN deal d ON d.id = r.deal_id "
    "WHERE d.id IS NULL",
    "deal without revision": "SELECT d.id FROM deal d LEFT JOIN revision r ON r.deal_id = d.id "
    "WHERE r.id IS NULL",
    "deal without table": "SELECT d.id FROM deal d LEFT JOIN game_table g ON g.id = d.table_id "
    "WHERE g.id IS NULL",
    "table without night": "SELECT g.id FROM game_table g LEFT JOIN night n ON n.id = g.night_id "
    "WHERE n.id IS NULL",
    "seat without player": "SELECT s.table_id FROM seat s LEFT JOIN player p "
    "ON p.id = s.player_id WHERE p.id IS NULL",
}


def orphans(*, session: Connection) -> list[str]:
    problems = []
    for what, sql in ORPHAN_QUERIES.items():
        ids = [r[0] for r in session.execute(text(sql))]
        if ids:
            shown = ", ".join(str(i) for i in ids[:10]) + (" …" if len(ids) > 10 else "")
            problems.append(f"{what}: {shown}")
    return problems


def unbalanced_revisions(*, session: Connection) -> list[tuple[int, int]]:
    """(revision id, pot balance) where the pot does not end at zero or an amount is not > 0."""
    sql = """
    SELECT revision_id, sum(CASE WHEN payee_id IS NULL THEN amount ELSE 0 END)
                      - sum(CASE WHEN payer_id IS NULL THEN amount ELSE 0 END),
           min(amount), sum(CASE WHEN payer_id IS NULL AND payee_id IS NULL THEN 1 ELSE 0 END)
    FROM transfer GROUP BY revision_id
    """
    return [(r[0], r[1]) for r in session.execute(text(sql)) if r[1] != 0 or r[2] <= 0 or r[3]]


# ---- exports ---------------------------------------------------------------------------------

_EXPORT_CUR = """
WITH cur AS (SELECT deal_id, max(id) AS rid FROM revision GROUP BY deal_id)
"""


def _stream(session: Connection, sql: str, params: dict[str, Any]) -> Iterator[Sequence[Any]]:
    """Rows fetched a few thousand at a time (an export of a decade never sits in memory)."""
    for part in session.execute(text(sql), params).partitions(2000):
        yield from part


def export_deal_rows(*, session: Connection, night_id: int | None,
                     kinds: Mapping[str, str] | None = None) -> Iterator[Sequence[Any]]:
    """(night, date, table no, game, deal no, revision, kind, player, net, summary), one per
    seated player per deal, in order; streamed while `session` is open. `kinds` renames
    the revision kinds (record → recorded …) for the reader.

    The database sorts the deals and sums each current revision's nets; the rows per seat
    are made here (joining seats in SQL would sort four times as many rows)."""
    in_night = "AND g.night_id = :n" if night_id is not None else ""
    nets_sql = f"""
    WITH cur AS (SELECT (SELECT max(id) FROM revision WHERE deal_id = d.id) AS rid
                 FROM deal d JOIN game_table g ON g.id = d.table_id WHERE 1 {in_night}),
    moves AS (SELECT t.revision_id AS rid, t.payee_id AS pid, t.amount AS x FROM transfer t
              JOIN cur ON cur.rid = t.revision_id
              UNION ALL
              SELECT t.revision_id, t.payer_id, -t.amount FROM transfer t
              JOIN cur ON cur.rid = t.revision_id)
    SELECT rid, pid, sum(x) FROM moves WHERE pid IS NOT NULL GROUP BY rid, pid
    """
    nets: dict[int, dict[int, int]] = {}
    for rid, pid, v in session.execute(text(nets_sql), {"n": night_id}).all():
        nets.setdefault(rid, {})[pid] = int(v)
    seats = seats_by_table(session=session)
    sql = f"""
    SELECT n.id, n.date, g.number, g.game, d.number, r.seq, r.kind, r.summary, g.id, r.id
    FROM night n JOIN game_table g ON g.night_id = n.id JOIN deal d ON d.table_id = g.id
    JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
    WHERE 1 {in_night}
    ORDER BY n.date, n.id, g.number, d.number
    """
    for nid, day, table_no, game, deal_no, seq, kind, summary, tid, rid in _stream(
            session, sql, {"n": night_id}):
        per = nets.get(rid, {})
        if kinds is not None:
            kind = kinds.get(kind, kind)
        for pid, name in seats.get(tid, ()):
            yield (nid, day, table_no, game, deal_no, seq, kind, name, per.get(pid, 0),
                   summary)


def export_transfer_rows(*, session: Connection, night_id: int | None
                         ) -> Iterator[Sequence[Any]]:
    """(night, date, table no, game, deal no, revision, from, to, amount, reason), streamed
    while `session` is open."""
    where = "WHERE n.id = :n" if night_id is not None else ""
    sql = _EXPORT_CUR + f"""
    SELECT n.id, n.date, g.number, g.game, d.number, r.seq, coalesce(a.name, 'pot'),
           coalesce(b.name, 'pot'), t.amount, t.reason
    FROM cur JOIN revision r ON r.id = cur.rid JOIN deal d ON d.id = cur.deal_id
    JOIN game_table g ON g.id = d.table_id JOIN night n ON n.id = g.night_id
    JOIN transfer t ON t.revision_id = cur.rid
    LEFT JOIN player a ON a.id = t.payer_id LEFT JOIN player b ON b.id = t.payee_id
    {where}
    ORDER BY n.date, n.id, g.number, d.number, t.id
    """
    return _stream(session, sql, {"n": night_id})
