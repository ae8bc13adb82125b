"""A tournament's rows as `tally sync --to` reads them from a venue and writes them into a
league. Identity: a tournament by its name and its night's uid (and the moment
it was made), an entry by its start number, a round by its number, a seat by its round and
player; a drawn table by its night's uid and its number. Times are read as the stored text
(`db.stamp`) on either engine, so the two ends compare alike."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .db import Connection, stamp
from .sync_rows import rows

TOURNAMENT = ("name", "game", "rounds", "method", "table_size", "round_minutes", "points",
              "seed", "schedule", "created_at")
ENTRY = ("number", "player_id", "from_round", "withdrawn_from", "created_at")
ROUND = ("number", "seed", "redraws", "basis", "drawn_at", "started_at")


def _text(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for r in found:
        for k, v in r.items():
            if isinstance(v, datetime):
                r[k] = stamp(v)
    return found


def tournaments(session: Connection) -> list[dict[str, Any]]:
    """Every tournament with its night's uid, entries, rounds and seats."""
    out = _text(rows(session, f"SELECT t.id, n.uid, {', '.join('t.' + c for c in TOURNAMENT)} "
                     "FROM tournament t JOIN night n ON n.id = t.night_id ORDER BY t.id"))
    for t in out:
        facts(session, t)
    return out


def tournament_named(session: Connection, name: str) -> dict[str, Any] | None:
    found = _text(rows(session, f"SELECT t.id, n.uid, {', '.join('t.' + c for c in TOURNAMENT)} "
                       "FROM tournament t JOIN night n ON n.id = t.night_id WHERE t.name = :n",
                       {"n": name}))
    return facts(session, found[0]) if found else None


def facts(session: Connection, t: dict[str, Any]) -> dict[str, Any]:
    """`t` with its entries {number: row}, rounds {number: row} and seats {round: {player:
    (night uid, table number) or None}}."""
    p = {"t": t["id"]}
    t["entries"] = {e["number"]: e for e in _text(rows(
        session, f"SELECT {', '.join(ENTRY)} FROM tournament_entry WHERE tournament_id = :t "
        "ORDER BY number", p))}
    t["round_rows"] = {r["number"]: r for r in _text(rows(
        session, f"SELECT {', '.join(ROUND)} FROM tournament_round WHERE tournament_id = :t "
        "ORDER BY number", p))}
    seats: dict[int, dict[int, tuple[str, int] | None]] = {}
    for rnd, player, uid, number in session.execute(
            "SELECT s.round, s.player_id, n.uid, g.number FROM tournament_seat s "
            "LEFT JOIN game_table g ON g.id = s.table_id LEFT JOIN night n ON n.id = g.night_id "
            "WHERE s.tournament_id = :t ORDER BY s.round, s.player_id", p).fetchall():
        seats.setdefault(rnd, {})[player] = None if number is None else (uid, number)
    t["seats"] = seats
    return t


def table_id(session: Connection, uid: str, number: int) -> int | None:
    """The id of table `number` of the night `uid` (None: not held)."""
    row = session.execute("SELECT g.id FROM game_table g JOIN night n ON n.id = g.night_id "
                          "WHERE n.uid = :u AND g.number = :n", {"u": uid, "n": number}
                          ).fetchone()
    return int(row[0]) if row else None


def of_night(session: Connection, uid: str) -> list[dict[str, Any]]:
    """The tournaments of the night `uid`, each with its facts."""
    found = _text(rows(session, f"SELECT t.id, n.uid, {', '.join('t.' + c for c in TOURNAMENT)} "
                       "FROM tournament t JOIN night n ON n.id = t.night_id WHERE n.uid = :u "
                       "ORDER BY t.id", {"u": uid}))
    return [facts(session, t) for t in found]


def digest(t: dict[str, Any]) -> tuple[Any, ...]:
    """What tells two ledgers hold a tournament alike without its players' ids (they differ
    between ledgers; they were matched when its rows were first written)."""
    return (t["uid"], t["created_at"],
            [(n, e["from_round"], e["withdrawn_from"]) for n, e in t["entries"].items()],
            [tuple(r[c] for c in ROUND) for r in t["round_rows"].values()],
            [(n, sorted(x for x in seats.values() if x is not None), len(seats))
             for n, seats in t["seats"].items()])
