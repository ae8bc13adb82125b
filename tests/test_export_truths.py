"""Issue 27 items 15–16, exact CSV bytes: the standings file writes 0 for every table a
player sat at (no chips moved is a net of 0, not a blank), and the deals file's summary of a
void carries its reason as the app and `round history` show it. The columns stay the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import Cli

BOM = "\ufeff"


@pytest.fixture
def night(cli: Cli) -> Cli:
    cli("player", "add", "Ann", "Bea", "Cid", "Eve")
    cli("night", "new", "--date", "2026-11-29")
    assert cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats",
               "Ann,Bea").stdout == "1\n"
    assert cli("table", "new", "--night", "1", "--game", "schnapsen", "--seats",
               "Cid,Eve").stdout == "2\n"
    assert cli("round", "add", "--table", "1", "--ending", "claim", "--by", "Ann", "--points",
               "Ann=70,Bea=25", "--tricks", "Ann=4,Bea=2").exit_code == 0
    assert cli("round", "add", "--table", "2", "--winner", "Cid",
               "--game-points", "1").exit_code == 0  # Eve's one deal: net 0
    assert cli("round", "void", "1", "--reason", "misdeal, cards shown").exit_code == 0
    return cli


def exported(cli: Cli, tmp_path: Path, *lang: str) -> dict[str, str]:
    out = tmp_path / "out"
    r = cli(*lang, "export", "--night", "1", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    return {p.name.split("-")[0]: p.read_bytes().decode("utf-8") for p in out.iterdir()}


def test_standings_write_0_for_every_table_a_player_sat_at(night: Cli, tmp_path: Path) -> None:
    assert exported(night, tmp_path)["standings"] == BOM + (
        "rank,player,net,money,deals,table 1 sixty-six,table 2 schnapsen\r\n"
        "1,Ann,0,,0,0,\r\n"
        "1,Bea,0,,0,0,\r\n"
        "1,Cid,0,,1,,0\r\n"
        "1,Eve,0,,1,,0\r\n")


def test_a_void_deal_says_its_reason(night: Cli, tmp_path: Path) -> None:
    assert exported(night, tmp_path)["deals"] == BOM + (
        "night,date,table,game,deal,revision,status,player,net,summary\r\n"
        '1,2026-11-29,1,sixty-six,1,2,void,Ann,0,"void misdeal, cards shown"\r\n'
        '1,2026-11-29,1,sixty-six,1,2,void,Bea,0,"void misdeal, cards shown"\r\n'
        "1,2026-11-29,2,schnapsen,1,1,recorded,Cid,0,scored on paper → Cid 1; Cid 6 – Eve 7\r\n"
        "1,2026-11-29,2,schnapsen,1,1,recorded,Eve,0,scored on paper → Cid 1; Cid 6 – Eve 7\r\n")
    deals = exported(night, tmp_path / "ja", "--lang", "ja")["deals"]
    assert '1,2026-11-29,1,sixty-six,1,2,void,Ann,0,"無効 misdeal, cards shown"\r\n' in deals
