"""New deals at many tables in one go, by the engine's bulk path: what `tally import` and a
federation's load of a hundred venues' history write (`Tally.import_tables`).

The rows are those `repo.add_deals` writes (a deal, its first revision "record", its
transfers, where its table stands after it) and the per-night sums move with them in the
same transaction (`sums.moves_for`); only the way in differs: ids are reserved first, all
in one statement (`Database.reserve_many`, from the server's sequences), then the rows and
the sums' statements go in through `Database.bulk_write` once for the whole batch (on a
server: one statement and one round trip for a table's import or a night's tables, COPY
for more).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from .db import Connection, Database, stamp
from .repo import NewDeal, _outcome_json, _sorted_json
from .sums import Place, moves_for

DEAL = ["id", "table_id", "number", "created_at"]
REVISION = ["id", "deal_id", "seq", "kind", "outcome", "summary", "extra", "created_at",
            "author", "reason"]
TRANSFER = ["id", "revision_id", "payer_id", "payee_id", "amount", "reason"]
STATE = ["deal_id", "state", "played", "nets"]


def add_deals_at(db: Database, session: Connection, *, now: datetime, author: str | None,
                 tables: Sequence[tuple[int, Sequence[NewDeal]]],
                 places: Mapping[int, Place], lasts: Mapping[int, int]) -> list[list[int]]:
    """Append each table's new deals (numbered on from its last); the deal ids per table.
    `places`: each table's night, game and seated players, and `lasts`: each table's last
    deal number, as the caller read them in the same write transaction."""
    at = stamp(now)
    count = sum(len(deals) for _, deals in tables)
    moves = sum(len(d[3]) for _, deals in tables for d in deals)
    reserved = db.reserve_many(session, [("deal", count), ("revision", count),
                                         ("transfer", moves)])
    deal_ids, rev_ids, move_ids = (iter(x) for x in reserved)
    deal_rows: list[tuple[Any, ...]] = []
    rev_rows: list[tuple[Any, ...]] = []
    move_rows: list[tuple[Any, ...]] = []
    state_rows: list[tuple[Any, ...]] = []
    out: list[list[int]] = []
    for table_id, deals in tables:
        ids = []
        for number, (outcome, summary, extra, transfers, mark) in enumerate(
                deals, lasts[table_id] + 1):
            deal, rev = next(deal_ids), next(rev_ids)
            ids.append(deal)
            deal_rows.append((deal, table_id, number, at))
            rev_rows.append((rev, deal, 1, "record", _outcome_json(outcome), summary,
                             _sorted_json(extra), at, author, None))
            move_rows += [(next(move_ids), rev, *x) for x in transfers]
            state_rows.append((deal, *mark))
        out.append(ids)
    db.bulk_write(session, [("deal", DEAL, deal_rows), ("revision", REVISION, rev_rows),
                            ("transfer", TRANSFER, move_rows), ("deal_state", STATE, state_rows)],
                  then=moves_for([(table_id, [x for d in deals for x in d[3]], len(deals))
                                 for table_id, deals in tables], places))
    return out
