"""`tally check` for the rows that hold money beside the deals: payments, kept settlement
plans and each night's rate.

A payment made against a kept plan (its id above the plan's `after_payment`, below the next
plan's) must pay a line of that plan, and the pair's payments so far must stay between 0 and
the pair's lines: what `pay` allows. A payment from before any plan must not pay more than
the payer lost and the payee won that night. Nobody pays themselves; amounts are whole,
non-zero chips.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain import money
from ..domain.plan import MODES
from ..domain.rules import RuleError
from ..store import repo
from ..store.db import Connection
from .problems import Problem, error_values


def payment_problems(s: Connection) -> list[Problem]:
    """One record per row that holds money and is not what the commands would have
    written (codes `bad_rate`, `plan_*`, `payment_*`; names as the roster spells them)."""
    names = repo.player_names(session=s)

    def name(pid: int) -> str:
        return names.get(pid, f"player {pid}")

    problems: list[Problem] = []

    def found(code: str, **values: Any) -> None:
        problems.append(Problem(code, values=values))

    for n in repo.nights(session=s):
        if n.rate is not None:
            try:
                money.parse_rate(str(n.rate))
                money.parse_currency(str(n.currency or ""))
            except RuleError as exc:
                found("bad_rate", night=n.id, **error_values(exc))
    plans = repo.plans(session=s)
    lines = repo.plan_lines(session=s, plan_ids=[p[0] for p in plans])
    tables = {(nid, number) for _, nid, number in repo.table_numbers(session=s)}
    for pid, nid, mode, _ in plans:
        if mode not in MODES:
            found("plan_mode", plan=pid, mode=repr(mode))
        for i, (table, a, b, x) in enumerate(lines[pid], 1):
            line = {"plan": pid, "line": i}
            if type(x) is not int or x <= 0:
                found("plan_amount", **line, payer=name(a), payee=name(b), amount=repr(x))
            elif a == b:
                found("plan_self", **line, payer=name(a))
            elif table is not None and (nid, table) not in tables:
                found("plan_table", **line, night=nid, table=table)
    by_night: dict[int, list[tuple[int, int, int]]] = {}  # night: (after payment, plan id)
    for pid, nid, _, after in plans:
        by_night.setdefault(nid, []).append((after, pid, nid))
    nets = _night_nets(s)
    paid: dict[tuple[int | None, int, int], int] = {}  # (plan, payer, payee): sum so far
    # (night, payer, payee): sum so far; a payment taken back after a re-plan may undo one
    # made under an earlier plan, so what may be taken back is counted over the night
    night_paid: dict[tuple[int, int, int], int] = {}
    for yid, nid, a, b, x, _ in repo.payments(session=s):
        head = {"payment": yid, "payer": name(a), "payee": name(b), "amount": repr(x)}
        if a == b:
            found("payment_self", payment=yid, payer=name(a))
            continue
        if type(x) is not int or x == 0:
            found("payment_amount", **head)
            continue
        plan = next((p for after, p, _ in reversed(by_night.get(nid, [])) if after < yid), None)
        key = (plan, a, b)
        before = paid.get(key, 0)
        paid[key] = before + x
        so_far = night_paid.get((nid, a, b), 0)
        night_paid[(nid, a, b)] = so_far + x
        if so_far + x < 0:
            found("payment_takes_back", **head, so_far=so_far)
        elif x < 0:
            continue  # taking back never pays more than owed
        elif plan is None:
            night = nets.get(nid, {})
            most = min(-night.get(a, 0), night.get(b, 0))
            if paid[key] > max(most, 0):
                found("payment_beyond_night", **head, most=max(most, 0))
        else:
            owed = sum(line[3] for line in lines[plan] if line[1:3] == (a, b))
            if not owed:
                found("payment_no_line", **head, plan=plan)
            elif paid[key] > owed:
                found("payment_beyond_plan", **head, left=max(owed - before, 0))
    return problems


def _night_nets(s: Connection) -> Mapping[int, dict[int, int]]:
    """{night id: {player id: net}} over the current revisions."""
    night_of = {tid: nid for tid, nid, _ in repo.table_numbers(session=s)}
    out: dict[int, dict[int, int]] = {}
    for (pid, tid), v in repo.nets_by_table(session=s).items():
        per = out.setdefault(night_of[tid], {})
        per[pid] = per.get(pid, 0) + v
    return out
