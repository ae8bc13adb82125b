"""The season's league table: pure ranking and placement functions (no I/O, no SQL).

Input is what the store sums (`store/league_rows.py`): each player's net and deals at each
night of the range. A player is in the league when they played at least one deal that is
not void in the range; a night counts for a player when they played a deal in it.

Placement scoring. Each night, the players who played are placed by their night's net,
highest first; equal nets share the best of the places they span (nets 30, 10, 10, −50 are
places 1, 2, 2, 4). Places give points from a points table (`data/league/*.toml`, default
10-7-5-3-1, later places 0). Tied players share the points of the places they span, equally:
each gets their sum divided by how many tied. That average need not be a whole number (two
tied for first at 10-7 get 8½ each, three get 22/3), so points are kept as exact fractions
(`Fraction`) while they are added up and ranked, and only shown rounded: to 2 decimals,
ROUND_HALF_UP (`shown`). Two players whose exact totals are equal share the rank.

    >>> night_places({"Ann": 30, "Bea": 10, "Cid": 10, "Dan": -50})
    {'Ann': 1, 'Bea': 2, 'Cid': 2, 'Dan': 4}
    >>> night_points({"Ann": 30, "Bea": 10, "Cid": 10}, (10, 7, 5))
    {'Ann': Fraction(10, 1), 'Bea': Fraction(6, 1), 'Cid': Fraction(6, 1)}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from math import lcm
from operator import itemgetter
from typing import Literal, NamedTuple

Scoring = Literal["chips", "placement"]
SCORINGS: tuple[Scoring, ...] = ("chips", "placement")
CENT = Decimal("0.01")


class NightResult(NamedTuple):
    """One player's night: net and deals over the tables in scope (a tuple: a decade
    makes thousands)."""

    night_id: int
    date: str
    player: str
    net: int
    deals: int


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """One line of the league table. `points` and `places` only with placement scoring
    (`places`: the player's place at each of their nights, in date order)."""

    rank: int
    player: str
    nights: int
    deals: int
    net: int
    per_deal: Decimal
    best: int
    worst: int
    last: str
    points: Fraction | None = None
    places: tuple[int, ...] | None = None


def shown(value: Fraction | int) -> Decimal:
    """A value to 2 decimals, halves rounded away from zero (8.5 → 8.50, 22/3 → 7.33)."""
    exact = Fraction(value)
    return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        CENT, rounding=ROUND_HALF_UP)


def per_deal(net: int, deals: int) -> Decimal:
    """Net chips per deal played, to 2 decimals, ROUND_HALF_UP (−7 / 2 → −3.50)."""
    return shown(Fraction(net, deals)) if deals else Decimal("0.00")


def night_places(nets: Mapping[str, int]) -> dict[str, int]:
    """Each player's place at one night: by net, highest first; equal nets share the best
    place they span (1, 2, 2, 4)."""
    ordered = sorted(nets.items(), key=lambda kv: -kv[1])
    places: dict[str, int] = {}
    for i, (name, net) in enumerate(ordered):
        prev = ordered[i - 1] if i else None
        places[name] = places[prev[0]] if prev is not None and prev[1] == net else i + 1
    return places


def points_for(place: int, tied: int, table: Sequence[int]) -> Fraction:
    """What each of `tied` players sharing `place` gets: the average of the points of
    places place … place + tied − 1 (places past the table's end give 0)."""
    return Fraction(sum(table[place - 1:place - 1 + tied]), tied)  # past the end: 0


def night_points(nets: Mapping[str, int], table: Sequence[int]) -> dict[str, Fraction]:
    """Each player's points at one night (see `points_for`)."""
    scale = _scale([nets])
    return {name: Fraction(n, scale) for name, n in _placed(nets, table, scale)[1].items()}


def _placed(nets: Mapping[str, int], table: Sequence[int], scale: int
            ) -> tuple[dict[str, int], dict[str, int]]:
    """A night's places and each player's points × `scale`, in whole numbers when `scale`
    is a multiple of every tie's size (a season adds thousands of these: integer sums are
    exact and many times faster than adding fractions)."""
    places = night_places(nets)
    tied: dict[int, int] = {}
    for place in places.values():
        tied[place] = tied.get(place, 0) + 1
    share = {place: sum(table[place - 1:place - 1 + k]) * scale // k  # past the end: 0
             for place, k in tied.items()}
    return places, {name: share[place] for name, place in places.items()}


def _scale(nights: Iterable[Mapping[str, int]]) -> int:
    """A whole number every tie's size divides: the lcm of 1 … the most players a night."""
    return lcm(*range(1, max((len(n) for n in nights), default=1) + 1))


def league(results: Sequence[NightResult], scoring: Scoring = "chips",
           table: Sequence[int] = ()) -> list[LeagueRow]:
    """The league table over the nights of `results`: one row per player who played a deal,
    ranked by net (chips) or by points (placement); equal values share the rank."""
    mine: dict[str, list[NightResult]] = {}
    by_night: dict[int, dict[str, int]] = {}
    for r in sorted(results, key=itemgetter(1, 0)):  # (date, night id), in C
        if r.deals <= 0:
            continue
        mine.setdefault(r.player, []).append(r)
        by_night.setdefault(r.night_id, {})[r.player] = r.net
    placed = scoring == "placement"
    scale = _scale(by_night.values()) if placed else 1
    done = {n: _placed(nets, table, scale) for n, nets in by_night.items()} if placed else {}
    rows = []
    for player, nights in mine.items():
        net = sum(r.net for r in nights)
        deals = sum(r.deals for r in nights)
        rows.append(LeagueRow(
            0, player, len(nights), deals, net, per_deal(net, deals),
            max(r.net for r in nights), min(r.net for r in nights), nights[-1].date,
            Fraction(sum(done[r.night_id][1][player] for r in nights), scale) if placed
            else None,
            tuple(done[r.night_id][0][player] for r in nights) if placed else None))
    return ranked(rows, placed)


def chips_league(totals: Iterable[tuple[str, int, int, int, int, int, str]]
                 ) -> list[LeagueRow]:
    """The league by chips from each player's totals (player, nights, deals, net, best,
    worst, last date) already added up, as `league` ranks the nights they come from.

    >>> [(r.rank, r.player, r.per_deal) for r in chips_league(
    ...     [("Bea", 2, 4, -7, 3, -10, "2026-01-08"), ("Ann", 1, 2, 7, 7, 7, "2026-01-01")])]
    [(1, 'Ann', Decimal('3.50')), (2, 'Bea', Decimal('-1.75'))]
    """
    return ranked([LeagueRow(0, player, nights, deals, net, per_deal(net, deals), best,
                             worst, last)
                   for player, nights, deals, net, best, worst, last in totals], False)


def ranked(rows: Sequence[LeagueRow], by_points: bool) -> list[LeagueRow]:
    """Rows ranked by points or net, highest first (then name); equal values share a rank
    (1, 2, 2, 4)."""
    def value(r: LeagueRow) -> Fraction:
        return r.points if by_points and r.points is not None else Fraction(r.net)

    ordered = sorted(rows, key=lambda r: (-value(r), r.player.lower(), r.player))
    out: list[LeagueRow] = []
    for i, r in enumerate(ordered):
        rank = out[-1].rank if out and value(out[-1]) == value(r) else i + 1
        out.append(LeagueRow(rank, r.player, r.nights, r.deals, r.net, r.per_deal, r.best,
                             r.worst, r.last, r.points, r.places))
    return out


def cumulative(results: Sequence[NightResult], players: Sequence[str], scoring: Scoring,
               table: Sequence[int] = ()) -> dict[str, list[Fraction]]:
    """Each player's running total (net, or points) after each night of the range, in date
    order; a night a player missed repeats their total (for the season's chart)."""
    by_night: dict[tuple[str, int], dict[str, int]] = {}
    for r in results:
        if r.deals > 0:
            by_night.setdefault((r.date, r.night_id), {})[r.player] = r.net
    placed = scoring == "placement"
    scale = _scale(by_night.values()) if placed else 1
    totals = dict.fromkeys(players, 0)  # × scale
    out: dict[str, list[Fraction]] = {p: [] for p in players}
    for key in sorted(by_night):
        nets = by_night[key]
        gained = _placed(nets, table, scale)[1] if placed else nets
        for p in players:
            totals[p] += gained.get(p, 0)
            out[p].append(Fraction(totals[p], scale))
    return out
