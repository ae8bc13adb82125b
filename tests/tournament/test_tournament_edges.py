"""Tournament commands at their edges: a redraw before the first deal only, a fixed schedule,
bad input refused in one line (exit 2, nothing written), points files checked, and networkx
loaded by a Swiss draw alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.config.tournament_points import check_points
from ledger.domain.rules import RuleError

from ..conftest import Cli, table_counts
from .test_schnapsen_swiss import ok


@pytest.fixture
def night(cli: Cli) -> Cli:
    ok(cli, "night", "new", "--date", "2026-12-03")
    return cli


def test_a_redraw_replaces_the_draw_before_the_first_deal_only(night: Cli) -> None:
    ok(night, "tournament", "new", "R", "--game", "schnapsen", "--rounds", "2", "--draw",
       "random", "--seed", "r")
    ok(night, "tournament", "register", "R", "A", "B", "C", "D")
    first = json.loads(ok(night, "tournament", "draw", "R", "--json"))
    again = json.loads(ok(night, "tournament", "draw", "R", "--redraw", "--json"))
    assert (first["seed"], again["seed"]) == ("r/1/0", "r/1/1")
    # the first draw's tables are gone, the new ones made (the night's numbers go on)
    tables = json.loads(ok(night, "table", "list", "--night", "1", "--json"))
    assert [t["id"] for t in tables] == [t["id"] for t in again["tables"]]
    ok(night, "round", "add", "--table", str(again["tables"][0]["id"]), "--winner",
       again["tables"][0]["seats"][0], "--game-points", "2")
    before = table_counts(night.db)
    r = night("tournament", "draw", "R", "--redraw")
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == ("error: --redraw: round 1 has begun (a deal or its clock): its draw "
                        "stands\n")
    assert table_counts(night.db) == before


def test_a_schedule_file_seats_start_numbers(night: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text("rounds = [[[1, 2, 3], [4, 5, 6]], [[1, 4, 5], [2, 3, 6]]]\n")
    ok(night, "tournament", "new", "S", "--game", "crazy-solo", "--rounds", "2", "--draw",
       "schedule", "--table-size", "3", "--schedule", str(plan), "--seed", "s")
    ok(night, "tournament", "register", "S", "P1", "P2", "P3", "P4", "P5", "P6")
    r1 = json.loads(ok(night, "tournament", "draw", "S", "--json"))
    assert [sorted(t["seats"]) for t in r1["tables"]] == [["P1", "P2", "P3"],
                                                           ["P4", "P5", "P6"]]
    ok(night, "round", "add", "--table", str(r1["tables"][0]["id"]), "--contract", "pass")
    r2 = json.loads(ok(night, "tournament", "draw", "S", "--json", "--force"))
    assert [sorted(t["seats"]) for t in r2["tables"]] == [["P1", "P4", "P5"],
                                                           ["P2", "P3", "P6"]]


@pytest.mark.parametrize(("args", "line"), [
    (["tournament", "new", "X", "--game", "crazy-solo", "--rounds", "3", "--draw", "swiss",
      "--table-size", "4"], "error: --draw: swiss pairs two-player games; crazy-solo is not "
     "one (mix spreads the meetings at larger tables)"),
    (["tournament", "new", "X", "--game", "crazy-solo", "--rounds", "3", "--draw", "mix"],
     "error: --table-size: crazy-solo takes 3 to 12 players: say how many a table seats"),
    (["tournament", "new", "X", "--game", "schnapsen", "--rounds", "3", "--draw", "best"],
     "error: --draw: best is not one of random, mix, swiss, schedule"),
    (["tournament", "new", "X", "--game", "schnapsen", "--rounds", "3", "--draw", "swiss",
      "--points", "gold"], "error: --points: gold: no file gold.toml in data/tournament "
     "(chips, schnapsen, schnapsen-confirmed, sixty-six)"),
    (["tournament", "draw", "Nope"], "error: tournament: Nope is not a tournament here "
     "(none yet: tally tournament new)"),
])
def test_bad_input_is_one_line_and_writes_nothing(night: Cli, args: list[str],
                                                  line: str) -> None:
    before = table_counts(night.db)
    r = night(*args)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", line + "\n")
    assert table_counts(night.db) == before


def test_registering_twice_or_withdrawing_a_stranger_is_refused(night: Cli) -> None:
    ok(night, "tournament", "new", "T", "--game", "schnapsen", "--rounds", "1", "--draw",
       "swiss")
    ok(night, "tournament", "register", "T", "Ann", "Bob")
    r = night("tournament", "register", "T", "ann")
    assert (r.exit_code, r.stderr) == (2, "error: player: Ann is registered already\n")
    r = night("tournament", "register", "T", "--withdraw", "Zed")
    assert (r.exit_code, r.stderr) == (2, "error: --withdraw: Zed is not in the roster "
                                          "(tally player add)\n")
    r = night("--lang", "ja", "tournament", "register", "T", "Bob")
    assert r.stderr == "error: player: Bob はすでに登録済みです\n"


def test_a_points_file_is_checked_key_by_key() -> None:
    where = "data/tournament/x.toml"
    with pytest.raises(RuleError) as e:
        check_points({"places": [2, 0], "ranking": ["buchholz", "points"]}, where)
    assert str(e.value).startswith(f"{where}: ranking: ")
    with pytest.raises(RuleError) as e:
        check_points({"places": [0, 2]}, where)
    assert str(e.value) == f"{where}: places[1]: 2 is more than place 1 gets (0)"
    with pytest.raises(RuleError) as e:
        check_points({"places": [2], "at_time": "later"}, where)
    assert str(e.value) == f"{where}: at_time: later is not one of score, draw, none"


def test_only_a_swiss_draw_loads_networkx(tmp_path: Path) -> None:
    script = ("import sys; from ledger.service import Tally; t = Tally.open(sys.argv[1]); "
              "t.new_night('2026-12-01'); t.new_tournament('M', 'crazy-solo', 2, 'mix', 3); "
              "t.register('M', ['a', 'b', 'c']); t.draw('M'); t.tournament_standings('M'); "
              "print('networkx' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "m.db")],
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "False"
