"""Issue 28, item 4: invisible and look-alike names are refused, not new players.

`player add $'Ann\\u3164'` made a second "Ann"; names of only U+3164, U+2800, U+115F, U+1160,
U+034F or U+FE0F were accepted; Cyrillic `Аnn` and full-width `Ａnn` were new players; a
name with `ESC ] 0; … BEL` was stored and written raw to the terminal. Real CLI runs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .cli import run


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite3"
    assert run(path, "player", "add", "Ann", "Bea", "Cid", "Dan")[0] == 0
    return path


def roster(db: Path) -> list[str]:
    code, out = run(db, "player", "list", "--json")
    assert code == 0, out
    return sorted(p["name"] for p in json.loads(out))


@pytest.mark.parametrize("invisible", ["\u3164", "\u2800", "\u115f", "\u1160", "\u034f",
                                       "\ufe0f", "\u3164\u2800", "\ufe0f\u034f"])
def test_item4_names_of_only_invisible_characters_are_refused(db: Path,
                                                              invisible: str) -> None:
    code, out = run(db, "player", "add", invisible)
    assert code == 2 and out.count("\n") == 1 and out.startswith("error: name:"), out
    assert roster(db) == ["Ann", "Bea", "Cid", "Dan"]


@pytest.mark.parametrize("twin", ["Ann\u3164", "Ann\u2800", "An\u034fn", "Ann\ufe0f",
                                  "\u115fAnn", "\uff21nn", "\uff41nn", "\u0410nn",
                                  "A\u0578\u0578",
                                  "Bе\u0430"])
def test_item4_a_look_alike_of_a_member_is_not_a_new_player(db: Path, twin: str) -> None:
    code, out = run(db, "player", "add", twin)
    assert code == 2 and out.count("\n") == 1 and out.startswith("error: name:"), out
    assert roster(db) == ["Ann", "Bea", "Cid", "Dan"]
    code, out = run(db, "player", "add", "Eve", twin.replace("\u3164", ""))
    assert code == 2 and roster(db) == ["Ann", "Bea", "Cid", "Dan"]  # all or none


def test_item4_control_characters_are_refused_and_never_echoed_raw(db: Path) -> None:
    code, out = run(db, "player", "add", "Eve\x1b]0;pwned\x07")
    assert code == 2 and out.startswith("error: name:"), out
    assert "\x1b" not in out and "\x07" not in out and "\\u001b" in out
    code, out = run(db, "night", "new", "--date", "2026-12-01", "--venue", "Club\x1b[2J")
    assert code == 2 and "\x1b" not in out, out
    assert roster(db) == ["Ann", "Bea", "Cid", "Dan"]


def test_item4_distinct_names_still_enter(db: Path) -> None:
    code, out = run(db, "player", "add", "Anne", "Ana", "春子", "Åsa")
    assert code == 0, out
    assert roster(db) == ["Ana", "Ann", "Anne", "Bea", "Cid", "Dan", "Åsa", "春子"]


def test_item4_rename_onto_a_look_alike_is_refused(db: Path) -> None:
    code, out = run(db, "player", "rename", "Bea", "\u0410nn")
    assert code == 2 and out.startswith("error: new name:"), out


def test_item4_seats_nets_and_calc_refuse_look_alikes(db: Path) -> None:
    code, out = run(db, "night", "new", "--date", "2026-12-01")
    assert code == 0, out
    code, out = run(db, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
                    "Ann,Bea,Cid,Dan,\uff21nn")
    assert code == 2 and out.startswith("error: "), out
    code, out = run(db, "settle", "--nets", "-", stdin=json.dumps(
        {"Ann": 10, "\u0410nn": -10}))
    assert code == 2 and "looks the same as" in out, out
    code, out = run(db, "settle", "--nets", "-", stdin=json.dumps({"Ann": 10, "\uff21nn": -10}))
    assert code == 2 and "twice" in out, out
    code, out = run(db, "settle", "--nets", "-", stdin=json.dumps({"Ann": 10, "\u3164": -10}))
    assert code == 2, out
    deal = {"game": "crazy-solo", "players": ["Ann", "Bea", "Cid", "Dan", "\u0410nn"],
            "deals": [{"contract": "pass"}]}
    code, out = run(db, "calc", stdin=json.dumps(deal))
    assert code == 2 and "looks the same as" in out, out
    deal["players"] = ["Ann", "Bea", "Cid", "Dan", "Eve\u3164", "Eve"][1:]
    code, out = run(db, "calc", stdin=json.dumps(deal))
    assert code == 2 and "twice" in out, out
