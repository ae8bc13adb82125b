"""Old databases: a file made by the first schema upgrades with standings unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from ledger.service import Tally
from ledger.service.moving import upgrade
from ledger.store.migrate import HEAD, current_revision
from tests.checked import checked

OLD = Path(__file__).parent / "data" / "schema-0001.sqlite3"


def test_schema_0001_upgrades_with_standings_unchanged(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copy(OLD, db)
    upgrade(db)  # `tally db upgrade`: opening it alone is refused (tests/store_schema)
    service = Tally.open(db)
    assert current_revision(service.db) == HEAD
    # recorded with schema 0001 (`tally standings --all` printed these then)
    assert [(r.rank, r.player, r.net, r.deals) for r in service.standings()] == [
        (1, "春子", 120, 1), (2, "Dan", 80, 3), (3, "Bea", 45, 4), (4, "Chie", -10, 3),
        (5, "Eve", -30, 3), (6, "Ann", -205, 4)]
    # deal 3 was voided under 0001, which re-derived only transfers: deal 4 still says Dan
    # dealt (the fold: Chie). `check` now reports such stale text.
    assert checked(service) == [
        "table 1 deal 4: stored facts or state differ from the rules (a correction before "
        "it was not carried through)"]
    assert [h.kind for h in service.history(2)] == ["record", "correct"]


def test_the_same_migrations_upgrade_a_server_database_step_by_step(pg_cluster: Any) -> None:
    """A league database made by the first migration (as an early Tally made it) is brought
    to the newest by `tally db upgrade`, and then matches the models exactly."""
    from alembic import command
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    from ledger.store import models  # noqa: F401
    from ledger.store.engine import open_database
    from ledger.store.migrate import MIGRATIONS, make_engine
    from tests.conftest import Cli

    url = pg_cluster.new_database(migrated=False)
    db = open_database(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    engine = make_engine(db.sqlalchemy_url())
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0001")
        assert current_revision(db) == "0001"
        r = Cli(url)("db", "upgrade")
        assert (r.exit_code, r.stdout) == (0, f"{url}: schema {HEAD}\n")
        assert current_revision(db) == HEAD
        assert Cli(url)("db", "upgrade").exit_code == 0  # nothing left to do
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []
    finally:
        engine.dispose()
        db.dispose()
