"""The SQL the commands run on each engine's own driver (`ledger/store/sqlite`, `postgres`,
`repo.py`) agrees with the SQLModel tables the migrations build, and the command line starts
without what it does not need (a SQLite command loads neither SQLAlchemy nor psycopg)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import Session, select

from ledger.service import Tally
from ledger.store import repo
from ledger.store.db import moment, stamp
from ledger.store.migrate import make_engine
from ledger.store.models import Night, Player

ROOT = Path(__file__).resolve().parent.parent


def test_datetimes_round_trip_in_utc(service: Tally) -> None:
    at = datetime(2026, 11, 29, 21, 15, 30, 123456, tzinfo=timezone(timedelta(hours=1)))
    with service._write() as s:
        repo.add_player(session=s, name="Ann", now=at)
        nid = repo.add_night(session=s, date="2026-11-29", venue=None, now=at)
        repo.close_night(session=s, night_id=nid, now=at)
    with service._read() as s:
        night = repo.night_row(session=s, night_id=nid)
    assert night.created_at == night.closed_at == at
    assert night.closed_at.tzinfo is UTC
    assert stamp(at) == "2026-11-29 20:15:30.123456"


def test_sqlmodel_reads_what_sqlite3_wrote_and_back(service: Tally, db_path: Path) -> None:
    """The stored datetime text is SQLAlchemy's own: the models read it unchanged, and
    what the models write reads back the same."""
    at = datetime(2026, 11, 29, 20, 15, tzinfo=UTC)
    with service._write() as s:
        repo.add_player(session=s, name="Ann", now=at)
    engine = make_engine(service.db.sqlalchemy_url())
    try:
        with Session(engine) as session:
            ann = session.exec(select(Player)).one()
            assert ann.created_at == at
            session.add(Night(date="2026-12-06", created_at=at + timedelta(hours=1)))
            session.commit()
    finally:
        engine.dispose()
    with service._read() as s:
        assert [n.created_at for n in repo.nights(session=s)] == [at + timedelta(hours=1)]


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        stamp(datetime(2026, 11, 29, 20, 15))
    assert moment("2026-11-29 20:15:00.000000") == datetime(2026, 11, 29, 20, 15, tzinfo=UTC)


def test_a_failed_write_leaves_nothing(service: Tally) -> None:
    with pytest.raises(RuntimeError), service._write() as s:
        repo.add_player(session=s, name="Ann", now=datetime.now(UTC))
        raise RuntimeError("boom")
    assert service.players() == []
    service.add_player("Bea")  # the connection went back to the pool in a usable state
    assert [p.name for p in service.players()] == ["Bea"]


def _modules_after(*args: str) -> set[str]:
    """The modules a `tally` process has loaded when its command is done (its quick exit
    a plain `SystemExit`, so that the listing runs after it)."""
    code = ("import sys, runpy\n"
            "import ledger.cli.quick_exit as q\n"
            "q.quick_exit = sys.exit\n"
            f"sys.argv = ['tally', *{list(args)!r}]\n"
            "try:\n    runpy.run_module('ledger.cli.main', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print('\\n'.join(sys.modules), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    return set(r.stderr.split())


def test_help_does_not_import_textual() -> None:
    loaded = _modules_after("--help")
    assert "ledger.cli.rounds" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "textual"}


def test_standings_imports_no_sqlalchemy_and_no_textual(service: Tally, db_path: Path,
                                                           engine: str) -> None:
    service.db.dispose()  # an existing database: nothing to migrate
    loaded = _modules_after("--db", str(db_path), "standings", "--all")
    assert "ledger.service" in loaded
    # pydantic: Typer 0.29 coerces options with it (~0.3 s a command; pyproject pins < 0.29)
    assert not {m.split(".")[0] for m in loaded} & {"textual", "sqlmodel", "alembic",
                                                    "sqlalchemy", "pydantic",
                                                    *(["psycopg"] if engine == "sqlite" else [])}
    assert not {m for m in loaded if m.startswith("ledger.domain.rules.") and m.count(".") == 2
                and m.split(".")[2] in ("crazy_solo", "hachihachi", "sixty_six")}


@pytest.mark.sqlite_only
def test_a_sqlite_command_loads_no_psycopg(tmp_path: Path) -> None:
    """`tally --help` and a deal recorded on a file never import the server's driver."""
    db = tmp_path / "club.sqlite3"
    service = Tally.open(db)
    for name in ("Ann", "Bea", "Chie", "Dan", "Eve"):
        service.add_player(name)
    table = service.new_table(service.new_night("2026-11-29"), "crazy-solo",
                              ["Ann", "Bea", "Chie", "Dan", "Eve"])
    service.db.dispose()
    for args in (["--help"], ["--db", str(db), "round", "add", str(table), "--contract",
                              "pass"], ["--db", str(db), "where"]):
        loaded = _modules_after(*args)
        assert "ledger.cli.rounds" in loaded
        assert not {m for m in loaded if m.split(".")[0] == "psycopg"
                    or m.startswith("ledger.store.postgres")}, args
