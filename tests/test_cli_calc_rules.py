"""`tally calc` answers the rules documents' worked examples, under the game's default preset
and under a `preset` / `options` given in the input (calc-contract.md); `tally round add`
refuses both keys; `tally table presets` names the house rules; a carried Hachi-Hachi pot
shows in `tally round list` and `tally table show`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Cli, table_counts


def two(ending: str, **kw: Any) -> dict[str, Any]:
    return {"players": ["A", "B"], "ending": ending, **kw}


CLAIM = {"ending": "claim", "by": "A"}
# sixty-six.md section 9, examples 1–8: (game, deal, winner, game points)
SECTION_9 = [
    ("sixty-six", two("claim", by="A", points={"A": 68, "B": 40}, tricks={"A": 4, "B": 3}),
     "A", 1),
    ("schnapsen", two("claim", by="A", points={"A": 68, "B": 40}, tricks={"A": 4, "B": 3}),
     "A", 1),
    ("sixty-six", two("claim", by="A", points={"A": 70, "B": 25}, tricks={"A": 4, "B": 2}),
     "A", 2),
    ("sixty-six", two("claim", by="A", points={"A": 66, "B": 0}, tricks={"A": 3, "B": 0}),
     "A", 3),
    ("sixty-six", two("claim", by="A", points={"A": 62, "B": 30}, tricks={"A": 4, "B": 2}),
     "B", 2),
    ("sixty-six", two("claim", by="A", points={"A": 62, "B": 0}, tricks={"A": 4, "B": 0}),
     "B", 3),
    ("schnapsen", two("claim", by="A", points={"A": 62, "B": 0}, tricks={"A": 4, "B": 0}),
     "B", 3),
    ("sixty-six", two("close", by="A", closer_won=False, points={"A": 60, "B": 60},
                      tricks={"A": 7, "B": 5}, at_close={"points": {"B": 0},
                                                         "tricks": {"B": 0}}), "B", 3),
    ("sixty-six", two("exhausted", points={"A": 64, "B": 56}, tricks={"A": 7, "B": 5},
                      last_trick="A"), "A", 1),
    ("sixty-six", two("exhausted", points={"A": 55, "B": 65}, tricks={"A": 6, "B": 6},
                      last_trick="A"), None, 0),
    ("schnapsen", two("exhausted", points={"A": 40, "B": 80}, tricks={"A": 4, "B": 6},
                      last_trick="B"), "B", 1),
    ("schnapsen", two("exhausted", points={"A": 30, "B": 90}, tricks={"A": 4, "B": 6},
                      last_trick="B"), "B", 2),
]


@pytest.mark.parametrize(("game", "deal", "winner", "points"), SECTION_9)
def test_calc_answers_section_9(cli: Cli, game: str, deal: dict[str, Any], winner: str | None,
                                points: int) -> None:
    r = cli("calc", input={"game": game, **deal})
    assert r.exit_code == 0, r.stderr
    out = json.loads(r.stdout)
    assert (out["winner"], out["game_points"], out["net"], out["transfers"]) == (
        winner, points, {"A": 0, "B": 0}, [])


@pytest.mark.parametrize("house", [{"options": {"exhausted_scores": "one"}},
                                   {"preset": "flat-exhausted"},
                                   {"preset": "no-schneider",
                                    "options": {"exhausted_scores": "one"}}])
def test_calc_example_8_under_the_flat_1(cli: Cli, house: dict[str, Any]) -> None:
    for a_points in (40, 30):
        deal = two("exhausted", points={"A": a_points, "B": 120 - a_points},
                   tricks={"A": 4, "B": 6}, last_trick="B")
        out = json.loads(cli("calc", input={"game": "schnapsen", **deal, **house}).stdout)
        assert (out["winner"], out["game_points"]) == ("B", 1)


def test_calc_settles_a_game_end_under_the_given_stake_and_target(cli: Cli) -> None:
    deal = {"game": "sixty-six", **two("claim", by="A", points={"A": 70, "B": 25},
                                       tricks={"A": 4, "B": 2})}
    out = json.loads(cli("calc", input={**deal, "options": {"target": 2, "stake": 15,
                                                            "schneider_double": True}}).stdout)
    assert out["transfers"] == [{"from": "B", "to": "A", "amount": 30, "reason": "stake"}]
    assert out["net"] == {"A": 30, "B": -30} and out["game_over"] is True
    false_claim = {"game": "sixty-six", **two("claim", by="A", points={"A": 62, "B": 0},
                                              tricks={"A": 4, "B": 0})}
    out = json.loads(cli("calc", input={**false_claim, "preset": "to-ten",
                                        "options": {"target": 3}}).stdout)
    assert (out["game_points"], out["game_over"], out["net"]) == (3, True, {"A": -10, "B": 10})
    out = json.loads(cli("calc", input={**false_claim, "options": {
        "target": 3, "false_claim_schwarz": False}}).stdout)
    assert (out["game_points"], out["game_over"], out["net"]) == (2, False, {"A": 0, "B": 0})


@pytest.mark.parametrize("options", [{}, {"pack": 24}, {"pack": 32}])
def test_calc_four_hand_under_either_pack(cli: Cli, options: dict[str, Any]) -> None:
    deal = {"game": "sixty-six-four", "players": ["A", "B", "C", "D"],
            "points": {"A": 100, "B": 30}, "options": options}
    out = json.loads(cli("calc", input=deal).stdout)
    assert (out["winner"], out["game_points"], out["net"]) == (
        ["A", "C"], 2, {"A": 0, "B": 0, "C": 0, "D": 0})
    r = cli("calc", input={**deal, "points": {"A": 100, "B": 31}})
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", "error: points: 131 in all; a deal "
                                                 "holds 130 (120 in the cards + 10 for the last "
                                                 "trick)\n")


def test_calc_hachihachi_worked_example_b_under_carry_and_default(cli: Cli) -> None:
    deal = {"game": "hachihachi-trick", "players": ["P1", "P2", "P3", "P4", "P5"],
            "start_player": "P2", "indicator": "7H", "split": True,
            "declarations": {"P2": "in", "P3": "out", "P4": "out", "P5": "in", "P1": "out"}}
    for house in ({}, {"preset": "carry"}):
        out = json.loads(cli("calc", input={**deal, **house}).stdout)
        assert out["net"] == {"P1": -4, "P2": 5, "P3": -2, "P4": -3, "P5": 4}
        assert "pot_carried" not in out


@pytest.mark.parametrize(("extra", "error"), [
    ({"preset": "nope"}, "error: preset: nope is not a schnapsen preset (default, winner-deals, "
     "single-bummerl, flat-exhausted, no-schneider)\n"),
    ({"preset": 3}, "error: preset: 3 is not a preset name\n"),
    ({"options": {"colour": "red"}}, "error: options.colour: unknown option for schnapsen\n"),
    ({"options": {"exhausted_scores": "two"}},
     "error: options.exhausted_scores: two is not one of scale, one\n"),
    ({"options": {"pack": 24}}, "error: options.pack: unknown option for schnapsen\n"),
    ({"options": {"target": "7"}}, 'error: options.target: "7" is not a whole number\n'),
    ({"options": ["target", 7]},
     'error: options: ["target", 7] is not an object of option: value\n'),
])
def test_calc_refuses_unknown_presets_options_and_bad_values(cli: Cli, extra: dict[str, Any],
                                                             error: str) -> None:
    deal = {"game": "schnapsen", **two("claim", by="A", points={"A": 68, "B": 40},
                                       tricks={"A": 4, "B": 3}), **extra}
    r = cli("calc", input=deal)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", error)
    assert not Path(cli.db).exists()


@pytest.fixture
def club(cli: Cli) -> Cli:
    cli("player", "add", "A", "B", "C", "D", "E")
    cli("night", "new", "--date", "2026-12-01")
    return cli


@pytest.mark.parametrize("extra", [{"preset": "default"}, {"options": {"stake": 5}}])
def test_round_add_refuses_preset_and_options(club: Cli, extra: dict[str, Any]) -> None:
    assert club("table", "new", "--night", "1", "--game", "schnapsen", "--seats",
                "A,B").stdout == "1\n"
    before = table_counts(club.db)
    deal = {**two("claim", by="A", points={"A": 68, "B": 40}, tricks={"A": 4, "B": 3}),
            **extra}
    r = club("round", "add", "--table", "1", input=deal)
    key = next(iter(extra))
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", f"error: {key}: a table's options are frozen when it is created (table 1: "
        "preset default, see tally table show)\n")
    assert table_counts(club.db) == before


def test_table_presets_names_the_house_rules(cli: Cli) -> None:
    r = cli("table", "presets", "--game", "sixty-six-three")
    assert r.exit_code == 0
    assert r.stdout.endswith(
        "\nhouse rules (from outside the rules documents; a club sets its own with --set "
        "key=value):\n  stake=10, dealer_cap=6, schneider_double=false\n")
    r = cli("table", "presets", "--game", "hachihachi-trick")
    assert r.stdout.endswith("  hand_roles=default (data/hand-roles/default.toml), "
                             "empty_round_pot=refund, empty_round_counts=true\n")
    assert "carry    As default, but when nobody is in the fees stay in the pot" in r.stdout
    assert "house rules" not in cli("table", "presets", "--game", "crazy-solo").stdout


def test_a_carried_pot_shows_in_round_list_and_table_show(club: Cli) -> None:
    assert club("table", "new", "--night", "1", "--game", "hachihachi-trick", "--seats",
                "A,B,C,D,E", "--preset", "carry").stdout == "1\n"
    r = club("round", "add", "--table", "1", "--indicator", "7H", "--declare",
             "out,out,out,out,out")
    assert r.exit_code == 0, r.stderr
    status = json.loads(club("table", "show", "1", "--json").stdout)["status"]
    assert (status["pot_carried"], status["start_player"]) == (20, "B")
    assert "pot_carried=20" in club("table", "show", "1").stdout
    r = club("round", "add", "--table", "1", "--indicator", "7H", "--declare",
             "in,out,out,in,out", "--tricks", "B=4,E=3")
    assert r.exit_code == 0, r.stderr
    listing = club("round", "list", "--table", "1").stdout.splitlines()
    assert "7♥ · nobody in, pot 20 carried" in listing[2]
    assert "7♥ · in B E · tricks 4-3 · pot 9 + 20 carried → B" in listing[3]
    assert listing[-1].split() == ["total", "-6", "28", "-6", "-8", "-8"]
    assert "pot_carried" not in json.loads(club("table", "show", "1", "--json").stdout)["status"]
    assert club("check").exit_code == 0


def test_table_presets_labels_the_readings(cli: Cli) -> None:
    """Issue 27 items 1–2: the options where the seed is silent are labelled readings."""
    r = cli("table", "presets", "--game", "schnapsen")
    assert r.exit_code == 0
    assert r.stdout.endswith(
        "\nreadings (where the seed is silent, the reading the rules documents chose; "
        "--set key=value takes the other):\n  close_judged=at_close\n")
    r = cli("table", "presets", "--game", "sixty-six-four")
    assert "\n  stake=10, schneider_double=false\n\nreadings (" in r.stdout
    assert r.stdout.endswith("):\n  four_hand_scale=hoyle\n")
    assert "readings" not in cli("table", "presets", "--game", "sixty-six").stdout


@pytest.mark.parametrize(("deal", "field"), [
    ({"game": "sixty-six", "players": ["A", "B"], "ending": "exhausted",
      "points": {"A": 119, "B": 1}, "tricks": {"A": 11, "B": 1}, "last_trick": "A"}, "points.B"),
    ({"game": "sixty-six", "players": ["A", "B"], "ending": "claim", "by": "A",
      "points": {"A": 119, "B": 1}, "tricks": {"A": 8, "B": 1}}, "points.B"),
    ({"game": "sixty-six-four", "players": ["A", "B", "C", "D"],
      "points": {"A": 129, "B": 1}}, "points.B"),
])
def test_calc_refuses_a_side_with_1_card_point(cli: Cli, deal: dict[str, Any], field: str
                                               ) -> None:
    r = cli("calc", input=deal)
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", f"error: {field}: 1 card point cannot happen (no trick makes 1)\n")


def test_round_add_refuses_a_side_with_1_card_point(club: Cli) -> None:
    assert club("table", "new", "--night", "1", "--game", "sixty-six", "--seats",
                "A,B").stdout == "1\n"
    before = table_counts(club.db)
    r = club("round", "add", "--table", "1", "--ending", "exhausted", "--points", "A=119,B=1",
             "--tricks", "A=11,B=1", "--last-trick", "A")
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", "error: points.B: 1 card point cannot happen (no trick makes 1)\n")
    assert table_counts(club.db) == before


def test_four_hand_loser_scale_from_the_command_line(club: Cli) -> None:
    assert club("table", "new", "--night", "1", "--game", "sixty-six-four", "--seats",
                "A,B,C,D", "--set", "four_hand_scale=loser").stdout == "1\n"
    r = club("round", "add", "--table", "1", "--points", "A=98,B=32")
    assert r.exit_code == 0, r.stderr
    r = club("round", "add", "--table", "1", "--points", "A=130,B=0", "--tricks", "B=0")
    assert r.exit_code == 0, r.stderr
    deals = json.loads(club("round", "list", "--table", "1", "--json").stdout)
    assert [d["extra"]["game_points"] for d in deals] == [2, 3]
    out = json.loads(club("calc", input={"game": "sixty-six-four", "players": ["A", "B", "C", "D"],
                                         "options": {"four_hand_scale": "loser"},
                                         "points": {"A": 98, "B": 32}}).stdout)
    assert (out["winner"], out["game_points"]) == (["A", "C"], 2)
