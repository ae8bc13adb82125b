"""The fold of a table's deals: one pure loop, used by the service to record, preview and
correct deals, to find the state before deal N, and by `check`. No SQLite: it takes any
records with a deal id, number, kind and outcome JSON (`ledger.store.rows.DealRow`).

Where a table stands after each deal (a `Mark`: the engine's state, the deals played and
each seat's net so far) is kept as a checkpoint, so a new deal, the table's status and its
standings read the last one instead of folding the whole table; `check` re-derives them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from typing import Any, Protocol

from .rules import RuleError
from .rules.game import Game
from .rules.transfers import Settlement


class Stored(Protocol):
    """What the fold reads of a stored deal."""

    @property
    def deal_id(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def outcome(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a table stands after a deal: what a checkpoint keeps."""

    state: Any  # the engine's state
    played: int = 0  # deals played so far (voids left out)
    nets: tuple[int, ...] = ()  # each seat's net so far, in seat order (the pot left out)

    @staticmethod
    def start(state: Any) -> Mark:
        """Before the first deal, from the engine's initial state."""
        return Mark(state, 0, (0,) * len(state.seats))

    def after(self, state: Any, settlement: Settlement) -> Mark:
        """After a deal that settled `settlement` and left `state`.

        >>> from ledger.domain.rules.transfers import Settlement, Transfer
        >>> from collections import namedtuple
        >>> S = namedtuple("S", "seats")
        >>> m = Mark.start(S(("Ann", "Bea", "Chie")))
        >>> m.after(m.state, Settlement(("Ann", "Chie"), (Transfer("Ann", "Chie", 5, "x"),)))
        Mark(state=S(seats=('Ann', 'Bea', 'Chie')), played=1, nets=(-5, 0, 5))
        """
        moved = settlement.nets
        return Mark(state, self.played + 1, tuple(
            n + moved.get(seat, 0) for seat, n in zip(state.seats, self.nets, strict=True)))


@dataclass(frozen=True, slots=True)
class Step:
    """One deal of the fold: what its current outcome settles now, and the mark after."""

    deal_id: int
    number: int
    kind: str
    outcome: dict[str, Any] | None  # None: void
    row: Any  # the stored record it came from
    settlement: Settlement | None  # None: void
    mark: Mark  # where the table stands after this deal

    @property
    def state(self) -> Any:
        return self.mark.state


def replay(game: Game[Any, Any, Any], options: Any, start: Mark, rows: Iterable[Stored], *,
           replace: Mapping[int, dict[str, Any] | None] | None = None,
           ) -> tuple[list[Step], Mark]:
    """Fold `rows` (in deal order) from `start`. `replace` swaps a deal's outcome (None:
    void) to see what a correction does to it and to every later deal. A deal that no
    longer parses is a RuleError naming it."""
    steps = []
    mark = start
    state = start.state
    for row in rows:
        outcome_json = json.loads(row.outcome) if row.outcome is not None else None
        kind = row.kind
        if replace and row.deal_id in replace:
            outcome_json = replace[row.deal_id]
            kind = "void" if outcome_json is None else "correct"
        if outcome_json is None:
            steps.append(Step(row.deal_id, row.number, "void", None, row, None, mark))
            continue
        try:
            outcome = game.parse(outcome_json, state, options)
        except RuleError as exc:
            raise RuleError(f"deal {row.number}: {exc.field}", exc.code, **exc.values) from None
        settlement, state = game.settle(state, outcome, options)
        mark = mark.after(state, settlement)
        steps.append(Step(row.deal_id, row.number, kind, outcome_json, row, settlement, mark))
    return steps, mark


def state_before(game: Game[Any, Any, Any], options: Any, start: Mark,
                 rows: Sequence[Stored], deal_id: int) -> Mark:
    """Where the table stood just before `deal_id` (the fold of the deals before it), or
    a KeyError if it is not one of `rows`."""
    for i, row in enumerate(rows):
        if row.deal_id == deal_id:
            return replay(game, options, start, rows[:i])[1]
    raise KeyError(deal_id)


# ---- checkpoints ---------------------------------------------------------------------------

_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def encode_state(state: Any) -> str:
    """A table state as stored: its fields as JSON (every engine's state is a frozen
    dataclass of text, numbers, flags and tuples of them).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class S:
    ...     seats: tuple[str, ...]
    ...     dealer: str
    ...     deals: int = 0
    >>> encode_state(S(("Ann", "Bea"), "Bea", 3))
    '{"seats":["Ann","Bea"],"dealer":"Bea","deals":3}'
    >>> decode_state(_, S(("Ann", "Bea"), "Ann"))
    S(seats=('Ann', 'Bea'), dealer='Bea', deals=3)
    """
    assert is_dataclass(state)
    # tuples are JSON arrays as they are; anything that is not JSON (a card object) is a
    # TypeError here, at the engine's own tests, not a state that cannot be read back
    names = _field_names(type(state))  # type: ignore[arg-type]  # (mypy: a class is not Hashable)
    return _encode({name: getattr(state, name) for name in names})


def encode_mark(mark: Mark) -> tuple[str, int, str]:
    """A mark as a checkpoint row stores it: (state, played, nets)."""
    return encode_state(mark.state), mark.played, _encode(mark.nets)


def decode_mark(stored: tuple[str | None, int | None, str | None], like: Mark) -> Mark | None:
    """A checkpoint row's mark (None: none stored, or it does not fit, see `decode_state`)."""
    text, played, nets = stored
    state = decode_state(text, like.state)
    if state is None or played is None or nets is None:
        return None
    try:
        seat_nets = tuple(json.loads(nets))
    except ValueError:
        return None
    if len(seat_nets) != len(like.nets) or not all(type(n) is int for n in seat_nets):
        return None
    return Mark(state, played, seat_nets)


def decode_state(text: str | None, like: Any) -> Any | None:
    """A stored state back as the engine's state (the class of `like`, e.g. the table's
    initial state), or None when there is none or it does not fit the class or the seats
    of `like` (stored by another version of the engine, or before a rename): the caller
    folds instead."""
    if text is None:
        return None
    try:
        obj = json.loads(text)
        state = type(like)(**{k: _frozen(v) for k, v in obj.items()})
    except (ValueError, TypeError):
        return None
    return state if getattr(state, "seats", None) == getattr(like, "seats", None) else None
