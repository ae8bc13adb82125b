"""The one reach into openskill's internals (6.x; pyproject pins the range): the
Plackett–Luce model's own update (`PlackettLuce._compute`), called the way its public
`rate` calls it, without what `rate` does around it for a caller it cannot trust.

Why: `rate` deep-copies the teams and each rating object made (ours and the copies) draws a
uuid4 for its id; over a federation's half a million tables, two scopes each, that was four
fifths of the time and none of the arithmetic. Here the ratings are a few reused rating
objects whose μ and σ are set before each table, and the rest of `rate` is done as `rate`
does it for ranks with no scores, weights or limit on σ: σ² + τ² first, the teams in
ascending rank (a stable sort: `common._unwind`), `_compute`, then back to their order.
Any other model, or a Plackett–Luce model with `limit_sigma` or `balance`, goes through
`rate` itself. tests/test_compat_openskill.py checks this gives `rate`'s own floats,
bit for bit, over many random tables, and names what is gone if openskill changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

Team = Sequence[tuple[float, float]]  # (mu, sigma) of each player
Rater = Callable[[Sequence[Team], Sequence[int]], list[list[tuple[float, float]]]]
NEEDED = ("_compute", "tau", "limit_sigma", "balance", "rating")  # of a PlackettLuce


def missing_internals(model: Any) -> list[str]:
    """What this module reads of a PlackettLuce model and cannot find (none: usable)."""
    return [name for name in NEEDED if not hasattr(model, name)]


def rater(model: Any) -> Rater:
    """A function rating one table with `model`: teams of (mu, sigma), ranks (1 = best)
    → the teams' (mu, sigma) after it, as `model.rate` gives them."""
    if (type(model).__name__ != "PlackettLuce" or missing_internals(model)
            or model.limit_sigma or model.balance):
        return _public(model)
    return _lean(model)


def _public(model: Any) -> Rater:
    def rate(teams: Sequence[Team], ranks: Sequence[int]) -> list[list[tuple[float, float]]]:
        rated = model.rate([[model.rating(mu=mu, sigma=sigma) for mu, sigma in team]
                            for team in teams], ranks=list(ranks))
        return [[(r.mu, r.sigma) for r in team] for team in rated]

    return rate


def _lean(model: Any) -> Rater:
    pool: list[Any] = []  # rating objects, reused: `_compute` sets their mu and sigma
    compute = model._compute  # HACK: openskill's private update, see the docstring
    tau_squared = model.tau * model.tau

    def rate(teams: Sequence[Team], ranks: Sequence[int]) -> list[list[tuple[float, float]]]:
        need = sum(len(t) for t in teams)
        while len(pool) < need:
            pool.append(model.rating())
        k = 0
        objects = []
        for team in teams:
            row = []
            for mu, sigma in team:
                o = pool[k]
                k += 1
                o.mu = mu
                o.sigma = math.sqrt(sigma * sigma + tau_squared)
                row.append(o)
            objects.append(row)
        order = sorted(range(len(teams)), key=ranks.__getitem__)  # stable, as `_unwind`
        result = compute(teams=[objects[i] for i in order],
                         ranks=sorted(ranks))
        out: list[list[tuple[float, float]]] = [[] for _ in teams]
        for i, team in zip(order, result, strict=True):
            out[i] = [(p.mu, p.sigma) for p in team]
        return out

    return rate
