"""The rows of the two big export files, deals and transfers, read in three queries.

A decade holds ~60,000 deals and ~150,000 transfers. The current revision of every deal in
scope comes sorted from the database (one row a deal); the transfers come in one scan in
the table's own order, grouped here by revision; the file rows (one per seat per deal, one
per transfer) are made here in deal order. Sorting the transfer rows themselves, or the
seats joined to the deals, in SQL would sort several times as many rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .db import Connection
from .repo import player_names, seats_by_table

Move = tuple[int | None, int | None, int, str]  # payer id, payee id, amount, reason (None: pot)


def _deals(session: Connection, night_id: int | None) -> Iterator[Sequence[Any]]:
    """(night, date, table no, game, deal no, revision seq, kind, summary, table id,
    revision id) of each deal's current revision in scope, in file order."""
    in_night = "AND g.night_id = :n" if night_id is not None else ""
    cur = session.execute(f"""
    SELECT n.id, n.date, g.number, g.game, d.number, r.seq, r.kind, r.summary, g.id, r.id
    FROM night n JOIN game_table g ON g.night_id = n.id JOIN deal d ON d.table_id = g.id
    JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
    WHERE 1 {in_night}
    ORDER BY n.date, n.id, g.number, d.number
    """, {"n": night_id})
    while part := cur.fetchmany(2000):
        yield from part


def moves_by_revision(*, session: Connection, night_id: int | None) -> dict[int, list[Move]]:
    """The transfers of every revision in scope (old revisions too: they are few), in the
    order they were settled (transfer id: the table's own order, so no sort)."""
    if night_id is None:
        rows = session.execute("SELECT revision_id, payer_id, payee_id, amount, reason "
                               "FROM transfer ORDER BY id")
    else:
        rows = session.execute(
            "SELECT t.revision_id, t.payer_id, t.payee_id, t.amount, t.reason "
            "FROM transfer t JOIN revision r ON r.id = t.revision_id "
            "JOIN deal d ON d.id = r.deal_id JOIN game_table g ON g.id = d.table_id "
            "WHERE g.night_id = ? ORDER BY t.id", (night_id,))
    out: dict[int, list[Move]] = {}
    for rid, a, b, x, why in rows.fetchall():
        move = (a, b, x, why)
        if rid in out:
            out[rid].append(move)
        else:
            out[rid] = [move]
    return out


def deal_rows(*, session: Connection, night_id: int | None, moves: Mapping[int, list[Move]],
              kinds: Mapping[str, str] | None = None) -> Iterator[Sequence[Any]]:
    """(night, date, table no, game, deal no, revision, kind, player, net, summary), one per
    seated player per deal, in order; streamed while `session` is open. `kinds` renames
    the revision kinds (record → recorded …) for the reader."""
    seats = seats_by_table(session=session)
    for nid, day, table_no, game, deal_no, seq, kind, summary, tid, rid in _deals(session,
                                                                               night_id):
        nets: dict[int | None, int] = {}
        for a, b, x, _ in moves.get(rid, ()):
            nets[a] = nets.get(a, 0) - x
            nets[b] = nets.get(b, 0) + x
        if kinds is not None:
            kind = kinds.get(kind, kind)
        for pid, name in seats.get(tid, ()):
            yield (nid, day, table_no, game, deal_no, seq, kind, name, nets.get(pid, 0),
                   summary)


def transfer_rows(*, session: Connection, night_id: int | None,
                  moves: Mapping[int, list[Move]]) -> Iterator[Sequence[Any]]:
    """(night, date, table no, game, deal no, revision, from, to, amount, reason), in
    order; streamed while `session` is open."""
    names: dict[int | None, str] = {None: "pot", **player_names(session=session)}
    for nid, day, table_no, game, deal_no, seq, _, _, _, rid in _deals(session, night_id):
        for a, b, x, why in moves.get(rid, ()):
            yield (nid, day, table_no, game, deal_no, seq, names[a], names[b], x, why)
