"""A table played for a stack of chips over a set number of rounds (Hachi-Hachi): each
player's chips (the preset's start chips plus the net so far), the rounds left and, when
the game is over, the final ranking. Folded from the table's stored outcomes each time it
is asked: the state after the last round is the fold's own checkpoint (`check` verifies
it), so it never reads a stored total."""

from __future__ import annotations

from collections.abc import Sequence

from .store import Store
from .tables import load_table, mark_now
from .views import ChipsRow, DealView, Scoreboard


def running_totals(seats: Sequence[str], deals: Sequence[DealView],
                   so_far: dict[str, list[int]] | None = None) -> dict[str, list[int]]:
    """Each seat's total after each deal: sums of the stored nets, nothing recomputed (the
    one place the CLI's `round list` and the app's log and chart take them from).
    `so_far`: the totals after the deals before these, extended in place (a save on a long
    table copies no list, and the chart looks only at the new totals).

    >>> from .views import DealView
    >>> d = DealView(1, 1, 1, 1, "record", "", None, {}, (), {"A": 5, "B": -5}, "")
    >>> running_totals(["A", "B"], [d, d])
    {'A': [5, 10], 'B': [-5, -10]}
    """
    out: dict[str, list[int]] = so_far if so_far is not None else {name: [] for name in seats}
    for deal in deals:
        for name in seats:
            before = out[name][-1] if out[name] else 0
            out[name].append(before + deal.nets.get(name, 0))
    return out


class Scoreboards:
    def __init__(self, store: Store) -> None:
        self.store = store

    def scoreboard(self, table_id: int) -> Scoreboard | None:
        """The table's chips and rounds; None for a game not played for a stack.

        The game's status names its round count (`rounds`, `round`) and the options its
        `start_chips`: those are the games this applies to.
        """
        with self.store.read() as s:
            t = load_table(s, table_id)
            start = getattr(t.options, "start_chips", None)
            if not isinstance(start, int) or not hasattr(t.options, "rounds"):
                return None
            mark = mark_now(s, t)  # the stored state after the last round (else the fold)
        status = t.game.status(mark.state, t.options)
        chips = [(name, start + net, net) for name, net in zip(t.seats, mark.nets, strict=True)]
        return Scoreboard(start, int(status.get("rounds") or 0), int(status.get("round") or 0),
                          bool(status.get("finished")), rank_chips(chips))


def rank_chips(rows: list[tuple[str, int, int]]) -> tuple[ChipsRow, ...]:
    """Most chips first; equal chips share a place (the rules: "equal totals share the
    place"); ties listed in seat order.

    >>> [(r.rank, r.player) for r in rank_chips([("P1", 40, -10), ("P2", 60, 10),
    ...                                           ("P3", 60, 10), ("P4", 30, -20)])]
    [(1, 'P2'), (1, 'P3'), (3, 'P1'), (4, 'P4')]
    """
    ordered = sorted(rows, key=lambda r: -r[1])  # stable: seat order within a tie
    out: list[ChipsRow] = []
    for i, (name, chips, net) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].chips == chips else i + 1
        out.append(ChipsRow(rank, name, chips, net))
    return tuple(out)
