"""The league over a small season (tests/season_data.py): golden tables for chips and
placement scoring, agreement with each night's standings, seasons, the export, and the
points tables."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.config.league_points import check_table, points_table
from ledger.domain.league import night_places, night_points, per_deal, points_for, shown
from ledger.domain.rules import RuleError
from ledger.service import Tally

from .conftest import Cli
from .season_data import SEASON, build

RANGE = ["--from", SEASON[1], "--to", SEASON[2]]
CHIPS = [
    {"rank": 1, "player": "Bea", "nights": 3, "deals": 5, "net": 30, "per_deal": "6.00",
     "best": 50, "worst": -25, "last": "2026-09-19"},
    {"rank": 2, "player": "Eve", "nights": 2, "deals": 3, "net": 25, "per_deal": "8.33",
     "best": 50, "worst": -25, "last": "2026-09-19"},
    {"rank": 3, "player": "Ann", "nights": 3, "deals": 5, "net": 5, "per_deal": "1.00",
     "best": 55, "worst": -25, "last": "2026-09-19"},
    {"rank": 3, "player": "Cid", "nights": 3, "deals": 5, "net": 5, "per_deal": "1.00",
     "best": 25, "worst": -25, "last": "2026-09-19"},
    {"rank": 5, "player": "Flo", "nights": 1, "deals": 2, "net": -25, "per_deal": "-12.50",
     "best": -25, "worst": -25, "last": "2026-09-12"},
    {"rank": 6, "player": "Dan", "nights": 3, "deals": 5, "net": -40, "per_deal": "-8.00",
     "best": 25, "worst": -40, "last": "2026-09-19"},
]
# 10-7-5-3-1. Night 1: Bea 10, Dan 7, Ann Cid Eve tied 3rd share 5+3+1 = 3 each.
# Night 2: Ann 10, Bea Cid tied 2nd share 7+5 = 6 each, Flo 3, Dan 1.
# Night 3: Eve 10, Cid 7, Ann Bea Dan tied 3rd: 3 each.
PLACEMENT = [("Bea", 1, "19.00", [1, 2, 3]), ("Ann", 2, "16.00", [3, 1, 3]),
             ("Cid", 2, "16.00", [3, 2, 2]), ("Eve", 4, "13.00", [3, 1]),
             ("Dan", 5, "11.00", [2, 5, 3]), ("Flo", 6, "3.00", [4])]


@pytest.fixture
def season(service: Tally) -> dict[str, int]:
    return build(service)


def test_chips_league_of_the_season(season: dict[str, int], cli: Cli) -> None:
    r = cli("league", *RANGE, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == CHIPS


def test_placement_league_of_the_season(season: dict[str, int], cli: Cli) -> None:
    r = cli("league", *RANGE, "--scoring", "placement", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    by_name = {row["player"]: row for row in CHIPS}
    assert rows == [{**by_name[p], "rank": rank, "points": pts, "places": places}
                    for p, rank, pts, places in PLACEMENT]


def test_league_agrees_with_each_nights_standings(season: dict[str, int], cli: Cli) -> None:
    inside = [nid for day, nid in season.items() if SEASON[1] <= day <= SEASON[2]]
    net: dict[str, int] = {}
    deals: dict[str, int] = {}
    nights: dict[str, int] = {}
    for nid in inside:
        r = cli("standings", "--night", str(nid), "--json")
        for row in json.loads(r.stdout):
            net[row["player"]] = net.get(row["player"], 0) + row["net"]
            deals[row["player"]] = deals.get(row["player"], 0) + row["deals"]
            nights[row["player"]] = nights.get(row["player"], 0) + (row["deals"] > 0)
    league = json.loads(cli("league", *RANGE, "--json").stdout)
    assert {x["player"]: (x["net"], x["deals"], x["nights"]) for x in league} == {
        p: (net[p], deals[p], nights[p]) for p in net if deals[p]}


def test_text_table_and_all_nights(season: dict[str, int], cli: Cli) -> None:
    r = cli("league", *RANGE, "--scoring", "placement")
    assert r.stdout.splitlines()[:4] == [
        "#  player  nights  deals  net  per deal  best  worst  last        points  places",
        "-  ------  ------  -----  ---  --------  ----  -----  ----------  ------  ------",
        "1  Bea          3      5   30      6.00    50    -25  2026-09-19   19.00  1 2 3",
        "2  Ann          3      5    5      1.00    55    -25  2026-09-19   16.00  3 1 3",
    ]
    every = {x["player"]: x["net"] for x in json.loads(cli("league", "--json").stdout)}
    assert every == {"Ann": 5 + 240 - 60, "Bea": 30 - 120, "Cid": 5 - 120, "Dan": -40 + 180,
                     "Eve": 25 - 120, "Flo": -25}


def test_japanese_names_line_up(service: Tally, cli: Cli) -> None:
    names = ["健二", "真理", "Ann", "Bea", "Cid"]
    for name in names:
        service.add_player(name)
    night = service.new_night("2026-10-01")
    table = service.new_table(night, "crazy-solo", names)
    service.add_deal(table, {"contract": "alone", "caller": "健二", "trump": "clubs",
                             "team_points": 70})
    lines = cli("league").stdout.splitlines()
    assert lines[2] == "1  健二         1      1   80     80.00    80     80  2026-10-01"
    assert lines[3] == "2  Ann          1      1  -20    -20.00   -20    -20  2026-10-01"


def test_one_game_only(season: dict[str, int], service: Tally, cli: Cli) -> None:
    night = season["2026-09-19"]
    service.add_player("Gus")
    schnapsen = service.new_table(night, "schnapsen", ["Flo", "Gus"])
    service.add_deals(schnapsen, [{"ending": "scored", "winner": "Gus",
                                   "game_points": 3}] * 3)
    solo = json.loads(cli("league", *RANGE, "--game", "crazy-solo", "--json").stdout)
    assert solo == CHIPS
    only = json.loads(cli("league", *RANGE, "--game", "schnapsen", "--json").stdout)
    assert [(x["player"], x["nights"], x["deals"], x["net"]) for x in only] == [
        ("Gus", 1, 3, 20), ("Flo", 1, 3, -20)]  # Gus's game to 7, Flo at 0: double stake
    both = {x["player"]: x for x in json.loads(cli("league", *RANGE, "--json").stdout)}
    assert (both["Flo"]["nights"], both["Flo"]["deals"]) == (2, 5)
    assert both["Flo"]["net"] == -25 + only[1]["net"]


def test_seasons_as_data(season: dict[str, int], cli: Cli, counts, db_path: Path) -> None:
    r = cli("season", "new", SEASON[0], "--from", SEASON[1], "--to", SEASON[2],
            "--scoring", "placement")
    assert (r.exit_code, r.stdout) == (0, "1\n")
    assert cli("season", "new", "Winter", "--from", "2026-12-01", "--to", "2027-02-28"
               ).stdout == "2\n"
    assert json.loads(cli("season", "list", "--json").stdout) == [
        {"id": 1, "name": "Autumn 2026", "from": "2026-09-01", "to": "2026-11-30",
         "scoring": "placement", "points": "default"},
        {"id": 2, "name": "Winter", "from": "2026-12-01", "to": "2027-02-28",
         "scoring": "chips", "points": "default"}]
    by_season = json.loads(cli("league", "--season", "autumn 2026", "--json").stdout)
    assert [(x["player"], x["points"]) for x in by_season] == [
        (p, pts) for p, _, pts, _ in PLACEMENT]
    chips = json.loads(cli("league", "--season", "Autumn 2026", "--scoring", "chips",
                           "--json").stdout)
    assert chips == CHIPS
    assert [x["player"] for x in json.loads(cli("league", "--season", "Winter", "--json")
                                            .stdout)] == ["Dan", "Ann", "Bea", "Cid", "Eve"]
    before = counts(db_path)
    for args, message in [
        (["season", "new", "autumn  2026", "--from", "2027-01-01", "--to", "2027-02-01"],
         "error: name: autumn 2026 is already a season: Autumn 2026 (2026-09-01 to "
         "2026-11-30)"),
        (["season", "new", "Spring", "--from", "2027-03-01", "--to", "2027-02-01"],
         "error: --to: 2027-02-01 is before --from 2027-03-01"),
        (["season", "new", "Spring", "--from", "2027-13-01", "--to", "2027-02-01"],
         "error: --from: 2027-13-01 is not a date (YYYY-MM-DD)"),
        (["season", "new", "Spring", "--from", "2027-03-01", "--to", "2027-05-01",
          "--scoring", "goals"], "error: --scoring: goals is not chips or placement"),
        (["season", "new", "Spring", "--from", "2027-03-01", "--to", "2027-05-01",
          "--points", "nope"], "error: points: nope: no file nope.toml in data/league "
         "(default)"),
        (["league", "--season", "Summer"],
         "error: --season: Summer is not a season here (Autumn 2026, Winter)"),
        (["league", "--season", "Winter", "--from", "2026-01-01"],
         "error: --season: give either --season or --from/--to, not both"),
        (["league", "--game", "chess"], "error: --game: chess is not a game here"),
    ]:
        r = cli(*args)
        assert r.exit_code == 2, args
        assert r.stderr.startswith(message), r.stderr
    assert counts(db_path) == before


def test_export_of_a_season(season: dict[str, int], cli: Cli, tmp_path: Path) -> None:
    cli("season", "new", SEASON[0], "--from", SEASON[1], "--to", SEASON[2],
        "--scoring", "placement")
    out = tmp_path / "out"
    r = cli("export", "--season", "Autumn 2026", "--out", str(out))
    assert r.exit_code == 0, r.output
    path = out / "league-autumn-2026.csv"
    assert r.stdout == f"{path}\n"
    assert path.read_bytes() == (
        "\ufeffrank,player,nights,deals,net,per_deal,best,worst,last,points,places\r\n"
        "1,Bea,3,5,30,6.00,50,-25,2026-09-19,19.00,1 2 3\r\n"
        "2,Ann,3,5,5,1.00,55,-25,2026-09-19,16.00,3 1 3\r\n"
        "2,Cid,3,5,5,1.00,25,-25,2026-09-19,16.00,3 2 2\r\n"
        "4,Eve,2,3,25,8.33,50,-25,2026-09-19,13.00,3 1\r\n"
        "5,Dan,3,5,-40,-8.00,25,-40,2026-09-19,11.00,2 5 3\r\n"
        "6,Flo,1,2,-25,-12.50,-25,-25,2026-09-12,3.00,4\r\n").encode()
    r = cli("export", *RANGE, "--out", str(out))
    ranged = out / "league-2026-09-01-to-2026-11-30.csv"
    assert r.stdout == f"{ranged}\n"
    assert ranged.read_bytes().splitlines()[1] == b"1,Bea,3,5,30,6.00,50,-25,2026-09-19"
    r = cli("export", "--all", "--season", "Autumn 2026", "--out", str(out))
    assert r.exit_code == 2
    assert r.stderr == ("error: export: give either --night N / --all or the league's "
                        "--season NAME / --from/--to\n")


def test_export_guards_formula_names(service: Tally, tmp_path: Path) -> None:
    names = ["=cmd", "Bea", "Cid", "Dan", "Eve"]
    for name in names:
        service.add_player(name)
    table = service.new_table(service.new_night("2026-10-01"), "crazy-solo", names)
    service.add_deal(table, {"contract": "alone", "caller": "=cmd", "trump": "clubs",
                             "team_points": 70})
    path = service.export_league(tmp_path, service.league())
    assert path.name == "league-start-to-end.csv"
    assert path.read_bytes().splitlines()[1] == b"1,'=cmd,1,1,80,80.00,80,80,2026-10-01"


# ---- placement points, exactly ------------------------------------------------------------


def test_tied_players_share_the_points_of_the_places_they_span() -> None:
    table = (10, 7, 5, 3, 1)
    assert points_for(1, 2, table) == Fraction(17, 2)
    assert points_for(1, 3, table) == Fraction(22, 3)
    assert points_for(5, 2, table) == Fraction(1, 2)  # places past the table score 0
    assert night_points({"A": 9, "B": 9, "C": 9, "D": 0}, table) == {
        "A": Fraction(22, 3), "B": Fraction(22, 3), "C": Fraction(22, 3), "D": 3}
    assert night_places({"A": 9, "B": 9, "C": 0}) == {"A": 1, "B": 1, "C": 3}
    assert (shown(Fraction(17, 2)), shown(Fraction(22, 3)), shown(Fraction(-1, 8))) == (
        shown(8.5), shown(Fraction(733, 100)), shown(Fraction(-13, 100)))
    assert str(shown(Fraction(22, 3))) == "7.33"
    assert str(shown(Fraction(-1, 8))) == "-0.13"  # ROUND_HALF_UP: half away from zero
    assert str(per_deal(-7, 2)) == "-3.50"


@given(st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(-50, 50), min_size=1))
def test_a_nights_points_add_up_to_its_places(nets: dict[str, int]) -> None:
    """Sharing never makes or loses points: a night gives exactly the table's first n."""
    table = (10, 7, 5, 3, 1)
    points = night_points(nets, table)
    assert sum(points.values()) == sum(table[:len(nets)])
    assert all(points[a] >= points[b] for a in nets for b in nets if nets[a] > nets[b])


def test_points_tables_are_validated() -> None:
    assert points_table() == (10, 7, 5, 3, 1)
    where = "data/league/club.toml"
    for raw, message in [
        ({"points": [10, -1]}, "data/league/club.toml: points[1]: -1 is not a whole number ≥ 0"),
        ({"points": [10, 1.5]}, "data/league/club.toml: points[1]: 1.5 is not a whole number"),
        ({"points": [5, 7]}, "data/league/club.toml: points[1]: 7 is more than place 1 gets"),
        ({"points": []}, "data/league/club.toml: points: [] is not a list of whole numbers"),
        ({"points": [3], "bonus": 1}, "data/league/club.toml: bonus: unknown key"),
        ({"points": [3], "description": 4}, "data/league/club.toml: description: 4 is not text"),
    ]:
        with pytest.raises(RuleError) as info:
            check_table(raw, where)
        assert str(info.value).startswith(message), str(info.value)


def test_league_imports_no_sqlalchemy_no_textual_and_no_engine(season: dict[str, int],
                                                               service: Tally,
                                                               db_path: Path) -> None:
    """What keeps `tally league` inside its 0.6 s on a decade (tests/bench.py)."""
    from .test_db import _modules_after

    service.db.dispose()
    loaded = _modules_after("--db", str(db_path), "league", "--scoring", "placement")
    assert "ledger.domain.league" in loaded
    assert not {m.split(".")[0] for m in loaded} & {"textual", "sqlmodel", "alembic",
                                                    "sqlalchemy", "pydantic"}
    assert not {m for m in loaded if m.startswith("ledger.domain.rules.") and m.count(".") == 2
                and m.split(".")[2] in ("crazy_solo", "hachihachi", "sixty_six")}


@given(st.lists(st.tuples(st.integers(1, 6), st.sampled_from("ABCDEFG"),
                          st.integers(-60, 60), st.integers(0, 4)), max_size=40),
       st.sampled_from(["chips", "placement"]))
def test_league_rows_add_up_and_ties_share_the_rank(
        cells: list[tuple[int, str, int, int]], scoring: str) -> None:
    """Whatever the nights: each row is the sum of the player's nights, a rank is one more
    than the number of players strictly ahead, and points are the nights' points added."""
    from ledger.domain.league import NightResult, league

    results = list({(n, p): NightResult(n, f"2026-09-{n:02d}", p, net if deals else 0, deals)
                    for n, p, net, deals in cells}.values())
    table = (10, 7, 5, 3, 1)
    rows = league(results, scoring, table)  # type: ignore[arg-type]
    played = [r for r in results if r.deals]
    assert sorted(r.player for r in rows) == sorted({r.player for r in played})
    for row in rows:
        mine = [r for r in played if r.player == row.player]
        assert (row.nights, row.deals, row.net) == (len(mine), sum(r.deals for r in mine),
                                                    sum(r.net for r in mine))
        assert (row.best, row.worst) == (max(r.net for r in mine), min(r.net for r in mine))
        key = (lambda r: r.points) if scoring == "placement" else (lambda r: r.net)
        assert row.rank == 1 + sum(1 for other in rows if key(other) > key(row))
        if scoring == "placement":
            nights = {r.night_id for r in mine}
            assert row.points == sum(
                night_points({r.player: r.net for r in played if r.night_id == n}, table)
                [row.player] for n in nights)
