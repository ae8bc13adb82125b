"""The opponents confirm: confirm or dispute a deal, and read where a table's
and a night's deals stand (`ledger.domain.verdict`).

A verdict is a revision of the deal (kind `confirm` or `dispute`) that carries its outcome,
words and transfers as they stand, so nothing that sums the current revisions moves and the
table's hash chain seals who gave it, when and why. Only a table made with `confirm =
"opponent"` takes one; every other table reads as it always did.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..domain.rules import RuleError
from ..domain.rules.names import MAX_REASON, clean_text
from ..domain.verdict import (
    CONFIRM,
    CONFIRMED,
    DISPUTE,
    DISPUTED,
    PENDING,
    Verdict,
    check_verdict,
    verdict_of,
)
from ..domain.verdict import confirmers as confirmers  # the room's pages ask who may confirm
from ..store import repo, verdict_rows
from ..store.db import Connection
from . import clock
from .store import Store
from .tables import load_open_table, load_table
from .views import Notice


@dataclass(frozen=True, slots=True)
class TableVerdicts:
    """A table's deals not yet confirmed: its number, how many wait and how many are
    disputed (the deals' numbers of each)."""

    table_id: int
    number: int
    pending: tuple[int, ...]
    disputed: tuple[int, ...]

    @property
    def open(self) -> int:
        return len(self.pending) + len(self.disputed)


def table_verdicts(s: Connection, table_id: int) -> dict[int, Verdict]:
    """Each deal's verdict (deal id → verdict; void deals left out) at a table whose deals
    are confirmed; {} at a table that confirms none."""
    if load_table(s, table_id).confirm == "off":
        return {}
    out = {}
    for did, (_, trail) in verdict_rows.trails(session=s, table_id=table_id).items():
        v = verdict_of(trail)
        if v is not None:
            out[did] = v
    return out


def night_verdicts(s: Connection, night_id: int) -> list[TableVerdicts]:
    """The night's tables with a deal not yet confirmed."""
    return tables_verdicts(s, repo.tables(session=s, night_id=night_id))


def tables_verdicts(s: Connection, rows: Sequence[Any]) -> list[TableVerdicts]:
    """Those of the tables (`game_table` rows) with a deal not yet confirmed."""
    out = []
    for row in rows:
        if json.loads(row.options).get("confirm") != "opponent":
            continue
        trails = verdict_rows.trails(session=s, table_id=row.id)
        states = [(number, verdict_of(trail)) for number, trail in trails.values()]
        pending = tuple(n for n, v in states if v is not None and v.state == PENDING)
        disputed = tuple(n for n, v in states if v is not None and v.state == DISPUTED)
        if pending or disputed:
            out.append(TableVerdicts(row.id, row.number, pending, disputed))
    return out


def round_notices(s: Connection, rounds: Sequence[tuple[int, Sequence[int]]]
                  ) -> list[Notice]:
    """What a tournament round's result says before it is used: (round, its tables' ids)
    of each round, each table's deals still to be confirmed or disputed."""
    out = []
    for number, table_ids in rounds:
        rows = [r for r in (repo.table_row(session=s, table_id=i) for i in table_ids) if r]
        out += [Notice("round", f"tn_{n.code}", {**n.values, "round": number})
                for n in verdict_notices(tables_verdicts(s, rows))]
    return out


def verdict_notices(tables: Sequence[TableVerdicts]) -> list[Notice]:
    """What a settlement or a round's result says before it is used: per table, the deals
    still to be confirmed and those disputed."""
    out = []
    for x in tables:
        if x.pending:
            out.append(Notice("confirm", "confirm_pending", {
                "n": len(x.pending), "table": x.number,
                "deals": x.pending}))
        if x.disputed:
            out.append(Notice("confirm", "confirm_disputed", {
                "n": len(x.disputed), "table": x.number,
                "deals": x.disputed}))
    return out


class Verdicts:
    def __init__(self, store: Store) -> None:
        self.store = store

    def confirm_deal(self, deal_id: int, by: str | None) -> bool:
        """`by`, a player at the table who did not record the deal, confirms it. False
        when it stood confirmed already (a second tap writes nothing)."""
        return self._give(deal_id, CONFIRM, by, None)

    def dispute_deal(self, deal_id: int, by: str | None, reason: str | None) -> bool:
        """`by`, a player at the table who did not record the deal, disputes it, saying
        why. False when it stood disputed for the same reason already."""
        return self._give(deal_id, DISPUTE, by, reason)

    def _give(self, deal_id: int, kind: str, by: str | None, reason: str | None) -> bool:
        clean_text(by, "by")
        clean_text(reason, "reason", MAX_REASON)
        reason = " ".join(reason.split()) if reason else None
        with self.store.write() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            t = load_open_table(s, row.table_id)
            if t.confirm == "off":
                raise RuleError("deal", "confirm_off", table=t.number)
            trail = verdict_rows.trails(session=s, table_id=t.id, deal_id=deal_id)
            v = verdict_of(trail[deal_id][1])
            name = check_verdict(v, kind, by, t.seats, reason, row.number)
            assert v is not None  # check_verdict refuses a void deal
            if v.state == (CONFIRMED if kind == CONFIRM else DISPUTED) and (
                    kind == CONFIRM or v.reason == reason):
                return False  # tapped again: it stands so already
            moves = repo.transfers_of(session=s, revision_ids=[row.revision_id])
            repo.add_revision(session=s, deal_id=deal_id, kind=kind,
                              outcome=json.loads(row.outcome or "null"), summary=row.summary,
                              extra=json.loads(row.extra or "{}"), now=clock.now(),
                              author=name, reason=reason,
                              transfers=moves[row.revision_id])
            return True

    def verdicts(self, table_id: int) -> dict[int, Verdict]:
        """Each deal's verdict at the table (deal id → verdict); {} if it confirms none."""
        with self.store.read() as s:
            return table_verdicts(s, table_id)

    def night_verdicts(self, night_id: int) -> list[TableVerdicts]:
        """The night's tables with deals to be confirmed or disputed."""
        with self.store.read() as s:
            return night_verdicts(s, night_id)

    def night_verdict_notices(self, night_id: int) -> list[Notice]:
        """What the night's settlement says before it is used."""
        return verdict_notices(self.night_verdicts(night_id))
