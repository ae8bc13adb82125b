"""Settling a night: who pays whom, in chips, and why.

Two modes. `fewest_transfers` pays off everyone's net for the whole night in the smallest
number of payments; `direct_transfers` settles each table on its own, so nobody pays a
stranger from another table (at the cost of more payments). `explain` says which table
results stand behind one payment.

Pure: no I/O, no SQL. Chips are integers everywhere; money lives in `ledger.domain.money`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

# Up to this many non-zero balances the minimum is searched exactly (about 0.05 s at 20 in
# CPython; the work doubles with each extra balance). Above it a greedy method is used.
EXACT_LIMIT = 20


@dataclass(frozen=True, slots=True)
class Payment:
    """`payer` pays `payee` `amount` chips to settle up."""

    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        if type(self.amount) is not int or self.amount <= 0:
            raise ValueError(f"payment amount must be a positive int, got {self.amount!r}")
        if self.payer == self.payee:
            raise ValueError(f"payment from {self.payer!r} to itself")


@dataclass(frozen=True, slots=True)
class TablePayment:
    """A payment that settles one table only (direct mode)."""

    table: Hashable
    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        Payment(self.payer, self.payee, self.amount)  # same checks

    @property
    def payment(self) -> Payment:
        """The payment without its table."""
        return Payment(self.payer, self.payee, self.amount)


def fewest_transfers(nets: Mapping[str, int], tables: Iterable[Iterable[str]] = ()
                     ) -> list[Payment]:
    """Payments that bring every net to zero, as few as possible.

    `nets` maps player to chips won (+) or lost (−); it must sum to 0. With n non-zero
    balances the result has at most n − 1 payments, and exactly the minimum when
    n <= EXACT_LIMIT: n minus the largest number of disjoint groups whose nets sum to 0,
    each group settled by its own size − 1 payments.

    Above the limit, `tables` (who sat together: a night's tables) split the players into
    *circles*: the fewest sets, each a union of tables, that no table crosses. If every
    circle's nets sum to 0 each circle is settled on its own (exactly, up to the limit);
    so a night of separate tables never needs more payments than settling each table
    apart. Otherwise, and in a circle above the limit: exactly matching debts and credits
    are paired first, the rest is settled greedily (largest loser pays largest winner).
    Ties are broken by name, so the result does not depend on the order of `nets`; it is
    sorted by payer, then payee.

    >>> fewest_transfers({"Dan": 35, "Chie": -35, "Ana": 0})
    [Payment(payer='Chie', payee='Dan', amount=35)]
    """
    balances = _checked(nets, "nets")
    names = sorted(balances)
    circles = _circles(balances, tables) if len(names) > EXACT_LIMIT else []
    if len(circles) > 1:
        payments = [p for circle in circles
                    for p in fewest_transfers({n: balances[n] for n in circle})]
        return sorted(payments, key=lambda p: (p.payer, p.payee))
    if len(names) <= EXACT_LIMIT:
        values = [balances[name] for name in names]
        groups = [[names[i] for i in range(len(names)) if mask >> i & 1]
                  for mask in max_zero_sum_partition(values)]
    else:
        groups = _exact_pairs(balances)
        paired = {name for group in groups for name in group}
        groups.append([name for name in names if name not in paired])
    payments = [p for group in groups for p in _greedy({n: balances[n] for n in group})]
    return sorted(payments, key=lambda p: (p.payer, p.payee))


def _circles(balances: Mapping[str, int], tables: Iterable[Iterable[str]]) -> list[list[str]]:
    """The players with a balance, split where no table joins them (each sorted, in order
    of their first name); one circle of everyone if any circle's nets do not sum to 0
    (a payment already made between circles)."""
    leader = {name: name for name in balances}

    def find(name: str) -> str:
        leader.setdefault(name, name)
        while leader[name] != name:
            leader[name] = leader[leader[name]]
            name = leader[name]
        return name

    for table in tables:  # everyone seated joins: one square overall still links two tables
        seated = sorted(find(n) for n in table)
        for other in seated[1:]:
            leader[find(other)] = find(seated[0])
    circles: dict[str, list[str]] = {}
    for name in sorted(balances):
        circles.setdefault(find(name), []).append(name)
    if any(sum(balances[n] for n in circle) for circle in circles.values()):
        return [sorted(balances)]
    return list(circles.values())


def direct_transfers(table_nets: Mapping[Hashable, Mapping[str, int]]) -> list[TablePayment]:
    """Each table settled on its own, with the fewest payments within that table.

    Every table's nets must sum to 0. A player who lost at one table and won at another
    pays and receives separately, so the total count may exceed `fewest_transfers` of the
    overall nets; what it buys is that you only ever pay someone you played with. Table
    keys must be mutually orderable (table numbers, names, tuples); the result is sorted
    by table, then payer, then payee.

    >>> nets = {2: {"Ana": -5, "Ben": 5}, 1: {"Ana": 5, "Ben": -5}}
    >>> [(p.table, p.payer, p.payee, p.amount) for p in direct_transfers(nets)]
    [(1, 'Ben', 'Ana', 5), (2, 'Ana', 'Ben', 5)]
    """
    for table, nets in table_nets.items():
        _checked(nets, f"table {table}")
    return [TablePayment(table, p.payer, p.payee, p.amount)
            for table in sorted(table_nets)  # type: ignore[type-var]  # (ids: they sort)
            for p in fewest_transfers(table_nets[table])]


def overall_nets(table_nets: Mapping[Hashable, Mapping[str, int]]) -> dict[str, int]:
    """Each player's net summed over all tables, by name."""
    totals: dict[str, int] = {}
    for nets in table_nets.values():
        for name, net in nets.items():
            totals[name] = totals.get(name, 0) + net
    return dict(sorted(totals.items()))


def _checked(nets: Mapping[str, int], what: str) -> dict[str, int]:
    """The non-zero balances of `nets`, after checking names, types and the zero sum."""
    for name, net in nets.items():
        if not isinstance(name, str):
            raise ValueError(f"{what}: player name {name!r} is not a string")
        if type(net) is not int:
            raise ValueError(f"{what}: net of {name!r} is {net!r}, not an int")
    total = sum(nets.values())
    if total != 0:
        raise ValueError(f"{what}: nets sum to {total}, not 0")
    return {name: net for name, net in nets.items() if net}


def _exact_pairs(balances: Mapping[str, int]) -> list[list[str]]:
    """Pair each loser with a winner of exactly the opposite amount, by name order."""
    by_amount: dict[int, list[str]] = {}
    for name in sorted(balances):
        by_amount.setdefault(balances[name], []).append(name)
    return [[loser, winner]
            for amount in sorted(by_amount) if amount < 0
            for loser, winner in zip(by_amount[amount], by_amount.get(-amount, []),
                                     strict=False)]


def _greedy(balances: Mapping[str, int]) -> list[Payment]:
    """Largest loser pays largest winner until all are square: at most n − 1 payments.

    Each payment zeroes at least one balance and the last zeroes two. Equal amounts go by
    name. Within a group that has no smaller zero-sum part this is exactly n − 1.
    """
    left = dict(balances)
    payments = []
    while left:
        payer = min(left, key=lambda name: (left[name], name))
        payee = min(left, key=lambda name: (-left[name], name))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        for name, change in ((payer, amount), (payee, -amount)):
            left[name] += change
            if not left[name]:
                del left[name]
    return payments


# --- The exact search -------------------------------------------------------------------
#
# A settlement with k payments is a forest of payment edges; each of its trees is a group
# whose nets sum to 0, settled by size − 1 payments. So the minimum is n minus the largest
# number g of disjoint zero-sum groups that cover everyone. A partition into g groups is a
# chain ∅ ⊂ U1 ⊂ U2 ⊂ … ⊂ Ug = everyone of zero-sum unions, so g is the longest such chain.
#
# The search runs over all 2**n subsets at once. A *family* of subsets is one Python int
# whose bit M is set when the subset with bitmask M belongs to it; CPython's big-int `&`,
# `|` and `<<` then treat 30 subsets per machine step. With n = 20 a family is 128 KiB
# and each level of the chain costs about 4n such operations (a few milliseconds).


def max_zero_sum_partition(values: Sequence[int]) -> list[int]:
    """The most groups of indices of `values` that each sum to 0, as bitmasks.

    `values` must sum to 0 and contain no 0; at most EXACT_LIMIT of them, as time and
    memory grow as 2**len(values). Exact and deterministic for a given sequence.

    >>> [bin(m) for m in max_zero_sum_partition([-5, -3, 5, 3])]
    ['0b101', '0b1010']
    """
    if sum(values) != 0 or 0 in values:
        raise ValueError(f"values {list(values)} must be non-zero and sum to 0")
    if len(values) > EXACT_LIMIT:
        raise ValueError(f"{len(values)} values is more than the exact limit {EXACT_LIMIT}")
    n = len(values)
    if n == 0:
        return []
    everyone = (1 << n) - 1
    zero_sum = _zero_sum_family(values)
    lacking = [_family_lacking(i, n) for i in range(n)]
    # levels[k] holds the zero-sum subsets that split into at least k + 1 zero-sum groups.
    levels = [zero_sum & ~1]  # the empty set is not a group
    while True:
        above = _up_closure(_one_more(levels[-1], lacking), lacking)
        deeper = zero_sum & above
        if not deeper >> everyone & 1:
            break
        levels.append(deeper)
    # Walk the chain back down from everyone: each step peels off one group.
    groups = []
    rest = everyone
    for level in reversed(levels[:-1]):
        inside = level & _submasks(rest) & ~(1 << rest)
        smaller = inside.bit_length() - 1  # largest, for a fixed choice
        groups.append(rest & ~smaller)
        rest = smaller
    groups.append(rest)
    return sorted(groups, key=lambda mask: (mask & -mask, mask))


def _subset_sums(values: Sequence[int]) -> list[int]:
    """sums[M] = the sum of values[i] for each bit i of M."""
    sums = [0]
    for value in values:
        sums += [s + value for s in sums]
    return sums


def _zero_sum_family(values: Sequence[int]) -> int:
    """The family of subsets (empty one included) whose values sum to 0.

    Meet in the middle: the low bits of a mask index the first `low` values. For each sum
    of the high part, the row of low masks completing it to 0 is one small int; the rows,
    laid end to end as bytes, are the family.
    """
    n = len(values)
    low = n if n < 6 else n // 2  # a row must fill whole bytes unless it is the only one
    rows: dict[int, int] = {}
    for mask, total in enumerate(_subset_sums(values[:low])):
        rows[total] = rows.get(total, 0) | 1 << mask
    width = max(1, (1 << low) // 8)
    laid = b"".join(rows.get(-total, 0).to_bytes(width, "little")
                    for total in _subset_sums(values[low:]))
    return int.from_bytes(laid, "little")


@cache
def _family_lacking(i: int, n: int) -> int:
    """The family of all subsets of n elements that do not contain element i (the same
    for every night of n balances: kept, a few MB for every n up to EXACT_LIMIT)."""
    family, width = (1 << (1 << i)) - 1, 2 << i
    while width < 1 << n:
        family |= family << width
        width <<= 1
    return family


def _one_more(family: int, lacking: Sequence[int]) -> int:
    """Every member of `family` with one element added."""
    grown = 0
    for i, without in enumerate(lacking):
        grown |= (family & without) << (1 << i)
    return grown


def _up_closure(family: int, lacking: Sequence[int]) -> int:
    """Every superset of a member of `family`."""
    for i, without in enumerate(lacking):
        family |= (family & without) << (1 << i)
    return family


def _submasks(mask: int) -> int:
    """The family of all subsets of `mask`."""
    family = 1
    for i in range(mask.bit_length()):
        if mask >> i & 1:
            family |= family << (1 << i)
    return family


# --- Why --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableShare:
    """One table's part in a payment: the payer's and the payee's net there."""

    table: Hashable
    payer_net: int
    payee_net: int


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why `payer` pays `payee`: the nets behind one payment.

    `tables` lists, by table, every table where the payer or the payee has a non-zero
    net. `payer_net` and `payee_net` are their totals over those tables. `table` is set
    for a direct-mode payment, which settles that table only (then `tables` is just it).
    `same_table` tells whether the two sat at some table together.
    """

    payer: str
    payee: str
    amount: int
    tables: tuple[TableShare, ...]
    payer_net: int
    payee_net: int
    same_table: bool
    table: Hashable | None = None
    paid: int = 0  # what the payer has paid the payee already (this is what is still owed)

    @property
    def accounted(self) -> int:
        """This payment and what the payer has paid the payee already."""
        return self.amount + max(self.paid, 0)

    def text(self) -> str:
        """A few lines of plain English a CLI or TUI can print as they are."""
        where = "" if self.table is None else f" for table {self.table}"
        lines = [f"{self.payer} pays {self.payee} {_chips(self.amount)}{where}."]
        lines.append(self._account(self.payer, self.payer_net, [
            (s.table, s.payer_net) for s in self.tables]))
        lines.append(self._account(self.payee, self.payee_net, [
            (s.table, s.payee_net) for s in self.tables]))
        if self.paid > 0:
            lines.append(f"{self.payer} has paid {self.payee} {self.paid} already; this is "
                         f"the {self.amount} still owed.")
            if self.accounted < -self.payer_net:
                lines.append(f"This and the {self.paid} paid make {self.accounted} of the "
                             f"{-self.payer_net} {self.payer} lost; the other "
                             f"{-self.payer_net - self.accounted} goes to others.")
        elif self.amount < -self.payer_net:
            lines.append(f"This covers {self.amount} of the {-self.payer_net} "
                         f"{self.payer} lost; the rest goes to others.")
        if self.accounted < self.payee_net:
            lines.append(f"{self.payee} gets the other {self.payee_net - self.accounted} "
                         "from others.")
        if not self.same_table:
            lines.append(f"{self.payer} and {self.payee} did not play at the same table: "
                         "the fewest-payments settlement pairs losers with winners "
                         "across the night.")
        return "\n".join(lines)

    def _account(self, name: str, net: int, shares: Iterable[tuple[Hashable, int]]) -> str:
        verb = "lost" if net < 0 else "won"
        if self.table is not None:
            return f"{name} {verb} {_chips(abs(net))} at table {self.table}."
        parts = ", ".join(f"{share:+d} at table {table}" for table, share in shares if share)
        return f"{name} {verb} {_chips(abs(net))} in all: {parts}."


def explain(payment: Payment | TablePayment,
            table_nets: Mapping[Any, Mapping[str, int]]) -> Explanation:
    """The table nets behind `payment`, so "why do I pay Sara?" has an answer.

    For a `Payment` (fewest mode) the payer's and payee's nets over all tables count; for
    a `TablePayment` only that table's. Raises ValueError when those nets cannot explain
    the payment: the payer did not lose, the payee did not win, or the amount is larger
    than what either of them lost or won.

    >>> nets = {1: {"Ana": -20, "Sara": 20}, 2: {"Ana": -15, "Ben": 15}}
    >>> print(explain(Payment("Ana", "Sara", 20), nets).text())
    Ana pays Sara 20 chips.
    Ana lost 35 chips in all: -20 at table 1, -15 at table 2.
    Sara won 20 chips in all: +20 at table 1.
    This covers 20 of the 35 Ana lost; the rest goes to others.
    """
    table = payment.table if isinstance(payment, TablePayment) else None
    if table is not None and table not in table_nets:
        raise ValueError(f"no table {table} in the nets")
    keys = sorted(table_nets) if table is None else [table]
    shares = tuple(
        TableShare(key, table_nets[key].get(payment.payer, 0),
                   table_nets[key].get(payment.payee, 0))
        for key in keys
        if table_nets[key].get(payment.payer, 0) or table_nets[key].get(payment.payee, 0))
    payer_net = sum(s.payer_net for s in shares)
    payee_net = sum(s.payee_net for s in shares)
    scope = "overall" if table is None else f"at table {table}"
    if payer_net >= 0:
        raise ValueError(f"{payment.payer} is {payer_net:+d} {scope}, so does not pay")
    if payee_net <= 0:
        raise ValueError(f"{payment.payee} is {payee_net:+d} {scope}, so is not paid")
    if payment.amount > min(-payer_net, payee_net):
        raise ValueError(f"{payment.amount} chips is more than {payment.payer} lost "
                         f"({-payer_net}) or {payment.payee} won ({payee_net}) {scope}")
    same_table = any(payment.payer in nets and payment.payee in nets
                     for nets in table_nets.values())
    return Explanation(payment.payer, payment.payee, payment.amount, shares,
                       payer_net, payee_net, same_table, table)


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"
