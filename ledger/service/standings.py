"""Standings: players ranked by net over a table, a night or every night.

A table's standings are where its last checkpoint says it stands (each seat's net and the
deals played, kept with the state after each deal and verified by `check`); a night's or
every night's are the per-night sums kept with each revision (`ledger.store.sums`, also
verified by `check`), added up per player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..domain.rules import RuleError
from ..store import repo, sums
from ..store.db import Connection
from .store import Store
from .views import StandingRow


class Standings:
    def __init__(self, store: Store) -> None:
        self.store = store

    def standings(self, *, night_id: int | None = None, table_id: int | None = None
                  ) -> list[StandingRow]:
        """Players ranked by net over the scope (all nights if neither is given)."""
        with self.store.read() as s:
            if night_id is not None and repo.night_row(session=s, night_id=night_id) is None:
                raise RuleError("night", "no_such", id=night_id)
            if table_id is not None and repo.table_row(session=s, table_id=table_id) is None:
                raise RuleError("table", "no_such", id=table_id)
            if table_id is not None:  # one table: where its last checkpoint says it stands
                from .tables import checkpoint_mark, load_table  # the fold: only for a table

                t = load_table(s, table_id)
                mark = checkpoint_mark(t, repo.last_checkpoint(session=s, table_id=table_id))
                if mark is not None:
                    return rank_rows([(name, net, mark.played)
                                      for name, net in zip(t.seats, mark.nets, strict=True)])
                nets = repo.nets_by_table(session=s, table_id=table_id)
                return standings_of(s, nets, table_id=table_id)
            # the players of the scope only, named in the same query (a federation's
            # roster is thousands of names; a night's is a few tables' seats)
            return rank_rows([(name, int(net), int(deals))
                              for name, net, deals in sums.by_player(s, night_id)])


def standings_of(s: Connection, nets: Mapping[tuple[int, int], int], *,
                 night_id: int | None = None, table_id: int | None = None
                 ) -> list[StandingRow]:
    """`standings` from nets already summed (`repo.nets_by_table` of the same scope)."""
    played = repo.deals_played(session=s, night_id=night_id, table_id=table_id)
    seated = repo.seated_players(session=s, night_id=night_id, table_id=table_id)
    names = repo.player_names(session=s)
    total: dict[int, int] = {}
    deals: dict[int, int] = {}
    for pid, _tid in seated | set(nets) | set(played):
        total.setdefault(pid, 0)
        deals.setdefault(pid, 0)
    for (pid, _tid), n in nets.items():
        total[pid] += n
    for (pid, _tid), n in played.items():
        deals[pid] += n
    return rank_rows([(names[p], total[p], deals[p]) for p in total])


def rank_rows(rows: Sequence[tuple[str, int, int]]) -> list[StandingRow]:
    """Rank by net, highest first; equal nets share a rank (1, 2, 2, 4).

    >>> [(r.rank, r.player) for r in rank_rows([("Bea", 5, 1), ("ann", 5, 1), ("Dan", -10, 1)])]
    [(1, 'ann'), (1, 'Bea'), (3, 'Dan')]
    """
    ordered = sorted(rows, key=lambda r: (-r[1], r[0].lower(), r[0]))
    out: list[StandingRow] = []
    for i, (name, net, deals) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].net == net else i + 1
        out.append(StandingRow(rank, name, net, deals))
    return out
