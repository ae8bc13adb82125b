"""How many deals and revisions a table holds (`ledger.service.stamps`): one indexed count."""

from __future__ import annotations

from .db import Connection


def table_counts(*, session: Connection, table_id: int) -> tuple[int, int]:
    """(deals, revisions of them) at the table."""
    deals, revisions = session.execute(
        "SELECT count(DISTINCT d.id), count(r.id) FROM deal d "
        "JOIN revision r ON r.deal_id = d.id WHERE d.table_id = :t", {"t": table_id}).fetchone()
    return int(deals), int(revisions)
