"""A table played for a stack of chips over a set number of rounds (Hachi-Hachi): each
player's chips (the preset's start chips plus the net so far), the rounds left and, when
the game is over, the final ranking. Folded from the table's stored outcomes each time it
is asked: the state after the last round is the fold's own checkpoint (`check` verifies
it), so it never reads a stored total."""

from __future__ import annotations

from .store import Store
from .tables import load_table, mark_now
from .views import ChipsRow, Scoreboard


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
