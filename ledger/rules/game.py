"""What every game engine provides: a fold over a table's deals.

A game is a `Game` record of pure functions. The service layer never looks inside an
outcome or a state; it stores `to_json(outcome)` and replays `settle` from `initial`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .transfers import Settlement

Options = Any  # a game's frozen options dataclass
State = Any  # a game's frozen table state (must carry `.seats`)
Outcome = Any  # a game's frozen deal outcome


@dataclass(frozen=True, slots=True)
class Game:
    name: str  # as typed in `--game` and the contract's "game"
    title: str  # for people
    min_seats: int
    max_seats: int
    # options: build from a preset mapping (RuleError on a bad key or value), and back to JSON
    make_options: Callable[[Mapping[str, Any]], Options]
    options_json: Callable[[Options], dict[str, Any]]
    # the fold
    initial: Callable[[tuple[str, ...], Options], State]
    parse: Callable[[Mapping[str, Any], State, Options], Outcome]
    settle: Callable[[State, Outcome, Options], tuple[Settlement, State]]
    # the outcome as contract JSON, without "game" and "players" (parse(to_json(o)) == o)
    to_json: Callable[[Outcome], dict[str, Any]]
    summary: Callable[[Outcome, Settlement], str]  # one line, e.g. "Solo ♣ Bea + Dan, 73 → 25"
    # what a table shows between deals: {"finished": bool, ...game specific}
    status: Callable[[State, Options], Mapping[str, Any]]
    # table-level check of the seats for these options (count etc.); RuleError if not
    check_seats: Callable[[tuple[str, ...], Options], None]
    # who plays the next deal, if not every seat (three-player Sixty-Six: not the dealer);
    # a `players` list in `round add` may name either these or all the seats
    players_of: Callable[[State], tuple[str, ...]] | None = None
    # scorer-typed CLI flags (long names with underscores -> str or bool) to contract JSON
    quick: Callable[[Mapping[str, Any], State], dict[str, Any]] | None = None
    # options added after tables were first stored: the value a stored table that lacks the
    # key was played under (the dataclass default is the rule for new tables, which freeze it)
    legacy_options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def stored_options(self, raw: Mapping[str, Any]) -> Options:
        """A stored table's frozen options: a key it predates keeps its legacy value, so the
        table settles as it did when its deals were recorded."""
        return self.make_options({**self.legacy_options, **raw})
