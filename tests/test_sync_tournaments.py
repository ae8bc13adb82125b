"""A venue's tournaments in `tally sync --to`, on SQLite → SQLite and SQLite →
PostgreSQL: the plan, registrations and draws go once (a re-run says "nothing to sync"), a
withdrawal and a round's clock started after the sync go as the changes they are, and
another venue's tournament of the same name is refused in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tests.checked import checked
from tests.conftest import Cli

pytestmark = pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])

FIVE = ["Zoe", "Ada", "Mio", "Ben", "Kai"]


@pytest.fixture
def league(tmp_path: Path, engine: str, request: pytest.FixtureRequest) -> Any:
    if engine == "postgresql":
        return request.getfixturevalue("pg_cluster").new_database()
    return tmp_path / "league.sqlite3"


def cup(path: Path, venue: str = "Club") -> Tally:
    service = Tally.open(path)
    night = service.new_night("2026-12-01", venue)
    service.new_tournament("Cup", "schnapsen", 2, "swiss", round_minutes=30, seed="print",
                           night=night)
    service.register("Cup", FIVE)
    service.draw("Cup")
    return service


def sync(source: Path, league: Any) -> Any:
    return Cli(source)("sync", "--to", str(league))


def drawn(service: Tally) -> list[Any]:
    return [(d.round, [(x.number, list(x.seats)) for x in d.tables], list(d.byes))
            for d in service.tournament_rounds("Cup")]


def test_a_tournament_goes_once_and_its_changes_after(tmp_path: Path, league: Any) -> None:
    club = tmp_path / "club.sqlite3"
    here = cup(club)
    here.db.dispose()
    r = sync(club, league)
    assert (r.exit_code, r.stderr) == (0, ""), r.output
    assert r.stdout.splitlines()[-2:] == [
        f"synced to {league}: 1 nights, 2 tables, 0 deals, 0 revisions, 0 payments, 0 plans, "
        "5 new players",
        "tournaments: 1 new, 5 registrations, 1 rounds drawn, 0 changes"]
    there = Tally.open(league)
    assert drawn(there) == drawn(here)
    assert [(e.player, e.number) for e in there.tournament("Cup").entries] == [
        (e.player, e.number) for e in here.tournament("Cup").entries]
    assert checked(there) == []
    there.db.dispose()
    assert sync(club, league).stdout.endswith(": nothing to sync\n")

    here.start_round("Cup")
    here.withdraw("Cup", "Ada")
    here.db.dispose()
    r = sync(club, league)
    assert r.stdout.splitlines()[-1] == (
        "tournaments: 0 new, 0 registrations, 0 rounds drawn, 2 changes"), r.output
    there = Tally.open(league)
    assert [(e.player, e.withdrawn_from) for e in there.tournament("Cup").entries] == [
        (e.player, e.withdrawn_from) for e in Tally.open(club).tournament("Cup").entries]
    assert there.tournament_rounds("Cup")[0].started_at == \
        Tally.open(club).tournament_rounds("Cup")[0].started_at is not None
    there.db.dispose()
    assert sync(club, league).stdout.endswith(": nothing to sync\n")


def test_another_venue_s_tournament_of_the_same_name_is_refused(tmp_path: Path,
                                                                league: Any) -> None:
    first, second = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    cup(first, "Club A").db.dispose()
    assert sync(first, league).exit_code == 0
    other = Tally.open(second)
    other.add_players([f"{n}2" for n in FIVE])
    other.db.dispose()
    cup_b = Tally.open(second)
    night = cup_b.new_night("2026-12-01", "Club B")
    cup_b.new_tournament("Cup", "schnapsen", 2, "swiss", seed="b", night=night)
    cup_b.db.dispose()
    r = sync(second, league)
    assert (r.exit_code, r.stderr) == (2, "error: sync: tournament Cup: the league has another "
                                          "tournament of that name; rename one of them "
                                          "(nothing of it was sent)\n")
    there = Tally.open(league)
    assert [t.name for t in there.tournaments()] == ["Cup"]
    assert drawn(there) == drawn(Tally.open(first))


def test_a_run_failing_inside_a_tournament_then_rerun_is_exactly_once(
        tmp_path: Path, league: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.store import sync_rows
    from tests.test_sync import rows

    club = tmp_path / "club.sqlite3"
    cup(club).db.dispose()
    real = sync_rows.insert
    calls = {"n": 0}

    def failing(session: Any, table: str, *args: Any, **kwargs: Any) -> Any:
        if table.startswith("tournament"):
            calls["n"] += 1
            if calls["n"] == 4:  # the tournament and two registrations in, then gone
                raise RuntimeError("the server went away")
        return real(session, table, *args, **kwargs)

    monkeypatch.setattr(sync_rows, "insert", failing)
    with pytest.raises(RuntimeError):
        Tally.open(club).sync_to(league)
    monkeypatch.setattr(sync_rows, "insert", real)
    held = rows(league)
    assert held["night"] == 1 and held["tournament"] == held["tournament_entry"] == 0
    r = sync(club, league)
    assert r.stdout.splitlines()[-1] == (
        "tournaments: 1 new, 5 registrations, 1 rounds drawn, 0 changes"), r.output
    assert rows(league) == rows(club)
    assert drawn(Tally.open(league)) == drawn(Tally.open(club))
    assert sync(club, league).stdout.endswith(": nothing to sync\n")
