"""Removing a table or a night opened by mistake: only ever one that holds no deal (a deal
row, even voided, keeps its table and night for good: nothing recorded is ever lost).
The use case checks the counts below before it removes anything (`ledger.service.nights`)."""

from __future__ import annotations

from .db import Connection
from .sums import rederive


def deals_at_table(*, session: Connection, table_id: int) -> int:
    """Every deal row at the table, voided ones too."""
    return int(session.execute("SELECT count(*) FROM deal WHERE table_id = :t",
                               {"t": table_id}).fetchone()[0])


def deals_at_night(*, session: Connection, night_id: int) -> int:
    return int(session.execute(
        "SELECT count(*) FROM deal d JOIN game_table t ON t.id = d.table_id "
        "WHERE t.night_id = :n", {"n": night_id}).fetchone()[0])


def payments_at_night(*, session: Connection, night_id: int) -> int:
    return int(session.execute("SELECT count(*) FROM payment WHERE night_id = :n",
                               {"n": night_id}).fetchone()[0])


def delete_table(*, session: Connection, table_id: int) -> None:
    """A table with no deal: its seats, then the table (and its seats' rows of the night's
    sums, made again from the night's other tables)."""
    night = session.execute("SELECT night_id FROM game_table WHERE id = :t",
                            {"t": table_id}).fetchone()
    session.execute("DELETE FROM seat WHERE table_id = :t", {"t": table_id})
    session.execute("DELETE FROM game_table WHERE id = :t", {"t": table_id})
    if night is not None:
        rederive(session, [night[0]])


def delete_night(*, session: Connection, night_id: int) -> None:
    """A night with no deal and no payment: its tables (and seats), any settlement plan
    made while it was empty, then the night."""
    for (table_id,) in session.execute("SELECT id FROM game_table WHERE night_id = :n",
                                       {"n": night_id}).fetchall():
        delete_table(session=session, table_id=table_id)
    session.execute("DELETE FROM plan_line WHERE plan_id IN "
                    "(SELECT id FROM settle_plan WHERE night_id = :n)", {"n": night_id})
    session.execute("DELETE FROM settle_plan WHERE night_id = :n", {"n": night_id})
    session.execute("DELETE FROM night_sum WHERE night_id = :n", {"n": night_id})
    session.execute("DELETE FROM player_night WHERE night_id = :n", {"n": night_id})
    session.execute("DELETE FROM night WHERE id = :n", {"n": night_id})
