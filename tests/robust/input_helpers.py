"""What the issue-14 input tests share (tests/robust/test_input_*.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ledger.cli.main import app

from .conftest import solo_club

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


def invoke(db: Path, *args: str, input: str | bytes | None = None) -> Any:
    return CliRunner().invoke(app, ["--db", str(db), *args], input=input)


def refused(r: Any, field: str | None = None) -> str:
    """Exit 2, nothing on stdout, exactly one `error:` line (naming `field`); the line."""
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr, r.exception)
    assert r.stdout == ""
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr
    if field is not None:
        assert r.stderr.startswith(f"error: {field}: "), r.stderr
    return str(r.stderr)


def make_club(tmp_path: Path) -> tuple[Path, int]:
    """Five players, one night, one Crazy Solo table; (database, table id)."""
    db = tmp_path / "club.sqlite3"
    return db, solo_club(db)[0]


def roster(db: Path) -> list[str]:
    return [p["name"] for p in json.loads(invoke(db, "player", "list", "--json").stdout)]
