"""The ranking after a round: placement points per table, then the tie-breaks the points
file names, from each round's table results. Pure; the service reads the results from the
stored deals every time (nothing here is a running total).

At a table the players are placed by `place_by`: `chips` (the table's net) or `games`
(games won — Bummerl in Schnapsen — then game points won). Places give the points of the
file's `places` list (first place first, later places 0); tied players share the points of
the places they span (`ledger.domain.league.points_for`), so points are exact fractions.
A match not finished when the round ends scores as `at_time` says: `score` (as it stands),
`draw` (everyone at the table tied) or `none` (no points for anyone). A bye scores
`bye_points`.

Tie-breaks, each largest first: `points`, `buchholz` (the sum of the current points of
every opponent met, once per meeting), `game_point_difference` (game points won less those
conceded), `game_points`, `chips` (net chips over the rounds), `games` (games won).
Players equal on every one share the rank.

    >>> rules = Rules(places=(2, 0), place_by="games", ranking=("points", "buchholz"),
    ...               at_time="score", bye_points=2)
    >>> r1 = [TableResult(1, 1, ("A", "B"), games={"A": 1, "B": 0},
    ...                   game_points={"A": 7, "B": 3}, finished=True)]
    >>> [(s.rank, s.player, s.points) for s in rank(["A", "B", "C"], [r1], [("C",)], rules)]
    [(1, 'A', Fraction(2, 1)), (1, 'C', Fraction(2, 1)), (3, 'B', Fraction(0, 1))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..league import points_for

TIE_BREAKS = ("points", "buchholz", "game_point_difference", "game_points", "chips", "games")
PLACE_BY = ("chips", "games")
AT_TIME = ("score", "draw", "none")


@dataclass(frozen=True, slots=True)
class Rules:
    """A points file, read (`ledger.config.tournament_points`)."""

    places: tuple[int, ...]
    place_by: str = "chips"
    ranking: tuple[str, ...] = ("points", "chips")
    at_time: str = "score"
    bye_points: int = 0
    preset: str = "default"
    description: str = ""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One drawn table's result as its deals stand: nets, games and game points won."""

    round: int
    number: int  # the table's number in the night
    seats: tuple[str, ...]
    chips: Mapping[str, int] = field(default_factory=dict)
    games: Mapping[str, int] = field(default_factory=dict)
    game_points: Mapping[str, int] = field(default_factory=dict)
    finished: bool = False
    deals: int = 0


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's round: their table (None: a bye), opponents, place and figures."""

    round: int
    table: int | None
    opponents: tuple[str, ...]
    place: int | None
    points: Fraction
    chips: int = 0
    games: int = 0
    game_points: int = 0
    conceded: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    points: Fraction
    tie_breaks: tuple[tuple[str, Fraction | int], ...]  # (name, value), the file's order
    rounds: int
    results: tuple[RoundResult | None, ...]  # rounds 1 … R; None: not playing that round


def places(table: TableResult, place_by: str) -> dict[str, int]:
    """Each seat's place: by net chips, or by (games, game points) won; equal share the
    best place they span."""
    def key(p: str) -> tuple[int, ...]:
        if place_by == "chips":
            return (table.chips.get(p, 0),)
        return (table.games.get(p, 0), table.game_points.get(p, 0))

    ordered = sorted(table.seats, key=key, reverse=True)
    out: dict[str, int] = {}
    for i, p in enumerate(ordered):
        out[p] = out[ordered[i - 1]] if i and key(ordered[i - 1]) == key(p) else i + 1
    return out


def table_points(table: TableResult, rules: Rules) -> dict[str, tuple[int, Fraction]]:
    """Each seat's (place, points) at one table."""
    if not table.finished and rules.at_time == "draw":
        placed = dict.fromkeys(table.seats, 1)
    else:
        placed = places(table, rules.place_by)
    tied: dict[int, int] = {}
    for at in placed.values():
        tied[at] = tied.get(at, 0) + 1
    none = not table.finished and rules.at_time == "none"
    return {p: (at, Fraction(0) if none else points_for(at, tied[at], rules.places))
            for p, at in placed.items()}


def round_results(tables: Sequence[TableResult], byes: Sequence[str], rules: Rules,
                  number: int) -> dict[str, RoundResult]:
    out: dict[str, RoundResult] = {}
    for t in tables:
        scored = table_points(t, rules)
        total = sum(t.game_points.get(p, 0) for p in t.seats)
        for p in t.seats:
            at, pts = scored[p]
            out[p] = RoundResult(number, t.number, tuple(q for q in t.seats if q != p), at,
                                 pts, t.chips.get(p, 0), t.games.get(p, 0),
                                 t.game_points.get(p, 0), total - t.game_points.get(p, 0))
    for p in byes:
        out[p] = RoundResult(number, None, (), None, Fraction(rules.bye_points))
    return out


def rank(players: Sequence[str], rounds: Sequence[Sequence[TableResult]],
         byes: Sequence[Sequence[str]], rules: Rules) -> list[Standing]:
    """The ranking of `players` (everyone ever registered) after the rounds given
    (`rounds[i]`, `byes[i]`: round i + 1's tables and byes), best first."""
    per_round = [round_results(tables, byes[i] if i < len(byes) else (), rules, i + 1)
                 for i, tables in enumerate(rounds)]
    points = {p: sum((r[p].points for r in per_round if p in r), Fraction(0)) for p in players}

    def value(p: str, name: str) -> Fraction | int:
        mine = [r[p] for r in per_round if p in r]
        if name == "points":
            return points[p]
        if name == "buchholz":
            return sum((points.get(o, Fraction(0)) for x in mine for o in x.opponents),
                       Fraction(0))
        if name == "game_point_difference":
            return sum(x.game_points - x.conceded for x in mine)
        if name == "game_points":
            return sum(x.game_points for x in mine)
        if name == "chips":
            return sum(x.chips for x in mine)
        return sum(x.games for x in mine)

    keys = {p: tuple(value(p, name) for name in rules.ranking) for p in players}
    ordered = sorted(players, key=lambda p: (tuple(-v for v in keys[p]), p))
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        at = out[-1].rank if i and keys[ordered[i - 1]] == keys[p] else i + 1
        out.append(Standing(at, p, points[p], tuple(zip(rules.ranking, keys[p], strict=True)),
                            sum(1 for r in per_round if p in r),
                            tuple(r.get(p) for r in per_round)))
    return out
