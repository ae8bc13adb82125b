"""The revisions a deal's confirmation is read from (`ledger.domain.verdict`)."""

from __future__ import annotations

from .db import Connection

_TRAIL = ("SELECT d.id, d.number, r.kind, r.author, r.reason FROM deal d JOIN revision r "
          "ON r.deal_id = d.id WHERE d.table_id = :t {more} ORDER BY d.number, r.seq")


def trails(*, session: Connection, table_id: int, deal_id: int | None = None
           ) -> dict[int, tuple[int, list[tuple[str, str | None, str | None]]]]:
    """Each deal of the table (or only `deal_id`): (its number, its revisions' kind,
    author and reason, oldest first)."""
    more, params = ("AND d.id = :d", {"t": table_id, "d": deal_id}) if deal_id is not None \
        else ("", {"t": table_id})
    out: dict[int, tuple[int, list[tuple[str, str | None, str | None]]]] = {}
    for did, number, kind, author, reason in session.execute(
            _TRAIL.format(more=more), params).fetchall():
        out.setdefault(did, (number, []))[1].append((kind, author, reason))
    return out
