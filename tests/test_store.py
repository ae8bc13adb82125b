"""The store: append-only history, corrections, voids, check, and the migration."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from ledger.domain.rules import RuleError
from ledger.service import Tally
from ledger.store import models  # noqa: F401
from ledger.store.migrate import make_engine
from tests.checked import checked
from tests.conftest import raw_sql

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


def test_correction_supersedes_and_keeps_history(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    deal = service.add_deal(table, SOLO)
    service.correct_deal(deal, {**SOLO, "team_points": 52}, reason="miscounted", author="Ann")
    history = service.history(deal)
    assert [(h.revision, h.kind, h.reason, h.author) for h in history] == [
        (1, "record", None, None), (2, "correct", "miscounted", "Ann")]
    assert history[0].nets == {"Ann": -25, "Bea": 50, "Chie": -25, "Dan": 25, "Eve": -25}
    assert history[1].nets == {"Ann": 15, "Bea": -30, "Chie": 15, "Dan": -15, "Eve": 15}
    assert {r.player: r.net for r in service.standings(table_id=table)} == history[1].nets
    assert service.check() == []


def test_void_leaves_a_revision_with_no_transfers(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    deal = service.add_deal(table, SOLO)
    service.void_deal(deal, "wrong table")
    [current] = service.deals(table)
    assert (current.kind, current.transfers, current.reason) == ("void", (), "wrong table")
    assert all(r.net == 0 and r.deals == 0 for r in service.standings(table_id=table))
    assert [h.kind for h in service.history(deal)] == ["record", "void"]
    with pytest.raises(RuleError, match="reason: a void needs a reason"):
        service.void_deal(service.add_deal(table, SOLO), "  ")


def test_each_deal_keeps_its_dealer(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    first = service.add_deal(table, SOLO)
    service.add_deal(table, {"contract": "pass"})
    assert [d.outcome["dealer"] for d in service.deals(table)] == ["Ann", "Bea"]
    service.void_deal(first, "dealt at the wrong table")
    # the pass was dealt by Bea at the table, void or not; Chie deals next
    assert service.deals(table)[1].outcome["dealer"] == "Bea"
    assert service.table(table).status["dealer"] == "Chie"


def test_correction_three_deals_back_resettles_nothing_else(
        crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    ids = [service.add_deal(table, {**SOLO, "team_points": p}) for p in (73, 80, 40, 66)]
    assert service.correct_deal(ids[0], {**SOLO, "team_points": 90}, reason="recount") == 0
    assert [d.extra["amount"] for d in service.deals(table)] == [60, 40, -40, 10]
    assert service.check() == []


def test_check_reports_a_hand_edited_transfer(crazy_table: tuple[Tally, int],
                                              db_path: Path) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    raw_sql(db_path, "UPDATE transfer SET amount = 30 WHERE id = 1")
    # and the night's kept sums no longer match the stored transfers either
    assert checked(service) == [
        "table 1 deal 1: stored transfers differ from the rules",
        "night 1 crazy-solo Bea: kept sums 50 chips over 1 deals, but the stored transfers "
        "give 55 over 1",
        "night 1 crazy-solo Chie: kept sums -25 chips over 1 deals, but the stored transfers "
        "give -30 over 1",
        # and so do those players' nights over every game (player_night)
        "night 1 Bea: the kept night over every game is 50 chips over 1 deals, dated "
        "2026-11-29, but the stored transfers give 55 over 1, dated 2026-11-29",
        "night 1 Chie: the kept night over every game is -25 chips over 1 deals, dated "
        "2026-11-29, but the stored transfers give -30 over 1, dated 2026-11-29"]


def test_check_reports_pot_imbalance_and_orphans(crazy_table: tuple[Tally, int],
                                                 db_path: Path) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    raw_sql(db_path, "UPDATE transfer SET payee_id = NULL WHERE id = 1",
            "INSERT INTO transfer (revision_id, payer_id, payee_id, amount, reason) "
            "VALUES (99, 1, 2, 5, 'x')")
    problems = checked(service)
    assert "transfer without revision: 4" in problems
    assert "revision 1: does not sum to zero (pot +25) or has an amount that is not positive" \
        in problems


def test_migration_builds_the_same_schema_as_the_models(service: Tally, engine: str) -> None:
    """On each engine: the database the migrations built is what the models say."""
    assert service.db.engine == engine
    engine = make_engine(service.db.sqlalchemy_url())
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    finally:
        engine.dispose()
    assert diff == []


@pytest.mark.sqlite_only
def test_database_uses_wal_and_foreign_keys(service: Tally, db_path: Path) -> None:
    with service._read() as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
        assert conn.execute("PRAGMA busy_timeout").fetchone() == (30000,)


def test_night_survives_reopening(crazy_table: tuple[Tally, int], db_path: Path) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    before = service.standings(table_id=table)
    service.db.dispose()
    again = Tally.open(db_path)
    assert again.standings(table_id=table) == before
    assert again.deals(table)[0].summary == "Solo ♣ Bea + Dan, 73 → 25"


def test_closed_night_refuses_deals(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    service.close_night(1)
    with pytest.raises(RuleError, match=r"night: 1 \(2026-11-29\) is closed"):
        service.add_deal(table, SOLO)


def test_correcting_an_early_hachihachi_round_keeps_who_started_later(service: Tally) -> None:
    seats = ["P1", "P2", "P3", "P4", "P5"]
    for name in seats:
        service.add_player(name)
    table = service.new_table(service.new_night("2026-11-29"), "hachihachi-trick", seats)
    round1 = {"indicator": "7H", "declarations": {"P1": "in", "P2": "out", "P3": "out",
                                                  "P4": "in", "P5": "out"},
              "tricks": {"P1": 4, "P4": 3}}
    first = service.add_deal(table, round1)  # P1 wins the pot: P1 starts round 2
    service.add_deal(table, {"indicator": "8S", "declarations": {
        "P1": "in", "P2": "out", "P3": "in", "P4": "in"}, "tricks": {"P1": 3, "P3": 2, "P4": 2}})
    assert service.deals(table)[1].outcome["start_player"] == "P1"
    # the recount gives round 1 to P4: round 2 was still started by P1 at the table
    service.correct_deal(first, {**round1, "tricks": {"P1": 3, "P4": 4}}, reason="recount")
    deals = service.deals(table)
    assert deals[0].extra["winner"] == "P4"
    assert deals[1].outcome["start_player"] == "P1" and deals[1].kind == "record"
    assert service.check() == []
