"""Shared fixtures: a fresh database per test, and a CLI runner bound to it.

The store, service and CLI modules listed in `BOTH_ENGINES` run each database test twice:
on a SQLite file and on a database of a real PostgreSQL server (`tests/pg_cluster.py`: a
throwaway cluster per test process). `db_path` is then the file's path or the server's URL;
a test that is about the file itself (its bytes, its folder, SQLite's own faults) is marked
`sqlite_only` and runs once.
"""

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


# the modules whose database tests run on both engines (the rest: SQLite, the default)
BOTH_ENGINES = {"test_store", "test_db", "test_cli", "test_service_api", "test_league",
                "test_night_end", "test_renames", "test_checkpoints", "test_stamps",
                "test_exports", "test_conflicts", "test_migrations", "test_engines",
                "test_night_sums", "test_player_nights", "test_command_cost",
                # the tournament night
                "test_tournament_edges", "test_crazy_solo_mix", "test_schnapsen_swiss",
                "test_crazy_solo_twenty",
                # what a ledger's server must bear
                "test_schema_versions", "test_hostile_text",
                # ratings
                "test_rating", "test_rating_night",
                # the opponents confirm
                "test_confirm"}
ENGINE_FIXTURES = {"db_path", "service", "cli", "crazy_table", "ledger_db"}


def pytest_sessionstart(session: pytest.Session) -> None:
    from tests.pg_cluster import MISSING, bin_dir

    if bin_dir() is None:
        pytest.exit(MISSING, returncode=3)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: about the SQLite file itself (runs once)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" in metafunc.fixturenames and not any(
            m.name == "parametrize" and "engine" in m.args[0]
            for m in metafunc.definition.iter_markers()):
        module = metafunc.module.__name__.rsplit(".", 1)[-1]
        both = (module in BOTH_ENGINES
                and metafunc.definition.get_closest_marker("sqlite_only") is None
                and ENGINE_FIXTURES & set(metafunc.fixturenames))
        if both:  # the rest keep their names (snapshots are named after their tests)
            metafunc.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"],
                                 scope="function")


# the fast tier (`pytest -m "not slow"`) leaves out what starts Chromium, the PostgreSQL
# cluster, `tally serve` or other processes, and the SVG snapshots; the session fixtures of
# Chromium and the cluster are only made when a test asks for them, so it starts neither
SLOW_FIXTURES = {"browser", "room", "pg_cluster", "snap_compare", "child_env"}
SLOW_DIRS = {"serve", "robust", "attack"}  # browsers, servers and child processes
SLOW_MODULES = {"test_one_command", "test_quick_exit", "test_import_hygiene", "test_layers",
                "test_command_cost", "test_escape_pty", "test_launch", "test_live",
                "test_save_waits", "test_ui_thread", "test_lost_save", "test_two_devices"}


def is_slow(item: pytest.Item) -> bool:
    path = Path(str(item.fspath))
    callspec = getattr(item, "callspec", None)
    return bool(SLOW_FIXTURES & set(getattr(item, "fixturenames", ()))
                or (callspec is not None and callspec.params.get("engine") == "postgresql")
                or path.stem in SLOW_MODULES
                or (path.parent.name in SLOW_DIRS and path.parent.parent.name == "tests"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow(item):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def pg_cluster() -> Any:
    from tests.pg_cluster import Cluster

    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def engine() -> str:
    return "sqlite"


@pytest.fixture
def db_path(tmp_path: Path, engine: str, request: pytest.FixtureRequest) -> Any:
    """The test's database: a SQLite file's path, or (engine "postgresql") a fresh database
    on the test cluster, migrated, as its URL."""
    if engine == "postgresql":
        return request.getfixturevalue("pg_cluster").new_database()
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


def table_counts(db: Any) -> dict[str, int]:
    """Rows per table, to prove that a refused command wrote nothing."""
    import sqlite3

    if isinstance(db, str):  # a server's database
        import psycopg

        with psycopg.connect(db) as con:
            names = [r[0] for r in con.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")]
            return {n: con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]
                    for n in names}
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


def raw_sql(db: Any, *statements: str) -> None:
    """Run SQL on the test's database behind Tally's back, foreign keys unchecked (a
    hand-edited file, a damaged ledger): a plain sqlite3 connection, or a psycopg one in
    replica mode (the cluster's user is its superuser)."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db) as con:
            con.execute("SET session_replication_role = replica")
            for sql in statements:
                con.execute(sql)
        return
    import sqlite3

    con = sqlite3.connect(db)  # foreign keys are off in a plain connection
    try:
        for sql in statements:
            con.execute(sql)
        con.commit()
    finally:
        con.close()


class _RawServer:
    """A psycopg connection that takes the tests' `?` parameters, foreign keys unchecked."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url)
        self.conn.execute("SET session_replication_role = replica")

    def execute(self, sql: str, params: Any = ()) -> Any:
        sql = sql.replace("%", "%%").replace("?", "%s")
        sql = sql.replace("PRAGMA foreign_keys=OFF", "SELECT 1")
        return self.conn.execute(sql, tuple(params))

    def commit(self) -> None:
        self.conn.commit()

    def close(self) -> None:
        self.conn.close()


def raw(db: Any) -> Any:
    """A plain connection to the test's database behind Tally's back (a hand edit): a
    `sqlite3` one for a file, foreign keys off; for a server's database, one that takes
    the same `?` parameters."""
    if isinstance(db, str):
        return _RawServer(db)
    import sqlite3

    return sqlite3.connect(db)
