"""What `tally check` asks the database outright: rows whose parent is missing (orphans) and
revisions whose transfers do not balance."""

from __future__ import annotations

from .db import Connection

ORPHAN_QUERIES = {
    "transfer without revision": "SELECT t.id FROM transfer t LEFT JOIN revision r "
    "ON r.id = t.revision_id WHERE r.id IS NULL",
    "transfer naming an unknown player": "SELECT t.id FROM transfer t LEFT JOIN player a "
    "ON a.id = t.payer_id LEFT JOIN player b ON b.id = t.payee_id WHERE "
    "(t.payer_id IS NOT NULL AND a.id IS NULL) OR (t.payee_id IS NOT NULL AND b.id IS NULL)",
    "revision without deal": "SELECT r.id FROM revision r LEFT JOIN deal d ON d.id = r.deal_id "
    "WHERE d.id IS NULL",
    "deal without revision": "SELECT d.id FROM deal d LEFT JOIN revision r ON r.deal_id = d.id "
    "WHERE r.id IS NULL",
    "stored state without deal": "SELECT s.deal_id FROM deal_state s LEFT JOIN deal d "
    "ON d.id = s.deal_id WHERE d.id IS NULL",
    "deal without table": "SELECT d.id FROM deal d LEFT JOIN game_table g ON g.id = d.table_id "
    "WHERE g.id IS NULL",
    "table without night": "SELECT g.id FROM game_table g LEFT JOIN night n ON n.id = g.night_id "
    "WHERE n.id IS NULL",
    "seat without player": "SELECT s.table_id FROM seat s LEFT JOIN player p "
    "ON p.id = s.player_id WHERE p.id IS NULL",
    "payment without night or naming an unknown player": "SELECT y.id FROM payment y "
    "LEFT JOIN night n ON n.id = y.night_id LEFT JOIN player a ON a.id = y.payer_id "
    "LEFT JOIN player b ON b.id = y.payee_id WHERE n.id IS NULL OR a.id IS NULL OR b.id IS NULL",
    "plan without night": "SELECT p.id FROM settle_plan p LEFT JOIN night n "
    "ON n.id = p.night_id WHERE n.id IS NULL",
    "plan line without plan or naming an unknown player": "SELECT l.plan_id FROM plan_line l "
    "LEFT JOIN settle_plan p ON p.id = l.plan_id LEFT JOIN player a ON a.id = l.payer_id "
    "LEFT JOIN player b ON b.id = l.payee_id WHERE p.id IS NULL OR a.id IS NULL OR b.id IS NULL",
}


def orphans(*, session: Connection) -> list[str]:
    problems = []
    for what, sql in ORPHAN_QUERIES.items():
        ids = [r[0] for r in session.execute(sql)]
        if ids:
            shown = ", ".join(str(i) for i in ids[:10]) + (" …" if len(ids) > 10 else "")
            problems.append(f"{what}: {shown}")
    return problems


def unbalanced_revisions(*, session: Connection) -> list[tuple[int, int]]:
    """(revision id, pot balance) where the pot does not end at zero or an amount is not > 0."""
    sql = """
    SELECT revision_id, sum(CASE WHEN payee_id IS NULL THEN amount ELSE 0 END)
                      - sum(CASE WHEN payer_id IS NULL THEN amount ELSE 0 END),
           min(amount), sum(CASE WHEN payer_id IS NULL AND payee_id IS NULL THEN 1 ELSE 0 END)
    FROM transfer GROUP BY revision_id
    """
    return [(r[0], r[1]) for r in session.execute(sql) if r[1] != 0 or r[2] <= 0 or r[3]]
