"""`tally sync --from`: a venue pulls the league's roster, identities and seasons,
on SQLite → SQLite and PostgreSQL → SQLite: a re-run says "nothing to sync"; a player pulled
is the league's player when the venue's nights are pushed (never a second one by name); a
player the venue has by that name is asked for with `--map`, never merged; the ties a push
made are learned by the next pull; bad input is one line and writes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import RuleError, Tally
from tests.checked import checked
from tests.conftest import Cli, raw_sql, table_counts
from tests.test_sync import SEATS, night, sync, venue

pytestmark = pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])


@pytest.fixture
def league(tmp_path: Path, engine: str, request: pytest.FixtureRequest) -> Any:
    """The league's ledger: a migrated database on the test cluster, or a file."""
    if engine == "postgresql":
        return request.getfixturevalue("pg_cluster").new_database()
    return tmp_path / "league.sqlite3"


def pull(here: Path, there: Any, *more: str) -> Any:
    return Cli(here)("sync", "--from", str(there), *more)


def the_league(location: Any) -> Tally:
    service = Tally.open(location)
    service.add_players(SEATS)
    service.new_season("Winter", "2026-11-01", "2027-02-28", "chips")
    return service


def names(service: Tally) -> list[str]:
    return sorted(p.name for p in service.players())


def test_a_venue_pulls_the_roster_and_seasons_once(tmp_path: Path, league: Any) -> None:
    the_league(league).db.dispose()
    club = tmp_path / "club.sqlite3"
    Tally.open(club).db.dispose()
    r = pull(club, league)
    assert (r.exit_code, r.stderr) == (0, ""), r.output
    assert r.stdout.endswith(": 5 new players, 5 players matched, 1 seasons, 0 tournaments\n")
    held = table_counts(club)
    r = pull(club, league)
    assert (r.exit_code, r.stdout.endswith(": nothing to sync\n")) == (0, True), r.output
    assert table_counts(club) == held
    here = Tally.open(club)
    assert names(here) == sorted(SEATS)
    assert [(s.name, s.date_from, s.date_to, s.scoring) for s in here.seasons()] == [
        ("Winter", "2026-11-01", "2027-02-28", "chips")]
    # the venue's night of the pulled players goes in under the league's players
    night(here, SEATS, "2026-11-29")
    here.db.dispose()
    r = sync(club, league)
    assert r.stdout.endswith(": 1 nights, 1 tables, 3 deals, 3 revisions, 1 payments, "
                             "1 plans, 0 new players\n"), r.output
    there = Tally.open(league)
    assert names(there) == sorted(SEATS) and checked(there) == []
    assert there.standings() == Tally.open(club).standings()
    assert pull(club, league).stdout.endswith(": nothing to sync\n")


def test_a_player_the_venue_has_by_name_is_asked_for(tmp_path: Path, league: Any) -> None:
    the_league(league).db.dispose()
    club = tmp_path / "club.sqlite3"
    here = Tally.open(club)
    here.add_players(["Ann", "Zoe"])
    here.db.dispose()
    held = table_counts(club)
    r = pull(club, league)
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == ('error: player: Ann (#1 in the league): this ledger has a player Ann '
                        'already; if it is the same person, sync again with --map "Ann=1", '
                        "if not, rename one of them\n")
    assert table_counts(club) == held  # nothing written
    r = pull(club, league, "--map", "Ann=1")
    assert r.stdout.endswith(": 4 new players, 5 players matched, 1 seasons, 0 tournaments\n")
    here = Tally.open(club)
    assert names(here) == sorted([*SEATS, "Zoe"])
    night(here, SEATS, "2026-11-29")
    here.db.dispose()
    r = sync(club, league)  # the venue's Ann is the league's #1: no question, no second Ann
    assert r.stdout.endswith(" 0 new players\n"), r.output
    assert names(Tally.open(league)) == sorted(SEATS)


def test_the_ties_a_push_made_are_learned_and_seasons_follow(tmp_path: Path,
                                                              league: Any) -> None:
    club = tmp_path / "club.sqlite3"
    venue(club, SEATS).db.dispose()
    assert sync(club, league).exit_code == 0  # the league's players are made by the push
    there = Tally.open(league)
    there.new_season("Winter", "2026-11-01", "2027-02-28", "chips")
    there.add_player("Fay")
    there.db.dispose()
    r = pull(club, league)
    assert r.stdout.endswith(": 1 new players, 6 players matched, 1 seasons, 0 tournaments\n")
    raw_sql(league, "UPDATE season SET date_to = '2027-03-31'")
    r = pull(club, league)
    assert r.stdout.endswith(": 0 new players, 0 players matched, 1 seasons, 0 tournaments\n")
    assert Tally.open(club).season("Winter").date_to == "2027-03-31"
    assert pull(club, league).stdout.endswith(": nothing to sync\n")
    assert sync(club, league).stdout.endswith(": nothing to sync\n")


def test_bad_input_is_one_line(tmp_path: Path, league: Any) -> None:
    club = tmp_path / "club.sqlite3"
    Tally.open(club).db.dispose()
    cli = Cli(club)
    r = cli("sync", "--to", str(league), "--from", str(league))
    assert (r.exit_code, r.stderr) == (2, "error: sync: give one of --to and --from\n")
    r = cli("sync")
    assert (r.exit_code, r.stderr) == (2, "error: sync: give one of --to and --from\n")
    gone = tmp_path / "gone.sqlite3"
    r = cli("sync", "--from", str(gone))
    assert (r.exit_code, r.stderr) == (2, f"error: --from: {gone} does not exist\n")
    assert not gone.exists()
    the_league(league).db.dispose()
    Tally.open(club).add_player("Ann")
    held = table_counts(club)
    r = cli("sync", "--from", str(league), "--map", "Ann=1", "--map", "Nobody=2")
    assert (r.exit_code, r.stderr) == (2, "error: --map: Nobody=2: this ledger has no player "
                                          "Nobody\n")
    assert table_counts(club) == held


def test_a_tournament_planned_at_the_venue_is_handed_over_and_played_there(
        tmp_path: Path, league: Any) -> None:
    there = the_league(league)
    planned = there.new_night("2026-12-01", "Club")
    there.new_tournament("Cup", "crazy-solo", 2, "mix", table_size=5, seed="plan",
                         night=planned)
    there.register("Cup", SEATS)
    pub = there.new_night("2026-12-01", "Pub")  # another venue's: neither pulled nor handed
    there.new_tournament("Pub Cup", "crazy-solo", 1, "mix", table_size=5, night=pub)
    there.db.dispose()
    club = tmp_path / "club.sqlite3"
    Tally.open(club).db.dispose()
    r = pull(club, league, "--venue", "Club")
    assert r.stdout.endswith(": 5 new players, 5 players matched, 1 seasons, 1 tournaments\n")
    here = Tally.open(club)
    assert [(e.player, e.number) for e in here.tournament("Cup").entries] == [
        (name, i + 1) for i, name in enumerate(SEATS)]
    assert [t.name for t in here.tournaments()] == ["Cup"]
    there = Tally.open(league)
    assert there.new_table(pub, "crazy-solo", SEATS)  # the Pub's night is the league's still
    with pytest.raises(RuleError, match="recorded at Club"):  # the venue's to record now
        there.new_table(planned, "crazy-solo", SEATS)
    there.db.dispose()
    assert pull(club, league).stdout.endswith(": nothing to sync\n")  # its venue is known
    here.draw("Cup")
    here.db.dispose()
    r = sync(club, league)
    assert r.stdout.splitlines()[-2:] == [
        f"synced to {league}: 0 nights, 1 tables, 0 deals, 0 revisions, 0 payments, 0 plans, "
        "0 new players",
        "tournaments: 0 new, 0 registrations, 1 rounds drawn, 0 changes"], r.output
    there = Tally.open(league)
    assert [[list(x.seats) for x in d.tables] for d in there.tournament_rounds("Cup")] == [
        [list(x.seats) for x in d.tables] for d in Tally.open(club).tournament_rounds("Cup")]
    assert checked(there) == []
    assert pull(club, league).stdout.endswith(": nothing to sync\n")
    assert sync(club, league).stdout.endswith(": nothing to sync\n")
