"""Ratings: each player's skill and its uncertainty (μ, σ) under a Weng–Lin model
of `openskill`, from every table of every night, in date order. Pure: facts in, numbers out.

A table is one match, once a chip moved at it (`counts`). Crazy Solo, Hachi-Hachi,
Schnapsen, Sixty-Six (two or three players) rank their players by their net chips at the
table, highest first, equal nets sharing a rank; four-hand Sixty-Six ranks its two
partnerships (seats 1+3 against 2+4) by the side's net. The tables of a night are rated one
after another in table id order, the nights by date (then id). Every table moves two
ratings: the one over every game (`ACROSS`) and the one of its game, so `--game` and a
per-game league read the same cache.

The conservative figure shown is the library's ordinal, μ − 3σ: a newcomer starts at 0 and
rises as their σ shrinks. `openskill` is imported only by `model_of`, when ratings are
computed.

    >>> match(TableResult(1, "crazy-solo", (1, 2, 3), (30, -15, -15)))
    ([[1], [2], [3]], [1, 2, 2])
    >>> match(TableResult(2, "sixty-six-four", (1, 2, 3, 4), (5, -5, 5, -5)))
    ([[1, 3], [2, 4]], [1, 2])
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from .compat_openskill import Rater

ACROSS = ""  # the game key of the rating over every game
MODELS = ("PlackettLuce", "BradleyTerryFull", "BradleyTerryPart", "ThurstoneMostellerFull",
          "ThurstoneMostellerPart")
TEAM_GAMES = frozenset({"sixty-six-four"})  # partners sit opposite: 1+3 against 2+4
GamesScope = Literal["across", "each"]


@dataclass(frozen=True, slots=True)
class RatingOptions:
    """`data/rating/<name>.toml`, validated (`ledger.config.rating`)."""

    model: str = "PlackettLuce"
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0  # added to σ before every game: a rating never freezes
    provisional_games: int = 5
    games: GamesScope = "across"  # what `tally rating` shows without --game

    def key(self) -> str:
        """What the ratings depend on, as text (a night's fingerprint includes it)."""
        facts = asdict(self)
        facts.pop("provisional_games")  # shown, not computed
        facts.pop("games")
        return json.dumps(facts, sort_keys=True)


class TableResult(NamedTuple):
    """A table with at least one deal played: its seats' player ids and their nets."""

    table_id: int
    game: str
    seats: tuple[int, ...]
    nets: tuple[int, ...]


class NightInput(NamedTuple):
    night_id: int
    date: str
    tables: tuple[TableResult, ...]  # in table id order


class Rating(NamedTuple):
    mu: float
    sigma: float
    games: int  # tables rated so far


Key = tuple[str, int]  # (game or ACROSS, player id)


def ordinal(r: Rating) -> float:
    """The conservative figure: μ − 3σ (openskill's `ordinal()` with its defaults)."""
    return r.mu - 3.0 * r.sigma


def provisional(r: Rating, options: RatingOptions) -> bool:
    return r.games < options.provisional_games


def counts(table: TableResult) -> bool:
    """Whether a table is rated: some chip moved at it. A table where nobody has won or
    lost yet (a Sixty-Six game not yet won: its deals pay when a game ends) says nothing
    of anyone's skill."""
    return any(table.nets)


def match(table: TableResult) -> tuple[list[list[int]], list[int]]:
    """The table as openskill's teams and ranks (1 = best; ties share a rank)."""
    seats, nets = table.seats, table.nets
    if table.game in TEAM_GAMES and len(seats) == 4:
        teams = [[seats[0], seats[2]], [seats[1], seats[3]]]
        scores = [nets[0] + nets[2], nets[1] + nets[3]]
    else:
        teams = [[s] for s in seats]
        scores = list(nets)
    return teams, [1 + sum(1 for o in scores if o > x) for x in scores]


def fingerprint(previous: str, options: RatingOptions, night: NightInput) -> str:
    """A night's inputs as a hash, chained to the night before's: a change to a night, or
    to the order of the nights, changes the fingerprint of it and of every later night."""
    facts = [previous, options.key(), night.date,
             [[t.table_id, t.game, list(t.seats), list(t.nets)] for t in night.tables]]
    return hashlib.sha256(json.dumps(facts).encode()).hexdigest()[:32]


def fingerprints(nights: Iterable[NightInput], options: RatingOptions,
                 previous: str = "") -> list[str]:
    """Each night's `fingerprint`, the first chained to `previous` (the night before's)."""
    out: list[str] = []
    for night in nights:
        out.append(fingerprint(out[-1] if out else previous, options, night))
    return out


def model_of(options: RatingOptions) -> Any:
    """The openskill model the options name."""
    from openskill import models

    make = getattr(models, options.model)
    return make(mu=options.mu, sigma=options.sigma, beta=options.beta, tau=options.tau)


Part = Literal["across", "games"]  # one of a night's two independent folds


def rate_night(state: Mapping[Key, Rating], night: NightInput, model: Any,
               options: RatingOptions, rate: Rater | None = None,
               part: Part | None = None) -> dict[Key, Rating]:
    """The ratings after `night` of everyone who played in it (over every game and at each
    game played; with `part`, only the one over every game, or only those at each game),
    from `state` (everyone's rating before it). `rate`: `model`'s table update
    (`compat_openskill.rater`; made here if not given).

    The rating over every game and the one at each game never read each other: the two
    parts are two folds that can be made apart (on two cores) and joined."""
    if rate is None:
        from .compat_openskill import rater

        rate = rater(model)
    changed: dict[Key, Rating] = {}
    fresh = Rating(options.mu, options.sigma, 0)
    for table in night.tables:
        teams, ranks = match(table)
        scopes = ((ACROSS, table.game) if part is None else (ACROSS,) if part == "across"
                  else (table.game,))
        for scope in scopes:
            now = [[changed.get((scope, p)) or state.get((scope, p)) or fresh for p in team]
                   for team in teams]
            rated = rate([[(r.mu, r.sigma) for r in team] for team in now], ranks)
            for team, before, after in zip(teams, now, rated, strict=True):
                for p, b, (mu, sigma) in zip(team, before, after, strict=True):
                    changed[(scope, p)] = Rating(mu, sigma, b.games + 1)
    return changed


def rate_all(nights: Iterable[NightInput], options: RatingOptions,
             state: Mapping[Key, Rating] | None = None, part: Part | None = None
             ) -> list[dict[Key, Rating]]:
    """Each night's `rate_night`, in order, from `state` (else from nobody rated)."""
    from .compat_openskill import rater

    model = model_of(options)
    rate = rater(model)
    now = dict(state or {})
    out = []
    for night in nights:
        changed = rate_night(now, night, model, options, rate, part)
        now.update(changed)
        out.append(changed)
    return out
