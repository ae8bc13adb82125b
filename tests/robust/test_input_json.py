"""Issue 14, items 13 and 14: a JSON key given twice is refused at any depth, naming it;
a UTF-8 byte-order mark at the start of stdin or an import file is accepted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.domain.rules import RuleError
from ledger.service.calc import read_json_object

from ..conftest import table_counts
from .conftest import SEATS
from .input_helpers import SOLO, invoke, make_club, refused


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, int]:
    return make_club(tmp_path)


# ---- item 13: a JSON key given twice is refused ------------------------------------------

DUPLICATED = '{"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs", ' \
             '"team_points": 73, "team_points": 120}'
NESTED = ('{"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs", '
          '"team_points": 73, "payers": {"caller": ["Chie"], "caller": ["Eve"]}}')


@pytest.mark.parametrize("text, key", [(DUPLICATED, "team_points"), (NESTED, "caller")],
                         ids=["top", "nested"])
@pytest.mark.parametrize("how", ["calc", "round-add", "import"])
def test_item13_duplicate_keys_are_refused(club: tuple[Path, int], tmp_path: Path, text: str,
                                           key: str, how: str) -> None:
    db, table = club
    before = table_counts(db)
    if how == "calc":
        r = invoke(db, "calc", input='{"game": "crazy-solo", "players": ["Ann", "Bea", '
                    '"Chie", "Dan", "Eve"], ' + text[1:])
        field = "input"
    elif how == "round-add":
        r = invoke(db, "round", "add", "--table", str(table), input=text)
        field = "input"
    else:
        file = tmp_path / "deals.jsonl"
        file.write_text(json.dumps(SOLO) + "\n" + text + "\n", encoding="utf-8")
        r = invoke(db, "import", str(file), "--table", str(table))
        field = "line 2"
    assert f"key {key} appears twice" in refused(r, field)
    assert table_counts(db) == before


def test_item13_duplicate_keys_in_nets_are_refused() -> None:
    r = CliRunner().invoke(app, ["settle", "--nets", "-"],
                           input='{"Ann": 20, "Bea": -20, "Ann": -20, "Bea": 20}')
    assert "key Ann appears twice" in refused(r, "nets")


def _render(node: Any) -> str:
    """JSON text of a tree whose objects are lists of (key, value) pairs (keys may repeat)."""
    if isinstance(node, tuple):  # ("obj", pairs)
        return "{" + ", ".join(f"{json.dumps(k)}: {_render(v)}" for k, v in node[1]) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(map(_render, node)) + "]"
    return json.dumps(node)


def _duplicates(node: Any) -> set[str]:
    if isinstance(node, tuple):
        keys = [k for k, _ in node[1]]
        found = {k for k in keys if keys.count(k) > 1}
        for _, v in node[1]:
            found |= _duplicates(v)
        return found
    if isinstance(node, list):
        return set().union(*map(_duplicates, node)) if node else set()
    return set()


trees = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda kids: st.lists(kids, max_size=3) | st.lists(
        st.tuples(st.sampled_from(["a", "b", "c", "Ann", "\u00c5sa"]), kids), max_size=4
    ).map(lambda pairs: ("obj", pairs)), max_leaves=15)


@settings(max_examples=300, deadline=None)
@given(pairs=st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), trees), max_size=4))
def test_item13_a_key_twice_at_any_depth_is_refused_and_named(pairs: list[Any]) -> None:
    tree = ("obj", pairs)
    dups = _duplicates(tree)
    try:
        read_json_object(_render(tree))
    except RuleError as exc:
        assert dups, exc
        assert any(f"key {k} appears twice" in exc.message or
                   f'key "{k}" appears twice' in exc.message for k in dups), exc
    else:
        assert not dups


# ---- item 14: a UTF-8 byte-order mark at the start is accepted ---------------------------


def test_item14_bom_on_stdin_is_accepted(club: tuple[Path, int]) -> None:
    db, table = club
    calc = invoke(db, "calc", input="\ufeff" + json.dumps(
        {"game": "crazy-solo", "players": SEATS, **SOLO}))
    assert calc.exit_code == 0, calc.stderr
    added = invoke(db, "round", "add", "--table", str(table),
                    input=b"\xef\xbb\xbf" + json.dumps(SOLO).encode())
    assert (added.exit_code, added.stdout) == (0, "1\n"), added.stderr
    nets = CliRunner().invoke(app, ["settle", "--nets", "-"],
                              input=b'\xef\xbb\xbf{"Ann": 5, "Bea": -5}')
    assert (nets.exit_code, nets.stdout) == (0, "Bea pays Ann 5\n"), nets.stderr


def test_item14_bom_at_the_start_of_an_import_file_is_accepted(club: tuple[Path, int],
                                                              tmp_path: Path) -> None:
    db, table = club
    file = tmp_path / "deals.jsonl"
    file.write_bytes(b"\xef\xbb\xbf" + (json.dumps(SOLO) + "\r\n").encode() * 2)
    r = invoke(db, "import", str(file), "--table", str(table))
    assert (r.exit_code, r.stdout) == (0, "2\n"), r.stderr


def test_item14_a_bom_inside_is_stillrefused(club: tuple[Path, int], tmp_path: Path) -> None:
    """Only the first bytes of the input are a byte-order mark; one on line 2 is junk."""
    db, table = club
    file = tmp_path / "deals.jsonl"
    file.write_text(json.dumps(SOLO) + "\n\ufeff" + json.dumps(SOLO) + "\n", encoding="utf-8")
    refused(invoke(db, "import", str(file), "--table", str(table)), "line 2")

