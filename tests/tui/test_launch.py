"""`tally`, `tally tui`, `tally --demo`: which database the app opens, and no Textual for
the other commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.cli.main import app


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import tui.launch

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(tui.launch, "run_app",
                        lambda db, **kw: calls.append({"db": db, **kw}))
    return calls


def test_help_does_not_import_textual() -> None:
    code = ("import sys; from ledger.cli.main import app\n"
            "from typer.testing import CliRunner\n"
            "r = CliRunner().invoke(app, ['--help'])\n"
            "assert r.exit_code == 0 and 'tui' in r.output, r.output\n"
            "assert not [m for m in sys.modules if m.startswith('textual')]\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_tally_alone_opens_the_default_database(launched: list[dict[str, Any]],
                                                tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "a.sqlite3")])
    assert result.exit_code == 0, result.output
    assert launched == [{"db": tmp_path / "a.sqlite3", "lang": None, "demo": False}]


def test_tui_takes_a_database_and_a_language(launched: list[dict[str, Any]],
                                            tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["tui", "--db", str(tmp_path / "b.sqlite3"),
                                      "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert launched == [{"db": tmp_path / "b.sqlite3", "lang": "ja"}]
    bad = CliRunner().invoke(app, ["tui", "--lang", "xx"])
    assert bad.exit_code == 2 and launched[1:] == []


def test_demo_opens_the_demo(launched: list[dict[str, Any]]) -> None:
    assert CliRunner().invoke(app, ["--demo"]).exit_code == 0
    assert CliRunner().invoke(app, ["--demo", "tui"]).exit_code == 0
    assert launched == [{"db": None, "lang": None, "demo": True},
                        {"db": None, "lang": None, "demo": True}]


def test_lang_is_global(launched: list[dict[str, Any]]) -> None:
    """`tally --lang ja` for every command: the app, `tally tui` under it, and a refusal."""
    assert CliRunner().invoke(app, ["--demo", "--lang", "ja"]).exit_code == 0
    assert CliRunner().invoke(app, ["--lang", "ja", "--demo", "tui"]).exit_code == 0
    assert CliRunner().invoke(app, ["--lang", "en", "--demo", "tui", "--lang", "ja"]
                              ).exit_code == 0
    assert [c["lang"] for c in launched] == ["ja", "ja", "ja"]
    bad = CliRunner().invoke(app, ["--lang", "xx", "where"])
    assert bad.exit_code == 2 and "error: --lang: 'xx' is not en or ja" in bad.output


def test_demo_serves_the_other_commands_too(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.service import demo

    monkeypatch.setattr(demo, "default_demo_db", lambda: tmp_path / "demo.sqlite3")
    result = CliRunner().invoke(app, ["--demo", "standings", "--night", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert '"Dan"' in result.output
    assert (tmp_path / "demo.sqlite3").exists()
