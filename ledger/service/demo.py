"""The demo night: `data/demo/night.json` recorded through the service into its own database.

The file lists players, a night and tables of any game; each table's deals are contract JSON
(without "game"/"players") and optional corrections. Tables of a game this install does not
know yet are skipped, so the demo grows as the engines land. The database is rebuilt when it
is missing or when the demo file or the set of known games changed (a signature file beside
it says which), so the user's own data is never touched.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..domain.rules import GAMES, RuleError
from . import Tally

SIGNATURE_SUFFIX = ".signature"


@dataclass(frozen=True, slots=True)
class DemoReport:
    """What a demo load recorded: the night, its tables and the games it skipped."""

    night_id: int
    table_ids: tuple[int, ...]
    skipped_games: tuple[str, ...]


def demo_file() -> Path:
    from ..config.presets import data_dir

    return data_dir() / "demo" / "night.json"


def default_demo_db() -> Path:
    """`demo.sqlite3` in the user data directory, beside the default database."""
    from ..config.paths import default_db

    return default_db().with_name("demo.sqlite3")


def read_demo(path: Path | None = None) -> dict[str, Any]:
    with (path or demo_file()).open(encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict) or not isinstance(data.get("tables"), list):
        raise RuleError("demo", "no_table_list", path=path or demo_file())
    return data


def load_demo(service: Tally, data: dict[str, Any]) -> DemoReport:
    """Record the demo night into `service` (an empty database); returns what it recorded."""
    for name in data.get("players", []):
        service.add_player(name)
    night = data.get("night", {})
    night_id = service.new_night(night.get("date"), night.get("venue"))
    tables: list[int] = []
    skipped: list[str] = []
    for spec in data["tables"]:
        if spec["game"] not in GAMES:
            skipped.append(spec["game"])
            continue
        table_id = service.new_table(night_id, spec["game"], spec["seats"],
                                     spec.get("preset", "default"))
        ids = service.add_deals(table_id, spec.get("deals", []))
        for fix in spec.get("corrections", []):
            service.correct_deal(ids[fix["deal"] - 1], fix["outcome"],
                                 reason=fix.get("reason"), author=fix.get("author"))
        for number in spec.get("voids", []):
            service.void_deal(ids[number - 1], "demo: a deal struck out")
        tables.append(table_id)
    return DemoReport(night_id, tuple(tables), tuple(skipped))


def signature(path: Path | None = None) -> str:
    """Changes when the demo file or the set of known games changes."""
    digest = hashlib.sha256((path or demo_file()).read_bytes())
    digest.update(",".join(sorted(GAMES)).encode())
    return digest.hexdigest()[:16]


def open_demo(db_path: Path | None = None) -> tuple[Tally, int]:
    """The demo database (built or rebuilt when needed) and its night's id."""
    db = db_path or default_demo_db()
    sig_file = db.with_name(db.name + SIGNATURE_SUFFIX)
    sig = signature()
    fresh = db.exists() and sig_file.exists() and sig_file.read_text().strip() == sig
    if not fresh:
        for leftover in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            leftover.unlink(missing_ok=True)
        service = Tally.open(db)
        report = load_demo(service, read_demo())
        sig_file.write_text(sig + "\n")
        return service, report.night_id
    service = Tally.open(db)
    nights = service.nights()
    if not nights:  # an emptied demo: rebuild it
        sig_file.unlink()
        service.db.dispose()
        return open_demo(db)
    return service, nights[-1].id
