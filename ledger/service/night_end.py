"""End-of-night use cases: settlement, payments, the money rate.

Payments are money that changed hands; marking one never edits a deal. What is still owed
follows a *plan* (`ledger.domain.plan`): until payment starts, the plan shown is made afresh from
the nets (after any payments) in the mode asked for; the first payment keeps the plan it was
made against, and from then on each line only loses what is paid against it. A deal
corrected later shows up as a difference (`drift`) beside the kept lines until someone
re-plans (`replan`), an explicit step; the other mode shows what re-planning in it would
give (`proposal`). Read and write of a payment happen in one BEGIN IMMEDIATE transaction, so
two people marking the same line at once mark it once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from ..domain import money, plan
from ..domain.plan import MODES, Line, Mode
from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.rules.names import clean_text
from ..domain.settle import Explanation, Payment, TablePayment, explain
from ..domain.settle import fewest_transfers as fewest
from ..store import plan_rows, repo
from ..store.db import Connection
from . import clock
from .lookups import player_id, refuse_elsewhere
from .nights import Nights
from .store import Store

__all__ = ["KeptPlan", "Mode", "NightSettlement", "PaidItem", "SettleItem", "iter_rows",
           "settle_nets", "settlement_of"]

PaidRow = tuple[int, str, str, int, str]  # payment id, payer, payee, amount, when


@dataclass(frozen=True, slots=True)
class SettleItem:
    payer: str
    payee: str
    amount: int  # still owed
    table: int | None  # the table number in direct mode (None: across the night)
    money: Decimal | None
    why: Explanation
    planned: int = 0  # the plan line's whole amount (amount < planned: part paid)


@dataclass(frozen=True, slots=True)
class PaidItem:
    payer: str
    payee: str
    amount: int
    at: str
    money: Decimal | None


@dataclass(frozen=True, slots=True)
class KeptPlan:
    """The plan in use for a night, as stored."""

    id: int
    mode: Mode
    after_payment: int  # payments with a higher id are made against it
    lines: tuple[Line, ...]


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
    kept: bool = False  # the lines are a kept plan (payment started, or someone re-planned)
    proposal: bool = False  # not the plan in use: what re-planning in this mode would give
    drift: dict[str, int] = field(default_factory=dict)  # net changes the kept plan lacks
    # what each player pays (−) or receives (+) in money: their net at the rate, whatever
    # the plan (a plan made before a correction lacks the change; the net has it)
    player_money: dict[str, Decimal] | None = None
    # (table number, deal number) of the deals corrected or voided since the kept plan was
    # made: why it is stale, when the nets moved under it (`drift`)
    changed_deals: tuple[tuple[int, int], ...] = ()

    def money(self, chips: int) -> Decimal | None:
        if self.rate is None or self.currency is None:
            return None
        return money.to_money(chips, self.rate, self.currency)


class NightEnd:
    """Settlement use cases; closing a settled night closes it through `Nights`."""

    def __init__(self, store: Store, nights: Nights) -> None:
        self.store = store
        self.nights = nights

    def set_rate(self, night_id: int, rate: str | None, currency: str = "EUR") -> None:
        """The night's money per chip (None removes it)."""
        value = None if rate is None else str(money.parse_rate(rate))
        code = None if rate is None else money.parse_currency(currency)
        with self.store.write() as s:
            _night(s, night_id)
            refuse_elsewhere(s, night_id)
            repo.set_rate(session=s, night_id=night_id, rate=value, currency=code)

    def table_nets(self, night_id: int) -> dict[int, dict[str, int]]:
        """{table number: {player: net}} for a night (every seated player listed)."""
        with self.store.read() as s:
            _night(s, night_id)
            return _table_nets(s, night_id)

    def settlement(self, night_id: int, mode: Mode | None = None, rate: str | None = None,
                   currency: str | None = None) -> NightSettlement:
        """Who still pays whom for a night, with the money at the night's (or given) rate.
        `mode` None: the mode of the plan in use (fewest until a plan is kept)."""
        _mode(mode)
        with self.store.read() as s:
            n = _night(s, night_id)
            table_nets = _table_nets(s, night_id)
            paid_rows = _payments(s, night_id)
            kept = _kept(s, night_id)
            changed = (plan_rows.deals_changed_since(session=s, plan_id=kept.id)
                       if kept is not None else [])
        return settlement_of(n, table_nets, paid_rows, kept, mode, rate, currency,
                             changed_deals=changed)

    def all_settlements(self, rate: str | None = None, currency: str | None = None, *,
                        nets: Mapping[tuple[int, int], int] | None = None
                        ) -> dict[int, NightSettlement]:
        """`settlement` (in the mode of each night's plan) of every night, read in a handful
        of queries (`nets`: `repo.nets_by_table()` when the caller has it already)."""
        with self.store.read() as s:
            nights = {n.id: n for n in repo.nights(session=s)}
            tables = repo.table_numbers(session=s)
            names = repo.player_names(session=s)
            seated = sorted(repo.seated_players(session=s))
            if nets is None:
                nets = repo.nets_by_table(session=s)
            paid = repo.payments(session=s)
            plans = repo.plans(session=s, latest=True)
            lines = repo.plan_lines(session=s, plan_ids=[p[0] for p in plans])
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
        paid_by: dict[int, list[PaidRow]] = {nid: [] for nid in nights}
        for yid, nid, a, b, x, at in paid:
            paid_by[nid].append((yid, names[a], names[b], x, str(at)[:19]))
        kept = {nid: _kept_of(pid, mode, after, lines[pid], names)
                for pid, nid, mode, after in plans}
        return {nid: settlement_of(n, per_night[nid], paid_by[nid], kept.get(nid), None, rate,
                                    currency)
                for nid, n in nights.items()}

    def pay(self, night_id: int, payer: str, payee: str, amount: int | None = None,
            author: str | None = None, *, undo: bool = False, mode: Mode | None = None) -> int:
        """Mark a line of the night's plan paid (or part of it); returns the amount marked.

        The first payment keeps the plan it is made against (`mode`, else fewest); later
        ones must be in the kept plan's mode. The amount owed is read in the same write
        transaction as the payment is written, so concurrent marks cannot both pass."""
        clean_text(author, "author")
        _mode(mode)
        if amount is not None and (type(amount) is not int or amount <= 0):
            raise RuleError("amount", "not_whole_above0", value=show(amount))
        with self.store.write() as s:
            n = _night(s, night_id)
            refuse_elsewhere(s, night_id)
            a, b = player_id(s, payer, "from"), player_id(s, payee, "to")
            paid_rows = _payments(s, night_id)
            if undo:
                done = sum(x for _, p, q, x, _ in paid_rows if (p, q) == (payer, payee))
                amount = done if amount is None else amount
                if amount <= 0 or amount > done:
                    raise RuleError("amount", "unpay_range", value=amount, done=done, payer=payer,
                                    payee=payee)
                sign = -1
            else:
                kept = _kept(s, night_id)
                if kept is not None and mode is not None and mode != kept.mode:
                    raise RuleError("mode", "plan_kept", kept=kept.mode, id=night_id, mode=mode)
                st = settlement_of(n, _table_nets(s, night_id), paid_rows, kept, mode,
                                    None, None)
                owed = sum(i.amount for i in st.open if (i.payer, i.payee) == (payer, payee))
                if not owed:
                    raise RuleError("to", "owes_nothing", payer=payer, payee=payee, mode=st.mode)
                amount = owed if amount is None else amount
                if amount > owed:
                    raise RuleError("amount", "pay_range", value=show(amount), owed=owed)
                if kept is None:  # payment starts: the plan shown is the plan kept
                    self._keep(s, night_id, st.mode, [
                        Line(i.table, i.payer, i.payee, i.planned) for i in st.open], author)
                sign = 1
            repo.add_payment(session=s, night_id=night_id, payer_id=a, payee_id=b,
                             amount=sign * amount, now=clock.now(), author=author)
            return amount

    def replan(self, night_id: int, mode: Mode | None = None, author: str | None = None
               ) -> NightSettlement:
        """Make the plan afresh from the nets left after every payment, in `mode` (else the
        kept plan's, else fewest), and keep it: the explicit step after a correction, or to
        change mode once payment has started. Returns the new settlement."""
        clean_text(author, "author")
        _mode(mode)
        with self.store.write() as s:
            _night(s, night_id)
            refuse_elsewhere(s, night_id)
            kept = _kept(s, night_id)
            use: Mode = mode or (kept.mode if kept else "fewest")
            moves = [(p, q, x) for _, p, q, x, _ in _payments(s, night_id)]
            self._keep(s, night_id, use, plan.make(use, _table_nets(s, night_id), moves),
                       author)
        return self.settlement(night_id)

    def _keep(self, s: Connection, night_id: int, mode: Mode, lines: Sequence[Line],
              author: str | None) -> None:
        ids = {name: pid for pid, name in repo.player_names(session=s).items()}
        repo.add_plan(session=s, night_id=night_id, mode=mode,
                      after_payment=repo.last_payment_id(session=s, night_id=night_id),
                      lines=[(x.table, ids[x.payer], ids[x.payee], x.amount) for x in lines],
                      now=clock.now(), author=author)

    def close_night_settled(self, night_id: int, force: bool = False) -> int:
        """Close a night; refuses while settlement items are open, or the nets have moved
        under the kept plan, unless `force`. Returns the number of open items kept."""
        st = self.settlement(night_id)
        left = len(st.open)
        if left and not force:
            raise RuleError("night", "open_items", night=night_id, n=left)
        if st.drift and not force:
            raise RuleError("night", "nets_changed", night=night_id, id=night_id)
        self.nights.close(night_id)
        return left


def settlement_of(n: Any, table_nets: dict[int, dict[str, int]], paid_rows: Sequence[PaidRow],
                   kept: KeptPlan | None, mode: Mode | None, rate: str | None,
                   currency: str | None, *,
                   changed_deals: Sequence[tuple[int, int]] = ()) -> NightSettlement:
    """A night's settlement from its table nets, payments and kept plan (no database);
    `changed_deals`: the deals corrected since the kept plan was made."""
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
    paid = tuple(PaidItem(a, b, x, at, to_money(x)) for _, a, b, x, at in paid_rows)
    moves = [(a, b, x) for _, a, b, x, _ in paid_rows]
    use: Mode = mode or (kept.mode if kept else "fewest")
    drift: dict[str, int] = {}
    if kept is not None and kept.mode == use:
        since = [(a, b, x) for yid, a, b, x, _ in paid_rows if yid > kept.after_payment]
        followed = plan.follow(kept.lines, since, plan.left_nets(nets, moves))
        rows = [(line, line.amount - done) for line, done in followed.lines
                if line.amount > done]
        drift = followed.drift
    else:
        rows = [(line, line.amount) for line in plan.make(use, table_nets, moves)]
    between: dict[tuple[str, str], int] = {}  # what each payer has paid each payee so far
    for a, b, x in moves:
        between[(a, b)] = between.get((a, b), 0) + x
        between[(b, a)] = between.get((b, a), 0) - x
    items = tuple(SettleItem(line.payer, line.payee, owed, line.table, to_money(owed),
                             _why(line, owed, table_nets, nets,
                                  between.get((line.payer, line.payee), 0)), line.amount)
                  for line, owed in rows)
    player_money = None
    if the_rate is not None:  # one amount per player: the net, at the rate
        player_money = {k: money.to_money(v, the_rate, code) for k, v in sorted(nets.items())}
    return NightSettlement(night_id, n.date, use, the_rate, code if the_rate else None,
                           dict(sorted(nets.items())), table_nets, items, paid,
                           kept=kept is not None and kept.mode == use,
                           proposal=kept is not None and kept.mode != use, drift=drift,
                           player_money=player_money,
                           changed_deals=tuple(changed_deals) if drift else ())


def settle_nets(raw: Any) -> list[Payment]:
    """Fewest transfers for nets typed in (a night scored on paper): {"Ann": 20, …}."""
    if not isinstance(raw, dict) or not raw:
        raise RuleError("nets", "nets_object", value=show(raw))
    for name, value in raw.items():
        if not name.strip():
            raise RuleError("nets", "not_player", value=show(name))
        if type(value) is not int:
            raise RuleError(f"nets.{name}", "not_whole", value=show(value))
    total = sum(raw.values())
    if total:
        raise RuleError("nets", "nets_sum", total=format(total, '+d'))
    return fewest(raw)


# ---- helpers --------------------------------------------------------------------------------


def _night(s: Connection, night_id: int) -> Any:
    n = repo.night_row(session=s, night_id=night_id)
    if n is None:
        raise RuleError("night", "no_such", id=night_id)
    return n


def _table_nets(s: Connection, night_id: int) -> dict[int, dict[str, int]]:
    numbers = {tid: number for tid, _, number in repo.table_numbers(session=s,
                                                                       night_id=night_id)}
    names = repo.player_names(session=s)
    out: dict[int, dict[str, int]] = {numbers[t]: {}
                                      for t in sorted(numbers, key=lambda t: numbers[t])}
    for pid, tid in sorted(repo.seated_players(session=s, night_id=night_id)):
        out[numbers[tid]][names[pid]] = 0
    for (pid, tid), v in repo.nets_by_table(session=s, night_id=night_id).items():
        out[numbers[tid]][names[pid]] += v
    return out


def _payments(s: Connection, night_id: int) -> list[PaidRow]:
    names = repo.player_names(session=s)
    return [(yid, names[a], names[b], x, str(at)[:19])
            for yid, _, a, b, x, at in repo.payments(session=s, night_id=night_id)]


def _kept(s: Connection, night_id: int) -> KeptPlan | None:
    """The night's plan in use, if payment has started (or someone re-planned)."""
    rows = repo.plans(session=s, night_id=night_id, latest=True)
    if not rows:
        return None
    pid, _, mode, after = rows[0]
    lines = repo.plan_lines(session=s, plan_ids=[pid])[pid]
    return _kept_of(pid, mode, after, lines, repo.player_names(session=s))


def _kept_of(pid: int, mode: str, after: int, lines: Sequence[repo.PlanLineRow],
             names: Mapping[int, str]) -> KeptPlan:
    return KeptPlan(pid, "direct" if mode == "direct" else "fewest", after,
                    tuple(Line(t, names[a], names[b], x) for t, a, b, x in lines))


def _mode(mode: object) -> None:
    if mode is not None and mode not in MODES:
        raise RuleError("mode", "not_mode", value=show(mode))


def _why(line: Line, owed: int, table_nets: dict[int, dict[str, int]],
         nets: dict[str, int], paid: int) -> Explanation:
    """Why `owed` is still to pay on `line`: the nets behind it and, across the night (a
    payment names no table), what the payer has paid the payee already."""
    p: Payment | TablePayment = (Payment(line.payer, line.payee, owed) if line.table is None
                                 else TablePayment(line.table, line.payer, line.payee, owed))
    already = paid if line.table is None else 0
    try:
        return replace(explain(p, table_nets), paid=already)
    except ValueError:  # a part-payment already made: explain against the whole night
        return Explanation(p.payer, p.payee, p.amount, (), nets.get(p.payer, 0),
                           nets.get(p.payee, 0), True, line.table, already)


def iter_rows(st: NightSettlement) -> Iterator[tuple[str, str, int, Decimal | None, str]]:
    """(from, to, amount, money, status) for every open and paid item, open first."""
    for i in st.open:
        yield i.payer, i.payee, i.amount, i.money, "open"
    for p in st.paid:
        yield p.payer, p.payee, p.amount, p.money, "paid" if p.amount > 0 else "unpaid"
