"""Swiss pairings for two-player games, by maximum-weight matching (networkx).

The players come ranked (best first), with their points. One matching over all of them
(and, when their number is odd, one "bye" vertex) chooses, in this order of importance:

1. the bye for a player who has had none (while anyone active has had none);
2. as few pairs that met before as possible — none while a pairing without any exists;
3. the bye for the lowest-ranked such player;
4. score groups kept together, as Swiss events pair: as many pairs of equal points as
   possible, and among those the higher groups' pairs first (a pair in the top group
   weighs more than one lower down, so the leaders meet while they can);
5. pairs close in the ranking (the sum of the squared rank differences, smallest).

Each level's weight is larger than everything the levels below it can add up to, so the
matching's total compares the four in that order; `maxcardinality` seats everyone. Integer
weights keep networkx's arithmetic exact. Above `FULL` players only pairs at most `WINDOW`
places apart are offered (and every bye): the dense graph would take over a second at 240,
and pairs further apart never win level 5 unless level 2 needs them, which with ≤ 20 rounds
a window of 16 leaves enough partners for; level 4 may float a group's last past a whole
group to another's first (one pair across scores instead of two), so the last `EDGE` of
each group and the first `EDGE` of every group below it are offered to each other too.
networkx is imported here only, so no other command pays for it.

    >>> d = swiss_draw(["A", "B", "C", "D"], set(), set(), "s")
    >>> sorted(sorted(t) for t in d.tables)
    [['A', 'B'], ['C', 'D']]
    >>> swiss_draw(["A", "B", "C", "D"], {("A", "B"), ("C", "D")}, set(), "s").tables[0] in (
    ...     ("A", "C"), ("C", "A"))
    True
    >>> swiss_draw(["A", "B", "C"], set(), {"C"}, "s").byes
    ('B',)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from fractions import Fraction

from .draw import Draw, Pair, pair

FULL = 96
WINDOW = 16
EDGE = 6  # past FULL: a group's last and another's first offered to each other
BYE = -1  # the bye's vertex


def swiss_draw(ranked: Sequence[str], met: Collection[Pair], had_bye: Collection[str],
               seed: str, scores: Sequence[Fraction | int] | None = None) -> Draw:
    """The round's pairs, top board first, seat order drawn; the bye when the count is odd.
    `scores[i]` is `ranked[i]`'s points (None: everyone equal)."""
    import networkx as nx

    rng = random.Random(seed)
    n = len(ranked)
    odd = n % 2 == 1
    points = list(scores) if scores is not None else [0] * n
    groups = sorted(set(points), reverse=True)
    height = {v: len(groups) - g for g, v in enumerate(groups)}  # the top group highest
    half = n // 2 + 1  # more pairs than a matching holds
    close = n * n  # level 5 per edge: close - diff² in [0, n²]; all edges < n³
    top_unit = n ** 3 + 1  # level 4's order of groups: height × this, per equal pair
    same_pair = top_unit * (len(groups) * half + 1)  # level 4's count, per equal pair
    rank_unit = (same_pair + top_unit * len(groups)) * half + top_unit  # level 3: bye's rank
    fresh_pair = rank_unit * (n + 1)  # level 2, per pair that never met
    fresh_bye = fresh_pair * (half + 1)  # level 1
    anyone_fresh = any(p not in had_bye for p in ranked)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    def edge(i: int, j: int) -> None:
        w = close - (i - j) ** 2
        if points[i] == points[j]:
            w += same_pair + height[points[i]] * top_unit
        if pair(ranked[i], ranked[j]) not in met:
            w += fresh_pair
        graph.add_edge(i, j, weight=w)

    for i in range(n):
        far = n if n <= FULL else min(n, i + WINDOW + 1)
        for j in range(i + 1, far):
            edge(i, j)
    if n > FULL:  # a group's last few may float past a whole group to another's first few
        ends = [(min(k), max(k)) for k in (
            [i for i in range(n) if points[i] == v] for v in groups)]
        for g, (_, last) in enumerate(ends):
            for first, _ in ends[g + 2:]:
                for i in range(max(0, last - EDGE + 1), last + 1):
                    for j in range(first, min(n, first + EDGE)):
                        edge(i, j)
    if odd:
        for i, p in enumerate(ranked):
            w = i * rank_unit
            if anyone_fresh and p not in had_bye:
                w += fresh_bye
            graph.add_edge(i, BYE, weight=w)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    boards: list[tuple[int, int]] = []
    byes: list[str] = []
    for a, b in matching:
        if BYE in (a, b):
            byes.append(ranked[a if b == BYE else b])
        else:
            boards.append((min(a, b), max(a, b)))
    boards.sort()
    tables = []
    for a, b in boards:
        seats = [ranked[a], ranked[b]]
        rng.shuffle(seats)
        tables.append(tuple(seats))
    return Draw(tuple(tables), tuple(byes))
