"""A form's key sent again: the same deal (a retry: found, nothing written) or another
(refused, `FormUsed`). "The same" is what the body would store, settled from where the
saved deal started, equal to what that deal's first revision stored: the values the table
adds itself (the dealer) are added alike, and a retry of any form compares exactly."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..domain.conflicts import FormUsed
from ..domain.rules import RuleError
from ..store.db import Connection
from .tables import load_table, state_before


def same_form(s: Connection, done: tuple[int, int, int], form_key: str, table_id: int,
              objs: Sequence[Mapping[str, Any]], outcome_for: Callable[..., Any]) -> int:
    """The deal id `done` (deal id, table id, number) the form `form_key` saved, if
    `objs` are what it saved at `table_id` (`outcome_for`: deals'); else `FormUsed`."""
    deal_id, at_table, number = done
    if at_table != table_id:
        raise FormUsed(number, deal_id, elsewhere=True)
    row = s.execute("SELECT outcome FROM revision WHERE form_key = :key",
                    {"key": form_key}).fetchone()
    if len(objs) != 1 or row is None or row[0] is None:
        raise FormUsed(number, deal_id)
    t = load_table(s, table_id)
    try:
        stored = outcome_for(t, state_before(s, t, deal_id), objs[0])[0]
    except RuleError:  # not a deal this table takes: not the one saved either
        raise FormUsed(number, deal_id) from None
    if json.loads(json.dumps(stored, ensure_ascii=False)) != json.loads(row[0]):
        raise FormUsed(number, deal_id)
    return deal_id
