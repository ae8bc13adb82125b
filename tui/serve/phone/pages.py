"""What the phone pages show of a table, read from the service (blocking: run in a thread)
and turned into plain records the templates draw (rendered on the event loop, where the
language of the request is set)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ledger.service import FormFacts, Tally
from ledger.service.tournament_now import AtTime
from ledger.service.verdicts import Verdict, confirmers
from ledger.service.views import DealView, Preview, Scoreboard, StandingRow, TableView
from ledger.text.summaries import party, reason_text

from ...format import figure, game_title, minus_signs, signed, status_text

if TYPE_CHECKING:
    from ledger.service.rating import RatingRow


@dataclass(frozen=True, slots=True)
class TableNow:
    """A table as it stands: its view, its deals (oldest first), standings, chips."""

    view: TableView
    deals: list[DealView]
    standings: list[StandingRow]
    scoreboard: Scoreboard | None
    at_time: AtTime | None = None  # a tournament match unfinished: what it scores at time
    verdicts: Mapping[int, Verdict] = field(default_factory=dict)  # deal id → (confirm on)

    @property
    def next_number(self) -> int:
        return max((d.number for d in self.deals), default=0) + 1


def table_by_number(service: Tally, night_id: int, number: int) -> TableView | None:
    return next((t for t in service.night(night_id).tables if t.number == number), None)


def read_table(service: Tally, table: TableView, *, log: bool = True) -> TableNow:
    view = service.table(table.id)
    deals = service.deals(table.id)
    standings = service.standings(table_id=table.id) if log else []
    return TableNow(view, deals, standings, service.scoreboard(table.id) if log else None,
                    service.tournament_at_time(table.id),
                    service.verdicts(table.id) if log else {})


# ---- records for the templates (rendered in the request's language) ------------------------

@dataclass(frozen=True, slots=True)
class Line:
    """A deal in the log: its number, summary, who recorded it, nets and running totals."""

    id: int
    number: int
    summary: str
    by: str
    void: bool
    corrected: bool
    nets: list[tuple[str, str, str]]  # (name, signed net, css class)
    totals: list[tuple[str, str, str]]
    verdict: Verdict | None = None  # at a table whose deals the opponents confirm
    who: tuple[str, ...] = ()  # who may confirm it: the players who did not record it


def net_cell(n: int) -> str:
    return "up" if n > 0 else "down" if n < 0 else "zero"


@dataclass(frozen=True, slots=True)
class RatingLine:
    """A player's rating after tonight as the log page shows it (figures to 2 decimals,
    the real minus sign)."""

    player: str
    rating: str
    mu: str
    sigma: str
    change: str
    cls: str  # of the change: up, down, zero
    provisional: bool


def rating_line(r: RatingRow) -> RatingLine:
    change = figure(r.change, sign=True)
    cls = "zero" if change == "0.00" else "down" if r.change < 0 else "up"
    return RatingLine(r.player, figure(r.ordinal), figure(r.mu), figure(r.sigma), change,
                      cls, r.provisional)


def rating_lines(rated: Sequence[RatingRow], seats: Sequence[str]) -> list[RatingLine]:
    """The ratings after tonight of the table's players, highest first."""
    at = set(seats)
    return [rating_line(r) for r in rated if r.player in at]


def own_rating(rated: Sequence[RatingRow], by: str) -> RatingLine | None:
    """The scorekeeper's own rating after tonight, if the name kept on the phone is a
    player rated tonight (as typed: any case, spaces squeezed)."""
    name = " ".join(by.split()).casefold()
    return next((rating_line(r) for r in rated if r.player.casefold() == name), None)


def log_lines(now: TableNow) -> list[Line]:
    """The table's deals, the latest first, each with the running totals after it."""
    seats = now.view.seats
    running = dict.fromkeys(seats, 0)
    out: list[Line] = []
    for d in now.deals:
        for name in seats:
            running[name] += d.nets.get(name, 0)
        verdict = now.verdicts.get(d.id)
        out.append(Line(d.id, d.number, minus_signs(d.shown()), d.author or "",
                        d.void, (verdict.changed if verdict else d.revision > 1)
                        and not d.void,
                        [(n, signed(d.nets.get(n, 0)), net_cell(d.nets.get(n, 0)))
                         for n in seats],
                        [(n, signed(v), net_cell(v)) for n, v in running.items()],
                        verdict, confirmers(verdict, seats)))
    return out[::-1]


def saved_line(now: TableNow, deal_id: int) -> Line | None:
    """The deal just saved (by its id), as the log shows it, for the page after a save;
    None if the table holds no such deal."""
    return next((line for line in log_lines(now) if line.id == deal_id), None) \
        if deal_id else None




def status_line(view: TableView) -> str:
    """The table's status as the terminal entry says it (the game's own status line; the
    room's version where the game has one: Sixty-Six's score says what it is played to)."""
    import tui.forms  # noqa: F401

    from ...forms import registry  # the games' forms register themselves on import

    ui = registry.ui_for(view.game)
    line = ui.room_status_line or ui.status_line
    return (line(view.status) if line else "") or status_text(view.status)


def title(view: TableView) -> str:
    return game_title(view.game)


@dataclass(frozen=True, slots=True)
class PreviewShown:
    summary: str
    transfers: list[tuple[str, str, str, str]]  # payer, payee, amount, reason
    nets: list[tuple[str, str, str]]


def preview_shown(preview: Preview, seats: tuple[str, ...]) -> PreviewShown:
    return PreviewShown(
        minus_signs(preview.shown()),
        [(party(x.payer), party(x.payee), str(x.amount), reason_text(x.reason))
         for x in preview.transfers],
        [(n, signed(preview.nets.get(n, 0)), net_cell(preview.nets.get(n, 0)))
         for n in seats])


def facts_or_none(service: Tally, table_id: int, partial: Mapping[str, Any]
                  ) -> FormFacts:
    return service.form_facts(table_id, dict(partial))
