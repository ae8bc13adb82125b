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

from ..domain import money
from ..domain.plan import MODES
from ..domain.rules import RuleError
from ..store import repo
from ..store.db import Connection


def payment_problems(s: Connection) -> list[str]:
    """One line per row that holds money and is not what the commands would have written."""
    names = repo.player_names(session=s)

    def name(pid: int) -> str:
        return names.get(pid, f"player {pid}")

    problems: list[str] = []
    for n in repo.nights(session=s):
        if n.rate is not None:
            try:
                money.parse_rate(str(n.rate))
                money.parse_currency(str(n.currency or ""))
            except RuleError as exc:
                problems.append(f"night {n.id}: {exc}")
    plans = repo.plans(session=s)
    lines = repo.plan_lines(session=s, plan_ids=[p[0] for p in plans])
    tables = {(nid, number) for _, nid, number in repo.table_numbers(session=s)}
    for pid, nid, mode, _ in plans:
        if mode not in MODES:
            problems.append(f"plan {pid}: mode {mode!r} is not fewest or direct")
        for i, (table, a, b, x) in enumerate(lines[pid], 1):
            where = f"plan {pid} line {i}"
            if type(x) is not int or x <= 0:
                problems.append(f"{where}: {name(a)} → {name(b)} {x!r} is not a whole "
                                "number of chips above 0")
            elif a == b:
                problems.append(f"{where}: {name(a)} pays {name(a)}")
            elif table is not None and (nid, table) not in tables:
                problems.append(f"{where}: night {nid} has no table {table}")
    by_night: dict[int, list[tuple[int, int, int]]] = {}  # night: (after payment, plan id)
    for pid, nid, _, after in plans:
        by_night.setdefault(nid, []).append((after, pid, nid))
    nets = _night_nets(s)
    paid: dict[tuple[int | None, int, int], int] = {}  # (plan, payer, payee): sum so far
    # (night, payer, payee): sum so far; a payment taken back after a re-plan may undo one
    # made under an earlier plan, so what may be taken back is counted over the night
    night_paid: dict[tuple[int, int, int], int] = {}
    for yid, nid, a, b, x, _ in repo.payments(session=s):
        head = f"payment {yid}: {name(a)} → {name(b)} {x!r}"
        if a == b:
            problems.append(f"payment {yid}: {name(a)} pays {name(a)}")
            continue
        if type(x) is not int or x == 0:
            problems.append(f"{head} is not a whole number of chips other than 0")
            continue
        pid = next((p for after, p, _ in reversed(by_night.get(nid, [])) if after < yid), None)
        key = (pid, a, b)
        before = paid.get(key, 0)
        paid[key] = before + x
        so_far = night_paid.get((nid, a, b), 0)
        night_paid[(nid, a, b)] = so_far + x
        if so_far + x < 0:
            problems.append(f"{head} takes back more than the {so_far} marked paid")
        elif x < 0:
            continue  # taking back never pays more than owed
        elif pid is None:
            night = nets.get(nid, {})
            most = min(-night.get(a, 0), night.get(b, 0))
            if paid[key] > max(most, 0):
                problems.append(f"{head} is more than {name(a)} lost or {name(b)} won "
                                f"that night ({max(most, 0)})")
        else:
            owed = sum(line[3] for line in lines[pid] if line[1:3] == (a, b))
            if not owed:
                problems.append(f"{head} pays no line of plan {pid}")
            elif paid[key] > owed:
                problems.append(f"{head} is more than the {max(owed - before, 0)} the plan "
                                "left owed")
    return problems


def _night_nets(s: Connection) -> Mapping[int, dict[int, int]]:
    """{night id: {player id: net}} over the current revisions."""
    night_of = {tid: nid for tid, nid, _ in repo.table_numbers(session=s)}
    out: dict[int, dict[int, int]] = {}
    for (pid, tid), v in repo.nets_by_table(session=s).items():
        per = out.setdefault(night_of[tid], {})
        per[pid] = per.get(pid, 0) + v
    return out
