"""Ratings on two cores (`ledger/service/rating_cores.py`) are the ratings on one: the
rating over every game and those at each game made apart, in two processes, and joined."""

from __future__ import annotations

import random

from ledger.domain.rating import NightInput, RatingOptions, TableResult
from ledger.domain.rating import rate_all as one_core
from ledger.service.rating_cores import rate_all

GAMES = [("crazy-solo", 5), ("hachihachi-trick", 4), ("schnapsen", 2), ("sixty-six-three", 3),
         ("sixty-six-four", 4)]


def league(seed: int, nights: int) -> list[NightInput]:
    rng = random.Random(seed)
    out = []
    for n in range(1, nights + 1):
        pool = rng.sample(range(1, 41), 18)
        tables = []
        for k, (game, seats) in enumerate(rng.sample(GAMES, 4)):
            who, pool = tuple(pool[:seats]), pool[seats:]
            tables.append(TableResult(10 * n + k, game, who,
                                      tuple(rng.randint(-40, 40) for _ in who)))
        out.append(NightInput(n, f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}", tuple(tables)))
    return out


def test_two_cores_give_one_cores_ratings() -> None:
    nights = league(3, 60)
    options = RatingOptions()
    alone = one_core(nights, options)
    assert rate_all(nights, options, two_from=1) == alone  # in two processes
    assert rate_all(nights, options) == alone  # few tables: in this one
    half = one_core(nights[:30], options)
    state = {k: v for night in half for k, v in night.items()}
    assert rate_all(nights[30:], options, state, two_from=1) == alone[30:]
