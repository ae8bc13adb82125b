"""What a correction re-derives after it: every later deal's text and state, not only its
transfers.

A deal's stored summary and `extra` (Schnapsen's running score, Bummerl, the next dealer or
start player, rounds left, the pot carried) depend on the deals before it. After a correction
or void, each later deal must read exactly as if the table had been recorded right from the
start, so the correcting transaction writes a re-settled revision for any later deal whose
transfers *or* text differ from the fold, and `check` reports stored text that disagrees.
These helpers compare one step of a fold with what is stored; they take plain values (the
stored row's summary and extra JSON) so they do not depend on the service's layout.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False, sort_keys=True, check_circular=False).encode


def same_extra(stored_json: str | None, extra: Mapping[str, Any]) -> bool:
    """Does the stored `extra` JSON say what the fold's `extra` says (as it would be stored)?"""
    return json.loads(stored_json or "{}") == json.loads(_encode(dict(extra)))


def facts_are_stale(stored_extra: str | None, extra: Mapping[str, Any]) -> bool:
    """Are a deal's stored facts (its running state, `extra`) not what the fold derives now?
    Its stored summary is history, in the words of its day: never compared, so a change of
    wording never fails `check` nor writes a revision."""
    return not same_extra(stored_extra, extra)


# What in a deal's `extra` says it ends something (a game, the table).
ENDS = ("game_over", "finished", "table_over")


def downstream(numbers: Sequence[int], before: Sequence[tuple[str, Mapping[str, Any]]],
               after: Sequence[tuple[str, Mapping[str, Any]]]) -> list[str]:
    """Lines saying what a correction changes in the later deals: `before` and `after` are
    each later deal's (summary, extra), stored and re-derived, for deal `numbers`."""
    lines = []
    for number, (old, old_extra), (new, new_extra) in zip(numbers, before, after,
                                                         strict=True):
        ended = any(old_extra.get(key) for key in ENDS)
        ends = any(new_extra.get(key) for key in ENDS)
        if ended != ends:
            lines.append(f"deal {number} {'now ends' if ends else 'no longer ends'} the game")
        if old != new:
            lines.append(f"deal {number}: {_changed_part(old, new)}")
            continue
        for key in STATE:  # the summary reads the same: the state it carries changed
            if key in old_extra and old_extra.get(key) != new_extra.get(key):
                lines.append(f"deal {number}: {key.replace('_', ' ')} "
                             f"{_show(old_extra[key])} → {_show(new_extra.get(key))}")
    return lines


# What a deal carries forward that a scorekeeper reads (in this order).
STATE = ("round", "score", "pot", "next_start_player", "next_dealer")


def _changed_part(old: str, new: str) -> str:
    """"Dan 5 – Zoë 5 → Dan 5 – Zoë 4" rather than both whole summaries, when their first
    parts (before "; ") read the same."""
    a, b = old.split("; "), new.split("; ")
    while len(a) > 1 and len(b) > 1 and a[0] == b[0]:
        a, b = a[1:], b[1:]
    return f"{'; '.join(a)} → {'; '.join(b)}"


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return " – ".join(f"{k} {v}" for k, v in value.items())
    return "–" if value is None else str(value)
