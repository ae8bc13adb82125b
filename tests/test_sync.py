"""`tally sync --to`: a venue's nights pushed into a league exactly once, on
SQLite → SQLite and SQLite → PostgreSQL: a re-run says "nothing to sync"; a second night
goes after the first; a correction made at the venue after a sync goes as its new revision;
a run that fails midway, re-run, leaves every row once; two venues into one league do not
collide; a player the league has already is never merged by name, only by `--map`; a
revision edited in the venue's file is refused and nothing of its night is sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from ledger.store import sync_rows
from tests.checked import checked
from tests.conftest import Cli, raw_sql, table_counts

pytestmark = pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


@pytest.fixture
def league(tmp_path: Path, engine: str, request: pytest.FixtureRequest) -> Any:
    """The league's ledger: a migrated database on the test cluster, or a file."""
    if engine == "postgresql":
        return request.getfixturevalue("pg_cluster").new_database()
    return tmp_path / "league.sqlite3"


def venue(path: Path, seats: list[str], day: str = "2026-11-29", deals: int = 3) -> Tally:
    """A venue's file with one night (a table of five, `deals` deals, a payment)."""
    service = Tally.open(path)
    for name in seats:
        if name not in [p.name for p in service.players()]:
            service.add_player(name)
    night(service, seats, day, deals)
    return service


def night(service: Tally, seats: list[str], day: str, deals: int = 3) -> int:
    n = service.new_night(day, "Club")
    table = service.new_table(n, "crazy-solo", seats)
    for i in range(deals):
        service.add_deal(table, {**SOLO, "caller": seats[1], "partner": seats[3],
                                 "team_points": 60 + i})
    service.pay(n, *_first_line(service, n))
    return n


def _first_line(service: Tally, n: int) -> tuple[str, str]:
    line = service.settlement(n).open[0]
    return line.payer, line.payee


def sync(source: Path, league: str, *more: str) -> Any:
    return Cli(source)("sync", "--to", str(league), *more)


def rows(db: Any) -> dict[str, int]:
    return {k: v for k, v in table_counts(db).items()
            if k not in ("ledger_setting", "peer_player", "alembic_version")}


SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]


def test_a_venue_syncs_once_then_nothing(tmp_path: Path, league: str) -> None:
    club = tmp_path / "club.sqlite3"
    venue(club, SEATS).db.dispose()
    r = sync(club, league)
    assert (r.exit_code, r.stderr) == (0, ""), r.output
    assert r.stdout.endswith(": 1 nights, 1 tables, 3 deals, 3 revisions, 1 payments, "
                             "1 plans, 5 new players\n")
    held = rows(league)
    r = sync(club, league)
    assert (r.exit_code, r.stdout.endswith(": nothing to sync\n")) == (0, True), r.output
    assert rows(league) == held
    there = Tally.open(league)
    assert checked(there) == []
    here = Tally.open(club)
    assert there.standings() == here.standings()
    assert there.settlement(1) == here.settlement(1)
    assert there.night_head(1) == here.night_head(1) is not None


def test_a_second_night_and_a_correction_after_the_sync(tmp_path: Path, league: str) -> None:
    club = tmp_path / "club.sqlite3"
    service = venue(club, SEATS)
    assert sync(club, league).exit_code == 0
    n2 = night(service, SEATS, "2026-12-06")
    first = service.deals(1)[0].id  # the first night's table's first deal
    service.correct_deal(first, {**SOLO, "team_points": 90}, reason="recount")
    service.db.dispose()
    r = sync(club, league)
    assert r.exit_code == 0, r.output
    # the correction: one revision, and the later deals it re-settled, each one more
    # the second night (3 deals, their revisions, a payment, a plan) and the correction of
    # the first night's deal 1: one new revision (Crazy Solo re-settles nothing after it)
    assert r.stdout.endswith(": 1 nights, 1 tables, 3 deals, 4 revisions, 1 payments, "
                             "1 plans, 0 new players\n"), r.stdout
    there = Tally.open(league)
    assert checked(there) == []
    here = Tally.open(club)
    assert there.standings() == here.standings()
    assert [h.kind for h in there.history(1)] == [h.kind for h in here.history(1)]
    assert [h.kind for h in here.history(1)][-1] == "correct"
    assert there.night_head(n2) == here.night_head(n2)
    assert sync(club, league).stdout.endswith("nothing to sync\n")


def test_a_run_failing_midway_then_rerun_is_exactly_once(tmp_path: Path, league: str,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    club = tmp_path / "club.sqlite3"
    service = venue(club, SEATS)
    night(service, SEATS, "2026-12-06")
    night(service, SEATS, "2026-12-13")
    service.db.dispose()
    real = sync_rows.insert
    calls = {"n": 0}

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 30:  # inside the second night
            raise RuntimeError("the server went away")
        return real(*args, **kwargs)

    monkeypatch.setattr(sync_rows, "insert", failing)
    with pytest.raises(RuntimeError):
        Tally.open(club).sync_to(league)
    monkeypatch.setattr(sync_rows, "insert", real)
    assert 0 < rows(league)["night"] < 3
    r = sync(club, league)
    assert r.exit_code == 0, r.output
    here = Tally.open(club)
    assert rows(league) == rows(club)
    there = Tally.open(league)
    assert checked(there) == [] and there.standings() == here.standings()
    assert sync(club, league).stdout.endswith("nothing to sync\n")


def test_two_venues_into_one_league_do_not_collide(tmp_path: Path, league: str) -> None:
    a, b = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    venue(a, SEATS).db.dispose()
    venue(b, ["Fay", "Gus", "Hana", "Ivo", "Jun"]).db.dispose()
    assert sync(a, league).exit_code == 0
    r = sync(b, league)
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(": 1 nights, 1 tables, 3 deals, 3 revisions, 1 payments, "
                             "1 plans, 5 new players\n")
    there = Tally.open(league)
    assert checked(there) == [] and len(there.nights()) == 2
    assert sync(a, league).stdout.endswith("nothing to sync\n")
    assert sync(b, league).stdout.endswith("nothing to sync\n")


def test_a_player_the_league_has_is_asked_for_never_merged(tmp_path: Path, league: str
                                                            ) -> None:
    a, b = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    venue(a, SEATS).db.dispose()
    venue(b, ["Ann", "Fay", "Gus", "Hana", "Ivo"]).db.dispose()
    assert sync(a, league).exit_code == 0
    held = rows(league)
    r = sync(b, league)
    ann = next(p.id for p in Tally.open(league).players() if p.name == "Ann")
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (f"error: player: Ann: the league has a player Ann (#{ann}) already; "
                        f"if it is the same person, sync again with --map \"Ann={ann}\", "
                        "if not, rename one of them\n")
    assert rows(league) == held  # nothing of that night was written
    r = sync(b, league, "--map", "Ann=999")
    assert (r.exit_code, r.stderr) == (2, "error: --map: Ann=999: the league has no player "
                                          "999 named Ann\n")
    r = sync(b, league, "--map", "Ann")
    assert (r.exit_code, r.stderr) == (2, "error: --map: Ann is not NAME=ID\n")
    r = sync(b, league, "--map", f"Ann={ann}")
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(" 4 new players\n")
    there = Tally.open(league)
    assert checked(there) == [] and len(there.players()) == 9
    assert sync(b, league).stdout.endswith("nothing to sync\n")  # remembered


def test_an_edited_revision_is_refused_and_nothing_of_its_night_sent(tmp_path: Path,
                                                                     league: str) -> None:
    club = tmp_path / "club.sqlite3"
    venue(club, SEATS).db.dispose()
    raw_sql(club, "UPDATE revision SET outcome = replace(outcome, '61', '91') WHERE id = 2")
    r = sync(club, league)
    assert (r.exit_code, r.stderr) == (2, "error: sync: table 1 of night 2026-11-29: deal 2 "
                                          "revision 1 does not match its hash chain; nothing "
                                          "of that night was sent\n")
    assert rows(league).get("night", 0) == 0


def test_the_league_refuses_to_write_a_venues_table(tmp_path: Path, league: str) -> None:
    club = tmp_path / "club.sqlite3"
    venue(club, SEATS).db.dispose()
    assert sync(club, league).exit_code == 0
    held = rows(league)
    there = Cli(league)
    r = there("round", "add", "--table", "1", input=SOLO)
    assert (r.exit_code, r.stderr) == (2, "error: table: table 1 of night 1 is recorded at "
                                          "Club; record there, then sync\n")
    r = there("round", "void", "1", "--reason", "x")
    assert (r.exit_code, r.stderr) == (2, "error: table: table 1 of night 1 is recorded at "
                                          "Club; record there, then sync\n")
    r = there("pay", "--night", "1", "--from", "Ann", "--to", "Bea")
    assert (r.exit_code, r.stderr) == (2, "error: night: night 1 is recorded at Club; record "
                                          "there, then sync\n")
    assert rows(league) == held
    # the league's own nights are its to write
    service = Tally.open(league)
    own = service.new_night("2026-12-24", "League")
    assert service.add_deal(service.new_table(own, "crazy-solo", SEATS), SOLO)


def test_a_revision_the_league_holds_otherwise_is_refused(tmp_path: Path, league: str
                                                          ) -> None:
    club = tmp_path / "club.sqlite3"
    service = venue(club, SEATS)
    assert sync(club, league).exit_code == 0
    service.correct_deal(2, {**SOLO, "team_points": 50}, reason="recount")
    service.db.dispose()
    raw_sql(league, "UPDATE revision SET hash = 'x' WHERE id = 2")  # not the venue's
    r = sync(club, league)
    assert (r.exit_code, r.stderr) == (2, "error: sync: table 1 of night 2026-11-29: deal 2 "
                                          "revision 1 differs from what the league holds; "
                                          "nothing of that night was sent\n")
    assert rows(league)["revision"] == 3


def test_a_correction_that_resettles_later_deals_is_pushed_whole(tmp_path: Path, league: str
                                                                  ) -> None:
    club = tmp_path / "club.sqlite3"
    service = Tally.open(club)
    for name in ("Ann", "Bea"):
        service.add_player(name)
    table = service.new_table(service.new_night("2026-11-29", "Club"), "sixty-six",
                              ["Ann", "Bea"])
    for _ in range(4):  # Ann 1 each: running scores, no chips yet
        service.add_deal(table, {"ending": "scored", "winner": "Ann", "game_points": 1})
    assert sync(club, league).exit_code == 0
    first = service.deals(table)[0].id
    resettled = service.correct_deal(first, {"ending": "scored", "winner": "Bea",
                                             "game_points": 1}, reason="recount")
    assert resettled == 3  # the later deals' running scores moved
    service.db.dispose()
    r = sync(club, league)
    assert r.exit_code == 0, r.output
    assert ": 0 nights, 0 tables, 0 deals, 4 revisions, " in r.stdout
    there, here = Tally.open(league), Tally.open(club)
    assert checked(there) == [] and there.standings() == here.standings()
    assert [[h.kind for h in there.history(d.id)] for d in there.deals(table)] == \
        [[h.kind for h in here.history(d.id)] for d in here.deals(table)]
    assert there.night_head(1) == here.night_head(1)


def test_bad_input_is_one_line(tmp_path: Path, league: str) -> None:
    club = tmp_path / "club.sqlite3"
    venue(club, SEATS).db.dispose()
    for to, said in (("", "error: --to: give a file or a postgresql:// URL\n"),
                     (str(club), f"error: --to: {club} is the ledger synced from\n")):
        r = Cli(club)("sync", "--to", to)
        assert (r.exit_code, r.stdout, r.stderr) == (2, "", said)
    r = sync(club, league, "--map", "=3")
    assert (r.exit_code, r.stderr) == (2, "error: --map: =3 is not NAME=ID\n")


def test_a_copy_of_the_venue_taken_before_its_first_sync_is_not_doubled(tmp_path: Path,
                                                                         league: str) -> None:
    # the league starts as a `db copy` of the club (README), and the club then syncs: its
    # nights are known by their uid, which every copy derives alike
    club = tmp_path / "club.sqlite3"
    venue(club, SEATS).db.dispose()
    r = Cli(tmp_path / "unused.sqlite3")("db", "copy", "--from", str(club), "--to", str(league),
                                         "--force")
    assert r.exit_code == 0, r.output
    held = rows(league)
    r = sync(club, league)
    assert (r.exit_code, r.stdout.endswith("nothing to sync\n")) == (0, True), r.output
    assert rows(league) == held


def test_a_rename_at_the_venue_after_a_sync_is_carried(tmp_path: Path, league: str) -> None:
    club = tmp_path / "club.sqlite3"
    service = venue(club, SEATS)
    assert sync(club, league).exit_code == 0
    service.rename_player("Bea", "Beatrix")
    service.add_deal(1, {**SOLO, "caller": "Beatrix"})
    night(service, ["Ann", "Beatrix", "Chie", "Dan", "Eve"], "2026-12-06")
    service.db.dispose()
    r = sync(club, league)
    assert r.exit_code == 0, r.output
    there, here = Tally.open(league), Tally.open(club)
    assert checked(there) == [] and there.standings() == here.standings()
    assert sorted(p.name for p in there.players()) == sorted(p.name for p in here.players())
    assert [d.summary for d in there.deals(1)] == [d.summary for d in here.deals(1)]
    assert there.night_head(1) == here.night_head(1)
    assert sync(club, league).stdout.endswith("nothing to sync\n")


def test_deals_under_a_name_since_changed_are_refused_for_now(tmp_path: Path, league: str
                                                              ) -> None:
    club = tmp_path / "club.sqlite3"
    service = venue(club, SEATS)
    service.rename_player("Bea", "Beatrix")
    service.db.dispose()
    r = sync(club, league)
    assert (r.exit_code, r.stderr) == (2, "error: player: Beatrix was renamed after deals were "
                                          "recorded; sync does not carry a rename yet\n")
    assert rows(league).get("night", 0) == 0


def test_a_payment_and_a_replan_after_the_sync_are_pushed(tmp_path: Path, league: str) -> None:
    club = tmp_path / "club.sqlite3"
    service = venue(club, SEATS)
    assert sync(club, league).exit_code == 0
    service.pay(1, *_first_line(service, 1))
    service.replan(1, "direct")
    service.db.dispose()
    r = sync(club, league)
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(": 0 nights, 0 tables, 0 deals, 0 revisions, 1 payments, "
                             "1 plans, 0 new players\n")
    there, here = Tally.open(league), Tally.open(club)
    assert there.settlement(1) == here.settlement(1)
    assert checked(there) == []
