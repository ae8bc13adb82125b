"""Each table's hash chain in use (`ledger.domain.chain`): a night's head, and `check`'s
look at every chain: the first revision of a table whose stored hash is not what its content
and the hash before it give — a row edited after it was recorded (or one the chain never
sealed) — named by table, deal and revision."""

from __future__ import annotations

from ..domain.chain import first_broken, night_head
from ..store import chain_rows
from ..store.db import Connection
from .problems import Problem
from .store import Store


class Chains:
    def __init__(self, store: Store) -> None:
        self.store = store

    def night_head(self, night_id: int) -> str | None:
        """The night's head hash (`chain.night_head` of its tables' last hashes; None
        while no deal is recorded), as printed on the settlement and the export."""
        with self.store.read() as s:
            heads = chain_rows.heads(s, night_id)
        return night_head(heads) if heads else None


def chain_problem(session: Connection, table_id: int) -> Problem | None:
    """The table's first revision that breaks its chain, as a problem (None: it holds).
    `check` asks it of every table beside its replay (in its worker processes)."""
    links = chain_rows.table_chain(session, table_id)
    broken = first_broken([x.content for x in links], [x.hash for x in links])
    if broken is None:
        return None
    at = links[broken].content
    return Problem("chain_broken", table_id, at.deal, values={"revision": at.seq})
