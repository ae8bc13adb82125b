"""A tournament round at the host's screen: its clock, "where do I sit?" (every player by
name with their table) and the ranking. Opened with `t` from the night screen while a
round of a tournament is drawn on the night's tables; everything comes from the service
(`tournaments`, `tournament_rounds`, `tournament_standings`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static

from ledger.service.tournament_views import DrawView, figure

from ..i18n import t
from ..widgets.footer import KeysFooter
from .base import TallyScreen


@dataclass(frozen=True, slots=True)
class RoundData:
    draw: DrawView
    ranking: list[tuple[int, str, str, list[str]]]  # rank, player, points, tie-breaks
    breaks: list[str]


def clock_line(d: DrawView, now: datetime) -> str:
    left = d.left(now)
    if left is None:
        return ""
    return t("board.tn.time_up") if left == 0 else f"{left // 60}:{left % 60:02d}"


class TournamentScreen(TallyScreen[None]):
    HELP = "help.tournament"
    BINDINGS: ClassVar = []

    def __init__(self, night_id: int) -> None:
        super().__init__()
        self.night_id = night_id
        self.data: RoundData | None = None

    def rebuilt(self) -> TournamentScreen:
        return TournamentScreen(self.night_id)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("loading"), id="tournament-title", classes="screen-title")
        yield Static("", id="tournament-clock")
        with Horizontal(id="tournament-body"):
            with Vertical():
                yield Static(t("board.tn.where"), classes="panel-title")
                yield DataTable(id="where", cursor_type="row", zebra_stripes=True)
            with Vertical():
                yield Static(t("board.tn.ranking"), classes="panel-title")
                yield DataTable(id="ranking", cursor_type="none", zebra_stripes=True)
        yield Static(t("tn.none_tonight"), id="tournament-empty", classes="hint")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#tournament-empty").display = False
        self.set_interval(1, self.tick)
        self.load()

    def ledger_changed(self) -> None:
        if self.is_current:
            self.load()

    @work(thread=True, exclusive=True, group="tournament-load", description="tournament-load")
    def load(self) -> None:
        service = self.service
        ids = {x.id for x in service.night(self.night_id).tables}
        data = None
        for tour in reversed(service.tournaments()):
            rounds = service.tournament_rounds(tour.name)
            if rounds and any(x.table_id in ids for x in rounds[-1].tables):
                rows = service.tournament_standings(tour.name)
                breaks = [k for k, _ in rows[0].tie_breaks[1:]] if rows else []
                data = RoundData(rounds[-1], [
                    (x.rank, x.player, str(figure(x.points)),
                     [str(figure(v)) for _, v in x.tie_breaks[1:]]) for x in rows], breaks)
                break
        self.app.call_from_thread(self.show, data)

    def show(self, data: RoundData | None) -> None:
        if not self.is_mounted:
            return
        self.data = data
        self.query_one("#tournament-empty").display = data is None
        self.query_one("#tournament-body").display = data is not None
        if data is None:
            self.query_one("#tournament-title", Static).update(t("tn.none_tonight"))
            return
        d = data.draw
        self.query_one("#tournament-title", Static).update(
            t("board.tn.round", name=d.tournament, round=d.round, rounds=d.rounds))
        where = self.query_one("#where", DataTable)
        where.clear(columns=True)
        where.add_column(t("board.player"), key="player")
        where.add_column(t("tn.col.table"), key="table")
        for player, number in d.by_name():
            where.add_row(player, Text(t("board.tn.table", n=number) if number is not None
                                       else t("tn.bye")), key=player)
        ranking = self.query_one("#ranking", DataTable)
        ranking.clear(columns=True)
        for key in ["#", "player", "points"]:
            ranking.add_column(t(f"cli.h.{key}"), key=key)
        for key in data.breaks:
            ranking.add_column(t(f"tn.tb.{key}"), key=key)
        for rank, player, points, breaks in data.ranking:
            ranking.add_row(str(rank), player, Text(points, justify="right"),
                            *[Text(b.replace("-", "−"), justify="right") for b in breaks])
        where.focus()
        self.tick()

    def tick(self) -> None:
        if self.data is not None:
            self.query_one("#tournament-clock", Static).update(
                clock_line(self.data.draw, datetime.now(UTC)))
