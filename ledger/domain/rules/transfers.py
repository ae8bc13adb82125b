"""Transfers and settlements: the only things that move chips."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

POT = "pot"


@dataclass(frozen=True, slots=True)
class Transfer:
    """`amount` chips from `payer` to `payee` (a player name or `POT`)."""

    payer: str
    payee: str
    amount: int
    reason: str

    def __post_init__(self) -> None:
        if type(self.amount) is not int or self.amount <= 0:
            raise ValueError(f"transfer amount must be a positive int, got {self.amount!r}")
        if self.payer == self.payee:
            raise ValueError(f"transfer from {self.payer!r} to itself")


def nets_of(transfers: Iterable[Transfer], players: Iterable[str] = ()) -> dict[str, int]:
    """Each account's net from applying `transfers` to all-zero balances.

    Every name in `players` appears (with 0 if untouched); the pot appears only if used.
    """
    nets = {p: 0 for p in players}
    for t in transfers:
        nets[t.payer] = nets.get(t.payer, 0) - t.amount
        nets[t.payee] = nets.get(t.payee, 0) + t.amount
    return nets


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one deal moves. Zero-sum by construction; the pot must end empty."""

    players: tuple[str, ...]
    transfers: tuple[Transfer, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))
        # zero-sum holds by construction (each transfer takes what it gives); what is
        # checked is that the pot ends empty and that only players and the pot appear
        pot = 0
        strangers = set()
        players = self.players
        for t in self.transfers:
            if t.payer == POT:
                pot -= t.amount
            elif t.payer not in players:
                strangers.add(t.payer)
            if t.payee == POT:
                pot += t.amount
            elif t.payee not in players:
                strangers.add(t.payee)
        if pot != 0:
            raise ValueError(f"pot ends at {pot}, not 0")
        if strangers:
            raise ValueError(f"transfers name non-players {sorted(strangers)}")

    @property
    def nets(self) -> dict[str, int]:
        """Each player's net for the deal, in seat order (the pot left out)."""
        nets = nets_of(self.transfers, self.players)
        nets.pop(POT, None)
        return nets
