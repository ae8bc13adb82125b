"""The draw of one round for tables of 2–12: random, mix (spread the meetings) and a fixed
schedule. Swiss pairings for two-player games are in `swiss`.

A draw is a `Draw`: each table's seats in seat order (table 1 first) and the players who
sit out with a bye. Everything random comes from `random.Random(seed)`, so the same seed,
players and history give the same draw.

    >>> table_sizes(15, 5)
    (5, 5, 5)
    >>> table_sizes(14, 5)
    (5, 5, 4)
    >>> d = random_draw(["A", "B", "C", "D"], 2, "s1")
    >>> sorted(p for t in d.tables for p in t)
    ['A', 'B', 'C', 'D']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..rules.errors import RuleError
from .mix_search import spread

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Draw:
    """Who sits where in one round: `tables[i]` is table i + 1's seats, clockwise."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    def players(self) -> list[str]:
        return [p for t in self.tables for p in t] + list(self.byes)


def pair(a: str, b: str) -> Pair:
    return (a, b) if a <= b else (b, a)


def meetings(rounds: Iterable[Sequence[Sequence[str]]]) -> dict[Pair, int]:
    """How often each pair of players sat at one table over the rounds given."""
    out: dict[Pair, int] = {}
    for tables in rounds:
        for seats in tables:
            for i, a in enumerate(seats):
                for b in seats[i + 1:]:
                    key = pair(a, b)
                    out[key] = out.get(key, 0) + 1
    return out


def table_sizes(players: int, size: int, smallest: int = 2) -> tuple[int, ...]:
    """As few tables of at most `size` as seat everyone, their sizes at most one apart
    (largest first); RuleError when a table would be smaller than `smallest`."""
    if players < smallest:
        raise RuleError("players", "tn_too_few", n=players, lo=smallest)
    count = -(-players // size)
    base, extra = divmod(players, count)
    if base < smallest:
        raise RuleError("--table-size", "tn_small_table", n=players, k=size, base=base, lo=smallest)
    return tuple([base + 1] * extra + [base] * (count - extra))


def _cut(order: Sequence[str], sizes: Sequence[int], rng: random.Random
         ) -> tuple[tuple[str, ...], ...]:
    out, at = [], 0
    for k in sizes:
        seats = list(order[at:at + k])
        rng.shuffle(seats)  # the seating order at a table is drawn too
        out.append(tuple(seats))
        at += k
    return tuple(out)


def random_draw(players: Sequence[str], size: int, seed: str, smallest: int = 2) -> Draw:
    """Everyone shuffled and cut into tables of `table_sizes`."""
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    return Draw(_cut(order, table_sizes(len(order), size, smallest), rng))


def mix_draw(players: Sequence[str], size: int, seed: str, met: Mapping[Pair, int],
             smallest: int = 2, rounds: int = 1) -> Draw:
    """Tables that spread the meetings: the tables of `table_sizes` (uneven by at most one,
    no byes: everyone sits), seated by `mix_search.spread` to repeat as few earlier meetings
    as it can over this round and the `rounds - 1` still to come (the service passes the
    rounds left in the event). It starts from the random draw of the same seed and keeps it
    unless it finds a better plan: planning this round alone, it never repeats more than that
    draw. Round 1 (no meetings yet) is that random draw: every first round is as good as
    another, the players being yet alike."""
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    sizes = table_sizes(len(order), size, smallest)
    n = len(order)
    m = [[0] * n for _ in range(n)]
    index = {p: i for i, p in enumerate(order)}
    any_met = False
    for (a, b), times in met.items():
        if a in index and b in index and times:
            m[index[a]][index[b]] = m[index[b]][index[a]] = times
            any_met = True
    tables: list[list[int]] = []
    at = 0
    for k in sizes:
        tables.append(list(range(at, at + k)))
        at += k
    # the search draws from its own generator and the seats are put back in the shuffled
    # order, so the seat order drawn below depends on who sits at a table, not on the search
    if any_met:
        tables = [sorted(t) for t in spread(tables, m, rounds, random.Random(f"{seed}/mix"))]
    return Draw(_cut([order[i] for t in tables for i in t], sizes, rng))


def schedule_draw(players: Sequence[str], numbers: Mapping[str, int],
                  tables: Sequence[Sequence[int]], seed: str, smallest: int = 2) -> Draw:
    """One round of a fixed schedule: `tables` lists start numbers (`numbers[player]`, from
    registration). A number of nobody active (withdrawn) leaves its seat empty; a table left
    below `smallest` seats is refused. Active players the schedule leaves out sit out (a
    bye). Seat order is drawn."""
    rng = random.Random(seed)
    by_number = {numbers[p]: p for p in players}
    seated: set[str] = set()
    out = []
    for i, row in enumerate(tables):
        seats = [by_number[k] for k in row if k in by_number]
        if len(seats) < smallest:
            raise RuleError("schedule", "tn_schedule_short", table=i + 1, n=len(seats), lo=smallest)
        seated.update(seats)
        rng.shuffle(seats)
        out.append(tuple(seats))
    return Draw(tuple(out), tuple(p for p in players if p not in seated))
