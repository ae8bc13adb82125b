"""A whole ledger from one database into another, on any two engines (`tally db copy`,
`tally backup` from a server, `tally restore` into one).

The source is read, never changed: it must be at this Tally's schema (an older one is
refused: "run `tally db upgrade`"); the target is brought to it (the same migrations on both
engines), so the tables and columns are those of `models.py` on each; the rows go table by
table in the order of their foreign keys, with their ids, streamed in batches (a decade
never sits in memory whole), inside one write transaction on the target: it holds the whole
ledger or what it held before. A target that holds data is refused unless `force`, which empties it
in the same transaction. A server's id sequences are then moved past the copied ids.
The per-night sums are not copied but derived again on the target from the rows copied
(`sums.rederive`): a cache is made where it is kept, never carried over.
"""

from __future__ import annotations

from functools import cache

from ..domain.rules.errors import RuleError
from .db import Database
from .migrate import migrate
from .sums import rederive

# made again on the target, not copied (the ratings at the first `tally rating` there)
DERIVED = ("night_sum", "player_night", "rating_mark", "rating_night", "rating_watermark")

BATCH = 5000


@cache
def ledger_tables() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(table, its columns) of the schema, parents before children."""
    from sqlmodel import SQLModel

    from . import models  # noqa: F401  (registers the tables)

    return tuple((t.name, tuple(c.name for c in t.columns))
                 for t in SQLModel.metadata.sorted_tables)


def holds_data(db: Database) -> bool:
    """Whether any of the ledger's tables holds a row."""
    present = db.table_names()
    with db.transaction() as s:
        return any(s.execute(f'SELECT 1 FROM "{name}" LIMIT 1').fetchone()
                   for name, _ in ledger_tables() if name in present)


def copy_ledger(source: Database, target: Database, force: bool = False) -> dict[str, int]:
    """Copy every row of `source` into `target`; returns the rows per table."""
    migrate(source, upgrade=False)  # read, never changed: an older one is refused
    target.prepare()
    if holds_data(target) and not force:  # asked before its schema is touched
        raise RuleError("database", "copy_not_empty", where=target.where)
    migrate(target)
    counts: dict[str, int] = {}
    tables = ledger_tables()
    with source.transaction() as src, target.transaction(write=True) as dst:
        for name, _ in reversed(tables):
            dst.execute(f'DELETE FROM "{name}"')
        for name, columns in tables:
            if name in DERIVED:
                continue
            cur = src.execute(f'SELECT {", ".join(columns)} FROM "{name}"')
            n = 0
            while rows := cur.fetchmany(BATCH):
                target.bulk_insert(dst, name, list(columns), [tuple(r) for r in rows])
                n += len(rows)
            counts[name] = n
        counts[DERIVED[0]] = rederive(dst)
        counts[DERIVED[1]] = int(dst.execute("SELECT count(*) FROM player_night").fetchone()[0])
        target.reset_sequences(dst)
        target.after_bulk(dst)
    return counts
