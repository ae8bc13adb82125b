"""Shared fixtures: a fresh database per test, and a CLI runner bound to it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from ledger.service import Tally


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Doctests run for ledger/ (`--doctest-modules`); under tests/ only the test files are
    collected (the benchmark and the generators are scripts and helpers)."""
    if collection_path.suffix == ".py" and not collection_path.name.startswith(
            ("test_", "conftest", "__init__")):
        return True
    return None


settings.register_profile("tally", deadline=None, max_examples=100, print_blob=True)
settings.load_profile("tally")


@pytest.fixture(autouse=True)
def english_unless_asked(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> Any:
    """Each test starts in English whatever the machine's locale or saved setting (the CLI
    chooses its language from both), and leaves the language as it found it."""
    from ledger.text.i18n import set_language

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "club.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Tally:
    return Tally.open(db_path)


FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]


@pytest.fixture
def crazy_table(service: Tally) -> tuple[Tally, int]:
    """A night with one five-seat Crazy Solo table; returns (service, table id)."""
    for name in FIVE:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    return service, service.new_table(night, "crazy-solo", FIVE)


class Cli:
    """Runs `tally --db <db> ...` in-process and keeps stdout / stderr apart."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | dict[str, Any] | None = None) -> Any:
        from ledger.cli.main import app

        if isinstance(input, dict):
            input = json.dumps(input)
        return self.runner.invoke(app, ["--db", str(self.db), *args], input=input)


@pytest.fixture
def cli(db_path: Path) -> Cli:
    return Cli(db_path)


def table_counts(db: Path) -> dict[str, int]:
    """Rows per table, to prove that a refused command wrote nothing."""
    import sqlite3

    if not db.exists():
        return {}
    con = sqlite3.connect(db)
    try:
        names = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
        return {n: con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}
    finally:
        con.close()


@pytest.fixture
def counts() -> Callable[[Path], dict[str, int]]:
    return table_counts
