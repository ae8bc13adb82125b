"""Draw quality and speed over simulated tournaments (a script, not a test):

    .venv/bin/python -m tests.bench_tournament [TOURNAMENTS] [--mix]

Swiss (two-player): TOURNAMENTS tournaments of 8–240 players (odd counts too) over
⌈log2 n⌉ + 1 rounds, results drawn at random; per round it counts pairs that met before
when a repeat-free pairing existed (checked by brute force up to 12 players, and by a
matching over the never-met pairs above), and second byes while someone had none. Mix:
tables of 5 over 6 rounds, the mean and worst number of repeated meetings per player (how
many of a player's table-mates they had met before, summed over the rounds) beside a random
draw's for the same events (the mix plans the rounds left, as the service asks it to), and
the small events whose fewest repeats are known, 20 of each. Then the time of one draw of
240 players. `--mix`: the mix tables and the times alone.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import networkx as nx

from ledger.domain.tournament.draw import meetings, mix_draw, pair, random_draw
from ledger.domain.tournament.swiss import swiss_draw

from .tournament.test_draw_properties import repeat_free_exists
from .tournament.test_mix_search import SMALL, event_repeats


def perfect_without_repeats(players: list[str], met: set, had: set) -> bool:
    """Whether some bye (fresh while anyone is) leaves a repeat-free perfect pairing."""
    if len(players) <= 12:
        return repeat_free_exists(players, met, had)
    fresh = [p for p in players if p not in had] or players
    g = nx.Graph()
    g.add_nodes_from(players)
    g.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:]
                     if pair(a, b) not in met)
    if len(players) % 2:
        g.add_node("bye")
        g.add_edges_from(("bye", p) for p in fresh)
    return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == g.number_of_nodes()


def swiss_bench(count: int, rng: random.Random) -> list[list[object]]:
    by_size: dict[str, list[int]] = {}
    for k in range(count):
        n = rng.randint(8, 240)
        players = [f"p{i}" for i in range(n)]
        points = dict.fromkeys(players, 0)
        met: set = set()
        had: set = set()
        rounds = n.bit_length() + 1
        avoidable = second_byes = 0
        for r in range(rounds):
            ranked = sorted(players, key=lambda p: (-points[p], rng.random()))
            check = n <= 12 or k % 10 == 0  # the reference matching for one in ten large
            free = perfect_without_repeats(ranked, met, had) if check else None
            d = swiss_draw(ranked, met, had, f"{k}/{r}")
            reps = sum(pair(*t) in met for t in d.tables)
            if free and reps:
                avoidable += reps
            if d.byes and d.byes[0] in had and any(p not in had for p in players):
                second_byes += 1
            for a, b in d.tables:
                points[rng.choice((a, b))] += 2
                met.add(pair(a, b))
            for p in d.byes:
                points[p] += 2
                had.add(p)
        band = "8-12" if n <= 12 else "13-96" if n <= 96 else "97-240"
        cell = by_size.setdefault(band, [0, 0, 0, 0])
        cell[0] += 1
        cell[1] += rounds
        cell[2] += avoidable
        cell[3] += second_byes
    return [[band, *by_size[band]] for band in ("8-12", "13-96", "97-240") if band in by_size]


def mix_bench(count: int, rng: random.Random) -> list[list[object]]:
    rows = []
    sizes = [rng.randint(8, 240) for _ in range(count)]  # the same events for both draws
    for label, mixed in (("random", False), ("mix", True)):
        means, worsts = [], []
        for k, n in enumerate(sizes):
            players = [f"p{i}" for i in range(n)]
            past: list[list[tuple[str, ...]]] = []
            for r in range(6):
                seed = f"{k}/{r}"
                d = mix_draw(players, 5, seed, meetings(past), 3, 6 - r) if mixed else \
                    random_draw(players, 5, seed, 3)
                past.append(list(d.tables))
            seen: dict[str, set[str]] = {p: set() for p in players}
            rep = dict.fromkeys(players, 0)
            for tables in past:
                for t in tables:
                    for p in t:
                        rep[p] += sum(q in seen[p] for q in t if q != p)
                    for p in t:
                        seen[p].update(q for q in t if q != p)
            means.append(statistics.mean(rep.values()))
            worsts.append(max(rep.values()))
        rows.append([label, count, f"{statistics.mean(means):.3f}", max(worsts)])
    return rows


def small_bench(seeds: int = 20) -> list[list[object]]:
    rows = []
    for n, size, rounds, fewest in SMALL:
        rand = [event_repeats(n, size, rounds, f"s{k}", False) for k in range(seeds)]
        mix = [event_repeats(n, size, rounds, f"s{k}", True) for k in range(seeds)]
        rows.append([f"{n} at {size}, {rounds} rounds", fewest, seeds,
                     f"{statistics.mean(rand):.2f}", max(rand), f"{statistics.mean(mix):.2f}",
                     max(mix)])
    return rows


SMALL_HEADS = ["event", "fewest", "events", "random mean", "random worst", "mix mean",
               "mix worst"]


def timing() -> list[list[object]]:
    players = [f"p{i}" for i in range(240)]
    rng = random.Random(5)
    past = [list(random_draw(players, 5, f"t{r}", 3).tables) for r in range(5)]
    past12 = [list(random_draw(players, 12, f"t{r}", 3).tables) for r in range(5)]
    met = {pair(*rng.sample(players, 2)) for _ in range(600)}
    out = []
    for label, run in (("swiss 240, round 6", lambda: swiss_draw(players, met, set(), "t")),
                       ("mix 240 at 5, round 6", lambda: mix_draw(players, 5, "t",
                                                                 meetings(past), 3)),
                       ("mix 240 at 5, round 2 of 7", lambda: mix_draw(
                           players, 5, "t", meetings(past[:1]), 3, 6)),
                       ("mix 240 at 12, round 6 of 11", lambda: mix_draw(
                           players, 12, "t", meetings(past12), 3, 6)),
                       ("random 240 at 5", lambda: random_draw(players, 5, "t", 3))):
        best = min(_time(run) for _ in range(3))
        out.append([label, f"{best:.3f}"])
    return out


def _time(run) -> float:
    t = time.perf_counter()
    run()
    return time.perf_counter() - t


def table(heads: list[str], rows: list[list[object]]) -> str:
    cells = [heads] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(heads))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True))
                     for r in cells)


def mix_tables(count: int, rng: random.Random) -> None:
    print(f"\nmix vs random: {count} tournaments of 8-240 players, tables of 5, 6 rounds;"
          " repeated meetings per player (mean over the players, worst player)")
    print(table(["draw", "tournaments", "mean", "worst"], mix_bench(count, rng)))
    print("\nsmall events: repeated meetings over the event (pairs seated together again)")
    print(table(SMALL_HEADS, small_bench()))


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 1000
    rng = random.Random(26)
    if "--mix" in sys.argv:  # the mix tables alone (the Swiss part takes ~20 minutes)
        mix_tables(count, rng)
        print("\none draw (best of 3), seconds")
        print(table(["draw", "seconds"], timing()))
        return
    print(f"swiss: {count} tournaments of 8-240 players")
    print(table(["players", "tournaments", "rounds", "avoidable repeats", "second byes"],
                swiss_bench(count, rng)))
    mix_tables(count, rng)
    print("\none draw (best of 3), seconds")
    print(table(["draw", "seconds"], timing()))


if __name__ == "__main__":
    main()
