"""The demo night: recorded through the service, in its own database, rebuilt when stale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.domain.rules import GAMES
from ledger.service import Tally, demo


def test_the_demo_records_every_table_of_a_known_game(tmp_path: Path) -> None:
    data = demo.read_demo()
    service = Tally.open(tmp_path / "demo.sqlite3")
    report = demo.load_demo(service, data)
    known = [spec for spec in data["tables"] if spec["game"] in GAMES]
    assert len(report.table_ids) == len(known) >= 3
    assert {spec["game"] for spec in data["tables"]} >= {"crazy-solo", "hachihachi-trick",
                                                          "sixty-six"}  # all three families
    assert set(report.skipped_games) == {s["game"] for s in data["tables"]} - set(GAMES)
    for table_id, spec in zip(report.table_ids, known, strict=True):
        table = service.table(table_id)
        assert (table.game, table.seats) == (spec["game"], tuple(spec["seats"]))
        deals = service.deals(table_id)
        assert len(deals) == len(spec["deals"])
        for fix in spec.get("corrections", []):
            assert deals[fix["deal"] - 1].kind == "correct"
            assert deals[fix["deal"] - 1].reason == fix["reason"]
    assert service.check() == []
    assert sum(r.net for r in service.standings(night_id=report.night_id)) == 0


def test_a_table_of_an_unknown_game_is_skipped(tmp_path: Path) -> None:
    data = {"players": ["A", "B", "C"], "night": {"date": "2024-01-02"},
            "tables": [{"game": "no-such-game", "seats": ["A", "B"], "deals": [{}]},
                       {"game": "crazy-solo", "seats": ["A", "B", "C"],
                        "deals": [{"contract": "pass"}], "voids": [1]}]}
    service = Tally.open(tmp_path / "d.sqlite3")
    report = demo.load_demo(service, data)
    assert report.skipped_games == ("no-such-game",)
    [table] = report.table_ids
    assert [d.kind for d in service.deals(table)] == ["void"]


def test_open_demo_builds_once_and_rebuilds_when_the_demo_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "demo" / "demo.sqlite3"
    service, night = demo.open_demo(db)
    service.add_player("Scribbler")  # the user played around in the demo
    service.db.dispose()
    again, night2 = demo.open_demo(db)
    assert night2 == night and "Scribbler" in [p.name for p in again.players()]
    again.db.dispose()

    changed = tmp_path / "night.json"
    spec = json.loads(demo.demo_file().read_text(encoding="utf-8"))
    spec["night"]["venue"] = "Somewhere else"
    changed.write_text(json.dumps(spec), encoding="utf-8")
    monkeypatch.setattr(demo, "demo_file", lambda: changed)
    fresh, night3 = demo.open_demo(db)
    assert fresh.night(night3).venue == "Somewhere else"
    assert "Scribbler" not in [p.name for p in fresh.players()]
