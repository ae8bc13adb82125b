"""The Core tables the commands run on (`store/schema.py`) are the migrations' schema, and
the command line starts without what it does not need."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import insert, select

from ledger.service import Tally
from ledger.store import schema

ROOT = Path(__file__).resolve().parent.parent


def test_migrations_build_the_core_schema(service: Tally) -> None:
    with service.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), schema.metadata)
    assert diff == []


def test_datetimes_come_back_in_utc(service: Tally) -> None:
    with service.engine.begin() as conn:
        at = datetime(2026, 11, 29, 20, 15, tzinfo=UTC)
        conn.execute(insert(schema.player).values(name="Ann", created_at=at))
        assert conn.execute(select(schema.player.c.created_at)).scalar_one() == at


def _modules_after(*args: str) -> set[str]:
    """The modules a `tally` process has loaded when its command is done."""
    code = ("import sys, runpy\n"
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


def test_standings_imports_no_orm_no_engine_and_no_textual(service: Tally,
                                                           db_path: Path) -> None:
    service.engine.dispose()  # an existing database: nothing to migrate
    loaded = _modules_after("--db", str(db_path), "standings", "--all")
    assert "ledger.service" in loaded
    # (pydantic may be there: Typer itself coerces option values with it)
    assert not {m.split(".")[0] for m in loaded} & {"textual", "sqlmodel", "alembic"}
    assert "sqlalchemy.orm" not in loaded
    assert not {m for m in loaded if m.startswith("ledger.rules.") and m.count(".") == 2
                and m.split(".")[2] in ("crazy_solo", "hachihachi", "sixty_six")}
