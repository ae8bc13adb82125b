"""The table screen's data: what one read of the table gives (`TableData`) and the deal
log's rows built from it (each seat's net per deal, or the running totals)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from ledger.service import RuleError
from ledger.service.scoreboard import running_totals
from ledger.service.tournament_now import AtTime
from ledger.service.views import DealView, Scoreboard, StandingRow, TableView

if TYPE_CHECKING:
    from ledger.service import Tally

from ..at_time import at_time_text
from ..format import WordClipped, chips, minus_signs
from ..i18n import t

__all__ = ["MARKS", "Row", "TableData", "deal_rows", "running_totals", "stamp"]

MARKS = {"correct": "✎", "resettle": "↻", "void": "✗", "record": "", "confirm": "✓", "dispute": "?"}
@dataclass(frozen=True, slots=True)
class TableData:
    table: TableView
    deals: list[DealView]
    standings: list[StandingRow]
    night_closed: bool
    running: dict[str, list[int]]  # each seat's total after each deal
    scoreboard: Scoreboard | None = None  # chips and rounds left (Hachi-Hachi)
    hidden: tuple[int, int] = (0, 0)  # deals (and their revisions) before `deals`, not read
    at_time: AtTime | None = None  # a tournament match unfinished: what it scores at time

    def title_tail(self) -> list[str]:
        """The title line's last parts: the night closed; what a tournament match under
        way scores at time, once its round's clock runs."""
        return ([t("night.closed")] if self.night_closed else []) + (
            [at_time_text(self.at_time)] if self.at_time is not None else [])


def stamp(data: TableData) -> tuple[int, int, tuple[str, ...], bool]:
    """What `Tally.table_stamp` says of the table shown (deals, revisions, seats, closed)."""
    return (data.hidden[0] + len(data.deals),
            data.hidden[1] + sum(d.revision for d in data.deals), tuple(data.table.seats),
            data.night_closed)


Row = tuple[str, tuple[object, ...]]  # (row key: the deal's id, cells)


def deal_rows(data: TableData, totals: bool, indices: Iterable[int] | None = None) -> list[Row]:
    """The log's rows: number, mark, summary, then per seat the deal's net or the total."""
    rows = []
    seats = data.table.seats
    for i in range(len(data.deals)) if indices is None else indices:
        deal = data.deals[i]
        if deal.void:
            summary = Text(t("table.void", reason=deal.reason or ""), style="dim strike")
        else:
            # cut where a word ends, with "…", when the column is narrow: never a
            # believable half number ("5…" for 52 → −25)
            summary = WordClipped(minus_signs(deal.shown()), no_wrap=True)
        cells = [chips(data.running[name][i], zero="0") if totals else net_cell(deal, name)
                 for name in seats]
        rows.append((str(deal.id), (Text(str(deal.number), justify="right"),
                                    MARKS.get(deal.kind, ""), summary, *cells)))
    return rows


def net_cell(deal: DealView, name: str) -> Text:
    """A seat's net in a deal: `0` for a player in it whose chips did not move, `·` for one
    who sat it out (the three-player game's dealer) and for everyone in a void deal (issue
    38 item 9)."""
    if deal.void or (deal.extra or {}).get("sits_out") == name:
        return Text("·", style="dim", justify="right")
    return chips(deal.nets.get(name, 0), zero="0")


def with_deal(service: Tally, data: TableData, deal_id: int) -> TableData | None:
    """The table with its new deal added: that deal read alone, not the whole table (None
    when the table changed meanwhile, or the deal is gone). In a worker."""
    table_id = data.table.id
    try:
        deal = service.deal(deal_id)
        if deal.number != (data.deals[-1].number if data.deals else 0) + 1:
            return None
        return TableData(service.table(table_id), [*data.deals, deal],
                         service.standings(table_id=table_id), data.night_closed,
                         running_totals(data.table.seats, [deal], data.running),
                         service.scoreboard(table_id), data.hidden,
                         service.tournament_at_time(table_id))
    except RuleError:  # deleted on another device meanwhile
        return None
