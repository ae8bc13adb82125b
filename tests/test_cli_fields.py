"""`tally round fields`: the CLI draws the engine's form facts (the same service call as the
app's forms and the phone page), and every field names a quick flag `round add` takes."""

from __future__ import annotations

import json

import pytest

from ledger.cli.quick_flags import NAMES
from ledger.service import Tally

from .conftest import Cli


@pytest.fixture
def club(cli: Cli) -> Cli:
    cli("player", "add", "A", "B", "C", "D", "E")
    cli("night", "new", "--date", "2026-11-29")
    return cli


def test_a_sixty_six_close_asks_these_fields(club: Cli) -> None:
    club("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "A,B")
    r = club("round", "fields", "--table", "1", "--given", "ending=close", "--given", "by=A")
    assert r.exit_code == 0, r.stderr
    assert r.stdout == (
        "flag                                 field         takes\n"
        "-----------------------------------  ------------  "
        "------------------------------------------------------\n"
        "--ending                             Ending        claim | close | exhausted | scored\n"
        "--by                                 Closed by     A | B\n"
        "--closer-won                         Closer        yes | no\n"
        "--points                             Card points   0–220 each: A, B\n"
        "--tricks                             Tricks        0–12 each: A, B\n"
        "--at-close-points --at-close-tricks  At the close  "
        "--at-close-points 0–220; --at-close-tricks 0–5 each: B\n")


def test_fields_in_japanese_and_as_json(club: Cli) -> None:
    club("table", "new", "--night", "1", "--game", "crazy-solo", "--seats", "A,B,C")
    r = club("--lang", "ja", "round", "fields", "--table", "1")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[0].split() == ["フラグ", "項目", "値"]
    assert r.stdout.splitlines()[-1] == "取れない値：contract: solo | heart-solo"
    facts = json.loads(club("round", "fields", "--table", "1", "--json").stdout)
    assert [f["name"] for f in facts["fields"]] == [
        "contract", "caller", "trump", "team_points", "gang_points", "called_card", "partner"]
    assert facts["impossible"] == {"contract": ["solo", "heart-solo"]}
    assert facts["limits"]["hand"] == 12


def test_a_bad_given_names_its_flag(club: Cli) -> None:
    club("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "A,B")
    r = club("round", "fields", "--table", "1", "--given", "ending")
    assert (r.exit_code, r.stderr) == (2, "error: --given: ending is not key=value\n")


PARTIALS = ({}, {"ending": "claim"}, {"ending": "close", "by": "A"}, {"ending": "exhausted"},
            {"ending": "scored"}, {"contract": "solo"},
            {"declarations": {"A": "in", "B": "in", "C": "in"}},
            {"declarations": {"A": "in", "B": "out", "C": "in", "D": "out", "E": "out"},
             "split": False})


def test_every_field_names_a_quick_flag_of_round_add(service: Tally) -> None:
    for name in "ABCDE":
        service.add_player(name)
    night = service.new_night("2026-11-29")
    seats = {"crazy-solo": "ABCDE", "hachihachi-trick": "ABCDE", "sixty-six": "AB",
             "schnapsen": "AB", "sixty-six-three": "ABC", "sixty-six-four": "ABCD"}
    for game, names in seats.items():
        table = service.new_table(night, game, list(names), "default",
                                  {"ten_of_trumps_bonus": True} if game.endswith("four")
                                  else None)
        for partial in PARTIALS:
            for spec in service.form_facts(table, partial).form:
                flags = [p.quick_flag for p in spec.parts if p.flag] or [spec.quick_flag]
                for flag in flags:
                    assert flag.removeprefix("--").replace("-", "_") in NAMES, (game, spec)
