"""`tally X …` builds the command X alone (ledger/cli/one_command.py): each command's help
and refusals read the same through the tree of one command as through the whole tree; a
command line naming no command, or an unknown one, gets the whole tree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from ledger.cli.main import app
from ledger.cli.one_command import ROOT_VALUES, command_named, for_args, name_of

ROOT_NAMES = sorted([name_of(c) for c in app.registered_commands]
                    + [str(g.name) for g in app.registered_groups])


def said(tree: typer.Typer, args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(tree, args)
    return result.exit_code, result.output


@pytest.mark.parametrize("name", ROOT_NAMES)
def test_each_command_reads_the_same_built_alone(name: str) -> None:
    one = for_args(app, [name])
    assert one is not app
    assert [name_of(c) for c in one.registered_commands] + \
        [str(g.name) for g in one.registered_groups] == [name]
    for args in ([name, "--help"], [name, "--no-such-option"]):
        assert said(one, args) == said(app, args), args
    group = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    for sub in getattr(group, "commands", {}):
        args = [name, sub, "--help"]
        assert said(for_args(app, args), args) == said(app, args), args


def test_no_command_or_an_unknown_one_gets_the_whole_tree() -> None:
    for args in ([], ["--help"], ["--db", "x.sqlite3"], ["nosuch"], ["--", "standings"]):
        assert for_args(app, args) is app, args
    code, out = said(for_args(app, ["nosuch"]), ["nosuch"])
    assert code != 0 and "nosuch" in out


def test_the_command_is_the_first_word_that_is_no_root_option() -> None:
    assert command_named(["--db", "standings", "where"]) == "where"  # a file called so
    assert command_named(["--lang", "ja", "--demo", "round", "add", "1"]) == "round"
    assert command_named(["--db=x", "--lang=en", "check"]) == "check"
    assert command_named(["--demo"]) is None


def test_the_root_options_that_take_a_value_are_the_ones_skipped() -> None:
    root = typer.main.get_command(app)
    taking = {opt for p in root.params if not getattr(p, "is_flag", False)
              for opt in p.opts if opt.startswith("--")}
    assert taking == ROOT_VALUES


def test_a_whole_process_runs_the_command_built_alone(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db),
                           "standings", "--all", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, json.loads(done.stdout), done.stderr) == (0, [], "")
    done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db),
                           "standings", "--nigt", "1"], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stderr) == (2, "error: --nigt: no such option\n")
