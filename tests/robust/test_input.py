"""Issue 14, hostile input (items 8, 9, 11-14): every refusal is one `error:` line, exit 2,
nothing written; look-alike names are the same player; numbers are bounded where they
enter; JSON keys given twice are refused; a byte-order mark is accepted.

Each test is named after the issue's item it covers. The walks over the command tree
(`test_item9_every_id_...`, `test_item9_every_text_...`) cover commands added later too.
"""

from __future__ import annotations

import json
import resource
import sqlite3
import subprocess
import unicodedata
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer._click import types as ct
from typer.core import TyperGroup, TyperOption
from typer.models import TyperPath
from typer.testing import CliRunner

from ledger.calc import read_json_object
from ledger.cli.main import app
from ledger.names import name_key
from ledger.presets import load, preset_mapping
from ledger.rules import GAMES, RuleError

from ..conftest import table_counts
from .conftest import ROOT, SEATS, solo_club, tally_argv

TOO_BIG_ID = str(2**63)
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


def _invoke(db: Path, *args: str, input: str | bytes | None = None) -> Any:
    return CliRunner().invoke(app, ["--db", str(db), *args], input=input)


def _refused(r: Any, field: str | None = None) -> str:
    """Exit 2, nothing on stdout, exactly one `error:` line (naming `field`); the line."""
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr, r.exception)
    assert r.stdout == ""
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    if field is not None:
        assert r.stderr.startswith(f"error: {field}: "), r.stderr
    return str(r.stderr)


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, int]:
    """Five players, one night, one Crazy Solo table; (database, table id)."""
    db = tmp_path / "club.sqlite3"
    return db, solo_club(db)[0]


def _roster(db: Path) -> list[str]:
    return [p["name"] for p in json.loads(_invoke(db, "player", "list", "--json").stdout)]


# ---- item 8: a command that writes several things writes all of them or none ---------------


def test_item8_player_add_is_all_or_none(club: tuple[Path, int]) -> None:
    db, _ = club
    before = table_counts(db)
    _refused(_invoke(db, "player", "add", "Zed", "ann"), "name")  # ann is Ann
    _refused(_invoke(db, "player", "add", "Zed", "Yui", "Zed"), "name")  # twice in one call
    _refused(_invoke(db, "player", "add", "Zed", "\u200b"), "name")
    assert table_counts(db) == before and "Zed" not in _roster(db)
    r = _invoke(db, "player", "add", "Zed", "Yui")
    assert (r.exit_code, r.stdout) == (0, "6\n7\n")


# ---- item 9: ids, non-UTF-8 text, unbounded reads ------------------------------------------


def _commands(group: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    out = []
    for name, cmd in sorted(group.commands.items()):
        if name == "tui":  # opens the app
            continue
        if isinstance(cmd, TyperGroup):
            out += _commands(cmd, (*path, name))
        else:
            out.append(((*path, name), cmd))
    return out


def _argv(path: tuple[str, ...], cmd: Any, target: Any, value: str, tmp: Path) -> list[str]:
    """`path` with every required parameter given a harmless value, and `target` = value."""
    args = list(path)
    for p in cmd.params:
        if p is target:
            given = value
        elif isinstance(p, TyperOption) and (p.is_flag or not p.required):
            continue
        elif isinstance(p.type, ct.IntParamType):
            given = "1"
        elif isinstance(p.type, TyperPath):
            given = str(tmp / "some.file")
        else:
            given = "x"
        if isinstance(p, TyperOption):
            args += [p.opts[0], given]
        else:
            args.append(given)
    return args


def _params(kind: type) -> list[tuple[tuple[str, ...], Any, Any]]:
    root = typer.main.get_command(app)
    return [(path, cmd, p) for path, cmd in _commands(root) for p in cmd.params
            if type(p.type) is kind or (isinstance(p.type, kind)
                                          and type(p.type).__module__.startswith("ledger"))]


INT_PARAMS = _params(ct.IntParamType)
TEXT_PARAMS = _params(ct.StringParamType)


def _label(item: tuple[tuple[str, ...], Any, Any]) -> str:
    return " ".join(item[0]) + " " + (item[2].opts[0] if item[2].opts else item[2].name)


def test_item9_the_walk_finds_the_commands() -> None:
    """The walks below see every id: today 19 integer and 30-odd text parameters."""
    assert len(INT_PARAMS) >= 19 and len(TEXT_PARAMS) >= 30
    assert {"night show night", "pay --amount", "round correct deal"} <= set(
        map(_label, INT_PARAMS))


@pytest.mark.parametrize("item", INT_PARAMS, ids=_label)
def test_item9_every_id_parameter_refuses_2_to_the_63(club: tuple[Path, int], tmp_path: Path,
                                                      item: Any) -> None:
    db, _ = club
    path, cmd, param = item
    before = table_counts(db)
    r = _invoke(db, *_argv(path, cmd, param, TOO_BIG_ID, tmp_path))
    line = _refused(r, param.opts[0])
    assert TOO_BIG_ID in line and "Traceback" not in line
    assert table_counts(db) == before


@pytest.mark.parametrize("item", TEXT_PARAMS, ids=_label)
def test_item9_every_text_parameter_refuses_bytes_that_are_not_utf8(
        club: tuple[Path, int], tmp_path: Path, item: Any) -> None:
    db, _ = club
    path, cmd, param = item
    before = table_counts(db)
    # how Python hands over the byte 0xff of a command line: a lone surrogate
    r = _invoke(db, *_argv(path, cmd, param, "Ann\udcff", tmp_path))
    _refused(r, param.opts[0])
    assert table_counts(db) == before


@pytest.mark.parametrize("args", [
    [b"pay", b"--night", b"1", b"--from", b"Ch\xffie", b"--to", b"Ann"],
    [b"pay", b"--night", b"1", b"--from", b"Chie", b"--to", b"\xc3"],
    [b"player", b"rename", b"Ann\xff", b"Zed"],
    [b"player", b"rename", b"Ann", b"Z\xffed"],
    [b"table", b"new", b"--night", b"1", b"--game", b"crazy-solo", b"--seats",
     b"Ann,Bea,\xe3\x81,Dan"],
], ids=["from", "to", "rename-old", "rename-new", "seats"])
def test_item9_non_utf8_bytes_as_real_arguments(club: tuple[Path, int], args: list[bytes],
                                                child_env: dict[str, str]) -> None:
    db, _ = club
    before = table_counts(db)
    r = subprocess.run([*tally_argv(db), *args], capture_output=True, cwd=ROOT, timeout=120,
                       env=child_env)
    err = r.stderr.decode("utf-8", "replace")
    assert (r.returncode, r.stdout) == (2, b""), err
    assert err.startswith("error: ") and err.count("\n") == 1 and "not valid UTF-8" in err
    assert table_counts(db) == before


def _one_gib() -> None:  # a child that ignored the cap would fail here, not swap the machine
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("args, field, cap", [
    (["import", "/dev/zero", "--table", "1"], "file", "64 MiB"),
    (["calc"], "input", "4 MiB"),
    (["round", "add", "--table", "1"], "input", "4 MiB"),
    (["settle", "--nets", "-"], "nets", "4 MiB"),
], ids=["import", "calc", "round-add", "nets"])
def test_item9_unbounded_reads_stop_at_the_cap(club: tuple[Path, int], args: list[str],
                                               field: str, cap: str,
                                               child_env: dict[str, str]) -> None:
    db, _ = club
    before = table_counts(db)
    with open("/dev/zero", "rb") as endless:  # as stdin: gigabytes, and more
        r = subprocess.run(tally_argv(db, *args), stdin=endless, capture_output=True,
                           cwd=ROOT, timeout=120, env=child_env, preexec_fn=_one_gib)
    err = r.stderr.decode("utf-8", "replace")
    assert (r.returncode, r.stdout) == (2, b""), err
    assert err.startswith(f"error: {field}: ") and err.count("\n") == 1, err
    assert f"larger than {cap} (the cap)" in err
    assert table_counts(db) == before


# ---- item 11: absurd numbers are refused where they enter --------------------------------

RATES = ["1e999999999", "1" * 5000, "0." + "0" * 4998 + "1", "1e9", "0.0000000001", "9e-12"]


@pytest.mark.parametrize("rate", RATES, ids=["1e999999999", "5000-digits", "5000-decimals",
                                             "1e9", "ten-decimals", "9e-12"])
def test_item11_an_absurd_rate_is_refused(club: tuple[Path, int], tmp_path: Path,
                                          rate: str) -> None:
    db, _ = club
    before = table_counts(db)
    _refused(_invoke(db, "night", "rate", "1", rate), "rate")
    _refused(_invoke(db, "settle", "--night", "1", "--rate", rate), "rate")
    out = tmp_path / "out"
    _refused(_invoke(db, "export", "--night", "1", "--rate", rate, "--out", str(out)), "rate")
    assert table_counts(db) == before and not (out.exists() and list(out.iterdir()))


@pytest.mark.parametrize("rate", ["999999999.999999999", "0.000000001", "0.125", "1e3"])
def test_item11_sane_rates_still_pass(club: tuple[Path, int], rate: str) -> None:
    db, _ = club
    assert _invoke(db, "night", "rate", "1", rate).exit_code == 0
    out = json.loads(_invoke(db, "settle", "--night", "1", "--json").stdout)
    assert Decimal(out["rate"]) == Decimal(rate)


INT_OPTIONS = sorted({(game, key) for game in GAMES for key, value in
                      preset_mapping(GAMES[game]).items() if type(value) is int})


@pytest.mark.parametrize("game, key", INT_OPTIONS)
def test_item11_every_integer_option_is_bounded(game: str, key: str) -> None:
    for absurd in (150_000_000_000_000_000, -150_000_000_000_000_000):
        with pytest.raises(RuleError) as caught:
            load(game, "default", {key: absurd})
        assert caught.value.field == f"--set.{key}"
        assert str(absurd) in caught.value.message


def test_item11_set_multiplier_is_refused_by_the_cli(club: tuple[Path, int]) -> None:
    db, _ = club
    before = table_counts(db)
    line = _refused(_invoke(db, "table", "new", "--night", "1", "--game", "crazy-solo",
                            "--seats", ",".join(SEATS), "--set",
                            "multiplier_plain=150000000000000000"), "--set.multiplier_plain")
    assert "150000000000000000 is above 1,000" in line
    assert table_counts(db) == before


def test_item11_check_finds_an_absurd_option_stored_before(club: tuple[Path, int]) -> None:
    """A table frozen with an absurd option by an older Tally (or by hand) fails `check`,
    instead of `check` saying ok while standings overflow."""
    db, table = club
    assert _invoke(db, "round", "add", "--table", str(table), input=json.dumps(SOLO)
                   ).exit_code == 0
    con = sqlite3.connect(db)
    with con:
        options = json.loads(con.execute("SELECT options FROM game_table WHERE id = ?",
                                         (table,)).fetchone()[0])
        options["multiplier_plain"] = 150_000_000_000_000_000
        con.execute("UPDATE game_table SET options = ? WHERE id = ?",
                    (json.dumps(options), table))
    con.close()
    r = _invoke(db, "check")
    assert r.exit_code == 1 and "multiplier_plain" in r.stdout, r.stdout


def test_item11_pay_amount_is_bounded(club: tuple[Path, int]) -> None:
    db, _ = club
    _refused(_invoke(db, "pay", "--night", "1", "--from", "Ann", "--to", "Bea", "--amount",
                     str(10**13)), "--amount")
    _refused(_invoke(db, "pay", "--night", "1", "--from", "Ann", "--to", "Bea", "--amount",
                     "0"), "--amount")


def test_item11_nets_are_bounded() -> None:
    big = 10**13
    r = CliRunner().invoke(app, ["settle", "--nets", "-"],
                           input=json.dumps({"Ann": big, "Bea": -big}))
    assert str(big) in _refused(r, "nets.Ann")


# ---- item 12: look-alike names are the same player ----------------------------------------

NFC_ASA = unicodedata.normalize("NFC", "Åsa")
NFD_ASA = unicodedata.normalize("NFD", "Åsa")
FORMAT_CHARS = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff",
                "\u00ad", "\u202e", "\u2066", "\u061c"]


def test_item12_nfd_name_is_the_same_player(club: tuple[Path, int]) -> None:
    db, _ = club
    assert NFC_ASA != NFD_ASA
    assert _invoke(db, "player", "add", NFC_ASA).exit_code == 0
    before = table_counts(db)
    _refused(_invoke(db, "player", "add", NFD_ASA), "name")
    assert table_counts(db) == before


@pytest.mark.parametrize("name", ["Ann\u200b", "\u200fAnn", "\ufeffAnn", "A\u200dnn",
                                  " Ann\u2060 "], ids=["zwsp", "rlm", "bom", "zwj", "wj"])
def test_item12_format_characters_make_no_new_player(club: tuple[Path, int],
                                                     name: str) -> None:
    db, _ = club
    before = table_counts(db)
    assert "already in the roster as Ann" in _refused(_invoke(db, "player", "add", name),
                                                      "name")
    assert table_counts(db) == before


@pytest.mark.parametrize("name", ["\u200b", "\ufeff\u200f", " \u200b "])
def test_item12_a_name_of_only_invisible_characters_is_refused(club: tuple[Path, int],
                                                               name: str) -> None:
    db, _ = club
    before = table_counts(db)
    _refused(_invoke(db, "player", "add", name), "name")
    _refused(_invoke(db, "player", "rename", "Ann", name), "new name")
    assert table_counts(db) == before


def test_item12_nfd_name_is_stored_composed(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite3"
    assert _invoke(db, "player", "add", "\u200b" + NFD_ASA).exit_code == 0
    assert _roster(db) == [NFC_ASA]


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
    preview = _invoke(db, "round", "add", "--table", str(table), input=json.dumps(deal))
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
    line = _refused(_invoke(db, *args, input=None if stdin is None else json.dumps(stdin)),
                    field)
    assert "appears twice" in line
    assert table_counts(db) == before


def test_item12_pay_finds_a_look_alike(club: tuple[Path, int]) -> None:
    db, table = club
    assert _invoke(db, "round", "add", "--table", str(table), input=json.dumps(SOLO)
                   ).exit_code == 0
    item = json.loads(_invoke(db, "settle", "--night", "1", "--json").stdout)["open"][0]
    r = _invoke(db, "pay", "--night", "1", "--from", item["from"] + "\u200b", "--to",
                "\ufeff" + item["to"], "--amount", "1")
    assert (r.exit_code, r.stdout) == (0, "1\n"), r.stderr


@pytest.mark.parametrize("nets", [{"Ann": 20, "Ann ": -20}, {"Ann": 20, " Ann": -20},
                                  {"Ann": 20, "Ann\u200b": -20},
                                  {NFC_ASA: 5, NFD_ASA: -5}])
def test_item12_settle_nets_refuses_the_same_name_twice(nets: dict[str, int]) -> None:
    r = CliRunner().invoke(app, ["settle", "--nets", "-"], input=json.dumps(nets))
    assert "appears twice" in _refused(r, "nets")


def test_item12_settle_nets_compares_names_trimmed() -> None:
    r = CliRunner().invoke(app, ["settle", "--nets", "-"],
                           input=json.dumps({" Ann ": 20, "Bea\u200b": -20}))
    assert (r.exit_code, r.stdout) == (0, "Bea pays Ann 20\n"), r.stderr


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
        r = _invoke(db, "calc", input='{"game": "crazy-solo", "players": ["Ann", "Bea", '
                    '"Chie", "Dan", "Eve"], ' + text[1:])
        field = "input"
    elif how == "round-add":
        r = _invoke(db, "round", "add", "--table", str(table), input=text)
        field = "input"
    else:
        file = tmp_path / "deals.jsonl"
        file.write_text(json.dumps(SOLO) + "\n" + text + "\n", encoding="utf-8")
        r = _invoke(db, "import", str(file), "--table", str(table))
        field = "line 2"
    assert f"key {key} appears twice" in _refused(r, field)
    assert table_counts(db) == before


def test_item13_duplicate_keys_in_nets_are_refused() -> None:
    r = CliRunner().invoke(app, ["settle", "--nets", "-"],
                           input='{"Ann": 20, "Bea": -20, "Ann": -20, "Bea": 20}')
    assert "key Ann appears twice" in _refused(r, "nets")


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
    calc = _invoke(db, "calc", input="\ufeff" + json.dumps(
        {"game": "crazy-solo", "players": SEATS, **SOLO}))
    assert calc.exit_code == 0, calc.stderr
    added = _invoke(db, "round", "add", "--table", str(table),
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
    r = _invoke(db, "import", str(file), "--table", str(table))
    assert (r.exit_code, r.stdout) == (0, "2\n"), r.stderr


def test_item14_a_bom_inside_is_still_refused(club: tuple[Path, int], tmp_path: Path) -> None:
    """Only the first bytes of the input are a byte-order mark; one on line 2 is junk."""
    db, table = club
    file = tmp_path / "deals.jsonl"
    file.write_text(json.dumps(SOLO) + "\n\ufeff" + json.dumps(SOLO) + "\n", encoding="utf-8")
    _refused(_invoke(db, "import", str(file), "--table", str(table)), "line 2")
