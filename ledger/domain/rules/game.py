"""What every game engine provides: a fold over a table's deals.

A game is a `Game` record of pure functions, generic over its options, state and outcome
(`Game[crazy_solo.Options, crazy_solo.State, crazy_solo.Outcome]`), so a type checker
holds each engine to its own types. The service never looks inside an outcome or a state;
it stores `to_json(outcome)`, replays `settle` from `initial` (`ledger.domain.replay`) and keeps
the state after each deal (a frozen dataclass of text, numbers, flags and tuples of them,
carrying `.seats`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from .transfers import Settlement

OptionsT = TypeVar("OptionsT")  # a game's frozen options dataclass
StateT = TypeVar("StateT")  # a game's frozen table state (carries `.seats`)
OutcomeT = TypeVar("OutcomeT")  # a game's frozen deal outcome

# where the engine does not matter (the service, the registry)
Options = Any
State = Any
Outcome = Any


# what a form draws for a field (`FieldFact.kind`)
CHOICE = "choice"  # one of `choices` (labels: `labels`, catalogue keys)
NUMBER = "number"  # whole numbers in low..high, one per name in `each` (or one alone)
PLAYER = "player"  # one of `choices` (names; `labels`: how a side is shown), or none
FLAG = "flag"  # yes or no (`labels`: the catalogue keys of yes and no)
CARDS = "cards"  # cards typed as codes ("QS"), `each` names whose hands


@dataclass(frozen=True, slots=True)
class FieldFact:
    """One field a form asks, self-describing: a template draws it from this alone (no
    rule of the game in the app). `label` and `labels` are catalogue keys ("term.x": the
    game term x, both words; `ledger.text.form_facts.label_text` words either), except a
    player field's `labels`, which are the names shown for its choices (sides: "Ann+Chie").
    `quick_flag` is the `tally round add` flag that gives it."""

    name: str  # the contract's key ("points", "ending")
    kind: str  # CHOICE, NUMBER, PLAYER, FLAG or CARDS
    label: str  # catalogue key of the field's label ("slot.points")
    choices: tuple[Any, ...] = ()  # CHOICE: the values in order; PLAYER: the names
    labels: tuple[str, ...] = ()  # one per choice (FLAG: yes, no)
    low: int | None = None  # NUMBER: the range of each number
    high: int | None = None
    each: tuple[str, ...] = ()  # NUMBER/CARDS: one per name (players, sides, sub-keys)
    total: int | None = None  # NUMBER: what the numbers make together
    optional: bool = False  # may stay empty (a player field: "no one", "drawn")
    none: str | None = None  # catalogue key of what empty means here ("ss.drawn_short")
    size: int | None = None  # CARDS: how many cards each
    parts: tuple[FieldFact, ...] = ()  # a field of several kinds of number (`at_close`)
    flag: str | None = None  # its quick flag on the command line, when not `--<name>`
    names: tuple[str, ...] = ()  # CHOICE: each choice as the rules name it, shown as it is
    # (a hand role of the table's: "三本 three of a kind"), where no catalogue key names it
    of: str | None = None  # CHOICE: asked of the value of field `of` (the winner's game
    # points): a form may ask the two as one choice ("Jun: 2")

    @property
    def quick_flag(self) -> str:
        """The `tally round add` flag that gives this field ("--last-trick")."""
        return self.flag or "--" + self.name.replace("_", "-")


def rest_of_total(spec: FieldFact, given: Any) -> dict[str, int]:
    """The number a field's total makes certain: with every name's number but one given,
    the last name's is the total less the others (when that is in the field's range).

    >>> tricks = FieldFact("tricks", NUMBER, "slot.tricks", each=("A", "B"), low=0, high=7,
    ...                    total=7)
    >>> rest_of_total(tricks, {"A": 4}), rest_of_total(tricks, {"A": 9}), rest_of_total(
    ...     tricks, {})
    ({'B': 3}, {}, {})
    """
    if spec.total is None or not spec.each or not isinstance(given, Mapping):
        return {}
    known = {n: given[n] for n in spec.each if type(given.get(n)) is int}
    left = [n for n in spec.each if n not in known]
    if len(left) != 1:
        return {}
    rest = spec.total - sum(known.values())
    low = 0 if spec.low is None else spec.low
    high = spec.total if spec.high is None else spec.high
    return {left[0]: rest} if low <= rest <= high else {}


@dataclass(frozen=True, slots=True)
class FormFacts:
    """What a deal form may ask, given the table's state and the outcome filled in so far
    (pokerkit's `can_*`: the app asks the engine instead of copying its rules). Field names
    are the contract's (`team_points`, `declarations`, `tricks` …); `form` describes each
    field of `fields`, in the same order, for a form drawn from the facts alone."""

    order: tuple[str, ...] = ()  # the players, in the order the form asks them
    fields: tuple[str, ...] = ()  # the outcome's fields that apply now
    choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)  # allowed values
    forced: Mapping[str, Any] = field(default_factory=dict)  # values the rules fix
    totals: Mapping[str, int] = field(default_factory=dict)  # what a field's numbers make
    sides: tuple[tuple[str, ...], ...] = ()  # partnerships, each named by its first player
    facts: Mapping[str, Any] = field(default_factory=dict)  # game specific (multiplier …)
    form: tuple[FieldFact, ...] = ()  # how to draw each of `fields`
    impossible: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)  # refused values
    limits: Mapping[str, Any] = field(default_factory=dict)  # hand size, Aces, points …
    # what a form says beside a field, from what is filled in: lines of (catalogue key,
    # values); a value "term.x" is the game term x, a tuple its items in order
    # (Hachi-Hachi's indicator: "Ooba 大場 ×2")
    notes: Mapping[str, tuple[tuple[str, Mapping[str, Any]], ...]] = field(
        default_factory=dict)

    def spec(self, name: str) -> FieldFact | None:
        """The description of field `name`, if it applies now."""
        return next((f for f in self.form if f.name == name), None)

    def as_json(self) -> dict[str, Any]:
        """The facts a form is drawn from, as plain JSON (`tally round fields --json`, a
        page's script); the game-specific `facts` are left out (they hold frozen tables)."""
        from dataclasses import asdict

        return {"order": list(self.order), "fields": [asdict(f) for f in self.form],
                "forced": dict(self.forced), "impossible": dict(self.impossible),
                "limits": dict(self.limits), "totals": dict(self.totals),
                "sides": [list(s) for s in self.sides]}


@dataclass(frozen=True, slots=True)
class Game(Generic[OptionsT, StateT, OutcomeT]):
    name: str  # as typed in `--game` and the contract's "game"
    title: str  # for people
    min_seats: int
    max_seats: int
    # options: build from a preset mapping (RuleError on a bad key or value), and back to JSON
    make_options: Callable[[Mapping[str, Any]], OptionsT]
    options_json: Callable[[OptionsT], dict[str, Any]]
    # the fold
    initial: Callable[[tuple[str, ...], OptionsT], StateT]
    parse: Callable[[Mapping[str, Any], StateT, OptionsT], OutcomeT]
    settle: Callable[[StateT, OutcomeT, OptionsT], tuple[Settlement, StateT]]
    # the outcome as contract JSON, without "game" and "players" (parse(to_json(o)) == o)
    to_json: Callable[[OutcomeT], dict[str, Any]]
    # what a table shows between deals: {"finished": bool, ...game specific}
    status: Callable[[StateT, OptionsT], Mapping[str, Any]]
    # table-level check of the seats for these options (count etc.); RuleError if not
    check_seats: Callable[[tuple[str, ...], OptionsT], None]
    # who plays the next deal, if not every seat (three-player Sixty-Six: not the dealer);
    # a `players` list in `round add` may name either these or all the seats
    players_of: Callable[[StateT], tuple[str, ...]] | None = None
    # scorer-typed CLI flags (long names with underscores -> str or bool) to contract JSON
    quick: Callable[[Mapping[str, Any], StateT], dict[str, Any]] | None = None
    # options added after tables were first stored: the value a stored table that lacks the
    # key was played under (the dataclass default is the rule for new tables, which freeze it)
    legacy_options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # what a deal names that the table would have proposed otherwise (its start player, its
    # dealer): (key, named, proposed) for each that differs from the state before it. A
    # correction never rewrites a named one; the edge warns when the new chain differs
    off_chain: Callable[[StateT, Mapping[str, Any]], tuple[tuple[str, Any, Any], ...]] | None \
        = None
    # refusals added after deals were stored: run on a deal as it is entered (record,
    # correct, calc), never on a stored deal's replay, so stored deals settle as recorded
    check_entered: Callable[[OutcomeT], None] | None = None
    # does a table of this game end by itself (its status says "finished")? A game that
    # does not (Crazy Solo) plays a tournament round of a number of deals
    ends: bool = True
    # what a deal form may ask given the state and a partial outcome (contract JSON so far)
    form_facts: Callable[[StateT, OptionsT, Mapping[str, Any]], FormFacts] | None = None
    # what the new-table form shows of the game before a table exists (the rules people
    # forget), for these options and the seats chosen so far (None: not chosen yet)
    setup_facts: Callable[[OptionsT, int | None], Mapping[str, Any]] | None = None
    # the TypedDict `status` returns: each game's keys and their types, in one place
    # (tests/rules/test_status_types.py holds every engine's status, and extra, to it)
    status_type: type | None = None
    # the TypedDict of a deal's `Settlement.extra` (the facts its summary and the app show)
    extra_type: type | None = None

    def stored_options(self, raw: Mapping[str, Any]) -> OptionsT:
        """A stored table's frozen options: a key it predates keeps its legacy value, so the
        table settles as it did when its deals were recorded."""
        return self.make_options({**self.legacy_options, **raw})


AnyGame = Game[Any, Any, Any]
