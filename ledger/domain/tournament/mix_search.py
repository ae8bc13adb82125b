"""The mix draw's search: seat the players so that as few table-mates as possible meet again,
over this round and the rounds still to come (a social golfer problem, solved approximately).

Cost. A meeting of two players who met k ≥ 1 times before (earlier rounds or another round of
the plan) costs `REPEAT` + k − 1; a first meeting costs nothing. So the search first lowers
the number of repeated meetings (what a director counts, and the benchmark), then, among
plans with as many, avoids a third meeting before a second.

Why plan ahead. A round can be free of repeats and still leave no repeat-free round after it:
16 players at tables of four, whose five rounds can make everyone meet everyone once (the
affine plane of order 4), but a third round drawn as the cyclic Latin square of order 4 leaves
the Shrikhande graph of unmet pairs, which holds no table of four. So the search plans R
rounds (this round and the ones left, at most `PLAN` player-rounds: a large field, where
repeats are easy to avoid, plans fewer), keeps only this round, and the next draw plans again
from what was played.

Method: a tabu search over swaps of two players between tables of one round of the plan. A
step takes the players who sit with someone they meet elsewhere (all of them, or a sample of
`WIDTH // n` drawn from the generator), weighs each one's swap with every player at another
table of that round in constant time (`cost[r][x][t]`: what x would pay at table t of round r,
kept up to date on each swap), and makes the best swap that is not tabu (for a few steps,
`TENURE`, a player may not go back to the table they left) unless it gives the best plan so
far. After `STALL` steps without a better plan, `KICK` random swaps shake it. The search stops
at no repeat or when `BUDGET` swaps have been weighed — a count, not the clock, so the same
inputs and seed give the same seats. Measured (tests/bench_tournament.py, a loaded 2-core
machine), a draw of 240 players takes 0.02–0.1 s at tables of 3–8 (no repeat is left) and at
most 0.45 s at tables of 12, where the budget runs out. Everything random comes from the
generator passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

BUDGET = 2_000_000  # swaps weighed at most: ≈ 0.4 s
REPEAT = 1_000  # a repeated meeting; + 1 for each earlier one past the first
PLAN = 480  # player-rounds planned at most: fewer rounds ahead for a large field
WIDTH = 2_000  # swaps weighed in one step at most
STALL = 200
KICK = 3
TENURE = (3, 12)


def spread(tables: Sequence[Sequence[int]], met: Sequence[Sequence[int]], rounds: int,
           rng: random.Random, budget: int = BUDGET) -> list[list[int]]:
    """The first round of the best plan found, from `tables` (players 0..n-1, each once) and
    `met[x][y]` (how often x and y met before). The result keeps each table's size.

        >>> spread([[0, 1], [2, 3]], [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1],
        ...                           [0, 0, 1, 0]], 1, random.Random(1))
        [[0, 2], [1, 3]]
    """
    n = sum(map(len, tables))
    ahead = max(1, min(rounds, PLAN // max(1, n)))
    search = _Search([list(t) for t in tables], met, ahead, rng)
    if len(tables) > 1:
        search.run(budget)
    return search.best


class _Search:
    def __init__(self, first: list[list[int]], met: Sequence[Sequence[int]], rounds: int,
                 rng: random.Random) -> None:
        self.rng = rng
        n = self.n = sum(map(len, first))
        sizes = [len(t) for t in first]
        self.tables = [first]
        for _ in range(rounds - 1):  # later rounds start as random cuts
            order = list(range(n))
            rng.shuffle(order)
            cut, at = [], 0
            for k in sizes:
                cut.append(order[at:at + k])
                at += k
            self.tables.append(cut)
        self.where = [[0] * n for _ in self.tables]
        for r, cut in enumerate(self.tables):
            for t, seats in enumerate(cut):
                for x in seats:
                    self.where[r][x] = t
        w = self.w = [list(row) for row in met]
        top = max((max(row) for row in w), default=0) + rounds + 1
        inc = self.inc = [0] + [REPEAT + k for k in range(top)]
        cost = 0  # sum over pairs of C(k, 2) − C(h, 2), built one meeting at a time
        for cut in self.tables:
            for seats in cut:
                for i, x in enumerate(seats):
                    for y in seats[i + 1:]:
                        cost += inc[w[x][y]]
                        w[x][y] += 1
                        w[y][x] += 1
        self.total = cost
        # cost[r][x][t]: meetings of x outside round r with the players at table t of round r
        self.cost = [[[sum(inc[w[x][y] - (where[x] == t and y != x)] for y in seats)
                       for t, seats in enumerate(cut)] for x in range(n)]
                     for cut, where in zip(self.tables, self.where, strict=True)]
        self.tabu = [[[0] * len(first) for _ in range(n)] for _ in self.tables]
        self.best_total = cost
        self.best = [list(t) for t in first]

    def run(self, budget: int) -> None:
        rng, n, rounds, inc = self.rng, self.n, len(self.tables), self.inc
        width = max(1, WIDTH // n)  # players weighed per step
        stall = step = 0
        while budget > 0 and self.best_total > 0:
            step += 1
            moves = self._conflicted()
            if len(moves) > width:
                moves = rng.sample(moves, width)
            best, ties, choice = None, 0, (0, 0, 0)
            aspire = self.best_total - self.total
            for r, p in moves:
                cr, wr, tr = self.cost[r], self.where[r], self.tabu[r]
                a = wr[p]
                cp, wp, tp = cr[p], self.w[p], tr[p]
                budget -= n
                for q in range(n):
                    b = wr[q]
                    if b == a:
                        continue
                    cq = cr[q]
                    delta = cp[b] + cq[a] - 2 * inc[wp[q]] - cp[a] - cq[b]
                    if best is not None and delta > best:
                        continue
                    if (tp[b] > step or tr[q][a] > step) and delta >= aspire:
                        continue
                    if best is None or delta < best:
                        best, ties, choice = delta, 1, (r, p, q)
                    else:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            choice = (r, p, q)
            if best is None:
                continue
            self._swap(*choice, step)
            if self.total < self.best_total:
                self.best_total, stall = self.total, 0
                self.best = [list(t) for t in self.tables[0]]
            else:
                stall += 1
                if stall >= STALL:
                    stall = 0
                    for _ in range(KICK):
                        r = rng.randrange(rounds)
                        p, q = rng.randrange(n), rng.randrange(n)
                        if self.where[r][p] != self.where[r][q]:
                            self._swap(r, p, q, step)

    def _conflicted(self) -> list[tuple[int, int]]:
        """(round, player) for every player who sits with someone they meet elsewhere."""
        return [(r, x) for r, (cr, wr) in enumerate(zip(self.cost, self.where, strict=True))
                for x in range(self.n) if cr[x][wr[x]] > 0]

    def _swap(self, r: int, p: int, q: int, step: int) -> None:
        wr, w, cr, inc = self.where[r], self.w, self.cost[r], self.inc
        a, b = wr[p], wr[q]
        self.total += cr[p][b] + cr[q][a] - 2 * inc[w[p][q]] - cr[p][a] - cr[q][b]
        for x in range(self.n):  # this round's sums: table a loses p and gains q, b the reverse
            wx, cx = w[x], cr[x]
            shift = inc[wx[q] - (wr[x] == b and x != q)] - inc[wx[p] - (wr[x] == a and x != p)]
            cx[a] += shift
            cx[b] -= shift
        ta, tb = self.tables[r][a], self.tables[r][b]
        others = [(self.where[c], self.cost[c]) for c in range(len(self.tables)) if c != r]
        for x, old, new in ((p, ta, tb), (q, tb, ta)):
            for y, change in [(y, -1) for y in old if y != x] + [(y, 1) for y in new
                                                                    if y not in (p, q)]:
                was = w[x][y]
                w[x][y] = w[y][x] = was + change
                for where, cost in others:  # other rounds see the meeting count change
                    k = was - (where[x] == where[y])
                    shift = inc[k + change] - inc[k]
                    cost[x][where[y]] += shift
                    cost[y][where[x]] += shift
        ta[ta.index(p)] = q
        tb[tb.index(q)] = p
        wr[p], wr[q] = b, a
        lo, hi = TENURE
        self.tabu[r][p][a] = step + self.rng.randint(lo, hi)
        self.tabu[r][q][b] = step + self.rng.randint(lo, hi)
