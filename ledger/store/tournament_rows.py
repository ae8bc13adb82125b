"""A tournament's rows: the tournament, its registrations, each round's draw and seats.

Plain SQL with named parameters, rows read by column name (`db.named`), nothing of
SQLite's own: the same statements run on either adapter. The drawn tables themselves are
`game_table` rows made by `repo.add_table`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from .db import Connection, named, stamp


def add_tournament(*, session: Connection, name: str, night_id: int, game: str, rounds: int,
                   method: str, table_size: int, round_minutes: int | None, points: str,
                   seed: str, schedule: str | None, now: datetime) -> int:
    cur = session.execute(
        "INSERT INTO tournament (name, night_id, game, rounds, method, table_size, "
        "round_minutes, points, seed, schedule, created_at) VALUES (:name, :night, :game, "
        ":rounds, :method, :size, :minutes, :points, :seed, :schedule, :at) RETURNING id",
        {"name": name, "night": night_id, "game": game, "rounds": rounds, "method": method,
         "size": table_size, "minutes": round_minutes, "points": points, "seed": seed,
         "schedule": schedule, "at": stamp(now)})
    return int(cur.fetchone()[0])


def tournaments(*, session: Connection) -> list[Any]:
    return named(session, "SELECT * FROM tournament ORDER BY id")


def tournament_named(*, session: Connection, name: str) -> Any | None:
    """The tournament called `name`, ignoring case (as player names are matched)."""
    folded = name.casefold()
    return next((t for t in tournaments(session=session) if t.name.casefold() == folded), None)


def add_entry(*, session: Connection, tournament_id: int, player_id: int, from_round: int,
              now: datetime) -> int:
    """Register a player; returns their start number (the next one)."""
    number = session.execute("SELECT coalesce(max(number), 0) + 1 FROM tournament_entry "
                             "WHERE tournament_id = :t", {"t": tournament_id}).fetchone()[0]
    session.execute("INSERT INTO tournament_entry (tournament_id, player_id, number, "
                    "from_round, created_at) VALUES (:t, :p, :n, :r, :at)",
                    {"t": tournament_id, "p": player_id, "n": number, "r": from_round,
                     "at": stamp(now)})
    return int(number)


def entries(*, session: Connection, tournament_id: int) -> list[Any]:
    """Registrations in start-number order, with each player's name."""
    return named(session, "SELECT e.player_id, p.name, e.number, e.from_round, "
                 "e.withdrawn_from FROM tournament_entry e JOIN player p ON p.id = e.player_id "
                 "WHERE e.tournament_id = :t ORDER BY e.number", {"t": tournament_id})


def withdraw(*, session: Connection, tournament_id: int, player_id: int, from_round: int) -> None:
    session.execute("UPDATE tournament_entry SET withdrawn_from = :r WHERE tournament_id = :t "
                    "AND player_id = :p", {"r": from_round, "t": tournament_id, "p": player_id})


def bring_forward(*, session: Connection, tournament_id: int, number: int) -> None:
    """Registrations and withdrawals made after round `number` was drawn, for its redraw:
    they take effect from that round (it has not started)."""
    params = {"t": tournament_id, "r": number, "next": number + 1}
    session.execute("UPDATE tournament_entry SET from_round = :r WHERE tournament_id = :t "
                    "AND from_round = :next", params)
    session.execute("UPDATE tournament_entry SET withdrawn_from = :r WHERE tournament_id = :t "
                    "AND withdrawn_from = :next", params)


def rounds(*, session: Connection, tournament_id: int) -> list[Any]:
    return named(session, "SELECT * FROM tournament_round WHERE tournament_id = :t "
                 "ORDER BY number", {"t": tournament_id})


def add_round(*, session: Connection, tournament_id: int, number: int, seed: str,
              redraws: int, basis: str | None, now: datetime) -> None:
    session.execute("DELETE FROM tournament_round WHERE tournament_id = :t AND number = :n",
                    {"t": tournament_id, "n": number})
    session.execute("INSERT INTO tournament_round (tournament_id, number, seed, redraws, basis, "
                    "drawn_at) VALUES (:t, :n, :seed, :redraws, :basis, :at)",
                    {"t": tournament_id, "n": number, "seed": seed, "redraws": redraws,
                     "basis": basis, "at": stamp(now)})


def start_round(*, session: Connection, tournament_id: int, number: int, now: datetime) -> None:
    session.execute("UPDATE tournament_round SET started_at = :at WHERE tournament_id = :t "
                    "AND number = :n", {"at": stamp(now), "t": tournament_id, "n": number})


def add_seats(*, session: Connection, tournament_id: int, number: int,
              seats: Sequence[tuple[int, int | None]]) -> None:
    """(player id, table id or None for a bye) of one round."""
    session.executemany("INSERT INTO tournament_seat (tournament_id, round, player_id, "
                        "table_id) VALUES (:t, :r, :p, :table)",
                        [{"t": tournament_id, "r": number, "p": p, "table": table}
                         for p, table in seats])


def drop_seats(*, session: Connection, tournament_id: int, number: int) -> list[int]:
    """Forget a round's seats (a redraw); returns the ids of its tables, to delete."""
    params = {"t": tournament_id, "r": number}
    tables = [r.table_id for r in named(
        session, "SELECT DISTINCT table_id FROM tournament_seat WHERE tournament_id = :t "
        "AND round = :r AND table_id IS NOT NULL", params)]
    session.execute("DELETE FROM tournament_seat WHERE tournament_id = :t AND round = :r",
                    params)
    return tables


def seats(*, session: Connection, tournament_id: int) -> list[Any]:
    """Every round's seats: round, player, table id (None: a bye) and table number."""
    return named(session, "SELECT s.round, p.name AS player, s.table_id, g.number AS table_number "
                 "FROM tournament_seat s JOIN player p ON p.id = s.player_id "
                 "LEFT JOIN game_table g ON g.id = s.table_id WHERE s.tournament_id = :t "
                 "ORDER BY s.round, g.number, p.name", {"t": tournament_id})


def tournament_of_table(*, session: Connection, table_id: int) -> Any | None:
    """(tournament_id, round) of a drawn table, or None for a table of no tournament."""
    rows = named(session, "SELECT tournament_id, round FROM tournament_seat "
                 "WHERE table_id = :table LIMIT 1", {"table": table_id})
    return rows[0] if rows else None


def round_clock(*, session: Connection, table_id: int) -> Any | None:
    """(tournament's points file, round, started_at, round_minutes) of a drawn table's round,
    or None for a table of no tournament."""
    rows = named(session, "SELECT t.points, r.number, r.started_at, t.round_minutes "
                 "FROM tournament_seat s JOIN tournament t ON t.id = s.tournament_id "
                 "JOIN tournament_round r ON r.tournament_id = s.tournament_id "
                 "AND r.number = s.round WHERE s.table_id = :table LIMIT 1",
                 {"table": table_id})
    return rows[0] if rows else None


def deals_since(*, session: Connection, table_id: int, at: datetime) -> int:
    """How many deals of the table were first recorded at or after `at`."""
    cur = session.execute("SELECT count(*) FROM deal WHERE table_id = :table AND "
                          "created_at >= :at", {"table": table_id, "at": stamp(at)})
    return int(cur.fetchone()[0])
