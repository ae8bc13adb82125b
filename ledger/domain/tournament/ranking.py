"""The ranking after a round: placement points per table, then the tie-breaks the points
file names, from each round's table results. Pure; the service reads the results from the
stored deals every time (nothing here is a running total).

At a table the players are placed by `place_by`: `chips` (the table's net) or `games`
(games won — Bummerl in Schnapsen — then game points won). Places give the points of the
file's `places` list (first place first, later places 0); tied players share the points of
the places they span (`ledger.domain.league.points_for`), so points are exact fractions.
A match counts once it is played: finished (a Bummerl or target reached, a chip table's
deals done), or its round over (time up, or the next round drawn) — then an unfinished one
scores as `at_time` says: `score` (as it stands), `draw` (everyone at the table tied) or
`none` (no points for anyone). Before that it is "playing": no points, no place, no
meeting for Buchholz. A bye scores `bye_points` as soon as it is drawn (it is decided).

Tie-breaks, each largest first: `points`, `buchholz` (the sum of the current points of
every opponent met, once per meeting; a bye counts as a meeting with a virtual opponent of
the holder's own points when `bye_in_buchholz` is `virtual`, as FIDE's tie-break rules
count an unplayed round), `game_point_difference` (game points won less those conceded),
`game_points`, `chips` (net chips over the rounds), `games` (games won). Players equal on
every one share the rank. A player withdrawn before playing any match is not ranked
(`withdrawn_unplayed` lists them); one withdrawn later is ranked on what they played and
marked (`Standing.withdrawn`).

    >>> rules = Rules(places=(2, 0), place_by="games", ranking=("points", "buchholz"),
    ...               at_time="score", bye_points=2)
    >>> r1 = [TableResult(1, 1, ("A", "B"), games={"A": 1, "B": 0},
    ...                   game_points={"A": 7, "B": 3}, finished=True)]
    >>> [(s.rank, s.player, s.points) for s in rank(["A", "B", "C"], [r1], [("C",)], rules)]
    [(1, 'A', Fraction(2, 1)), (1, 'C', Fraction(2, 1)), (3, 'B', Fraction(0, 1))]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..league import points_for

TIE_BREAKS = ("points", "buchholz", "game_point_difference", "game_points", "chips", "games")
PLACE_BY = ("chips", "games")
AT_TIME = ("score", "draw", "none")
BYE_IN_BUCHHOLZ = ("virtual", "none")
AFTER_TIME = ("finish_deal", "refuse")


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
    bye_in_buchholz: str = "none"
    after_time: str = "finish_deal"  # a deal after time: the one in play, or "refuse"
    round_deals: int = 0  # a chip table's round: this many kept deals (0: one per seat)
    confirm: str = ""  # who confirms its tables' deals ("": as the preset says)


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
    over: bool = False  # the round is over: time up, or a later round drawn

    @property
    def counts(self) -> bool:
        """Is the match decided, so that it scores?"""
        return self.finished or self.over


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
    playing: bool = False  # under way: shown with the score so far, never as points


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    points: Fraction
    tie_breaks: tuple[tuple[str, Fraction | int], ...]  # (name, value), the file's order
    rounds: int  # rounds decided (played, or a bye)
    results: tuple[RoundResult | None, ...]  # rounds 1 … R; None: not playing that round
    withdrawn: bool = False  # withdrawn after playing: ranked on what they played

    @property
    def playing(self) -> bool:
        """Is one of this player's matches still under way (the ranking is provisional)?"""
        return any(r is not None and r.playing for r in self.results)


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
            at, pts = scored[p] if t.counts else (None, Fraction(0))
            out[p] = RoundResult(number, t.number, tuple(q for q in t.seats if q != p), at,
                                 pts, t.chips.get(p, 0), t.games.get(p, 0),
                                 t.game_points.get(p, 0), total - t.game_points.get(p, 0),
                                 playing=not t.counts)
    for p in byes:
        out[p] = RoundResult(number, None, (), None, Fraction(rules.bye_points))
    return out


def withdrawn_unplayed(players: Sequence[str], rounds: Sequence[Sequence[Sequence[str]]],
                       byes: Sequence[Sequence[str]], withdrawn: Collection[str]) -> list[str]:
    """The withdrawn among `players` who never sat at a table of the rounds given (each
    round's tables' seats) nor had a bye: not ranked, listed apart."""
    seated = {p for tables in rounds for seats in tables for p in seats}
    seated |= {p for b in byes for p in b}
    return [p for p in players if p in withdrawn and p not in seated]


def rank(players: Sequence[str], rounds: Sequence[Sequence[TableResult]],
         byes: Sequence[Sequence[str]], rules: Rules,
         withdrawn: Collection[str] = ()) -> list[Standing]:
    """The ranking of `players` (everyone ever registered) after the rounds given
    (`rounds[i]`, `byes[i]`: round i + 1's tables and byes), best first; `withdrawn`: who
    has withdrawn (ranked only if they played)."""
    gone = set(withdrawn_unplayed(players, [[t.seats for t in r] for r in rounds], byes,
                                  withdrawn))
    players = [p for p in players if p not in gone]
    per_round = [round_results(tables, byes[i] if i < len(byes) else (), rules, i + 1)
                 for i, tables in enumerate(rounds)]
    points = {p: sum((r[p].points for r in per_round if p in r), Fraction(0)) for p in players}
    virtual = rules.bye_in_buchholz == "virtual"

    def value(p: str, name: str) -> Fraction | int:
        mine = [r[p] for r in per_round if p in r and not r[p].playing]
        if name == "points":
            return points[p]
        if name == "buchholz":
            met = sum((points.get(o, Fraction(0)) for x in mine for o in x.opponents),
                      Fraction(0))
            return met + (points[p] * sum(1 for x in mine if x.table is None) if virtual
                          else 0)
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
                            sum(1 for r in per_round if p in r and not r[p].playing),
                            tuple(r.get(p) for r in per_round), p in withdrawn))
    return out
