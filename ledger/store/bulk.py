"""New deals at many tables in one go, by the engine's bulk path: what `tally import` and a
federation's load of a hundred venues' history write (`Tally.import_tables`).

The rows are those `repo.add_deals` writes (a deal, its first revision "record", its
transfers, where its table stands after it) and the per-night sums move with them in the
same transaction (`sums.moves_for`); only the way in differs. The deals' and revisions' ids
are reserved first, all in one statement (`Database.reserve_many`, from the server's
sequences; a transfer's id is the database's, as the row goes in). Then the deals arrive
settled one at a time (`settled` in the service) and go to the engine's `BulkWriter` a
chunk at a time: on a server each chunk is sent at once and the server writes it while the
next is settled (one round trip in all); SQLite's writer writes them all at the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from itertools import islice

from ..domain.chain import Content, revision_hash
from .chain_rows import last_hash, seat_names
from .db import Connection, Database, stamp
from .repo import NewDeal, _outcome_json, _sorted_json
from .sums import Move, Place, moves_for

DEAL = ["id", "table_id", "number", "created_at"]
REVISION = ["id", "deal_id", "seq", "kind", "outcome", "summary", "extra", "created_at",
            "author", "reason", "hash"]
TRANSFER = ["revision_id", "payer_id", "payee_id", "amount", "reason"]
STATE = ["deal_id", "state", "played", "nets"]
CHUNK = 8  # deals in the first chunks: the server writes one while the importer settles
MOST = 1000  # the next; later chunks grow with what is done (a long file: fewer statements)


def add_deals_at(db: Database, session: Connection, *, now: datetime, author: str | None,
                 tables: Sequence[tuple[int, int, Iterable[NewDeal]]],
                 places: Mapping[int, Place], lasts: Mapping[int, int]) -> list[list[int]]:
    """Append each table's new deals (id, how many, the deals as they are settled),
    numbered on from its last; the deal ids per table. `places`: each table's night, game
    and seated players, and `lasts`: each table's last deal number, as the caller read
    them in the same write transaction."""
    at = stamp(now)
    count = sum(n for _, n, _ in tables)
    deal_ids, rev_ids = (iter(x) for x in db.reserve_many(session, [("deal", count),
                                                                    ("revision", count)]))
    out: list[list[int]] = []
    sums: list[tuple[int, list[Move], int]] = []
    with db.bulk_writer(session) as writer:
        for table_id, n, deals in tables:
            ids: list[int] = []
            moves: list[Move] = []
            # each new revision's hash (`chain_rows`), after the table's last, as it goes in
            prev = last_hash(session, table_id)
            game, seats = places[table_id][1], seat_names(session, table_id)
            numbered = enumerate(deals, lasts[table_id] + 1)
            while chunk := list(islice(numbered, min(max(CHUNK, len(ids)), MOST))):
                deal_rows, rev_rows, move_rows, state_rows = [], [], [], []
                for number, (outcome, summary, extra, transfers, mark) in chunk:
                    deal, rev = next(deal_ids), next(rev_ids)
                    ids.append(deal)
                    deal_rows.append((deal, table_id, number, at))
                    text = _outcome_json(outcome)
                    prev = revision_hash(Content(game, seats, number, 1, "record", text, at,
                                                 author, None), prev)
                    rev_rows.append((rev, deal, 1, "record", text, summary,
                                     _sorted_json(extra), at, author, None, prev))
                    move_rows += [(rev, *x) for x in transfers]
                    moves += transfers
                    state_rows.append((deal, *mark))
                writer.add([("deal", DEAL, deal_rows), ("revision", REVISION, rev_rows),
                            ("transfer", TRANSFER, move_rows), ("deal_state", STATE, state_rows)])
            assert len(ids) == n, (table_id, len(ids), n)
            out.append(ids)
            sums.append((table_id, moves, n))
        writer.then(moves_for(sums, places))
    return out
