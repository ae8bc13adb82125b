"""Issue 28, item 11 (the smaller breaks): `pay --amount` takes ASCII digits only;
`settle --nets` refuses the names the roster refuses; the CSV guard catches `;=` and a
full-width `＝`; `round add --expect-deal N` is refused when the table is past deal N."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ledger.io import csv_runs
from ledger.io.exports import safe_cell, write_csv

from .cli import club, run


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return club(tmp_path / "club.sqlite3",
                ("round", "add", "--table", "1", "--contract", "solo", "--caller", "Chie",
                 "--partner", "Eve", "--trump", "clubs", "--points", "80"))


@pytest.mark.parametrize("amount", ["５", "٥", "1_0", "๑", "²", "0x5", "+５"])
def test_item11_pay_amount_is_ascii_digits_only(db: Path, amount: str) -> None:
    code, out = run(db, "pay", "--night", "1", "--from", "Ann", "--to", "Chie",
                    "--amount", amount)
    assert code == 2 and out.startswith("error: --amount:"), out
    assert "digits 0-9" in out
    code, out = run(db, "settle", "--night", "1", "--json")
    assert code == 0 and json.loads(out)["paid"] == [], out


def test_item11_pay_amount_in_digits_still_pays(db: Path) -> None:
    code, out = run(db, "pay", "--night", "1", "--from", "Ann", "--to", "Chie",
                    "--amount", "5")
    assert (code, out.strip()) == (0, "5")


@pytest.mark.parametrize("name", ["pot", "POT", "A,B", "Ann\x1b[2J", "\u3164"])
def test_item11_settle_nets_refuses_what_the_roster_refuses(tmp_path: Path, name: str) -> None:
    code, out = run(tmp_path / "x.sqlite3", "settle", "--nets", "-",
                    stdin=json.dumps({"Ann": 10, name: -10}))
    assert code == 2 and out.startswith("error: nets:"), out
    assert run(tmp_path / "y.sqlite3", "player", "add", name)[0] == 2  # the roster agrees


@pytest.mark.parametrize(("cell", "written"), [
    ("Ann;=1+1", "Ann;'=1+1"), (";=HYPERLINK()", ";'=HYPERLINK()"),
    ("a;+b;-c;@d", "a;'+b;'-c;'@d"), ("\uff1d1+1", "'\uff1d1+1"), ("＋1", "'＋1"),
    ("Ann; Bea", "Ann; Bea"), ("Solo ♣ Bea + Dan 73 → 25", "Solo ♣ Bea + Dan 73 → 25"),
    ("=1", "'=1")])
def test_item11_csv_guard_catches_semicolon_and_full_width_formulas(cell: str,
                                                                    written: str) -> None:
    assert safe_cell(cell) == written
    for text in (None, ["s"]):
        out = io.StringIO(newline="")
        write_csv(out, ["s", "n"], [[cell, 1]], text)
        assert out.getvalue() == f"s,n\r\n{written},1\r\n"
    out = io.StringIO(newline="")
    write_csv(out, ["n", "s"], csv_runs.Runs([((1,), [(cell,)], ())], head=1, tail=0),
              ["s"])
    assert out.getvalue() == f"n,s\r\n1,{written}\r\n"


def test_item11_round_add_expect_deal_is_refused_when_the_table_is_past_it(db: Path) -> None:
    pass_deal = ("--contract", "pass")
    code, out = run(db, "round", "add", "--table", "1", "--expect-deal", "1", *pass_deal)
    assert code == 2 and out.startswith("error: deal: 1 "), out  # deal 1 is recorded
    code, out = run(db, "round", "add", "--table", "1", "--expect-deal", "2", *pass_deal)
    assert code == 0, out
    code, out = run(db, "round", "add", "--table", "1", "--expect-deal", "2", *pass_deal)
    assert code == 2, out  # the second scorekeeper's copy of deal 2: refused, not doubled
    code, out = run(db, "round", "list", "--table", "1", "--json")
    assert len(json.loads(out)) == 2
