"""Has a table changed since it was read? A few numbers that say so without reading it.

A screen showing a table reads it again when the database changes (`tui.live`); on a table
of 40,000 deals that is most of a second of work, and the app's own saves change the
database too (it has patched its screen already). The stamp (deals, revisions, seat names,
the night closed) moves with every change a table screen shows: a deal recorded, corrected,
voided or re-settled adds a revision; a rename changes the seats; closing the night the flag.
"""

from __future__ import annotations

from typing import NamedTuple

from ..store import repo, stamps
from .store import Store
from .tables import load_table


class TableStamp(NamedTuple):
    deals: int
    revisions: int  # of all the table's deals: the sum of each deal's current seq
    seats: tuple[str, ...]
    night_closed: bool


class Stamps:
    def __init__(self, store: Store) -> None:
        self.store = store

    def table_stamp(self, table_id: int) -> TableStamp:
        """The table's stamp now (a RuleError if it is gone)."""
        with self.store.read() as s:
            t = load_table(s, table_id)
            deals, revisions = stamps.table_counts(session=s, table_id=table_id)
            night = repo.night_row(session=s, night_id=t.night_id)
            return TableStamp(deals, revisions, tuple(t.seats),
                              night is not None and night.closed_at is not None)
