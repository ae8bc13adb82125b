"""The rows of the two big export files, deals and transfers, read in three queries.

A decade holds ~60,000 deals and ~150,000 transfers. The current revision of every deal in
scope comes sorted from the database (one row a deal); the transfers come in one scan in
the table's own order, grouped here by revision; the file rows (one per seat per deal, one
per transfer) are made here in deal order. Sorting the transfer rows themselves, or the
seats joined to the deals, in SQL would sort several times as many rows.

The rows come as runs, one per deal: the deal's columns once, then what differs from row
to row (a seat's player and net, or one transfer), so a CSV file formats them once (the
exporter wraps them in `csv_runs.Runs` with the shapes `DEAL_RUN` and `TRANSFER_RUN`; the
store knows rows, not file formats).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import groupby
from operator import itemgetter
from typing import Any

from .db import Connection
from .renames import json_renamed, renames_by_table, text_renamed
from .repo import player_names, seats_by_table

# revision id, payer id, payee id, amount, reason (None: the pot), as the query gives them
Move = tuple[int, int | None, int | None, int, str]
Run = tuple[Sequence[Any], Sequence[Sequence[Any]], Sequence[Any]]
DEAL_RUN = (7, 1)  # cells (head, tail) of each run of `deal_rows`
TRANSFER_RUN = (6, 0)  # the same of `transfer_rows`

_DEAL = "n.id, n.date, g.number, g.game, d.number, r.seq"  # the columns every row repeats


def _deals(session: Connection, night_id: int | None, *, summaries: bool
           ) -> Iterator[Sequence[Any]]:
    """(night, date, table no, game, deal no, revision seq, then kind, summary, table id,
    outcome, extra and reason with `summaries`, then revision id) of each deal's current
    revision in scope, in file order."""
    in_night = "AND g.night_id = :n" if night_id is not None else ""
    more = ", r.kind, r.summary, g.id, r.outcome, r.extra, r.reason" if summaries else ""
    cur = session.execute(f"""
    SELECT {_DEAL}{more}, r.id
    FROM night n JOIN game_table g ON g.night_id = n.id JOIN deal d ON d.table_id = g.id
    JOIN revision r ON r.id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
    WHERE TRUE {in_night}
    ORDER BY n.date, n.id, g.number, d.number
    """, {"n": night_id})
    while part := cur.fetchmany(2000):
        yield from part


def moves_by_revision(*, session: Connection, night_id: int | None
                      ) -> dict[int, tuple[Move, ...]]:
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
            "WHERE g.night_id = :n ORDER BY t.id", {"n": night_id})
    out: dict[int, tuple[Move, ...]] = {}
    # a revision's transfers are written together, so they come in one stretch; but
    # nothing forbids two stretches, which are then joined. Tuples, not lists: once the
    # garbage collector has seen they hold no containers it stops tracking them, so its
    # full passes over the rest of the export do not walk ~60,000 of them each time.
    for rid, stretch in groupby(rows.fetchall(), itemgetter(0)):
        settled = tuple(stretch)
        out[rid] = out[rid] + settled if rid in out else settled
    return out


# (game, stored outcome JSON, stored extra JSON, kind, stored summary, seat names) -> text
SummaryOf = Callable[[str, str | None, str | None, str, str, list[str]], str]
# a void's reason (as stored) -> its summary
VoidOf = Callable[[str], str]


def deal_rows(*, session: Connection, night_id: int | None, moves: Mapping[int, Sequence[Move]],
              kinds: Mapping[str, str] | None = None, summary: SummaryOf | None = None,
              void: VoidOf | None = None) -> Iterator[Run]:
    """(night, date, table no, game, deal no, revision, kind, player, net, summary), one per
    seated player per deal, in order; streamed while `session` is open. `kinds` renames
    the revision kinds (record → recorded …) for the reader; `summary`, when given, says
    each deal from its facts (a Japanese export), else the stored sentence is written;
    `void`, when given, says a void deal from its reason."""
    seats = seats_by_table(session=session)
    return _deal_runs(session, night_id, moves, kinds or {}, seats, summary, void)


def _deal_runs(session: Connection, night_id: int | None, moves: Mapping[int, Sequence[Move]],
               kinds: Mapping[str, str], seats: Mapping[int, Sequence[tuple[int, str]]],
               summary_of: SummaryOf | None, void_of: VoidOf | None) -> Iterator[Run]:
    renames = renames_by_table(session=session)
    for (nid, day, table_no, game, deal_no, seq, kind, summary, tid, outcome, extra, reason,
         rid) in _deals(session, night_id, summaries=True):
        nets: dict[int | None, int] = {}
        for _, a, b, x, _ in moves.get(rid, ()):
            nets[a] = nets.get(a, 0) - x
            nets[b] = nets.get(b, 0) + x
        if tid in renames:  # said under the players' present names
            outcome = json_renamed(outcome, renames[tid], rid)
            extra = json_renamed(extra, renames[tid], rid)
            summary = text_renamed(summary, renames[tid], rid)
        if kind == "void" and void_of is not None:
            summary = void_of(reason or "")  # as typed (history, never renamed)
        elif summary_of is not None:
            summary = summary_of(game, outcome, extra, kind, summary,
                                 [name for _, name in seats.get(tid, ())])
        yield ((nid, day, table_no, game, deal_no, seq, kinds.get(kind, kind)),
               [(name, nets.get(pid, 0)) for pid, name in seats.get(tid, ())], (summary,))


def transfer_rows(*, session: Connection, night_id: int | None,
                  moves: Mapping[int, Sequence[Move]],
                  reason: Callable[[str], str] | None = None) -> Iterator[Run]:
    """(night, date, table no, game, deal no, revision, from, to, amount, reason), in
    order; streamed while `session` is open. `reason`, when given, says each reason for
    people (a Japanese export), else the engines' own words are written."""
    names: dict[int | None, str] = {None: "pot"}
    names.update(player_names(session=session).items())
    return _transfer_runs(session, night_id, moves, names, reason or str)


def _transfer_runs(session: Connection, night_id: int | None, moves: Mapping[int, Sequence[Move]],
                   names: Mapping[int | None, str], said: Callable[[str], str]
                   ) -> Iterator[Run]:
    for row in _deals(session, night_id, summaries=False):
        settled = moves.get(row[6])
        if settled:
            yield (row[:6], [(names[a], names[b], x, said(why)) for _, a, b, x, why in settled],
                   ())
