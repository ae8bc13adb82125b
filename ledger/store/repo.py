"""Repository: plain functions over a session of either engine (keyword-only `session`),
returning plain values, tuples, frozen records or named rows, each built by column name
(`row.date`, `row.closed_at`; see `db.named` and `rows.records`). The SQL is the engines'
common language: named parameters only, `RETURNING` for new ids, `ON CONFLICT` to replace.

Everything that reads deals goes through `current_revisions`: a deal's current state is its
revision with the highest id (revisions are only ever appended; each sealed into its table's
hash chain, `chain_rows.seal`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..domain.rules.lookalike import fold
from .chain_rows import seal
from .db import Connection, marks, named, stamp
from .renames import rows_renamed, table_renames
from .rows import Checkpoint, DealRow, TableSeatRow, records
from .sums import add as add_sums
from .sums import replace_revision

# one encoder each, built once (json.dumps with options builds a new one at every call);
# what is stored is trees the engines build, so the cycle check (a third of the time) is off
_outcome_json = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_sorted_json = json.JSONEncoder(ensure_ascii=False, sort_keys=True, check_circular=False).encode

# ---- players -------------------------------------------------------------------------


def add_player(*, session: Connection, name: str, now: datetime) -> int:
    cur = session.execute("INSERT INTO player (name, created_at) VALUES (:name, :at) "
                          "RETURNING id", {"name": name, "at": stamp(now)})
    return int(cur.fetchone()[0])


def players(*, session: Connection) -> list[tuple[int, str]]:
    return session.execute("SELECT id, name FROM player ORDER BY lower(name), id").fetchall()


def player_by_name_folded(*, session: Connection, name: str) -> tuple[int, str] | None:
    """The player whose name equals `name` ignoring case and width (Åsa = åsa,
    Ａnn = Ann: NFKC, then case folded).

    SQLite's lower() folds ASCII letters only, so the fold happens here in Python; the
    exact name is tried first through the unique index."""
    row = session.execute("SELECT id, name FROM player WHERE name = :name",
                          {"name": name}).fetchone()
    if row:
        return (row[0], row[1])
    folded = fold(name)
    for pid, other in session.execute("SELECT id, name FROM player ORDER BY id"):
        if fold(other) == folded:
            return (pid, other)
    return None


def player_names(*, session: Connection) -> dict[int, str]:
    return dict(session.execute("SELECT id, name FROM player").fetchall())


# ---- payments ------------------------------------------------------------------------


def add_payment(*, session: Connection, night_id: int, payer_id: int, payee_id: int,
                amount: int, now: datetime, author: str | None) -> None:
    session.execute("INSERT INTO payment (night_id, payer_id, payee_id, amount, created_at, "
                    "author) VALUES (:night, :payer, :payee, :amount, :at, :author)",
                    {"night": night_id, "payer": payer_id, "payee": payee_id,
                     "amount": amount, "at": stamp(now), "author": author})


def payments(*, session: Connection, night_id: int | None = None
             ) -> list[tuple[int, int, int, int, int, str]]:
    """(payment id, night id, payer id, payee id, amount, when) of the payments in scope,
    in the order they were marked."""
    cols = "SELECT id, night_id, payer_id, payee_id, amount, created_at FROM payment"
    if night_id is None:
        return session.execute(cols + " ORDER BY id").fetchall()
    return session.execute(cols + " WHERE night_id = :n ORDER BY id", {"n": night_id}).fetchall()


def last_payment_id(*, session: Connection, night_id: int) -> int:
    """The id of the night's latest payment (0: none yet)."""
    return int(session.execute("SELECT coalesce(max(id), 0) FROM payment WHERE night_id = :n",
                               {"n": night_id}).fetchone()[0])


PlanLineRow = tuple[int | None, int, int, int]  # table number, payer id, payee id, amount


def add_plan(*, session: Connection, night_id: int, mode: str, after_payment: int,
             lines: Sequence[PlanLineRow], now: datetime, author: str | None) -> int:
    """Keep a settlement plan and its lines, in the order shown; returns the plan id."""
    cur = session.execute("INSERT INTO settle_plan (night_id, mode, after_payment, created_at, "
                          "author) VALUES (:night, :mode, :after, :at, :author) RETURNING id",
                          {"night": night_id, "mode": mode, "after": after_payment,
                           "at": stamp(now), "author": author})
    plan_id = int(cur.fetchone()[0])
    session.executemany("INSERT INTO plan_line (plan_id, position, table_number, payer_id, "
                        "payee_id, amount) VALUES (:plan, :pos, :table, :payer, :payee, :amount)",
                        [{"plan": plan_id, "pos": i, "table": t, "payer": a, "payee": b,
                          "amount": x} for i, (t, a, b, x) in enumerate(lines)])
    return plan_id


def plans(*, session: Connection, night_id: int | None = None, latest: bool = False
          ) -> list[tuple[int, int, str, int]]:
    """(plan id, night id, mode, after payment) of the plans in scope, oldest first; with
    `latest`, only each night's plan in use (its newest)."""
    sql = "SELECT id, night_id, mode, after_payment FROM settle_plan p"
    where = []
    params: dict[str, Any] = {}
    if night_id is not None:
        where.append("night_id = :n")
        params["n"] = night_id
    if latest:
        where.append("id = (SELECT max(id) FROM settle_plan q WHERE q.night_id = p.night_id)")
    if where:
        sql += " WHERE " + " AND ".join(where)
    return session.execute(sql + " ORDER BY id", params).fetchall()


def plan_lines(*, session: Connection, plan_ids: Sequence[int]
               ) -> dict[int, list[PlanLineRow]]:
    """{plan id: its lines in order} for the plans asked."""
    out: dict[int, list[PlanLineRow]] = {p: [] for p in plan_ids}
    for start in range(0, len(plan_ids), 500):
        listed, params = marks(plan_ids[start:start + 500])
        for pid, table, a, b, x in session.execute(
                "SELECT plan_id, table_number, payer_id, payee_id, amount FROM plan_line "
                f"WHERE plan_id IN ({listed}) ORDER BY plan_id, position", params):
            out[pid].append((table, a, b, x))
    return out


# ---- nights and tables ------------------------------------------------------------------


def add_night(*, session: Connection, date: str, venue: str | None, now: datetime) -> int:
    cur = session.execute("INSERT INTO night (date, venue, created_at) "
                          "VALUES (:date, :venue, :at) RETURNING id",
                          {"date": date, "venue": venue, "at": stamp(now)})
    return int(cur.fetchone()[0])


def night_row(*, session: Connection, night_id: int) -> Any | None:
    rows = named(session, "SELECT * FROM night WHERE id = :n", {"n": night_id})
    return rows[0] if rows else None


def nights(*, session: Connection) -> list[Any]:
    return named(session, "SELECT * FROM night ORDER BY date DESC, id DESC")


def close_night(*, session: Connection, night_id: int, now: datetime) -> None:
    session.execute("UPDATE night SET closed_at = :at WHERE id = :n",
                    {"at": stamp(now), "n": night_id})


def set_rate(*, session: Connection, night_id: int, rate: str | None,
             currency: str | None) -> None:
    session.execute("UPDATE night SET rate = :rate, currency = :currency WHERE id = :n",
                    {"rate": rate, "currency": currency, "n": night_id})


def add_table(*, session: Connection, night_id: int, game: str, preset: str,
              options: dict[str, Any], seat_ids: Sequence[int], now: datetime) -> int:
    number = session.execute("SELECT coalesce(max(number), 0) FROM game_table "
                             "WHERE night_id = :n", {"n": night_id}).fetchone()[0] + 1
    cur = session.execute(
        "INSERT INTO game_table (night_id, number, game, preset, options, created_at) "
        "VALUES (:n, :number, :game, :preset, :options, :at) RETURNING id",
        {"n": night_id, "number": number, "game": game, "preset": preset,
         "options": _sorted_json(options), "at": stamp(now)})
    table_id = int(cur.fetchone()[0])
    session.executemany("INSERT INTO seat (table_id, position, player_id) "
                        "VALUES (:t, :pos, :player)",
                        [{"t": table_id, "pos": i, "player": pid}
                         for i, pid in enumerate(seat_ids)])
    add_sums(session, table_id=table_id, moves=(), place=(night_id, game, list(seat_ids)))
    return table_id


def table_row(*, session: Connection, table_id: int) -> Any | None:
    rows = named(session, "SELECT * FROM game_table WHERE id = :t", {"t": table_id})
    return rows[0] if rows else None


def tables(*, session: Connection, night_id: int | None = None) -> list[Any]:
    if night_id is None:
        return named(session, "SELECT * FROM game_table ORDER BY night_id, number")
    return named(session, "SELECT * FROM game_table WHERE night_id = :n ORDER BY number",
                 {"n": night_id})


def table_numbers(*, session: Connection, night_id: int | None = None
                  ) -> list[tuple[int, int, int]]:
    """(table id, night id, number) of the tables in scope, night by night, in order."""
    if night_id is None:
        return session.execute("SELECT id, night_id, number FROM game_table "
                               "ORDER BY night_id, number").fetchall()
    return session.execute("SELECT id, night_id, number FROM game_table WHERE night_id = :n "
                           "ORDER BY number", {"n": night_id}).fetchall()


def table_with_seats(*, session: Connection, table_id: int) -> list[TableSeatRow]:
    """The table's row beside each seat in order, and its night's date and closing."""
    return records(session.execute(
        "SELECT g.id, g.night_id, g.number, g.game, g.preset, g.options, s.player_id, p.name, "
        "n.date AS night_date, n.closed_at AS night_closed_at FROM game_table g "
        "LEFT JOIN night n ON n.id = g.night_id LEFT JOIN seat s ON s.table_id = g.id "
        "LEFT JOIN player p ON p.id = s.player_id WHERE g.id = :t ORDER BY s.position",
        {"t": table_id}), TableSeatRow)


def seats(*, session: Connection, table_id: int) -> tuple[tuple[int, str], ...]:
    return tuple(session.execute(
        "SELECT s.player_id, p.name FROM seat s JOIN player p ON p.id = s.player_id "
        "WHERE s.table_id = :t ORDER BY s.position", {"t": table_id}).fetchall())


def seats_by_table(*, session: Connection) -> dict[int, tuple[tuple[int, str], ...]]:
    """Every table's seats as `seats` gives them, in one query."""
    out: dict[int, list[tuple[int, str]]] = {}
    for tid, pid, name in session.execute(
            "SELECT s.table_id, s.player_id, p.name FROM seat s "
            "JOIN player p ON p.id = s.player_id ORDER BY s.table_id, s.position"):
        out.setdefault(tid, []).append((pid, name))
    return {tid: tuple(rows) for tid, rows in out.items()}


# ---- deals and revisions ----------------------------------------------------------------

_DEAL_COLUMNS = """
SELECT d.id AS deal_id, d.number, r.id AS revision_id, r.seq, r.kind, r.outcome, r.summary,
       r.extra, r.created_at, r.author, r.reason, d.table_id
"""
_CURRENT = _DEAL_COLUMNS + """
FROM deal d JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
"""


def _deal_rows(session: Connection, sql: str, params: dict[str, Any]) -> list[DealRow]:
    return records(session.execute(sql, params), DealRow)


def current_revisions(*, session: Connection, table_id: int, from_number: int = 1
                      ) -> list[DealRow]:
    """The current revision of each deal of the table, in deal order (from deal number
    `from_number`)."""
    rows = _deal_rows(session, _CURRENT + " WHERE d.table_id = :t AND d.number >= :from "
                      "ORDER BY d.number", {"t": table_id, "from": from_number})
    return rows_renamed(rows, table_renames(session=session, table_id=table_id))


def _renamed(session: Connection, rows: list[DealRow]) -> list[DealRow]:
    """`rows` (of one table) under their players' present names."""
    if not rows:
        return rows
    return rows_renamed(rows, table_renames(session=session, table_id=rows[0].table_id))


def current_revision_of(*, session: Connection, deal_id: int) -> DealRow | None:
    rows = _deal_rows(session, _CURRENT + " WHERE d.id = :d", {"d": deal_id})
    return _renamed(session, rows)[0] if rows else None


def revisions_of(*, session: Connection, deal_id: int) -> list[DealRow]:
    """Every revision of a deal, oldest first."""
    rows = _deal_rows(session, _DEAL_COLUMNS + """
    FROM revision r JOIN deal d ON d.id = r.deal_id WHERE r.deal_id = :d ORDER BY r.seq
    """, {"d": deal_id})
    return _renamed(session, rows)


# ---- checkpoints: a table's state after each deal (ledger.domain.replay) -------------------------


_CHECKPOINT = ("SELECT d.id AS deal_id, d.number, s.state, s.played, s.nets FROM deal d "
               "LEFT JOIN deal_state s ON s.deal_id = d.id ")


def last_checkpoint(*, session: Connection, table_id: int) -> Checkpoint | None:
    """The table's last deal and the state stored after it (None: no deal yet)."""
    rows = records(session.execute(
        _CHECKPOINT + "WHERE d.table_id = :t ORDER BY d.number DESC LIMIT 1",
        {"t": table_id}), Checkpoint)
    return rows[0] if rows else None


def checkpoint_before(*, session: Connection, table_id: int, number: int
                      ) -> Checkpoint | None:
    """The deal before deal `number` and the state stored after it (None: the first)."""
    rows = records(session.execute(
        _CHECKPOINT + "WHERE d.table_id = :t AND d.number < :number "
        "ORDER BY d.number DESC LIMIT 1", {"t": table_id, "number": number}), Checkpoint)
    return rows[0] if rows else None


_ADD_STATE = ("INSERT INTO deal_state (deal_id, state, played, nets) "
              "VALUES (:deal, :state, :played, :nets)")
Stored = tuple[str, int, str]  # state, played, nets (ledger.domain.replay.encode_mark)


def checkpoints(*, session: Connection, table_id: int) -> dict[int, Stored]:
    """{deal id: (state, played, nets)} of the table's deals that have one stored."""
    return {r[0]: (r[1], r[2], r[3]) for r in session.execute(
        "SELECT s.deal_id, s.state, s.played, s.nets FROM deal_state s "
        "JOIN deal d ON d.id = s.deal_id WHERE d.table_id = :t", {"t": table_id})}


def save_checkpoints(*, session: Connection, marks: Sequence[tuple[int, Stored]]) -> None:
    """Store (deal id, mark) pairs, replacing what was stored (a correction re-derives
    the marks after it; they are a cache of the fold, which `check` verifies)."""
    session.executemany(_ADD_STATE + " ON CONFLICT (deal_id) DO UPDATE SET "
                        "state = excluded.state, played = excluded.played, "
                        "nets = excluded.nets", [_state(d, m) for d, m in marks])


_ADD_REVISION = ("INSERT INTO revision (deal_id, seq, kind, outcome, summary, extra, "
                 "created_at, author, reason) VALUES (:deal, :seq, :kind, :outcome, :summary, "
                 ":extra, :at, :author, :reason)")
_ADD_TRANSFER = ("INSERT INTO transfer (revision_id, payer_id, payee_id, amount, reason) "
                 "VALUES (:rev, :payer, :payee, :amount, :reason)")


def _transfer(rid: int, move: tuple[int | None, int | None, int, str]) -> dict[str, Any]:
    return {"rev": rid, "payer": move[0], "payee": move[1], "amount": move[2],
            "reason": move[3]}


def _state(deal_id: int, mark: Sequence[Any]) -> dict[str, Any]:
    return {"deal": deal_id, "state": mark[0], "played": mark[1], "nets": mark[2]}


def add_revision(*, session: Connection, deal_id: int, kind: str, outcome: dict[str, Any] | None,
                 summary: str, extra: dict[str, Any], now: datetime, author: str | None,
                 reason: str | None, transfers: Sequence[tuple[int | None, int | None, int, str]],
                 form_key: str | None = None) -> int:
    seq = session.execute("SELECT coalesce(max(seq), 0) FROM revision WHERE deal_id = :d",
                          {"d": deal_id}).fetchone()[0] + 1
    replace_revision(session, deal_id=deal_id, kind=kind, moves=transfers)  # night_sum
    cur = session.execute(_ADD_REVISION + " RETURNING id", {
        "deal": deal_id, "seq": seq, "kind": kind,
        "outcome": None if outcome is None else _outcome_json(outcome),
        "summary": summary, "extra": _sorted_json(extra), "at": stamp(now), "author": author,
        "reason": reason})
    rid = int(cur.fetchone()[0])
    if form_key is not None:  # the form the revision was saved from
        session.execute("UPDATE revision SET form_key = :key WHERE id = :id",
                        {"key": form_key, "id": rid})
    session.executemany(_ADD_TRANSFER, [_transfer(rid, x) for x in transfers])
    seal(session, deal_id=deal_id, first=rid)  # its hash, after the table's last
    return rid


def next_deal_number(*, session: Connection, table_id: int) -> int:
    """The number the table's next deal takes (numbers run from 1 without gaps)."""
    return int(session.execute("SELECT coalesce(max(number), 0) + 1 FROM deal "
                               "WHERE table_id = :t", {"t": table_id}).fetchone()[0])


NewDeal = tuple[dict[str, Any], str, dict[str, Any],
                Sequence[tuple[int | None, int | None, int, str]], tuple[str, int, str]]
# outcome, summary, extra, transfers, where the table stands after it (ledger.domain.replay)


def add_deals(*, session: Connection, table_id: int, now: datetime, author: str | None,
              deals: Sequence[NewDeal], form_key: str | None = None) -> list[int]:
    """Append new deals (each with its first revision, kind "record", and its transfers)
    in a fixed handful of statements whatever their number; returns the deal ids in order.
    Rows go in with executemany; their ids are read back by (table, number), which the
    caller's write transaction holds still (RETURNING would cost SQLite a statement a row).
    """
    if not deals:
        return []
    at = stamp(now)
    first = session.execute("SELECT coalesce(max(number), 0) FROM deal WHERE table_id = :t",
                            {"t": table_id}).fetchone()[0] + 1
    session.executemany("INSERT INTO deal (table_id, number, created_at) "
                        "VALUES (:t, :number, :at)",
                        [{"t": table_id, "number": first + i, "at": at}
                         for i in range(len(deals))])
    scope = {"t": table_id, "first": first}
    deal_ids = [r[0] for r in session.execute(
        "SELECT id FROM deal WHERE table_id = :t AND number >= :first ORDER BY number", scope)]
    session.executemany(_ADD_REVISION, [
        {"deal": d, "seq": 1, "kind": "record", "outcome": _outcome_json(outcome),
         "summary": summary, "extra": _sorted_json(extra), "at": at, "author": author,
         "reason": None}
        for d, (outcome, summary, extra, _, _) in zip(deal_ids, deals, strict=True)])
    rev_ids = [r[0] for r in session.execute(
        "SELECT r.id FROM revision r JOIN deal d ON d.id = r.deal_id "
        "WHERE d.table_id = :t AND d.number >= :first ORDER BY d.number", scope)]
    if form_key is not None:  # the form the (first) deal was saved from
        session.execute("UPDATE revision SET form_key = :key WHERE id = :id",
                        {"key": form_key, "id": rev_ids[0]})
    session.executemany(_ADD_TRANSFER, [
        _transfer(rid, x) for rid, (_, _, _, transfers, _) in zip(rev_ids, deals, strict=True)
        for x in transfers])
    session.executemany(_ADD_STATE, [_state(d, deal[4])
                                     for d, deal in zip(deal_ids, deals, strict=True)])
    add_sums(session, table_id=table_id, moves=[x for deal in deals for x in deal[3]],
             deals=len(deals))  # a recorded deal is never a void
    seal(session, table_id=table_id, first=min(rev_ids))
    return deal_ids


def deal_of_form(*, session: Connection, form_key: str) -> tuple[int, int, int] | None:
    """(deal id, table id, the deal's number) of the revision saved from the form
    `form_key`, if any."""
    row = session.execute("SELECT d.id, d.table_id, d.number FROM revision r JOIN deal d ON "
                          "d.id = r.deal_id WHERE r.form_key = :key", {"key": form_key}).fetchone()
    return (int(row[0]), int(row[1]), int(row[2])) if row else None


def transfers_of(*, session: Connection, revision_ids: Sequence[int],
                 ) -> dict[int, list[tuple[int | None, int | None, int, str]]]:
    out: dict[int, list[tuple[int | None, int | None, int, str]]] = {r: [] for r in revision_ids}
    for chunk_start in range(0, len(revision_ids), 500):
        listed, params = marks(revision_ids[chunk_start:chunk_start + 500])
        for rid, a, b, n, why in session.execute(
                "SELECT revision_id, payer_id, payee_id, amount, reason FROM transfer "
                f"WHERE revision_id IN ({listed}) ORDER BY id", params).fetchall():
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
    for tid, payer, payee, amount in session.execute(_PAIRS.format(where=where), params).fetchall():
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
    return {(r[0], r[1]): int(r[2]) for r in session.execute(sql, params)}


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
    return {(r[0], r[1]) for r in session.execute(sql, params)}
