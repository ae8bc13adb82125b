"""Repository: plain functions over a session (keyword-only), returning plain values.

Everything that reads deals goes through `current_revisions`: a deal's current state is its
revision with the highest id (revisions are only ever appended).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, text, update
from sqlmodel import Session

from .models import Deal, GameTable, Night, Player, Revision, Seat, TransferRow

# ---- players -------------------------------------------------------------------------


def add_player(*, session: Session, name: str, now: datetime) -> int:
    res = session.execute(insert(Player).values(name=name, created_at=now))
    return int(res.inserted_primary_key[0])


def rename_player(*, session: Session, player_id: int, name: str) -> None:
    session.execute(update(Player).where(Player.id == player_id).values(name=name))


def players(*, session: Session) -> list[tuple[int, str]]:
    return [(r[0], r[1]) for r in session.execute(select(Player.id, Player.name).order_by(
        func.lower(Player.name), Player.id))]


def player_by_name_folded(*, session: Session, name: str) -> tuple[int, str] | None:
    row = session.execute(select(Player.id, Player.name).where(
        func.lower(Player.name) == name.lower())).first()
    return (row[0], row[1]) if row else None


def player_names(*, session: Session) -> dict[int, str]:
    return dict(session.execute(select(Player.id, Player.name)).all())  # type: ignore[arg-type]


# ---- nights and tables ------------------------------------------------------------------


def add_night(*, session: Session, date: str, venue: str | None, now: datetime) -> int:
    res = session.execute(insert(Night).values(date=date, venue=venue, created_at=now))
    return int(res.inserted_primary_key[0])


def night_row(*, session: Session, night_id: int) -> Night | None:
    return session.get(Night, night_id)


def nights(*, session: Session) -> list[Night]:
    return list(session.scalars(select(Night).order_by(Night.date.desc(), Night.id.desc())))


def close_night(*, session: Session, night_id: int, now: datetime) -> None:
    session.execute(update(Night).where(Night.id == night_id).values(closed_at=now))


def add_table(*, session: Session, night_id: int, game: str, preset: str,
              options: dict[str, Any], seat_ids: Sequence[int], now: datetime) -> int:
    number = session.scalar(select(func.coalesce(func.max(GameTable.number), 0)).where(
        GameTable.night_id == night_id)) + 1
    res = session.execute(insert(GameTable).values(
        night_id=night_id, number=number, game=game, preset=preset,
        options=json.dumps(options, ensure_ascii=False, sort_keys=True), created_at=now))
    table_id = int(res.inserted_primary_key[0])
    session.execute(insert(Seat), [
        {"table_id": table_id, "position": i, "player_id": pid} for i, pid in enumerate(seat_ids)
    ])
    return table_id


def table_row(*, session: Session, table_id: int) -> GameTable | None:
    return session.get(GameTable, table_id)


def tables(*, session: Session, night_id: int | None = None) -> list[GameTable]:
    q = select(GameTable).order_by(GameTable.night_id, GameTable.number)
    if night_id is not None:
        q = q.where(GameTable.night_id == night_id)
    return list(session.scalars(q))


def seats(*, session: Session, table_id: int) -> tuple[tuple[int, str], ...]:
    rows = session.execute(
        select(Seat.player_id, Player.name).join(Player, Player.id == Seat.player_id)
        .where(Seat.table_id == table_id).order_by(Seat.position))
    return tuple((r[0], r[1]) for r in rows)


def deal_counts(*, session: Session, table_ids: Iterable[int]) -> dict[int, int]:
    ids = list(table_ids)
    if not ids:
        return {}
    rows = session.execute(select(Deal.table_id, func.count()).where(
        Deal.table_id.in_(ids)).group_by(Deal.table_id))
    return {r[0]: r[1] for r in rows}


# ---- deals and revisions ----------------------------------------------------------------

_CURRENT = """
SELECT d.id, d.number, r.id, r.seq, r.kind, r.outcome, r.summary, r.extra, r.created_at,
       r.author, r.reason, d.table_id
FROM deal d JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
"""


def current_revisions(*, session: Session, table_id: int) -> list[tuple[Any, ...]]:
    """(deal id, number, revision id, seq, kind, outcome, summary, extra, created_at,
    author, reason, table id) of each deal of the table, in deal order."""
    return [tuple(r) for r in session.execute(
        text(_CURRENT + " WHERE d.table_id = :t ORDER BY d.number"), {"t": table_id})]


def current_revision_of(*, session: Session, deal_id: int) -> tuple[Any, ...] | None:
    row = session.execute(text(_CURRENT + " WHERE d.id = :d"), {"d": deal_id}).first()
    return tuple(row) if row else None


def revisions_of(*, session: Session, deal_id: int) -> list[Revision]:
    return list(session.scalars(select(Revision).where(Revision.deal_id == deal_id)
                                .order_by(Revision.seq)))


def add_deal(*, session: Session, table_id: int, now: datetime) -> tuple[int, int]:
    number = session.scalar(select(func.coalesce(func.max(Deal.number), 0)).where(
        Deal.table_id == table_id)) + 1
    res = session.execute(insert(Deal).values(table_id=table_id, number=number, created_at=now))
    return int(res.inserted_primary_key[0]), number


def add_revision(*, session: Session, deal_id: int, kind: str, outcome: dict[str, Any] | None,
                 summary: str, extra: dict[str, Any], now: datetime, author: str | None,
                 reason: str | None, transfers: Sequence[tuple[int | None, int | None, int, str]],
                 ) -> int:
    seq = session.scalar(select(func.coalesce(func.max(Revision.seq), 0)).where(
        Revision.deal_id == deal_id)) + 1
    res = session.execute(insert(Revision).values(
        deal_id=deal_id, seq=seq, kind=kind,
        outcome=None if outcome is None else json.dumps(outcome, ensure_ascii=False),
        summary=summary, extra=json.dumps(extra, ensure_ascii=False, sort_keys=True),
        created_at=now, author=author, reason=reason))
    rid = int(res.inserted_primary_key[0])
    if transfers:
        session.execute(insert(TransferRow), [
            {"revision_id": rid, "payer_id": a, "payee_id": b, "amount": n, "reason": why}
            for a, b, n, why in transfers
        ])
    return rid


def transfers_of(*, session: Session, revision_ids: Sequence[int],
                 ) -> dict[int, list[tuple[int | None, int | None, int, str]]]:
    out: dict[int, list[tuple[int | None, int | None, int, str]]] = {r: [] for r in revision_ids}
    for chunk_start in range(0, len(revision_ids), 500):
        chunk = list(revision_ids[chunk_start:chunk_start + 500])
        rows = session.execute(
            select(TransferRow.revision_id, TransferRow.payer_id, TransferRow.payee_id,
                   TransferRow.amount, TransferRow.reason)
            .where(TransferRow.revision_id.in_(chunk)).order_by(TransferRow.id))
        for rid, a, b, n, why in rows:
            out[rid].append((a, b, n, why))
    return out


# ---- standings ---------------------------------------------------------------------------

_NETS = """
WITH cur AS (SELECT max(r.id) AS rid, d.table_id AS tid FROM revision r JOIN deal d
             ON d.id = r.deal_id {where} GROUP BY r.deal_id),
moves AS (SELECT t.payee_id AS pid, t.amount AS x, cur.tid AS tid FROM transfer t
          JOIN cur ON t.revision_id = cur.rid
          UNION ALL
          SELECT t.payer_id, -t.amount, cur.tid FROM transfer t JOIN cur ON t.revision_id = cur.rid)
SELECT pid, tid, sum(x) FROM moves WHERE pid IS NOT NULL GROUP BY pid, tid
"""


def _scope(night_id: int | None, table_id: int | None) -> tuple[str, dict[str, int]]:
    if table_id is not None:
        return "WHERE d.table_id = :t", {"t": table_id}
    if night_id is not None:
        return ("WHERE d.table_id IN (SELECT id FROM game_table WHERE night_id = :n)",
                {"n": night_id})
    return "", {}


def nets_by_table(*, session: Session, night_id: int | None = None,
                  table_id: int | None = None) -> dict[tuple[int, int], int]:
    """{(player id, table id): net} over current revisions in the scope."""
    where, params = _scope(night_id, table_id)
    rows = session.execute(text(_NETS.format(where=where)), params)
    return {(r[0], r[1]): int(r[2]) for r in rows}


def deals_played(*, session: Session, night_id: int | None = None,
                 table_id: int | None = None) -> dict[tuple[int, int], int]:
    """{(player id, table id): deals not void} for each seated player."""
    where, params = _scope(night_id, table_id)
    sql = f"""
    WITH cur AS (SELECT max(r.id) AS rid, d.table_id AS tid FROM revision r JOIN deal d
                 ON d.id = r.deal_id {where} GROUP BY r.deal_id)
    SELECT s.player_id, cur.tid, count(*) FROM cur JOIN revision r ON r.id = cur.rid
    JOIN seat s ON s.table_id = cur.tid WHERE r.kind != 'void' GROUP BY s.player_id, cur.tid
    """
    return {(r[0], r[1]): int(r[2]) for r in session.execute(text(sql), params)}


def seated_players(*, session: Session, night_id: int | None = None,
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


def orphans(*, session: Session) -> list[str]:
    problems = []
    for what, sql in ORPHAN_QUERIES.items():
        ids = [r[0] for r in session.execute(text(sql))]
        if ids:
            shown = ", ".join(str(i) for i in ids[:10]) + (" …" if len(ids) > 10 else "")
            problems.append(f"{what}: {shown}")
    return problems


def unbalanced_revisions(*, session: Session) -> list[tuple[int, int]]:
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


def export_deal_rows(*, session: Session, night_id: int | None) -> list[tuple[Any, ...]]:
    """(night, date, table no, game, deal no, revision, kind, player, net, summary), one per
    seated player per deal, in order."""
    where = "WHERE n.id = :n" if night_id is not None else ""
    sql = _EXPORT_CUR + f"""
    , moves AS (SELECT t.revision_id AS rid, t.payee_id AS pid, t.amount AS x FROM transfer t
                JOIN cur ON cur.rid = t.revision_id
                UNION ALL
                SELECT t.revision_id, t.payer_id, -t.amount FROM transfer t
                JOIN cur ON cur.rid = t.revision_id),
    nets AS (SELECT rid, pid, sum(x) AS v FROM moves WHERE pid IS NOT NULL GROUP BY rid, pid)
    SELECT n.id, n.date, g.number, g.game, d.number, r.seq, r.kind, p.name,
           coalesce(nets.v, 0), r.summary
    FROM cur JOIN revision r ON r.id = cur.rid JOIN deal d ON d.id = cur.deal_id
    JOIN game_table g ON g.id = d.table_id JOIN night n ON n.id = g.night_id
    JOIN seat s ON s.table_id = g.id JOIN player p ON p.id = s.player_id
    LEFT JOIN nets ON nets.rid = cur.rid AND nets.pid = s.player_id
    {where}
    ORDER BY n.date, n.id, g.number, d.number, s.position
    """
    return [tuple(r) for r in session.execute(text(sql), {"n": night_id})]


def export_transfer_rows(*, session: Session, night_id: int | None) -> list[tuple[Any, ...]]:
    """(night, date, table no, game, deal no, revision, from, to, amount, reason)."""
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
    return [tuple(r) for r in session.execute(text(sql), {"n": night_id})]
