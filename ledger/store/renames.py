"""Revisions read under their players' present names.

A revision stores its outcome (and extra facts) with the names the players had when it was
recorded, and is never rewritten. After `tally player rename Bea Beatrix` the table's seats
say "Beatrix", so the store reads every revision recorded before the rename with "Beatrix"
for "Bea": renames apply in the order they were made, each to the revisions up to the last
one that existed when it was made (so a later player who takes the name "Bea" is not
confused with the old Bea). Cached checkpoints (`deal_state`) are rewritten at the rename:
they are a cache of the fold, not history.

A name is replaced where it stands alone: as a JSON object key or a whole string value, never
inside a longer string ("Bea" is not replaced in "Beatrix"). The stored English summary is
history and is shown only where no facts are stored; it is read with the name replaced where
it stands as a word (`check` compares it with what the fold says).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from .db import Connection, stamp
from .rows import DealRow

# as `ledger.domain.replay` encodes a checkpoint's state, so a rewritten one reads the same
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
                           check_circular=False).encode


@dataclass(frozen=True, slots=True)
class Rename:
    old: str
    new: str
    last_revision_id: int  # revisions with an id up to this one carry the old name


def renamed(value: Any, old: str, new: str) -> Any:
    """`value` (parsed JSON) with every whole-string `old` as a key or value made `new`.

    >>> renamed({"caller": "Bea", "tricks": {"Bea": 3, "Ann": 1}, "note": "Bea's"}, "Bea", "Bee")
    {'caller': 'Bee', 'tricks': {'Bee': 3, 'Ann': 1}, 'note': "Bea's"}
    >>> renamed(["Ann", ["Bea"]], "Bea", "Bee")
    ['Ann', ['Bee']]
    """
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): renamed(v, old, new) for k, v in value.items()}
    return value


def json_renamed(text: str | None, renames: Sequence[Rename], revision_id: int | None
                 ) -> str | None:
    """Stored JSON `text` with the renames that apply to `revision_id` (None: all of them,
    for a cache written now), or `text` itself when none changes it."""
    if not text:
        return text
    todo = [r for r in renames if revision_id is None or revision_id <= r.last_revision_id]
    if not todo or not any(r.old in text for r in todo):
        return text
    value = json.loads(text)
    for r in todo:
        value = renamed(value, r.old, r.new)
    return _encode(value)


def text_renamed(text: str, renames: Sequence[Rename], revision_id: int) -> str:
    """A stored sentence with each old name that stands as a word made the new one.

    >>> text_renamed("Solo ♣ Bea + Dan, 73 → 25", [Rename("Bea", "Beatrix", 9)], 4)
    'Solo ♣ Beatrix + Dan, 73 → 25'
    >>> text_renamed("in Beatrix Ann", [Rename("Bea", "Bee", 9)], 4)
    'in Beatrix Ann'
    """
    for r in renames:
        if revision_id <= r.last_revision_id and r.old in text:
            text = re.sub(rf"(?<!\w){re.escape(r.old)}(?!\w)", r.new.replace("\\", r"\\"),
                          text)
    return text


def rows_renamed(rows: list[DealRow], renames: Sequence[Rename]) -> list[DealRow]:
    """`rows` as read under the present names (the same list when no rename applies)."""
    if not renames:
        return rows
    out = []
    for row in rows:
        outcome = json_renamed(row.outcome, renames, row.revision_id)
        extra = json_renamed(row.extra, renames, row.revision_id)
        summary = text_renamed(row.summary, renames, row.revision_id)
        out.append(row if outcome is row.outcome and extra is row.extra
                   and summary is row.summary
                   else replace(row, outcome=outcome, extra=extra or "{}", summary=summary))
    return out


# ---- in the database ---------------------------------------------------------------------


def rename_player(*, session: Connection, player_id: int, name: str, now: datetime) -> None:
    """Rename, remembering the old name for the revisions recorded under it, and rewrite
    the cached states of the player's tables (which hold seat names) to the new one."""
    (old,) = session.execute("SELECT name FROM player WHERE id = :p",
                             {"p": player_id}).fetchone()
    if old == name:
        return
    (last,) = session.execute("SELECT coalesce(max(id), 0) FROM revision").fetchone()
    session.execute("INSERT INTO player_rename (player_id, old_name, new_name, "
                    "last_revision_id, created_at) VALUES (:p, :old, :new, :last, :at)",
                    {"p": player_id, "old": old, "new": name, "last": last, "at": stamp(now)})
    session.execute("UPDATE player SET name = :new WHERE id = :p", {"new": name, "p": player_id})
    one = [Rename(old, name, last)]
    cached = session.execute(
        "SELECT s.deal_id, s.state FROM deal_state s JOIN deal d ON d.id = s.deal_id "
        "JOIN seat t ON t.table_id = d.table_id WHERE t.player_id = :p", {"p": player_id})
    session.executemany("UPDATE deal_state SET state = :state WHERE deal_id = :d",
                        [{"state": json_renamed(state, one, None), "d": deal_id}
                         for deal_id, state in cached.fetchall()])


def table_renames(*, session: Connection, table_id: int) -> list[Rename]:
    """The renames of the players seated at a table, in the order they were made."""
    return [Rename(*r) for r in session.execute(
        "SELECT r.old_name, r.new_name, r.last_revision_id FROM player_rename r "
        "JOIN seat s ON s.player_id = r.player_id WHERE s.table_id = :t ORDER BY r.id",
        {"t": table_id})]


def renames_by_table(*, session: Connection) -> dict[int, list[Rename]]:
    """`table_renames` of every table that has any."""
    out: dict[int, list[Rename]] = {}
    for tid, *rename in session.execute(
            "SELECT s.table_id, r.old_name, r.new_name, r.last_revision_id "
            "FROM player_rename r JOIN seat s ON s.player_id = r.player_id ORDER BY r.id"):
        out.setdefault(tid, []).append(Rename(*rename))
    return out
