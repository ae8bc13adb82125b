"""What a correction re-derives after it: every later deal's text and state, not only its
transfers.

A deal's stored summary and `extra` (Schnapsen's running score, Bummerl, the next dealer or
start player, rounds left, the pot carried) depend on the deals before it. After a correction
or void, each later deal must read exactly as if the table had been recorded right from the
start, so the correcting transaction writes a re-settled revision for any later deal whose
transfers *or* facts (`extra`) differ from the fold, and `check` reports stored facts that
disagree. Words are never compared: a stored summary is history. These helpers compare one
step of a fold with what is stored; they take plain values (the stored row's extra JSON) so
they do not depend on the service's layout.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False, sort_keys=True, check_circular=False).encode


def same_extra(stored_json: str | None, extra: Mapping[str, Any]) -> bool:
    """Does the stored `extra` JSON say what the fold's `extra` says (as it would be stored)?"""
    return bool(json.loads(stored_json or "{}") == json.loads(_encode(dict(extra))))


def facts_are_stale(stored_extra: str | None, extra: Mapping[str, Any]) -> bool:
    """Are a deal's stored facts (its running state, `extra`) not what the fold derives now?
    Its stored summary is history, in the words of its day: never compared, so a change of
    wording never fails `check` nor writes a revision."""
    return not same_extra(stored_extra, extra)


# What in a deal's `extra` says it ends something (a game, the table).
ENDS = ("game_over", "finished", "table_over")


@dataclass(frozen=True, slots=True)
class Effect:
    """What a correction changes in one later deal, as facts (the edge words it,
    `ledger.text.effects`): `now_ends` / `no_longer_ends` the game, `changed`, with the
    deal's outcome and its `extra` before and after (`old`, `new`), or `chips`, each
    player's net of the deal before and after (`old`, `new`: name → chips) where it moves
    (a stake halved when a Bummerl no longer doubles it, a pot carried otherwise)."""

    code: str
    deal: int  # the deal's number at its table
    values: Mapping[str, Any] = field(default_factory=dict)


def downstream(numbers: Sequence[int], outcomes: Sequence[Mapping[str, Any] | None],
               before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]
               ) -> list[Effect]:
    """What a correction changes in the later deals `numbers`: `before` and `after` are each
    later deal's `extra`, stored and re-derived (`outcomes`: what each recorded). Only facts
    are compared: a deal whose facts stay the same is not changed, whatever its words."""
    effects = []
    for number, outcome, old, new in zip(numbers, outcomes, before, after, strict=True):
        ended = any(old.get(key) for key in ENDS)
        ends = any(new.get(key) for key in ENDS)
        if ended != ends:
            effects.append(Effect("now_ends" if ends else "no_longer_ends", number))
        if not same_extra(_encode(dict(old)), new):
            effects.append(Effect("changed", number, {"outcome": outcome, "old": dict(old),
                                                      "new": dict(new)}))
    return effects


def chip_effect(number: int, old: Mapping[str, int], new: Mapping[str, int]) -> Effect | None:
    """`chips` for a later deal whose nets move, each player whose net changes (seat order
    as `old` then `new` give them); None when every net stays."""
    names = [*old, *(n for n in new if n not in old)]
    moved = [n for n in names if old.get(n, 0) != new.get(n, 0)]
    if not moved:
        return None
    return Effect("chips", number, {"old": {n: old.get(n, 0) for n in moved},
                                    "new": {n: new.get(n, 0) for n in moved}})
