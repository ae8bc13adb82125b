"""What a kept settlement plan predates: the deals corrected or voided since it was made."""

from __future__ import annotations

from .db import Connection


def deals_changed_since(*, session: Connection, plan_id: int) -> list[tuple[int, int]]:
    """(table number, deal number) of the deals of the plan's night corrected or voided
    after the plan was made, in table and deal order."""
    rows = session.execute(
        "SELECT DISTINCT t.number, d.number FROM settle_plan p "
        "JOIN game_table t ON t.night_id = p.night_id "
        "JOIN deal d ON d.table_id = t.id "
        "JOIN revision r ON r.deal_id = d.id "
        "WHERE p.id = :p AND r.kind IN ('correct', 'void') AND r.created_at > p.created_at "
        "ORDER BY t.number, d.number", {"p": plan_id}).fetchall()
    return [(int(a), int(b)) for a, b in rows]
