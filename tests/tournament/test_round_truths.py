"""A tournament round's small truths: a deal after time is up (the deal in play finished,
then refused; or refused at once), a table addressed as the draw names it, and a table id
that a tournament night's draw would read otherwise."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from ledger.config import tournament_points as points_files
from ledger.domain.tournament.ranking import Rules
from ledger.service import RuleError, Tally, clock

from ..conftest import Cli
from .test_schnapsen_swiss import ok

START = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
GAME = {"ending": "scored", "game_points": 2}


@pytest.fixture
def night(cli: Cli) -> Cli:
    ok(cli, "night", "new", "--date", "2026-12-03")
    return cli


@pytest.fixture
def cup(service: Tally, monkeypatch: pytest.MonkeyPatch) -> Tally:
    monkeypatch.setattr(clock, "now", lambda: START)
    night_id = service.new_night("2026-12-01", "Club")
    service.new_tournament("Cup", "schnapsen", 3, "swiss", round_minutes=30, seed="t",
                           night=night_id)
    service.register("Cup", ["Ada", "Ben", "Cid", "Dee"])
    service.draw("Cup")
    service.start_round("Cup")
    return service


def deal(service: Tally, table_id: int, winner: str) -> int:
    return service.add_deal(table_id, {**GAME, "winner": winner})


def test_after_time_the_deal_in_play_is_finished_then_no_more(
        cup: Tally, monkeypatch: pytest.MonkeyPatch) -> None:
    first = cup.tournament_rounds("Cup")[0].tables[0]
    deal(cup, first.table_id, first.seats[0])  # in time
    monkeypatch.setattr(clock, "now", lambda: START + timedelta(minutes=30))  # time is up
    deal(cup, first.table_id, first.seats[1])  # the deal in play: finished
    with pytest.raises(RuleError) as refused:
        deal(cup, first.table_id, first.seats[0])
    assert (refused.value.field, refused.value.code, refused.value.message) == (
        "table", "tn_time_up", f"round 1's time is up at table {first.number}: no deal more "
        "is recorded")
    assert cup.table(first.table_id).deals == 2  # nothing written by the refusal


def test_after_time_refuse_records_nothing_more(cup: Tally,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rules = points_files.tournament_points("schnapsen")
    refusing = Rules(**{**{k: getattr(rules, k) for k in rules.__slots__},
                        "after_time": "refuse"})
    monkeypatch.setattr(points_files, "tournament_points", lambda name: refusing)
    first = cup.tournament_rounds("Cup")[0].tables[0]
    monkeypatch.setattr(clock, "now", lambda: START + timedelta(minutes=31))
    with pytest.raises(RuleError, match="time is up"):
        deal(cup, first.table_id, first.seats[0])
    assert cup.table(first.table_id).deals == 0


def test_a_table_of_no_round_clock_takes_deals_at_any_time(
        service: Tally, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock, "now", lambda: START)
    night_id = service.new_night("2026-12-01", "Club")
    service.new_tournament("Free", "schnapsen", 2, "swiss", seed="t", night=night_id)
    service.register("Free", ["Ada", "Ben"])
    d, _ = service.draw("Free")
    monkeypatch.setattr(clock, "now", lambda: START + timedelta(days=1))
    assert deal(service, d.tables[0].table_id, "Ada") > 0


def test_round_add_names_a_tournament_table_by_its_number(night: Cli) -> None:
    # night 1 has a Crazy Solo table first (the ledger's table 1), then the cup's tables
    ok(night, "player", "add", "Ann", "Bo", "Cy", "Di")
    ok(night, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
       "Ann,Bo,Cy,Di")
    ok(night, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "2", "--draw",
       "swiss", "--seed", "t")
    ok(night, "tournament", "register", "Cup", "Ada", "Ben")
    drawn = json.loads(ok(night, "tournament", "draw", "Cup", "--json"))
    (only,) = drawn["tables"]
    assert (only["table"], only["id"]) == (2, 2)
    a = only["seats"][0]
    # --table 2 is the cup's table by id and by number alike; --table 1 is the Crazy Solo
    # table's id, and the cup draws no table 1: taken as the id (a Schnapsen flag refused)
    r = night("round", "add", "--table", "1", "--winner", a, "--game-points", "3")
    assert (r.exit_code, r.stderr) == (2, "error: --game-points: is not a Crazy Solo field\n")
    assert ok(night, "round", "add", "--tournament", "Cup", "--table", "2", "--winner", a,
              "--game-points", "3").strip().isdigit()
    r = night("round", "add", "--tournament", "Cup", "--table", "5", "--winner", a)
    assert (r.exit_code, r.stderr) == (2, "error: --table: Cup draws no table 5\n")


def test_a_table_id_that_the_draw_would_read_as_its_number_is_refused(night: Cli) -> None:
    ok(night, "player", "add", "Ann", "Bo", "Cy", "Di")
    for _ in range(2):  # night 1's tables: the ledger's ids 1 and 2
        ok(night, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
           "Ann,Bo,Cy,Di")
    assert ok(night, "night", "new", "--date", "2026-12-08").strip() == "2"
    ok(night, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "2", "--draw",
       "swiss", "--seed", "t", "--night", "2")
    ok(night, "tournament", "register", "Cup", "Ada", "Ben", "Cid", "Dee")
    drawn = json.loads(ok(night, "tournament", "draw", "Cup", "--json"))
    assert [(x["table"], x["id"]) for x in drawn["tables"]] == [(1, 3), (2, 4)]
    a = drawn["tables"][0]["seats"][0]
    # the director reads "table 1" off the draw and types --table 1: night 1's Crazy Solo
    r = night("round", "add", "--table", "1", "--winner", a, "--game-points", "3")
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", (
        "error: --table: 1 is a table's id; Cup's draw numbers its tables: --tournament "
        "Cup --table 1\n"))
    assert night("round", "add", "--tournament", "Cup", "--table", "1", "--winner", a,
                 "--game-points", "3").exit_code == 0
    assert json.loads(ok(night, "round", "list", "--table", "3", "--json"))[0]["extra"][
        "game_points"] == 3
    assert json.loads(ok(night, "round", "list", "--table", "1", "--json")) == []
