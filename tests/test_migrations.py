"""Old databases: a file made by the first schema upgrades with standings unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

from ledger.service import Tally
from ledger.store.migrate import HEAD, current_revision
from tests.checked import checked

OLD = Path(__file__).parent / "data" / "schema-0001.sqlite3"


def test_schema_0001_upgrades_with_standings_unchanged(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copy(OLD, db)
    service = Tally.open(db)
    assert current_revision(service.db) == HEAD
    # recorded with schema 0001 (`tally standings --all` printed these then)
    assert [(r.rank, r.player, r.net, r.deals) for r in service.standings()] == [
        (1, "春子", 120, 1), (2, "Dan", 80, 3), (3, "Bea", 45, 4), (4, "Chie", -10, 3),
        (5, "Eve", -30, 3), (6, "Ann", -205, 4)]
    # deal 3 was voided under 0001, which re-derived only transfers: deal 4 still says Dan
    # dealt (the fold: Chie). `check` now reports such stale text (issue 15).
    assert checked(service) == [
        "table 1 deal 4: stored facts or state differ from the rules (a correction before "
        "it was not carried through)"]
    assert [h.kind for h in service.history(2)] == ["record", "correct"]
