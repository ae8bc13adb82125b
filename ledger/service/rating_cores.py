"""Many tables rated on two cores: a federation from scratch is half a million
tables, and the rating over every game and those at each game are two folds that never read
each other (`domain.rating.rate_night`), so the second is made in a process of its own
while this one makes the first, and the two are joined night by night. The numbers are the
same either way (tests/test_rating_cores.py); a few tables (a night's refresh, a room's
save) stay in this process.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..domain.rating import Key, NightInput, Rating, RatingOptions

TWO_CORES_FROM = 20_000  # tables: below, a process's start costs more than it saves


def rate_all(nights: Sequence[NightInput], options: RatingOptions,
             state: Mapping[Key, Rating] | None = None, *,
             two_from: int = TWO_CORES_FROM) -> list[dict[Key, Rating]]:
    """`domain.rating.rate_all`, on two cores once there are `two_from` tables or more
    (and two cores to use)."""
    from ..domain import rating

    if sum(len(n.tables) for n in nights) < two_from or (os.cpu_count() or 1) < 2:
        return rating.rate_all(nights, options, state)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # spawned, not forked: the caller may hold threads (the room's server) and connections
    try:
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            games = pool.submit(rating.rate_all, nights, options, state, "games")
            across = rating.rate_all(nights, options, state, "across")
            return [{**a, **g} for a, g in zip(across, games.result(), strict=True)]
    except (BrokenProcessPool, OSError):  # no second process here: one core, as ever
        return rating.rate_all(nights, options, state)
