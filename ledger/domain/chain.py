"""Each table's history as a hash chain: pure, no I/O.

A revision's hash is the sha256 of its content as canonical JSON — the deal's facts (the
table's game, its seats' names as they were when the revision was recorded, the deal's
number, the revision's seq and kind, the outcome's input fields), who, when and why — and
of the hash of the revision before it at the same table (revisions in the order they were
made, "" before the first). Words (the stored summary) and what the rules derive from the
facts (transfers, the extra output, states) are not part of it: `check` re-derives those.
Nothing here depends on a row's id, so a revision copied or synced into another ledger
keeps its hash there.

>>> fact = Content("crazy-solo", ("Ann", "Bea", "Chie"), 1, 1, "record", '{"b": 1}',
...                "2026-11-29 19:00:00.000000", None, None)
>>> revision_hash(fact, "")[:12]
'cb231262dd0c'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

VERSION = 1  # of the content's shape; a new shape is a new version, never a silent change

_canonical = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                              check_circular=False).encode


@dataclass(frozen=True, slots=True)
class Content:
    """What a revision's hash covers (besides the hash before it)."""

    game: str
    seats: Sequence[str]  # the players' names when the revision was recorded, in seat order
    deal: int  # the deal's number at its table
    seq: int  # the revision's number within the deal
    kind: str  # record | correct | void | resettle
    outcome: str | None  # the stored contract JSON (None for a void); read, re-encoded
    at: str  # when, as stored: UTC to the microsecond
    author: str | None
    reason: str | None


def revision_hash(content: Content, prev: str) -> str:
    """The sha256 hex of `content` after the hash `prev` ("" for a table's first)."""
    outcome = None if content.outcome is None else json.loads(content.outcome)
    text = _canonical({"v": VERSION, "prev": prev, "game": content.game,
                       "seats": list(content.seats), "deal": content.deal, "seq": content.seq,
                       "kind": content.kind, "outcome": outcome, "at": content.at,
                       "author": content.author, "reason": content.reason})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chain(contents: Iterable[Content], prev: str = "") -> list[str]:
    """The hashes of a table's revisions in order, each after the one before (`prev`: the
    hash before the first given)."""
    out = []
    for content in contents:
        prev = revision_hash(content, prev)
        out.append(prev)
    return out


def first_broken(contents: Sequence[Content], stored: Sequence[str | None]) -> int | None:
    """The index of the first revision whose stored hash is not the one its content and
    the stored hash before it give (None: the whole chain holds)."""
    prev = ""
    for i, (content, kept) in enumerate(zip(contents, stored, strict=True)):
        if kept is None or revision_hash(content, prev) != kept:
            return i
        prev = kept
    return None


def night_head(heads: Iterable[tuple[int, str]]) -> str:
    """A night's head: the sha256 hex of its tables' heads (table number, the hash of the
    table's last revision), in table order; tables without a revision are left out."""
    text = _canonical([[number, head] for number, head in sorted(heads) if head])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def short(head: str) -> str:
    """A head's short form as printed on the settlement and exports.

    >>> short("7f3a91c204be" + "0" * 52)
    '7f3a 91c2 04be'
    """
    return " ".join(head[i:i + 4] for i in range(0, 12, 4))


def content_text(content: Content) -> str:
    """A revision's content as one JSON text for an export cell: it starts with "{" and holds
    no ";" (escaped inside strings, where alone JSON has one), so a spreadsheet guard never
    changes it; `content_of` reads it back.

    >>> content_of(content_text(FIXED := Content("x", ("A;=1",), 1, 1, "void", None, "t",
    ...                                           None, None))) == FIXED
    True
    """
    outcome = None if content.outcome is None else json.loads(content.outcome)
    text = _canonical({"game": content.game, "seats": list(content.seats), "deal": content.deal,
                       "seq": content.seq, "kind": content.kind, "outcome": outcome,
                       "at": content.at, "author": content.author, "reason": content.reason})
    return text.replace(";", "\\u003b")


def content_of(text: str) -> Content:
    """The content `content_text` wrote (ValueError, KeyError or TypeError if it is not)."""
    data = json.loads(text)
    outcome = data["outcome"]
    return Content(str(data["game"]), tuple(str(s) for s in data["seats"]), int(data["deal"]),
                   int(data["seq"]), str(data["kind"]),
                   None if outcome is None else json.dumps(outcome), str(data["at"]),
                   data["author"], data["reason"])
