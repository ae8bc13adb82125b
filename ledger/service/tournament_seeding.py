"""`tally tournament draw --seed-by rating`: the players' ratings as a draw's
seeding. A Swiss draw pairs its ranking with the players who share a rank ordered by their
rating (round 1: everyone, strongest first) instead of by lot; a mix draw's round 1 spreads
the strong: the players are cut by rating into tiers as wide as there are tables, and two of
one tier count as having met, so the draw (which seats apart those who met) seats each tier
at different tables. The draw itself is unchanged: it is given an order, or meetings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from .store import Store

if TYPE_CHECKING:
    from ..domain.tournament.ranking import Standing

SEEDINGS = ("rating",)


def strengths(store: Store, seed_by: str | None) -> dict[str, float] | None:
    """Each rated player's ordinal (over every game), or None without `seed_by`. Read
    before the draw's own transaction (rating may keep its cache first)."""
    if seed_by is None:
        return None
    if seed_by not in SEEDINGS:
        raise RuleError("--seed-by", "not_seed_by", value=show(seed_by))
    from .rating import Ratings

    return {r.player: r.ordinal for r in Ratings(store).rating().rows}


def start(store: Store, method: str) -> float:
    """The ordinal of a player not yet rated; refused for a draw that takes no seeding."""
    from ..domain.rating import Rating, ordinal
    from .rating import Ratings

    if method not in ("swiss", "mix"):
        raise RuleError("--seed-by", "seed_by_method", method=method)
    o = Ratings(store).options()
    return ordinal(Rating(o.mu, o.sigma, 0))


def by_strength(order: Sequence[str], standing: Sequence[Standing],
                strength: Mapping[str, float], unrated: float = 0.0) -> list[str]:
    """`order` (by rank) with the players of one rank strongest first (a stable sort:
    equal ratings keep the order drawn)."""
    rank = {x.player: x.rank for x in standing}
    return sorted(order, key=lambda p: (rank[p], -strength.get(p, unrated)))


def tiers(players: Sequence[str], strength: Mapping[str, float], tables: int,
          unrated: float = 0.0) -> dict[tuple[str, str], int]:
    """Meetings within each tier of `tables` players by rating, strongest first.

    >>> tiers(["a", "b", "c", "d"], {"a": 3, "b": 2, "c": 1, "d": 0}, 2)
    {('a', 'b'): 1, ('c', 'd'): 1}
    """
    ranked = sorted(players, key=lambda p: -strength.get(p, unrated))
    out: dict[tuple[str, str], int] = {}
    for i in range(0, len(ranked), max(1, tables)):
        tier = ranked[i:i + tables]
        for a in range(len(tier)):
            for b in range(a + 1, len(tier)):
                x, y = sorted((tier[a], tier[b]))
                out[(x, y)] = 1
    return out
