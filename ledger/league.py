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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
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
    spanned = [table[p - 1] if p - 1 < len(table) else 0 for p in range(place, place + tied)]
    return Fraction(sum(spanned), tied)


def night_points(nets: Mapping[str, int], table: Sequence[int]) -> dict[str, Fraction]:
    """Each player's points at one night (see `points_for`)."""
    places = night_places(nets)
    tied: dict[int, int] = {}
    for place in places.values():
        tied[place] = tied.get(place, 0) + 1
    return {name: points_for(place, tied[place], table) for name, place in places.items()}


def league(results: Sequence[NightResult], scoring: Scoring = "chips",
           table: Sequence[int] = ()) -> list[LeagueRow]:
    """The league table over the nights of `results`: one row per player who played a deal,
    ranked by net (chips) or by points (placement); equal values share the rank."""
    mine: dict[str, list[NightResult]] = {}
    by_night: dict[int, dict[str, int]] = {}
    for r in sorted(results, key=lambda r: (r.date, r.night_id)):
        if r.deals <= 0:
            continue
        mine.setdefault(r.player, []).append(r)
        by_night.setdefault(r.night_id, {})[r.player] = r.net
    placed = scoring == "placement"
    places = {n: night_places(nets) for n, nets in by_night.items()} if placed else {}
    points = {n: night_points(nets, table) for n, nets in by_night.items()} if placed else {}
    rows = []
    for player, nights in mine.items():
        net = sum(r.net for r in nights)
        deals = sum(r.deals for r in nights)
        rows.append(LeagueRow(
            0, player, len(nights), deals, net, per_deal(net, deals),
            max(r.net for r in nights), min(r.net for r in nights), nights[-1].date,
            sum((points[r.night_id][player] for r in nights), Fraction(0)) if placed else None,
            tuple(places[r.night_id][player] for r in nights) if placed else None))
    return ranked(rows, placed)


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
    totals = {p: Fraction(0) for p in players}
    out: dict[str, list[Fraction]] = {p: [] for p in players}
    for key in sorted(by_night):
        nets = by_night[key]
        gained: Mapping[str, Fraction | int] = (night_points(nets, table)
                                                if scoring == "placement" else nets)
        for p in players:
            totals[p] += gained.get(p, 0)
            out[p].append(totals[p])
    return out
