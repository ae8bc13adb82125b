"""Moving a club's history between engines: `tally db copy` from a SQLite file to
a league's PostgreSQL and back gives ledgers that pass `check` with identical standings,
league and export bytes; a target that holds data is refused unless --force; `tally backup`
from the server writes a SQLite ledger and `tally restore` into it takes one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tests.conftest import Cli

pytestmark = pytest.mark.parametrize("engine", ["postgresql"])

SEATS = ["Ann", "Bea", "Chie", "Dan", "春子"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
ROUND1 = {"indicator": "7H", "declarations": {"Ann": "in", "Bea": "out", "Chie": "out",
                                              "Dan": "in", "春子": "out"},
          "tricks": {"Ann": 4, "Dan": 3}}


def club(location: Any) -> Tally:
    """Two nights at two venues: corrections, a void, a rename, payments, a season."""
    service = Tally.open(location)
    for name in SEATS:
        service.add_player(name)
    for day, venue in (("2026-11-29", "Hall A"), ("2026-12-06", "Hall B")):
        night = service.new_night(day, venue)
        solo = service.new_table(night, "crazy-solo", SEATS)
        first = service.add_deal(solo, SOLO)
        service.add_deal(solo, {"contract": "alone", "caller": "春子", "trump": "hearts",
                                "team_points": 52})
        void = service.add_deal(solo, {**SOLO, "team_points": 40})
        service.correct_deal(first, {**SOLO, "team_points": 80}, reason="recount")
        service.void_deal(void, "wrong table")
        hachi = service.new_table(night, "hachihachi-trick", SEATS)
        service.add_deal(hachi, ROUND1)
        service.set_rate(night, "10", "jpy")
        service.pay(night, "Ann", "Dan")
    service.rename_player("Bea", "Beatrix")
    service.new_season("Winter", "2026-11-01", "2027-02-28", "chips")
    return service


def look(location: Any, out: Path) -> dict[str, Any]:
    cli = Cli(location)
    assert cli("check").exit_code == 0
    r = cli("export", "--all", "--out", str(out))
    assert r.exit_code == 0, r.output
    return {"standings": cli("standings", "--all", "--json").stdout,
            "league": cli("league", "--json").stdout,
            "venue": cli("league", "--venue", "Hall B", "--json").stdout,
            "settle": cli("settle", "--night", "2").stdout,
            "files": {p.name: p.read_bytes() for p in sorted(out.iterdir())}}


def test_db_copy_round_trips_a_club_through_the_server(tmp_path: Path, db_path: str,
                                                       engine: str) -> None:
    source = tmp_path / "club.sqlite3"
    club(source).db.dispose()
    server = db_path  # a migrated, empty database on the test cluster
    back = tmp_path / "offline.sqlite3"
    copy = Cli(tmp_path / "unused.sqlite3")
    r = copy("db", "copy", "--from", str(source), "--to", server)
    assert (r.exit_code, r.stderr) == (0, ""), r.output
    assert r.stdout == (f"copied {source} → {server}: 5 players, 8 deals; check ok on both, "
                        "standings identical\n")
    r = copy("db", "copy", "--from", server, "--to", str(back))
    assert r.exit_code == 0, r.output
    seen = [look(x, tmp_path / f"out{i}") for i, x in enumerate((source, server, back))]
    assert seen[0] == seen[1] == seen[2]
    assert len(seen[0]["files"]) == 6 and seen[0]["venue"] != seen[0]["league"]
    # the server's ids carry on after the copied ones
    assert Tally.open(server).add_player("Late") == 6


def test_db_copy_refuses_a_target_with_data_unless_forced(tmp_path: Path, db_path: str,
                                                          engine: str) -> None:
    source = tmp_path / "club.sqlite3"
    club(source).db.dispose()
    Tally.open(db_path).add_player("Zed")
    copy = Cli(tmp_path / "unused.sqlite3")
    r = copy("db", "copy", "--from", str(source), "--to", db_path)
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", f"error: database: {db_path} is not empty; use --force to replace what it "
        "holds\n")
    assert [p.name for p in Tally.open(db_path).players()] == ["Zed"]
    r = copy("db", "copy", "--from", str(source), "--to", db_path, "--force")
    assert r.exit_code == 0, r.output
    assert "Zed" not in [p.name for p in Tally.open(db_path).players()]
    r = copy("db", "copy", "--from", str(tmp_path / "missing.sqlite3"), "--to", db_path)
    assert (r.exit_code, r.stderr) == (
        2, f"error: --from: {tmp_path / 'missing.sqlite3'} is not a file\n")


def test_backup_from_the_server_is_a_sqlite_ledger_and_restores_into_it(
        tmp_path: Path, db_path: str, engine: str) -> None:
    service = club(db_path)
    before = service.standings()
    cli = Cli(db_path)
    backup = tmp_path / "league.sqlite3"
    assert cli("backup", str(backup)).exit_code == 0
    offline = Tally.open(backup)  # a plain SQLite file
    assert offline.db.engine == "sqlite" and offline.standings() == before
    assert offline.check() == []
    service.add_player("Late")
    r = cli("restore", str(backup))
    assert r.exit_code == 2 and "holds data; use --force" in r.stderr
    r = cli("restore", str(backup), "--force")
    assert r.exit_code == 0, r.output
    kept = Path(r.stdout.split("kept at ")[1].strip())
    assert kept.parent == tmp_path and kept.suffix == ".sqlite3"
    assert "Late" in [p.name for p in Tally.open(kept).players()]
    again = Tally.open(db_path)
    assert again.standings() == before and again.check() == []
    assert "Late" not in [p.name for p in again.players()]
