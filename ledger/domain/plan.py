"""A night's settlement plan: its lines, what is still owed on each, and what changed.

A plan is made from the nets left after the payments made so far, in one of two modes
(`settle.fewest_transfers` over the night, or `settle.direct_transfers` table by table).
Once payment starts against a plan its lines are kept (`ledger/store`), so a part payment
changes only its own line: still owed = line − payments made against it. If the nets move
under a kept plan (a deal corrected afterwards, a payment taken back) the plan no longer
settles them; `follow` reports the difference (`drift`) and nobody's line changes until
someone re-plans.

Pure: no I/O, no SQL. Chips are integers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .settle import fewest_transfers

Mode = Literal["fewest", "direct"]
MODES: tuple[Mode, ...] = ("fewest", "direct")
# stands for "the rest of the night" inside one table's settlement (not a valid player name:
# names are cleaned of control characters)
_OUTSIDE = "\x00outside"


@dataclass(frozen=True, slots=True)
class Line:
    """`payer` pays `payee` `amount` chips (at `table`, in direct mode; None: across)."""

    table: int | None
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, slots=True)
class Followed:
    """A kept plan against the payments made since: each line with what is paid on it, and
    `drift`: by player, how far the nets now differ from what the plan settles (empty when
    the plan still settles the night exactly)."""

    lines: tuple[tuple[Line, int], ...]  # (line, paid against it)
    drift: dict[str, int]


def left_nets(nets: Mapping[str, int], paid: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    """Each player's net after the payments made: paying raises it, being paid lowers it."""
    left = dict(nets)
    for payer, payee, amount in paid:
        left[payer] = left.get(payer, 0) + amount
        left[payee] = left.get(payee, 0) - amount
    return left


def make(mode: Mode, table_nets: Mapping[int, Mapping[str, int]],
         paid: Sequence[tuple[str, str, int]]) -> list[Line]:
    """The plan that settles what is left after `paid`, in `mode`."""
    nets: dict[str, int] = {}
    for per_table in table_nets.values():
        for name, net in per_table.items():
            nets[name] = nets.get(name, 0) + net
    if mode == "fewest":
        return [Line(None, p.payer, p.payee, p.amount)
                for p in fewest_transfers(left_nets(nets, paid), tables=table_nets.values())]
    return direct_after(table_nets, paid)


def direct_after(table_nets: Mapping[int, Mapping[str, int]],
                 paid: Sequence[tuple[str, str, int]]) -> list[Line]:
    """Each table settled on its own, after the payments made (by whatever plan).

    A payment between two who sat at a table where the payer lost and the payee won counts
    there. What is left of it (they never sat so) lowers the payer's losses and the
    payee's winnings where they have them; those tables then no longer balance, and what
    they lack is settled across tables (lines with table None): whoever still owes a
    table whose winner was paid elsewhere pays the winners of the tables it short-changed.
    The lines always settle the night's nets after `paid` exactly.
    """
    left = {t: dict(n) for t, n in table_nets.items()}
    outside: dict[str, int] = {}  # owed (+) or owing (−) across tables
    for payer, payee, amount in _net_pairs(paid):
        shared = amount
        for t in sorted(left):
            nets = left[t]
            step = min(shared, -nets.get(payer, 0), nets.get(payee, 0))
            if step > 0:
                nets[payer] += step
                nets[payee] -= step
                shared -= step
        for name, sign in ((payer, 1), (payee, -1)):
            rest = shared
            for t in sorted(left):
                step = min(rest, max(0, -sign * left[t].get(name, 0)))
                if step:
                    left[t][name] += sign * step
                    rest -= step
            if rest:
                outside[name] = outside.get(name, 0) + sign * rest
    lines: list[Line] = []
    for t in sorted(left):
        nets = {n: v for n, v in left[t].items() if v}
        short = sum(nets.values())
        if short:
            nets[_OUTSIDE] = -short
        for p in fewest_transfers(nets):
            if p.payer == _OUTSIDE:
                outside[p.payee] = outside.get(p.payee, 0) + p.amount
            elif p.payee == _OUTSIDE:
                outside[p.payer] = outside.get(p.payer, 0) - p.amount
            else:
                lines.append(Line(t, p.payer, p.payee, p.amount))
    across = {n: v for n, v in outside.items() if v}
    lines += [Line(None, p.payer, p.payee, p.amount) for p in fewest_transfers(across)]
    return lines


def _net_pairs(paid: Sequence[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """The payments summed per pair of players, the two directions set against each other."""
    total: dict[tuple[str, str], int] = {}
    for payer, payee, amount in paid:
        if payer == payee:
            continue
        key, sign = ((payer, payee), 1) if payer < payee else ((payee, payer), -1)
        total[key] = total.get(key, 0) + sign * amount
    return [(a, b, x) if x > 0 else (b, a, -x)
            for (a, b), x in sorted(total.items()) if x]


def follow(lines: Sequence[Line], paid_since: Sequence[tuple[str, str, int]],
           left: Mapping[str, int]) -> Followed:
    """A kept plan's lines with the payments made against them, and its drift.

    Payments of a pair are set against that pair's lines in plan order, each line up to
    its amount. `left` is the night's nets after every payment (`left_nets`); the plan
    settles them when, for every player, still owed out − still owed in = −left.
    """
    by_pair: dict[tuple[str, str], int] = {}
    for payer, payee, amount in paid_since:
        by_pair[(payer, payee)] = by_pair.get((payer, payee), 0) + amount
    out: list[tuple[Line, int]] = []
    settles: dict[str, int] = {}
    for line in lines:
        key = (line.payer, line.payee)
        done = min(max(by_pair.get(key, 0), 0), line.amount)
        by_pair[key] = by_pair.get(key, 0) - done
        out.append((line, done))
        owed = line.amount - done
        settles[line.payer] = settles.get(line.payer, 0) + owed
        settles[line.payee] = settles.get(line.payee, 0) - owed
    drift = {}
    for name in sorted(set(left) | set(settles)):
        # still owed out − in should be −left; what is not is the drift
        diff = left.get(name, 0) + settles.get(name, 0)
        if diff:
            drift[name] = diff
    return Followed(tuple(out), drift)
