"""Hachi-Hachi Trick at a real table from the command line: quick flags, refusals, the end."""

from __future__ import annotations

import json

import pytest

from .conftest import Cli, table_counts

SEATS = "P1,P2,P3,P4,P5"
EXAMPLE_C = ["--indicator", "KC", "--mizuten", "--declare", "in,out,in,in", "--aces", "P1=1",
             "--roles", "P1=mugiri;P4=straight", "--tricks", "P2=3,P4=2,P5=2"]


@pytest.fixture
def table(cli: Cli) -> Cli:
    cli("player", "add", *SEATS.split(","), "P6", "P7", "P8")
    cli("night", "new", "--date", "2026-11-29")
    assert cli("table", "new", "--night", "1", "--game", "hachihachi-trick", "--seats", SEATS,
               "--preset", "short").stdout == "1\n"
    return cli


def test_quick_flags_record_worked_examples_b_and_c(table: Cli) -> None:
    # B (split): start P2, 7♥
    r = table("round", "add", "--table", "1", "--start", "P2", "--indicator", "7H",
              "--declare", "in,out,out,in,out", "--split")
    assert (r.exit_code, r.stdout) == (0, "1\n")
    # C: the split makes P2 (earlier in-declarer) the next start player
    r = table("round", "add", "--table", "1", *EXAMPLE_C)
    assert (r.exit_code, r.stdout) == (0, "2\n")
    deals = json.loads(table("round", "list", "--table", "1", "--json").stdout)
    assert deals[0]["net"] == {"P1": -4, "P2": 5, "P3": -2, "P4": -3, "P5": 4}
    assert deals[1]["net"] == {"P1": 20, "P2": 24, "P3": -12, "P4": -4, "P5": -28}
    pot = [t for t in deals[1]["transfers"] if "pot" in (t["from"], t["to"])]
    assert pot == [{"from": "P3", "to": "pot", "amount": 8, "reason": "out-fee"},
                   {"from": "pot", "to": "P2", "amount": 8, "reason": "pot"}]
    assert table("check").exit_code == 0


def test_the_short_game_ends_after_six_rounds(table: Cli) -> None:
    for _ in range(5):
        assert table("round", "add", "--table", "1", "--indicator", "5S", "--declare",
                     "out,out,out,out,out").exit_code == 0
    r = table("round", "add", "--table", "1", "--indicator", "5S", "--declare",
              "out,out,out,out,out")
    assert r.stdout == "6\n"
    assert r.stderr.startswith("table 1 is finished; final standings:\n")
    r = table("round", "add", "--table", "1", "--indicator", "5S", "--declare", "in,in,in")
    assert (r.exit_code, r.stderr) == (2, "error: table: 1 is finished; start a new table\n")


BAD = [
    (["--indicator", "QS", "--declare", "in,in,in,in"], "error: declarations"),
    (["--indicator", "QS", "--declare", "in,out,in,in,out"], "error: declarations"),
    (["--indicator", "QS", "--declare", "in,in,in", "--tricks", "P1=3,P2=3,P3=2"],
     "error: tricks"),
    (["--indicator", "QS", "--declare", "in,out,out,in,out", "--split", "--tricks",
      "P1=4,P4=3"], "error: tricks"),
    (["--indicator", "QS", "--declare", "in,in,out,out,in", "--split"], "error: split"),
    (["--indicator", "QS", "--declare", "in,in,in", "--tricks", "P1=3,P2=2,P3=2",
      "--roles", "P4=royal"], "error: roles"),
    (["--indicator", "QS", "--declare", "in,in,in", "--tricks", "P1=3,P2=2,P3=2",
      "--aces", "P4=5"], "error: aces"),
    (["--indicator", "ZZ", "--declare", "in,in,in", "--tricks", "P1=3,P2=2,P3=2"],
     "error: indicator"),
    (["--indicator", "QS", "--mizuten", "--start", "P1", "--declare", "out,in,in,in",
      "--tricks", "P2=3,P3=2,P4=2"], "error: "),
]


@pytest.mark.parametrize(("args", "start"), BAD)
def test_refusals_exit_2_and_write_nothing(table: Cli, args: list[str], start: str) -> None:
    before = table_counts(table.db)
    r = table("round", "add", "--table", "1", *args)
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr.startswith(start) and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr
    assert table_counts(table.db) == before


def test_eight_players_and_mizuten_by_someone_else(table: Cli) -> None:
    r = table("table", "new", "--night", "1", "--game", "hachihachi-trick", "--seats",
              "P1,P2,P3,P4,P5,P6,P7,P8")
    assert r.exit_code == 2 and r.stderr.startswith("error: seats: 8")
    r = table("calc", input={"game": "hachihachi-trick", "players": SEATS.split(","),
                             "start_player": "P2", "indicator": "KC", "mizuten": "P3",
                             "declarations": {"P2": "in", "P3": "in", "P4": "in"},
                             "tricks": {"P2": 3, "P3": 2, "P4": 2}})
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr.startswith("error: mizuten: P3 is not the start player")
