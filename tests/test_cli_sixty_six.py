"""The Sixty-Six family from the command line: a Schnapsen match, refusals, finished tables."""

from __future__ import annotations

import json

import pytest

from .conftest import Cli, table_counts


@pytest.fixture
def club(cli: Cli) -> Cli:
    cli("player", "add", "A", "B", "C", "D")
    cli("night", "new", "--date", "2026-11-29")
    return cli


def test_schnapsen_match_to_a_bummerl_with_flags(club: Cli) -> None:
    assert club("table", "new", "--night", "1", "--game", "schnapsen", "--seats",
                "A,B").stdout == "1\n"
    # A closes while B has no trick and fails: B scores 3
    r = club("round", "add", "--table", "1", "--ending", "close", "--by", "A", "--closer-lost",
             "--points", "A=40,B=30", "--tricks", "A=2,B=2", "--at-close-points", "B=0",
             "--at-close-tricks", "B=0")
    assert r.exit_code == 0, r.stderr
    for points in ("3", "3", "2"):
        assert club("round", "add", "--table", "1", "--winner", "A", "--game-points",
                    points).exit_code == 0
    deals = json.loads(club("round", "list", "--table", "1", "--json").stdout)
    assert [d["extra"]["game_points"] for d in deals] == [3, 3, 3, 2]
    assert [d["net"] for d in deals][-1] == {"A": 10, "B": -10}
    assert deals[-1]["transfers"] == [{"from": "B", "to": "A", "amount": 10, "reason": "stake"}]
    status = json.loads(club("table", "show", "1", "--json").stdout)["status"]
    assert status["bummerl"] == {"A": 0, "B": 1}
    assert status["score"] == {"A": 7, "B": 7}  # the next game started by itself


def test_three_player_deal_naming_the_dealer_is_refused(club: Cli) -> None:
    club("table", "new", "--night", "1", "--game", "sixty-six-three", "--seats", "A,B,C")
    before = table_counts(club.db)
    r = club("round", "add", "--table", "1", input={
        "ending": "claim", "by": "A", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}})
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
    assert table_counts(club.db) == before


@pytest.mark.parametrize(("deal", "start"), [
    ({"ending": "claim", "by": "A", "points": {"A": -1, "B": 40}, "tricks": {"A": 4, "B": 3}},
     "error: points"),
    ({"ending": "claim", "by": "A", "points": {"A": 300, "B": 40},
      "tricks": {"A": 4, "B": 3}}, "error: points"),
    ({"ending": "claim", "by": "A", "points": {"A": 70, "B": 10}, "tricks": {"A": 5, "B": 0}},
     "error: points"),
    ({"ending": "claim", "by": "C", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}},
     "error: by"),
    ({"ending": "resign", "by": "A", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}},
     "error: ending"),
])
def test_impossible_deals(club: Cli, deal: dict[str, object], start: str) -> None:
    club("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "A,B")
    before = table_counts(club.db)
    r = club("round", "add", "--table", "1", input=deal)
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr.startswith(start) and r.stderr.count("\n") == 1, r.stderr
    assert table_counts(club.db) == before


def test_one_match_table_ends(club: Cli) -> None:
    club("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "A,B",
         "--preset", "one-game")
    for _ in range(3):
        club("round", "add", "--table", "1", "--winner", "B", "--game-points", "3")
    r = club("round", "add", "--table", "1", "--winner", "B", "--game-points", "1")
    assert r.stderr.startswith("error: table: 1 is finished")
    assert [x["net"] for x in json.loads(club("standings", "--table", "1", "--json").stdout)] \
        == [10, -10]


def test_calc_sixty_six_contract(club: Cli) -> None:
    r = club("calc", input={"game": "sixty-six", "players": ["A", "B"], "ending": "claim",
                            "by": "A", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}})
    out = json.loads(r.stdout)
    assert (out["winner"], out["game_points"], out["net"], out["transfers"]) == (
        "A", 1, {"A": 0, "B": 0}, [])
