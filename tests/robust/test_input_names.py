"""Issue 14, items 8 and 12: a command that writes several things writes all or none, and
a look-alike name (another Unicode form, an invisible character) is the same player."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.domain.rules.names import name_key

from ..conftest import table_counts
from .conftest import SEATS
from .input_helpers import SOLO, invoke, make_club, refused, roster


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, int]:
    return make_club(tmp_path)


# ---- item 8: a command that writes several things writes all of them or none ---------------


def test_item8_player_add_is_all_or_none(club: tuple[Path, int]) -> None:
    db, _ = club
    before = table_counts(db)
    refused(invoke(db, "player", "add", "Zed", "ann"), "name")  # ann is Ann
    refused(invoke(db, "player", "add", "Zed", "Yui", "Zed"), "name")  # twice in one call
    refused(invoke(db, "player", "add", "Zed", "\u200b"), "name")
    assert table_counts(db) == before and "Zed" not in roster(db)
    r = invoke(db, "player", "add", "Zed", "Yui")
    assert (r.exit_code, r.stdout) == (0, "6\n7\n")


# ---- item 12: look-alike names are the same player ----------------------------------------

NFC_ASA = unicodedata.normalize("NFC", "Åsa")
NFD_ASA = unicodedata.normalize("NFD", "Åsa")
FORMAT_CHARS = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff",
                "\u00ad", "\u202e", "\u2066", "\u061c"]


def test_item12_nfd_name_is_the_same_player(club: tuple[Path, int]) -> None:
    db, _ = club
    assert NFC_ASA != NFD_ASA
    assert invoke(db, "player", "add", NFC_ASA).exit_code == 0
    before = table_counts(db)
    refused(invoke(db, "player", "add", NFD_ASA), "name")
    assert table_counts(db) == before


@pytest.mark.parametrize("name", ["Ann\u200b", "\u200fAnn", "\ufeffAnn", "A\u200dnn",
                                  " Ann\u2060 "], ids=["zwsp", "rlm", "bom", "zwj", "wj"])
def test_item12_format_characters_make_no_new_player(club: tuple[Path, int],
                                                     name: str) -> None:
    db, _ = club
    before = table_counts(db)
    assert "already in the roster as Ann" in refused(invoke(db, "player", "add", name),
                                                      "name")
    assert table_counts(db) == before


@pytest.mark.parametrize("name", ["\u200b", "\ufeff\u200f", " \u200b "])
def test_item12_a_name_of_only_invisible_characters_is_refused(club: tuple[Path, int],
                                                               name: str) -> None:
    db, _ = club
    before = table_counts(db)
    refused(invoke(db, "player", "add", name), "name")
    refused(invoke(db, "player", "rename", "Ann", name), "new name")
    assert table_counts(db) == before


def test_item12_nfd_name_is_stored_composed(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite3"
    assert invoke(db, "player", "add", "\u200b" + NFD_ASA).exit_code == 0
    assert roster(db) == [NFC_ASA]


names = st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(name=names, inserts=st.lists(st.tuples(st.integers(0, 12),
                                              st.sampled_from(FORMAT_CHARS)), max_size=5),
       form=st.sampled_from(["NFC", "NFD"]))
def test_item12_any_format_characters_inserted_normalise_to_the_same_name(
        name: str, inserts: list[tuple[int, str]], form: str) -> None:
    twisted = unicodedata.normalize(form, name)
    for at, char in inserts:
        twisted = twisted[:at] + char + twisted[at:]
    assert name_key(twisted) == name_key(name) == unicodedata.normalize("NFC", name).strip()
    assert not any(unicodedata.category(c) == "Cf" for c in name_key(twisted))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(twist=st.sampled_from(FORMAT_CHARS), at=st.integers(0, 3))
def test_item12_a_look_alike_in_a_deal_is_the_seated_player(club: tuple[Path, int],
                                                            twist: str, at: int) -> None:
    db, table = club
    deal = {**SOLO, "caller": "Bea"[:at] + twist + "Bea"[at:],
            "players": [n if n != "Dan" else twist + n for n in SEATS]}
    r = CliRunner().invoke(app, ["calc"], input=json.dumps({"game": "crazy-solo", **deal}))
    assert r.exit_code == 0, r.stderr
    assert sorted(json.loads(r.stdout)["net"]) == sorted(SEATS)
    preview = invoke(db, "round", "add", "--table", str(table), input=json.dumps(deal))
    assert preview.exit_code == 0, preview.stderr


@pytest.mark.parametrize("args, stdin, field", [
    (["calc"], {"game": "crazy-solo", "players": ["Ann", "Ann\u200b", "Bea"],
                "contract": "pass"}, "players"),
    (["calc"], {"game": "sixty-six", "players": [NFC_ASA, NFD_ASA], "ending": "scored",
                "winner": NFC_ASA, "game_points": 1}, "players"),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
      "Ann,Bea,\u200fAnn,Dan"], None, "seats"),
], ids=["calc-zwsp", "calc-nfd", "seats-rlm"])
def test_item12_look_alikes_in_one_list_appear_twice(club: tuple[Path, int], args: list[str],
                                                     stdin: Any, field: str) -> None:
    db, _ = club
    before = table_counts(db)
    line = refused(invoke(db, *args, input=None if stdin is None else json.dumps(stdin)),
                    field)
    assert "appears twice" in line
    assert table_counts(db) == before


def test_item12_pay_finds_a_look_alike(club: tuple[Path, int]) -> None:
    db, table = club
    assert invoke(db, "round", "add", "--table", str(table), input=json.dumps(SOLO)
                   ).exit_code == 0
    item = json.loads(invoke(db, "settle", "--night", "1", "--json").stdout)["open"][0]
    r = invoke(db, "pay", "--night", "1", "--from", item["from"] + "\u200b", "--to",
                "\ufeff" + item["to"], "--amount", "1")
    assert (r.exit_code, r.stdout) == (0, "1\n"), r.stderr


@pytest.mark.parametrize("nets", [{"Ann": 20, "Ann ": -20}, {"Ann": 20, " Ann": -20},
                                  {"Ann": 20, "Ann\u200b": -20},
                                  {NFC_ASA: 5, NFD_ASA: -5}])
def test_item12_settle_nets_refuses_the_same_name_twice(nets: dict[str, int]) -> None:
    r = CliRunner().invoke(app, ["settle", "--nets", "-"], input=json.dumps(nets))
    assert "appears twice" in refused(r, "nets")


def test_item12_settle_nets_compares_names_trimmed() -> None:
    r = CliRunner().invoke(app, ["settle", "--nets", "-"],
                           input=json.dumps({" Ann ": 20, "Bea\u200b": -20}))
    assert (r.exit_code, r.stdout) == (0, "Bea pays Ann 20\n"), r.stderr

