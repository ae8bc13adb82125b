"""Issue 14, items 9 and 11: ids, text that is not UTF-8, unbounded reads and absurd
numbers are refused where they enter, in one `error:` line with exit 2, nothing written.
The walks over the command tree cover commands added later too."""

from __future__ import annotations

import json
import resource
import sqlite3
import subprocess
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import typer
from typer._click import types as ct
from typer.core import TyperGroup, TyperOption
from typer.models import TyperPath
from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.config.presets import load, preset_mapping
from ledger.domain.rules import GAMES, RuleError

from ..conftest import table_counts
from .conftest import ROOT, SEATS, tally_argv
from .input_helpers import SOLO, invoke, make_club, refused

TOO_BIG_ID = str(2**63)


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, int]:
    return make_club(tmp_path)


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
    r = invoke(db, *_argv(path, cmd, param, TOO_BIG_ID, tmp_path))
    line = refused(r, param.opts[0])
    assert TOO_BIG_ID in line and "Traceback" not in line
    assert table_counts(db) == before


@pytest.mark.parametrize("item", TEXT_PARAMS, ids=_label)
def test_item9_every_text_parameter_refuses_bytes_that_are_not_utf8(
        club: tuple[Path, int], tmp_path: Path, item: Any) -> None:
    db, _ = club
    path, cmd, param = item
    before = table_counts(db)
    # how Python hands over the byte 0xff of a command line: a lone surrogate
    r = invoke(db, *_argv(path, cmd, param, "Ann\udcff", tmp_path))
    refused(r, param.opts[0])
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
    refused(invoke(db, "night", "rate", "1", rate), "rate")
    refused(invoke(db, "settle", "--night", "1", "--rate", rate), "rate")
    out = tmp_path / "out"
    refused(invoke(db, "export", "--night", "1", "--rate", rate, "--out", str(out)), "rate")
    assert table_counts(db) == before and not (out.exists() and list(out.iterdir()))


@pytest.mark.parametrize("rate", ["999999999.999999999", "0.000000001", "0.125", "1e3"])
def test_item11_sane_rates_still_pass(club: tuple[Path, int], rate: str) -> None:
    db, _ = club
    assert invoke(db, "night", "rate", "1", rate).exit_code == 0
    out = json.loads(invoke(db, "settle", "--night", "1", "--json").stdout)
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
    line = refused(invoke(db, "table", "new", "--night", "1", "--game", "crazy-solo",
                            "--seats", ",".join(SEATS), "--set",
                            "multiplier_plain=150000000000000000"), "--set.multiplier_plain")
    assert "150000000000000000 is above 1,000" in line
    assert table_counts(db) == before


def test_item11_check_finds_an_absurd_option_stored_before(club: tuple[Path, int]) -> None:
    """A table frozen with an absurd option by an older Tally (or by hand) fails `check`,
    instead of `check` saying ok while standings overflow."""
    db, table = club
    assert invoke(db, "round", "add", "--table", str(table), input=json.dumps(SOLO)
                   ).exit_code == 0
    con = sqlite3.connect(db)
    with con:
        options = json.loads(con.execute("SELECT options FROM game_table WHERE id = ?",
                                         (table,)).fetchone()[0])
        options["multiplier_plain"] = 150_000_000_000_000_000
        con.execute("UPDATE game_table SET options = ? WHERE id = ?",
                    (json.dumps(options), table))
    con.close()
    r = invoke(db, "check")
    assert r.exit_code == 1 and "multiplier_plain" in r.stdout, r.stdout


def test_item11_pay_amount_is_bounded(club: tuple[Path, int]) -> None:
    db, _ = club
    refused(invoke(db, "pay", "--night", "1", "--from", "Ann", "--to", "Bea", "--amount",
                     str(10**13)), "--amount")
    refused(invoke(db, "pay", "--night", "1", "--from", "Ann", "--to", "Bea", "--amount",
                     "0"), "--amount")


def test_item11_nets_are_bounded() -> None:
    big = 10**13
    r = CliRunner().invoke(app, ["settle", "--nets", "-"],
                           input=json.dumps({"Ann": big, "Bea": -big}))
    assert str(big) in refused(r, "nets.Ann")

