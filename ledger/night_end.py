"""End-of-night use cases: settlement, payments, the money rate (mixed into `Tally`).

Payments are money that changed hands; what is still open is the settlement of the nets
left after them, so marking a payment never edits a deal, and a later correction of a deal
simply shows up as a new open item.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from . import money
from .rules import RuleError
from .rules.errors import show
from .settle import Explanation, Payment, TablePayment, direct_transfers, explain
from .settle import fewest_transfers as fewest
from .store import repo
from .store.db import Connection

if TYPE_CHECKING:
    from collections.abc import Callable

Mode = Literal["fewest", "direct"]


@dataclass(frozen=True, slots=True)
class SettleItem:
    payer: str
    payee: str
    amount: int
    table: int | None  # the table number in direct mode
    money: Decimal | None
    why: Explanation


@dataclass(frozen=True, slots=True)
class PaidItem:
    payer: str
    payee: str
    amount: int
    at: str
    money: Decimal | None


@dataclass(frozen=True, slots=True)
class NightSettlement:
    night_id: int
    date: str
    mode: Mode
    rate: Decimal | None
    currency: str | None
    nets: dict[str, int]  # over the night, by player
    table_nets: dict[int, dict[str, int]]  # by table number
    open: tuple[SettleItem, ...]
    paid: tuple[PaidItem, ...]

    def money(self, chips: int) -> Decimal | None:
        if self.rate is None or self.currency is None:
            return None
        return money.to_money(chips, self.rate, self.currency)


class NightEndMixin:
    """Settlement use cases; relies on `Tally._read`, `_write` and `_player_id`."""

    _read: Callable[[], AbstractContextManager[Connection]]
    _write: Callable[[], AbstractContextManager[Connection]]
    _player_id: Callable[[Connection, object, str], int]

    def set_rate(self, night_id: int, rate: str | None, currency: str = "EUR") -> None:
        """The night's money per chip (None removes it)."""
        value = None if rate is None else str(money.parse_rate(rate))
        code = None if rate is None else money.parse_currency(currency)
        with self._write() as s:
            _night(s, night_id)
            repo.set_rate(session=s, night_id=night_id, rate=value, currency=code)

    def table_nets(self, night_id: int) -> dict[int, dict[str, int]]:
        """{table number: {player: net}} for a night (every seated player listed)."""
        with self._read() as s:
            _night(s, night_id)
            return _table_nets(s, night_id)

    def settlement(self, night_id: int, mode: Mode = "fewest", rate: str | None = None,
                   currency: str | None = None) -> NightSettlement:
        """Who still pays whom for a night, with the money at the night's (or given) rate."""
        if mode not in ("fewest", "direct"):
            raise RuleError("mode", f"{show(mode)} is not fewest or direct")
        with self._read() as s:
            n = _night(s, night_id)
            table_nets = _table_nets(s, night_id)
            paid_rows = _payments(s, night_id)
        return _settlement_of(n, table_nets, paid_rows, mode, rate, currency)

    def all_settlements(self, rate: str | None = None, currency: str | None = None, *,
                        nets: Mapping[tuple[int, int], int] | None = None
                        ) -> dict[int, NightSettlement]:
        """`settlement` (fewest mode) of every night, read in a handful of queries
        (`nets`: `repo.nets_by_table()` when the caller has it already)."""
        with self._read() as s:
            nights = {n.id: n for n in repo.nights(session=s)}
            tables = repo.table_numbers(session=s)
            names = repo.player_names(session=s)
            seated = sorted(repo.seated_players(session=s))
            if nets is None:
                nets = repo.nets_by_table(session=s)
            paid = repo.payments(session=s)
        where = {tid: (nid, number) for tid, nid, number in tables}
        per_night: dict[int, dict[int, dict[str, int]]] = {nid: {} for nid in nights}
        for _tid, nid, number in tables:  # as `_table_nets` builds them, night by night
            per_night[nid][number] = {}
        for pid, tid in seated:
            nid, number = where[tid]
            per_night[nid][number][names[pid]] = 0
        for (pid, tid), v in nets.items():
            nid, number = where[tid]
            per_night[nid][number][names[pid]] += v
        paid_by: dict[int, list[tuple[str, str, int, str]]] = {nid: [] for nid in nights}
        for nid, a, b, x, at in paid:
            paid_by[nid].append((names[a], names[b], x, str(at)[:19]))
        return {nid: _settlement_of(n, per_night[nid], paid_by[nid], "fewest", rate, currency)
                for nid, n in nights.items()}

    def pay(self, night_id: int, payer: str, payee: str, amount: int | None = None,
            author: str | None = None, *, undo: bool = False) -> int:
        """Mark an open settlement item paid (or part of it); returns the amount marked."""
        from .service import clean_text

        clean_text(author, "author")
        open_items = {(i.payer, i.payee): i.amount for i in self.settlement(night_id).open}
        with self._write() as s:
            _night(s, night_id)
            a, b = self._player_id(s, payer, "from"), self._player_id(s, payee, "to")
            if undo:
                done = sum(x for p, q, x, _ in _payments(s, night_id) if (p, q) == (payer, payee))
                amount = done if amount is None else amount
                if amount <= 0 or amount > done:
                    raise RuleError("amount", f"{amount} is not between 1 and the {done} "
                                    f"marked paid from {payer} to {payee}")
                sign = -1
            else:
                owed = open_items.get((payer, payee))
                if owed is None:
                    raise RuleError("to", f"{payer} owes {payee} nothing in the open settlement")
                amount = owed if amount is None else amount
                if type(amount) is not int or not 0 < amount <= owed:
                    raise RuleError("amount", f"{show(amount)} is not between 1 and {owed}")
                sign = 1
            repo.add_payment(session=s, night_id=night_id, payer_id=a, payee_id=b,
                             amount=sign * amount, now=datetime.now(UTC), author=author)
            return amount

    def close_night_settled(self, night_id: int, force: bool = False) -> int:
        """Close a night; refuses while settlement items are open unless `force`.
        Returns the number of open items kept."""
        left = len(self.settlement(night_id).open)
        if left and not force:
            raise RuleError("night", f"{night_id} has {left} open settlement item(s) "
                            "(tally settle); close anyway with --force")
        self.close_night(night_id)  # type: ignore[attr-defined]
        return left


def _settlement_of(n: Any, table_nets: dict[int, dict[str, int]],
                   paid_rows: list[tuple[str, str, int, str]], mode: Mode, rate: str | None,
                   currency: str | None) -> NightSettlement:
    """A night's settlement from its table nets and payments (no database)."""
    night_id = n.id or 0
    the_rate = money.parse_rate(rate) if rate is not None else (
        Decimal(n.rate) if n.rate else None)
    code = money.parse_currency(currency) if currency else (n.currency or "EUR")
    nets: dict[str, int] = {}
    for per_table in table_nets.values():
        for p, v in per_table.items():
            nets[p] = nets.get(p, 0) + v
    to_money = (lambda c: money.to_money(c, the_rate, code)) if the_rate else (
        lambda c: None)
    paid = tuple(PaidItem(a, b, x, at, to_money(x)) for a, b, x, at in paid_rows)
    left = dict(nets)
    for item in paid:
        left[item.payer] = left.get(item.payer, 0) + item.amount
        left[item.payee] = left.get(item.payee, 0) - item.amount
    if mode == "fewest":
        items = [SettleItem(p.payer, p.payee, p.amount, None, to_money(p.amount),
                            _why(p, table_nets, nets))
                 for p in fewest(left, tables=table_nets.values())]
    else:
        items = _direct_open(table_nets, paid, to_money)
    return NightSettlement(night_id, n.date, mode, the_rate, code if the_rate else None,
                           dict(sorted(nets.items())), table_nets, tuple(items), paid)


def settle_nets(raw: Any) -> list[Payment]:
    """Fewest transfers for nets typed in (a night scored on paper): {"Ann": 20, …}."""
    if not isinstance(raw, dict) or not raw:
        raise RuleError("nets", f"{show(raw)} is not an object of player: chips")
    for name, value in raw.items():
        if not name.strip():
            raise RuleError("nets", f"{show(name)} is not a player name")
        if type(value) is not int:
            raise RuleError(f"nets.{name}", f"{show(value)} is not a whole number")
    total = sum(raw.values())
    if total:
        raise RuleError("nets", f"sum to {total:+d}, not 0")
    return fewest(raw)


# ---- helpers --------------------------------------------------------------------------------


def _night(s: Connection, night_id: int) -> Any:
    n = repo.night_row(session=s, night_id=night_id)
    if n is None:
        raise RuleError("night", f"{night_id} does not exist")
    return n


def _table_nets(s: Connection, night_id: int) -> dict[int, dict[str, int]]:
    numbers = {tid: number for tid, _, number in repo.table_numbers(session=s,
                                                                       night_id=night_id)}
    names = repo.player_names(session=s)
    out: dict[int, dict[str, int]] = {numbers[t]: {} for t in sorted(numbers, key=numbers.get)}
    for pid, tid in sorted(repo.seated_players(session=s, night_id=night_id)):
        out[numbers[tid]][names[pid]] = 0
    for (pid, tid), v in repo.nets_by_table(session=s, night_id=night_id).items():
        out[numbers[tid]][names[pid]] += v
    return out


def _payments(s: Connection, night_id: int) -> list[tuple[str, str, int, str]]:
    names = repo.player_names(session=s)
    return [(names[a], names[b], x, str(at)[:19])
            for _, a, b, x, at in repo.payments(session=s, night_id=night_id)]


def _why(p: Payment | TablePayment, table_nets: dict[int, dict[str, int]],
         nets: dict[str, int]) -> Explanation:
    try:
        return explain(p, table_nets)
    except ValueError:  # a part-payment already made: explain against the whole night
        return Explanation(p.payer, p.payee, p.amount, (), nets.get(p.payer, 0),
                           nets.get(p.payee, 0), True,
                           p.table if isinstance(p, TablePayment) else None)


def _direct_open(table_nets: dict[int, dict[str, int]], paid: tuple[PaidItem, ...],
                 to_money: Callable[[int], Decimal | None]) -> list[SettleItem]:
    """Direct mode: each table settled alone; payments made cancel items pair by pair."""
    credit: dict[tuple[str, str], int] = {}
    for item in paid:
        credit[(item.payer, item.payee)] = credit.get((item.payer, item.payee), 0) + item.amount
    out = []
    for p in direct_transfers({k: v for k, v in table_nets.items() if any(v.values())}):
        done = min(credit.get((p.payer, p.payee), 0), p.amount)
        credit[(p.payer, p.payee)] = credit.get((p.payer, p.payee), 0) - done
        if p.amount - done > 0:
            left = TablePayment(p.table, p.payer, p.payee, p.amount - done)
            out.append(SettleItem(p.payer, p.payee, left.amount, int(p.table),  # type: ignore[call-overload]
                                  to_money(left.amount), _why(left, table_nets, {})))
    return out


def iter_rows(st: NightSettlement) -> Iterator[tuple[str, str, int, Decimal | None, str]]:
    """(from, to, amount, money, status) for every open and paid item, open first."""
    for i in st.open:
        yield i.payer, i.payee, i.amount, i.money, "open"
    for p in st.paid:
        yield p.payer, p.payee, p.amount, p.money, "paid" if p.amount > 0 else "unpaid"
