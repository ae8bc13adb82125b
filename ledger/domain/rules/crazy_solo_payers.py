"""Crazy Solo's payers: who of the Gang pays the caller and who the partner, when a deal
splits them otherwise than by seat (crazy-solo.md): the caller collects from ⌈g/2⌉ of a
Gang of g, the partner from the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import fields as F
from .errors import RuleError, show


def parse_payers(raw: Any, seats: tuple[str, ...], caller: str,
                 partner: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`{"caller": [names], "partner": [names]}`, or each Gang member's payee by name
    (`{"Bea": "Ann", "Chie": "Dan", …}`, as a form asks it per member)."""
    if isinstance(raw, Mapping) and set(raw) != {"caller", "partner"} and all(
            isinstance(v, str) for v in raw.values()):
        raw = _payers_by_payee(raw, seats, caller, partner)
    if not isinstance(raw, Mapping) or set(raw) != {"caller", "partner"}:
        raise RuleError("payers", "payers_shape", value=show(raw))
    start = seats.index(caller)  # the Gang in seat order from the caller's left
    gang = [p for p in (seats[(start + i) % len(seats)] for i in range(1, len(seats)))
            if p != partner]
    lists = []
    for side in ("caller", "partner"):
        names = raw[side]
        if not isinstance(names, list):
            raise RuleError(f"payers.{side}", "not_names", value=show(names))
        lists.append(tuple(F.player_name(n, f"payers.{side}", seats) for n in names))
    to_caller, to_partner = lists
    together = to_caller + to_partner
    if sorted(together) != sorted(gang):
        raise RuleError("payers", "payers_each_once", names=", ".join(gang))
    if len(to_caller) != (len(gang) + 1) // 2:
        raise RuleError("payers.caller", "cs.payers_count", n=len(to_caller),
                        half=(len(gang) + 1) // 2, gang=len(gang))
    return to_caller, to_partner


def _payers_by_payee(raw: Mapping[str, str], seats: tuple[str, ...], caller: str,
                     partner: str) -> dict[str, list[str]]:
    sides: dict[str, list[str]] = {"caller": [], "partner": []}
    for payer, payee in raw.items():
        to = F.player_name(payee, f"payers.{payer}", seats)
        if to not in (caller, partner):
            raise RuleError(f"payers.{payer}", "cs.payee_not_team", name=to, caller=caller,
                            partner=partner)
        sides["caller" if to == caller else "partner"].append(payer)
    return sides
