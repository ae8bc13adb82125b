"""The opponents' confirmation of a deal, read from its revisions: pure.

A table whose `confirm` is `opponent` keeps each deal "to be confirmed" from the revision
that records or corrects it until a player at the table who is not that revision's author
appends a `confirm` revision, or a `dispute` one with a reason. Both copy the deal's outcome
and transfers as they stand: the standings never wait for them, and the hash chain covers
who confirmed, when and why (kind, author, time and reason are a revision's content). A
re-settlement keeps the verdict (its outcome is the one confirmed); a correction asks again.

>>> verdict_of([("record", "Ann", None)]).state
'pending'
>>> verdict_of([("record", "Ann", None), ("confirm", "Bea", None)]).state
'confirmed'
>>> verdict_of([("record", "Ann", None), ("confirm", "Bea", None),
...             ("correct", "Ann", "typo")]).state
'pending'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .rules import RuleError
from .rules.errors import show
from .rules.names import name_key

CONFIRM = "confirm"
DISPUTE = "dispute"
KINDS = (CONFIRM, DISPUTE)
PENDING, CONFIRMED, DISPUTED = "pending", "confirmed", "disputed"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Where a deal stands with its opponents: pending, confirmed or disputed, who
    recorded it (the author of its last record or correction), who confirmed or disputed
    it and why, and whether it was changed after it was first recorded."""

    state: str
    recorder: str | None
    by: str | None = None
    reason: str | None = None
    changed: bool = False

    @property
    def open(self) -> bool:
        """Not confirmed yet: to be confirmed, or disputed."""
        return self.state != CONFIRMED


def verdict_of(revisions: Iterable[tuple[str, str | None, str | None]]) -> Verdict | None:
    """The verdict of a deal from its revisions' (kind, author, reason), oldest first;
    None for a void deal (nothing to confirm)."""
    found: Verdict | None = None
    changed = False
    for kind, author, reason in revisions:
        if kind in ("record", "correct"):
            changed = changed or kind == "correct"
            found = Verdict(PENDING, author, changed=changed)
        elif kind == "void":
            found = None
        elif kind == "resettle":
            changed = True
            if found is not None:
                found = Verdict(found.state, found.recorder, found.by, found.reason, True)
        elif kind in KINDS and found is not None:
            found = Verdict(CONFIRMED if kind == CONFIRM else DISPUTED, found.recorder,
                            author, reason, changed)
    return found


def same_player(a: str, b: str) -> bool:
    """Whether two spellings name one player (the roster's one spelling, any case)."""
    return name_key(a).casefold() == name_key(b).casefold()


def confirmers(verdict: Verdict | None, seats: Sequence[str]) -> tuple[str, ...]:
    """The players who may confirm a deal: the table's, but not its recorder."""
    if verdict is None:
        return ()
    recorder = verdict.recorder
    return tuple(n for n in seats if recorder is None or not same_player(n, recorder))


def seated(by: str | None, seats: Sequence[str]) -> str:
    """The seat `by` names (any case, spaces squeezed), or RuleError("by")."""
    name = next((s for s in seats if by and same_player(by, s)), None)
    if name is None:
        raise RuleError("by", "confirm_not_seated", value=show(by or ""), seats=", ".join(seats))
    return name


def check_verdict(verdict: Verdict | None, kind: str, by: str | None, seats: Sequence[str],
                  reason: str | None, number: int) -> str:
    """Check, then act: the seat that gives the verdict `kind` on deal `number`, or the
    RuleError that refuses it (a void deal, not a player here, its own recorder, a dispute
    without a reason)."""
    if verdict is None:
        raise RuleError("deal", "confirm_void", n=number)
    name = seated(by, seats)
    if verdict.recorder is not None and same_player(verdict.recorder, name):
        raise RuleError("by", "confirm_own", name=name, n=number)
    if kind == DISPUTE and not (reason and reason.strip()):
        raise RuleError("reason", "dispute_reason")
    return name

