"""Time `fewest_transfers` at its exact limit: 20 non-zero balances.

Run: /work/venv/bin/python tests/bench_settle.py
Not a test (pytest collects test_*.py only); it prints the worst time over a few seeds for
several kinds of balances, since small amounts make many zero-sum groups.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ledger.domain.settle import EXACT_LIMIT, fewest_transfers

__test__ = False


def balances(rng: random.Random, n: int, high: int) -> dict[str, int]:
    """n non-zero nets in [-high, high] (the last may be larger) summing to 0."""
    while True:
        values = [rng.choice([-1, 1]) * rng.randint(1, high) for _ in range(n - 1)]
        values.append(-sum(values))
        if values[-1]:
            return {f"P{i:02d}": v for i, v in enumerate(values)}


def pairs(rng: random.Random, n: int, high: int) -> dict[str, int]:
    """n / 2 opposite pairs: the deepest search (n / 2 groups)."""
    halves = [rng.randint(1, high) for _ in range(n // 2)]
    values = halves + [-v for v in halves]
    rng.shuffle(values)
    return {f"P{i:02d}": v for i, v in enumerate(values)}


def worst(make, n: int, high: int, seeds: int = 5) -> tuple[float, int]:
    slowest, count = 0.0, 0
    for seed in range(seeds):
        nets = make(random.Random(seed), n, high)
        started = time.perf_counter()
        payments = fewest_transfers(nets)
        elapsed = time.perf_counter() - started
        if elapsed > slowest:
            slowest, count = elapsed, len(payments)
    return slowest, count


def main() -> None:
    n = EXACT_LIMIT
    overall = 0.0
    for label, make, high in [("random 1..500", balances, 500),
                              ("random 1..5", balances, 5),
                              ("opposite pairs 1..3", pairs, 3),
                              ("opposite pairs 1..1000", pairs, 1000)]:
        seconds, count = worst(make, n, high)
        overall = max(overall, seconds)
        print(f"{n} balances, {label:24} worst {seconds * 1000:7.1f} ms ({count} payments)")
    seconds, count = worst(balances, n + 1, 500)
    print(f"{n + 1} balances (greedy), random 1..500 worst {seconds * 1000:7.1f} ms")
    print(f"worst at {n}: {overall * 1000:.1f} ms")


if __name__ == "__main__":
    main()
