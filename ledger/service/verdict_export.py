"""The confirmation file of an export (`confirm-<tag>.csv`): each deal of a table
that confirms its deals, with where it stands. Written only when the nights exported have
such a table, so an export of a ledger without one is the files it always was, byte for
byte; the deals file's columns stay as outside tools read them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..domain.verdict import verdict_of
from ..store import repo, verdict_rows
from ..store.db import Connection

CONFIRM = ["night", "date", "table", "game", "deal", "state", "recorded_by", "by", "reason"]
CONFIRM_TEXT = ("recorded_by", "by", "reason")


def confirm_rows(s: Connection, night_id: int | None, dates: Mapping[int, str]
                 ) -> list[list[Any]] | None:
    """The file's rows (void deals as `void`), or None when no table in scope confirms."""
    tables = [t for t in repo.tables(session=s, night_id=night_id)
              if json.loads(t.options).get("confirm") == "opponent"]
    if not tables:
        return None
    out = []
    for t in tables:
        for number, trail in verdict_rows.trails(session=s, table_id=t.id).values():
            v = verdict_of(trail)
            out.append([t.night_id, dates.get(t.night_id, ""), t.number, t.game, number,
                        v.state if v else "void", (v.recorder or "") if v else "",
                        (v.by or "") if v and v.state != "pending" else "",
                        (v.reason or "") if v else ""])
    return out
