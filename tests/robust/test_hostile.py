"""Hostile input into `calc`, `round add` and `import`: always exit 2 with exactly one
`error:` line on stderr, nothing on stdout, never a traceback, and the database unchanged.

Inputs are Hypothesis-made: valid deals of every game with keys dropped, values replaced by
junk (wrong types, huge numbers, NaN, unicode, empty and lone-surrogate names, deep nesting),
unknown keys added and player names twisted, plus raw text that is not JSON at all. Most run
in-process through `typer.testing.CliRunner`; a few of the nastiest run as real processes.
A mutation that happens to leave a valid deal is skipped for `round add` / `import` (the
service's own preview decides), since recording it would be right, not a failure.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.domain.rules import RuleError
from ledger.service import Tally

from ..conftest import table_counts

ROOT = Path(__file__).resolve().parents[2]
FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]
TEMPLATES: dict[str, tuple[list[str], list[dict[str, Any]]]] = {
    "crazy-solo": (FIVE, [
        {"dealer": "Ann", "contract": "solo", "caller": "Bea", "partner": "Dan",
         "trump": "clubs", "called_card": "AH", "team_points": 73,
         "bids": ["solo", "pass", "pass", "pass", "pass"],
         "payers": {"caller": ["Chie", "Eve"], "partner": ["Ann"]}},
        {"contract": "heart-alone", "caller": "Eve", "trump": "hearts", "gang_points": 20},
    ]),
    "hachihachi-trick": (FIVE, [
        {"indicator": "QS", "declarations": {"Ann": "out", "Bea": "in", "Chie": "out",
                                             "Dan": "in", "Eve": "in"},
         "roles": {"Bea": ["sanbon"], "Dan": ["kuttsuki"]},
         "tricks": {"Bea": 3, "Dan": 1, "Eve": 3}},
        {"indicator": "KC", "mizuten": True,
         "declarations": {"Ann": "in", "Bea": "out", "Chie": "in", "Dan": "in"},
         "roles": {"Chie": ["straight"]}, "tricks": {"Ann": 3, "Chie": 2, "Dan": 2},
         "hands": {"Eve": ["AS", "3S", "6D", "9H", "JD", "QH", "2S"]}},
    ]),
    "sixty-six": (FIVE[:2], [
        {"ending": "exhausted", "points": {"Ann": 64, "Bea": 56},
         "tricks": {"Ann": 6, "Bea": 6}, "last_trick": "Ann"},
        {"ending": "scored", "winner": "Bea", "game_points": 2},
    ]),
    "schnapsen": (FIVE[:2], [
        {"ending": "close", "by": "Ann", "closer_won": True, "points": {"Ann": 70, "Bea": 30},
         "tricks": {"Ann": 5, "Bea": 2}, "at_close": {"points": {"Bea": 20},
                                                       "tricks": {"Bea": 1}}},
    ]),
    "sixty-six-three": (FIVE[:3], [
        {"ending": "claim", "by": "Bea", "points": {"Bea": 68, "Chie": 40},
         "tricks": {"Bea": 4, "Chie": 3}},
    ]),
    "sixty-six-four": (FIVE[:4], [{"points": {"Ann": 70, "Bea": 60}}]),
}

NASTY_TEXT = ["", " ", "\t\n", "pot", "POT", "Ann ", " Ann", "ann", "\u0000", "\ud800",
              "\udcff", "春子", "A" * 500, "Ann,Bea", "\u202eevE", "null", "7", "true",
              "\U0001f0a1", "AS\u200b", "𝟕"]
scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(-10, 200), st.integers(), st.integers(min_value=10**18, max_value=10**60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(NASTY_TEXT), st.text(max_size=20))
junk = st.recursive(scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=8) | st.sampled_from(FIVE),
                                                kids, max_size=4)), max_leaves=12)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here] if here else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


def _parent(obj: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        obj = obj[step]
    return obj


@st.composite
def mutated(draw: st.DrawFn, game: str, with_head: bool) -> dict[str, Any]:
    """A template of `game` with one to three hostile changes."""
    seats, templates = TEMPLATES[game]
    obj: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(templates)))
    if with_head:
        obj = {"game": game, "players": list(seats), **obj}
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(obj)
        op = draw(st.sampled_from(["drop", "replace", "add", "rename", "deepen"]))
        if op == "add" or not paths:
            obj[draw(st.text(max_size=12) | st.sampled_from(NASTY_TEXT))] = draw(junk)
            continue
        path = draw(st.sampled_from(paths))
        parent, last = _parent(obj, path), path[-1]
        if op == "drop":
            del parent[last]
        elif op == "replace":
            parent[last] = draw(junk)
        elif op == "deepen":
            parent[last] = json.loads("[" * 40 + json.dumps(parent[last]) + "]" * 40)
        elif isinstance(parent, dict):  # rename a key (a player's name, mostly)
            parent[draw(st.sampled_from(NASTY_TEXT) | st.text(max_size=8))] = parent.pop(last)
        else:
            parent[last] = draw(st.sampled_from(NASTY_TEXT))
    return obj


raw_text = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", "   ", "{", "[]", "null", "42", '"deal"', "{}", '{"contract":}',
                     "{'contract': 'pass'}", '{"contract":"pass"}{}', "NaN", "\ufeff{}",
                     "[" * 5000, '{"a":' * 3000]))


def _refused(r: Any) -> None:
    """Exit 2, nothing on stdout, exactly one `error:` line, no traceback."""
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr, r.exception)
    assert r.stdout == ""
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """A database with a table of every game (one deal each); returns (path, table ids)."""
    db = tmp_path_factory.mktemp("hostile") / "club.sqlite3"
    service = Tally.open(db)
    for name in FIVE:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    tables = {}
    for game, (seats, templates) in TEMPLATES.items():
        tables[game] = service.new_table(night, game, seats)
        if game in ("crazy-solo", "hachihachi-trick"):  # templates valid in any state
            service.add_deal(tables[game], templates[-1])
        for t in templates:  # every template is valid at its table, so mutations start sane
            service.preview_deal(tables[game], t)
    service.db.dispose()
    return db, tables


def _invoke(db: Path, *args: str, input: str | bytes | None = None) -> Any:
    return CliRunner().invoke(app, ["--db", str(db), *args], input=input)


def _valid(db: Path, table: int, obj: Any) -> bool:
    """Whether the service would record `obj` (a JSON text or object) at the table."""
    if isinstance(obj, str):
        try:
            obj = json.loads(obj)
        except (ValueError, RecursionError):
            return False
    service = Tally.open(db)
    try:
        service.preview_deal(table, obj)
        return True
    except RuleError:
        return False
    finally:
        service.db.dispose()


def _dumps(obj: Any) -> str:
    return json.dumps(obj)  # ASCII escapes: lone surrogates arrive as "\ud800" escapes


FAST = settings(max_examples=50, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(data=st.data())
def test_calc_refuses_or_answers_never_crashes(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(sorted(TEMPLATES)))
    text = data.draw(st.one_of(mutated(game, with_head=True).map(_dumps), raw_text))
    r = CliRunner().invoke(app, ["calc"], input=text)
    if r.exit_code == 0:  # the mutation left a valid deal: a settlement comes out
        out = json.loads(r.stdout)
        assert r.stderr == "" and sum(out["net"].values()) == 0
    else:
        _refused(r)


@FAST
@given(data=st.data())
def test_round_add_refuses_and_writes_nothing(club: tuple[Path, dict[str, int]],
                                              data: st.DataObject) -> None:
    db, tables = club
    game = data.draw(st.sampled_from(sorted(TEMPLATES)))
    obj = data.draw(st.one_of(mutated(game, with_head=data.draw(st.booleans())),
                              raw_text))
    assume(not _valid(db, tables[game], obj))
    before = table_counts(db)
    _refused(_invoke(db, "round", "add", "--table", str(tables[game]),
                     input=obj if isinstance(obj, str) else _dumps(obj)))
    assert table_counts(db) == before


@FAST
@given(data=st.data())
def test_import_refuses_the_whole_file(club: tuple[Path, dict[str, int]], tmp_path_factory:
                                       pytest.TempPathFactory, data: st.DataObject) -> None:
    db, tables = club
    game = data.draw(st.sampled_from(sorted(TEMPLATES)))
    bad = data.draw(st.one_of(mutated(game, with_head=False), raw_text.filter(
        lambda t: t.strip() and "\n" not in t and "\r" not in t)))
    assume(not _valid(db, tables[game], bad))
    good = TEMPLATES[game][1][-1]
    lines = [bad if isinstance(bad, str) else _dumps(bad), _dumps(good)]
    if data.draw(st.booleans()):
        lines.reverse()  # a valid deal first: it must not be kept either
    file = tmp_path_factory.mktemp("import") / "deals.jsonl"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = table_counts(db)
    _refused(_invoke(db, "import", str(file), "--table", str(tables[game])))
    assert table_counts(db) == before


def test_the_database_is_still_clean(club: tuple[Path, dict[str, int]]) -> None:
    r = _invoke(club[0], "check")
    assert r.exit_code == 0, r.stdout


BIG = '{"contract": "solo", "caller": "' + "A" * 2_000_000 + '"}'
DEEP = '{"contract": ' + "[" * 100_000 + "]" * 100_000 + "}"


@pytest.mark.parametrize("args, stdin", [
    (["calc"], '{"game": "crazy-solo", "players": ["\\ud800", "B", "C"], "contract": "pass"}'),
    (["calc"], b'{"game": "crazy-solo", "players": ["\xff", "B", "C"], "contract": "pass"}'),
    (["calc"], DEEP),
    (["round", "add", "--table", "{crazy-solo}"], BIG),
    (["round", "add", "--table", "{crazy-solo}", "--author", "\udcff", "--contract", "pass"],
     None),
    (["import", "{folder}", "--table", "{crazy-solo}"], None),
], ids=["surrogate-escape", "invalid-utf8", "deep", "2MB", "author-bytes", "folder"])
def test_real_processes(club: tuple[Path, dict[str, int]], tmp_path: Path, args: list[str],
                        stdin: str | bytes | None) -> None:
    db, tables = club
    argv = [a.replace("{crazy-solo}", str(tables["crazy-solo"]))
            .replace("{folder}", str(tmp_path)) for a in args]
    data = stdin.encode() if isinstance(stdin, str) else stdin
    before = table_counts(db)
    r = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db), *argv],
                       input=data, capture_output=True, cwd=ROOT, timeout=120)
    err = r.stderr.decode("utf-8", "replace")
    assert (r.returncode, r.stdout) == (2, b""), err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert table_counts(db) == before
