"""The later deals whose chips a correction moves: each moved net before and after, what a
scorekeeper must see before saving (a stake doubled or halved by a Bummerl, a pot carried)."""

from __future__ import annotations

from collections.abc import Sequence

from ..domain import rederive
from ..domain.replay import Step
from ..domain.rules.transfers import POT, Transfer, nets_of
from ..store import repo
from ..store.db import Connection
from .tables import Table


def chip_effects(s: Connection, t: Table, later: Sequence[Step]) -> list[rederive.Effect]:
    """The later deals whose nets a correction moves, each with every moved net before and
    after (by seat name): what a scorekeeper must see before saving."""
    settled = [x for x in later if x.settlement is not None]
    stored = repo.transfers_of(session=s, revision_ids=[x.row.revision_id for x in settled])
    names: dict[int | None, str] = {i: name for name, i in t.seat_ids.items()}  # None: the pot
    out = []
    for x in settled:
        assert x.settlement is not None
        old = nets_of([Transfer(names.get(a, POT), names.get(b, POT), n, why)
                       for a, b, n, why in stored[x.row.revision_id]], t.seats)
        old.pop(POT, None)
        effect = rederive.chip_effect(x.number, old, x.settlement.nets)
        if effect is not None:
            out.append(effect)
    return out
