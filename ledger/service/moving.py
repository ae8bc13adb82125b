"""Moving a ledger between databases (`tally db copy`) and bringing one to the newest schema
(`tally db upgrade`), on either engine: a club's file onto the league's server, a night taken
offline onto a laptop's file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..domain.rules import RuleError
from ..store.copy import copy_ledger
from ..store.engine import is_server, open_database
from ..store.migrate import HEAD, migrate
from .integrity import Integrity
from .standings import Standings
from .store import Store


@dataclass(frozen=True)
class Copied:
    source: str  # each for people: a path, or a URL without its password
    target: str
    rows: dict[str, int]  # per table
    deals: int
    players: int


def upgrade(location: str | Path) -> str:
    """Create or upgrade the database's schema to the newest migration; returns it."""
    db = open_database(location)
    try:
        db.prepare()
        migrate(db)
        return HEAD
    finally:
        db.dispose()


def copy_between(source: str | Path, target: str | Path, force: bool = False) -> Copied:
    """Copy the whole ledger `source` into `target` (refused if the target holds data,
    unless `force`); then both are checked as `tally check` does and their standings
    compared, so a copy that is not the same ledger is said, not left."""
    if not is_server(source) and not Path(source).is_file():
        raise RuleError("--from", "not_a_file", path=source)
    src, dst = open_database(source), open_database(target)
    if src.location == dst.location:
        raise RuleError("--to", "copy_same", where=dst.where)
    try:
        rows = copy_ledger(src, dst, force)
        for db, field in ((src, "--from"), (dst, "--to")):
            problems = Integrity(Store(db)).check()
            if problems:
                from ..text.problems import problem_text

                why = problem_text(problems[0])
                raise RuleError(field, "copy_fails_check", where=db.where, why=why)
        if Standings(Store(src)).standings() != Standings(Store(dst)).standings():
            raise RuleError("--to", "copy_standings_differ", where=dst.where)
        return Copied(src.where, dst.where, rows, rows.get("deal", 0), rows.get("player", 0))
    finally:
        src.dispose()
        dst.dispose()
