"""The rows `tally sync` reads from a venue's ledger and writes into a league's.

Identity across ledgers: a night by its uid (given here the first time its ledger syncs), a
table by its number within the night, a deal by its number within the table, a revision by
its seq within the deal (its hash must match), a payment and a plan by their place in the
night's list (both only ever appended). A player by the league's own remembered match
(`peer_player`). Nothing here depends on the ids of the other ledger, so one venue's rows
never collide with another's.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from . import chain_rows
from .db import Connection

# ---- the venue's side --------------------------------------------------------------------


def ledger_id(session: Connection) -> str:
    """This ledger's id, made (a uuid) the first time it is asked for."""
    row = session.execute("SELECT value FROM ledger_setting WHERE key = 'ledger_id'"
                          ).fetchone()
    if row:
        return str(row[0])
    made = uuid.uuid4().hex
    session.execute("INSERT INTO ledger_setting (key, value) VALUES ('ledger_id', :v)",
                    {"v": made})
    return made


def recorded_elsewhere(session: Connection, night_id: int) -> str | None:
    """Where a night synced in from another ledger is recorded (its venue, else "another
    ledger"); None for this ledger's own nights."""
    row = session.execute("SELECT origin, venue FROM night WHERE id = :n",
                          {"n": night_id}).fetchone()
    if row is None or row[0] is None:
        return None
    own = session.execute("SELECT value FROM ledger_setting WHERE key = 'ledger_id'"
                          ).fetchone()
    return None if own and own[0] == row[0] else (row[1] or "another ledger")


def night_uid(date: str, venue: str | None, created_at: str) -> str:
    """A night's global identity, from what never changes about it: its date, venue and the
    moment it was made (to the microsecond), so every copy of a ledger (`db copy`, a backup)
    gives its nights the same uids, however long after the copy they are first synced.

    >>> night_uid("2026-11-29", "Club", "2026-11-29 18:00:00.000000")
    'bc72bf91cd398d6771f9c651cc2e00ce'
    """
    text = "\0".join((date, venue or "", created_at))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def give_uids(session: Connection) -> None:
    """A uid for every night that has none yet."""
    for nid, date, venue, at in session.execute(
            "SELECT id, date, venue, created_at FROM night WHERE uid IS NULL").fetchall():
        session.execute("UPDATE night SET uid = :u WHERE id = :n",
                        {"u": night_uid(date, venue, at), "n": nid})


def rows(session: Connection, sql: str, params: Mapping[str, Any] | None = None
         ) -> list[dict[str, Any]]:
    """A query's rows as dictionaries by column name."""
    cur = session.execute(sql, dict(params or {}))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


NIGHT = ("uid", "date", "venue", "created_at", "closed_at", "rate", "currency")
TABLE = ("number", "game", "preset", "options", "created_at")
REVISION = ("seq", "kind", "outcome", "summary", "extra", "created_at", "author", "reason",
            "form_key", "hash")


def nights(session: Connection) -> list[dict[str, Any]]:
    return rows(session, f"SELECT id, origin, {', '.join(NIGHT)} FROM night ORDER BY id")


def tables_of(session: Connection, night_id: int) -> list[dict[str, Any]]:
    out = rows(session, f"SELECT id, {', '.join(TABLE)} FROM game_table WHERE night_id = :n "
               "ORDER BY number", {"n": night_id})
    for t in out:
        t["seats"] = [r[0] for r in session.execute(
            "SELECT player_id FROM seat WHERE table_id = :t ORDER BY position",
            {"t": t["id"]}).fetchall()]
    return out


def revisions_of(session: Connection, table_id: int) -> list[dict[str, Any]]:
    """The table's revisions in the order they were made, each with its deal's number and
    creation, and its transfers."""
    out = rows(session, "SELECT r.id, d.number, d.created_at AS deal_at, "
               + ", ".join(f"r.{c}" for c in REVISION) + " FROM revision r "
               "JOIN deal d ON d.id = r.deal_id WHERE d.table_id = :t ORDER BY r.id",
               {"t": table_id})
    moves: dict[int, list[tuple[Any, ...]]] = {r["id"]: [] for r in out}
    for rid, *move in session.execute(
            "SELECT t.revision_id, t.payer_id, t.payee_id, t.amount, t.reason FROM transfer t "
            "JOIN revision r ON r.id = t.revision_id JOIN deal d ON d.id = r.deal_id "
            "WHERE d.table_id = :t ORDER BY t.id", {"t": table_id}).fetchall():
        moves[rid].append(tuple(move))
    for r in out:
        r["transfers"] = moves[r["id"]]
    return out


def states_of(session: Connection, table_id: int) -> dict[int, tuple[Any, ...]]:
    """{deal number: (state, played, nets)} of the table's stored checkpoints."""
    return {r[0]: tuple(r[1:]) for r in session.execute(
        "SELECT d.number, s.state, s.played, s.nets FROM deal_state s JOIN deal d "
        "ON d.id = s.deal_id WHERE d.table_id = :t", {"t": table_id}).fetchall()}


def payments_of(session: Connection, night_id: int) -> list[dict[str, Any]]:
    return rows(session, "SELECT id, payer_id, payee_id, amount, created_at, author "
                "FROM payment WHERE night_id = :n ORDER BY id", {"n": night_id})


def plans_of(session: Connection, night_id: int) -> list[dict[str, Any]]:
    out = rows(session, "SELECT id, mode, after_payment, created_at, author FROM settle_plan "
               "WHERE night_id = :n ORDER BY id", {"n": night_id})
    for p in out:
        p["lines"] = [tuple(r) for r in session.execute(
            "SELECT table_number, payer_id, payee_id, amount FROM plan_line "
            "WHERE plan_id = :p ORDER BY position", {"p": p["id"]}).fetchall()]
    return out


def players(session: Connection) -> dict[int, str]:
    return dict(session.execute("SELECT id, name FROM player").fetchall())


def births(session: Connection) -> dict[int, tuple[str, str]]:
    """{player id: (when the player was added, the name first given)}: the same player in
    every copy of a ledger, and told apart from any other ledger's by the moment."""
    first = dict(session.execute(
        "SELECT r.player_id, r.old_name FROM player_rename r WHERE r.id = (SELECT min(q.id) "
        "FROM player_rename q WHERE q.player_id = r.player_id)").fetchall())
    return {pid: (str(at), first.get(pid, name)) for pid, name, at in session.execute(
        "SELECT id, name, created_at FROM player").fetchall()}


def renamed_players(session: Connection) -> dict[int, int]:
    """{player id: the last revision recorded under an earlier name} of renamed players."""
    return dict(session.execute("SELECT player_id, max(last_revision_id) FROM player_rename "
                                "GROUP BY player_id").fetchall())


# ---- the league's side -------------------------------------------------------------------


def matched(session: Connection, ledger: str) -> dict[int, int]:
    """{the venue's player id: this ledger's} as remembered for the venue `ledger`."""
    return dict(session.execute("SELECT remote_id, player_id FROM peer_player "
                                "WHERE ledger = :l", {"l": ledger}).fetchall())


def remember(session: Connection, ledger: str, remote_id: int, player_id: int) -> None:
    session.execute("INSERT INTO peer_player (ledger, remote_id, player_id) "
                    "VALUES (:l, :r, :p)", {"l": ledger, "r": remote_id, "p": player_id})


def insert(session: Connection, table: str, values: Mapping[str, Any],
           returning: bool = True) -> int | None:
    """One row; its new id (with `returning`)."""
    cols = list(values)
    sql = (f'INSERT INTO "{table}" ({", ".join(cols)}) '
           f'VALUES ({", ".join(":" + c for c in cols)})')
    if not returning:
        session.execute(sql, dict(values))
        return None
    return int(session.execute(sql + " RETURNING id", dict(values)).fetchone()[0])


def digest(session: Connection, night_id: int) -> tuple[Any, ...]:
    """What tells, without reading its rows, whether two ledgers hold a night alike: its
    tables' heads (a hash chain's last hash stands for every revision before it), how many
    tables, payments and plans it has, and its closing and rate."""
    counts = session.execute(
        "SELECT (SELECT count(*) FROM game_table WHERE night_id = :n), "
        "(SELECT count(*) FROM payment WHERE night_id = :n), "
        "(SELECT count(*) FROM settle_plan WHERE night_id = :n), closed_at, rate, currency "
        "FROM night WHERE id = :n", {"n": night_id}).fetchone()
    return (tuple(chain_rows.heads(session, night_id)), *counts)


def insert_many(session: Connection, table: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Rows of one shape (with their ids, where the caller reserved them), in one go."""
    if rows:
        cols = list(rows[0])
        session.executemany(f'INSERT INTO "{table}" ({", ".join(cols)}) '
                            f'VALUES ({", ".join(":" + c for c in cols)})', [dict(r) for r in rows])


def night_by_uid(session: Connection, uid: str) -> dict[str, Any] | None:
    found = rows(session, f"SELECT id, origin, {', '.join(NIGHT)} FROM night WHERE uid = :u",
                 {"u": uid})
    return found[0] if found else None


def table_ids(session: Connection, night_id: int) -> dict[int, dict[str, Any]]:
    """{number: the table's row and seats} of a night."""
    return {t["number"]: t for t in tables_of(session, night_id)}


def held(session: Connection, table_id: int) -> dict[tuple[int, int], str | None]:
    """{(deal number, seq): hash} of the revisions a table holds."""
    return {(n, q): h for n, q, h in session.execute(
        "SELECT d.number, r.seq, r.hash FROM revision r JOIN deal d ON d.id = r.deal_id "
        "WHERE d.table_id = :t", {"t": table_id}).fetchall()}


def deal_ids(session: Connection, table_id: int) -> dict[int, int]:
    return {n: d for n, d in session.execute(
        "SELECT number, id FROM deal WHERE table_id = :t", {"t": table_id}).fetchall()}


def put_states(session: Connection, states: Sequence[tuple[int, tuple[Any, ...]]]) -> None:
    """(deal id, (state, played, nets)) written over what is stored."""
    session.executemany(
        "INSERT INTO deal_state (deal_id, state, played, nets) VALUES (:d, :s, :p, :n) "
        "ON CONFLICT (deal_id) DO UPDATE SET state = excluded.state, "
        "played = excluded.played, nets = excluded.nets",
        [{"d": d, "s": s, "p": p, "n": n} for d, (s, p, n) in states])


def count_of(session: Connection, table: str, night_id: int) -> list[int]:
    """The ids of a night's payments or plans, in order."""
    return [r[0] for r in session.execute(f'SELECT id FROM "{table}" WHERE night_id = :n '
                                          "ORDER BY id", {"n": night_id}).fetchall()]


def setting(session: Connection, key: str) -> str | None:
    row = session.execute("SELECT value FROM ledger_setting WHERE key = :k", {"k": key}
                          ).fetchone()
    return None if row is None else str(row[0])


def put_setting(session: Connection, key: str, value: str) -> None:
    session.execute("DELETE FROM ledger_setting WHERE key = :k", {"k": key})
    session.execute("INSERT INTO ledger_setting (key, value) VALUES (:k, :v)",
                    {"k": key, "v": value})


def newest_revision(session: Connection) -> int:
    return int(session.execute("SELECT coalesce(max(id), 0) FROM revision").fetchone()[0])


def unsent(session: Connection, mark_key: str) -> int:
    """The revisions after the mark kept under `mark_key` (0: none sent yet), the
    re-settlements a correction makes left out: the deals still to send."""
    mark = int(setting(session, mark_key) or 0)
    return int(session.execute("SELECT count(*) FROM revision WHERE id > :m AND kind <> "
                               "'resettle'", {"m": mark}).fetchone()[0])
