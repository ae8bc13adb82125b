"""The mix draw's search (`ledger/domain/tournament/mix_search.py`): the small events whose
fewest repeated meetings are known reach them, drawn round by round as the service draws
them (planning the rounds left); the same inputs give the same seats; the sums the search
keeps up to date equal a count from scratch after any run of swaps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.domain.tournament import mix_search
from ledger.domain.tournament.draw import meetings, mix_draw, pair, random_draw

# (players, table size, rounds, the fewest repeated meetings possible): 9 at 3 and 16 at 4
# are the affine planes of order 3 and 4 (everyone meets everyone once); 15 at 3 over 3
# rounds, three weeks of Kirkman's schoolgirls. 15 at tables of five cannot avoid repeats:
# a table of five drawn from three earlier tables holds two pairs of earlier table-mates at
# least, so 6 a round, 12 over rounds 2 and 3 (reached by putting the same pairs together
# again in round 3).
SMALL = ((15, 3, 3, 0), (9, 3, 4, 0), (16, 4, 5, 0), (15, 5, 3, 12))


def event_repeats(n: int, size: int, rounds: int, seed: str, mixed: bool = True) -> int:
    """Repeated meetings over one event: each meeting of two players who met before."""
    players = [f"p{i}" for i in range(n)]
    past: list[list[tuple[str, ...]]] = []
    for r in range(rounds):
        d = mix_draw(players, size, f"{seed}/{r}", meetings(past), 2, rounds - r) if mixed \
            else random_draw(players, size, f"{seed}/{r}", 2)
        past.append(list(d.tables))
    seen: set[tuple[str, str]] = set()
    count = 0
    for tables in past:
        now = {pair(a, b) for t in tables for i, a in enumerate(t) for b in t[i + 1:]}
        count += len(now & seen)
        seen |= now
    return count


@pytest.mark.parametrize(("n", "size", "rounds", "fewest"), SMALL)
@pytest.mark.parametrize("seed", ["a", "b"])
def test_small_events_reach_the_fewest_repeats(n: int, size: int, rounds: int, fewest: int,
                                               seed: str) -> None:
    assert event_repeats(n, size, rounds, seed) == fewest


def test_looking_ahead_is_what_completes_the_plane_of_order_4() -> None:
    # drawn one round at a time without the rounds to come, round 3 is often repeat-free in
    # a way that leaves no repeat-free round 4 (the unmet pairs form the Shrikhande graph)
    myopic = []
    for seed in "ab":
        players = [f"p{i}" for i in range(16)]
        past: list[list[tuple[str, ...]]] = []
        for r in range(5):
            past.append(list(mix_draw(players, 4, f"{seed}/{r}", meetings(past)).tables))
        myopic.append(sum(v - 1 for v in meetings(past).values()))
    assert max(myopic) > 0
    assert [event_repeats(16, 4, 5, seed) for seed in "ab"] == [0, 0]


def test_the_same_inputs_give_the_same_seats_and_uneven_tables_stay() -> None:
    players = [f"p{i}" for i in range(14)]
    past = [list(random_draw(players, 5, f"r{r}").tables) for r in range(2)]
    one = mix_draw(players, 5, "s", meetings(past), 3, 2)
    assert one == mix_draw(players, 5, "s", meetings(past), 3, 2)
    assert [len(t) for t in one.tables] == [5, 5, 4] and one.byes == ()
    assert sorted(one.players()) == sorted(players)


def _recount(s: mix_search._Search, met: list[list[int]]) -> tuple[int, list[list[int]]]:
    w = [list(row) for row in met]
    total = 0
    for cut in s.tables:
        for seats in cut:
            for i, x in enumerate(seats):
                for y in seats[i + 1:]:
                    total += s.inc[w[x][y]]
                    w[x][y] += 1
                    w[y][x] += 1
    return total, w


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 20), st.integers(2, 5), st.integers(1, 4), st.integers(0, 40),
       st.integers(0, 10**6))
def test_the_kept_sums_equal_a_count_from_scratch(n: int, size: int, rounds: int, pairs: int,
                                                  seed: int) -> None:
    rng = random.Random(seed)
    met = [[0] * n for _ in range(n)]
    for _ in range(pairs):
        a, b = rng.sample(range(n), 2)
        met[a][b] += 1
        met[b][a] += 1
    order = list(range(n))
    rng.shuffle(order)
    tables = [order[i:i + size] for i in range(0, n, size)]
    s = mix_search._Search(tables, met, rounds, random.Random(seed))
    for _ in range(5):
        s.run(50 * n)
        total, w = _recount(s, met)
        assert (s.total, s.w) == (total, w)
        for r, cut in enumerate(s.tables):
            for x in range(n):
                assert s.cost[r][x] == [sum(s.inc[w[x][y] - (s.where[r][x] == t and y != x)]
                                            for y in seats) for t, seats in enumerate(cut)]
        assert sorted(p for t in s.best for p in t) == list(range(n))
        assert [len(t) for t in s.best] == [len(t) for t in tables]
