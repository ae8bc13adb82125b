"""`check` on a big database replays its tables in several processes: same answer, same
order, as one process."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import ledger.service.integrity as integrity
from ledger.service import Tally

SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


def test_parallel_check_finds_what_one_process_finds(db_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    service = Tally.open(db_path)
    for name in SEATS:
        service.add_player(name)
    night = service.new_night("2026-11-29")
    tables = [service.new_table(night, "crazy-solo", SEATS) for _ in range(5)]
    for t in tables:
        service.add_deals(t, [{**SOLO, "team_points": p} for p in (73, 40, 90)])
    con = sqlite3.connect(db_path)  # tamper: table 2's second deal and table 4's third
    for table, number in ((tables[1], 2), (tables[3], 3)):
        con.execute("UPDATE transfer SET amount = amount + 5 WHERE revision_id = (SELECT "
                    "r.id FROM revision r JOIN deal d ON d.id = r.deal_id WHERE "
                    "d.table_id = ? AND d.number = ?)", (table, number))
    con.commit()
    con.close()
    monkeypatch.setattr(integrity, "check_workers", lambda tables: 1)
    alone = service.check()
    monkeypatch.setattr(integrity, "check_workers", lambda tables: 2)
    assert service.check() == alone
    assert [(p.code, p.table, p.deal) for p in alone if "differ" in p.code] == [
        ("transfers_differ", tables[1], 2), ("transfers_differ", tables[3], 3)]
