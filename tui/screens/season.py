"""The season: the league table, the highlighted player's record, and the race in a chart.

Shows the newest season (`tally season new`), or every night when there is none; `n` goes
on to the next season (and, after the last, every night), `p` switches between ranking by
chips and by placement points. The record beside the table follows the highlighted player:
their nights with place, net and the net at each game. The chart below draws the running
net (or points) of the top five across the nights of the range. Everything comes from the
service (`seasons`, `league`); the rows and sums are its facts.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static

from ledger.service import Scoring, shown
from ledger.service.league_report import LeagueReport, SeasonView

from ..format import MINUS, chips, date_text, game_title
from ..i18n import t
from ..widgets.chart import RunningChart
from ..widgets.fit import fit_columns
from ..widgets.footer import KeysFooter
from .base import TallyScreen

SCROLLBAR = 2  # the record's vertical scrollbar, when its nights are more than its rows
TOP = 4  # players drawn in the chart (their legend fits half of a 100-column screen)


def number(value: int | Decimal) -> Text:
    """A count or a 2-decimal figure, right-aligned, with a real minus sign like the nets."""
    return Text(str(value).replace("-", MINUS), justify="right")


class SeasonScreen(TallyScreen[None]):
    HELP = "help.season"
    PALETTE = ("next_season", "toggle_scoring")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_season", "key.next_season"),
        Binding("p", "toggle_scoring", "key.toggle_scoring"),
    ]

    def __init__(self, season_index: int | None = None, scoring: Scoring | None = None
                 ) -> None:
        super().__init__()
        self.seasons: list[SeasonView] = []
        self.index = season_index  # into seasons; len(seasons): every night
        self.scoring = scoring  # None: the season's own
        self.report: LeagueReport | None = None
        self.trend: dict[str, tuple[float, ...]] = {}  # each player's rating, night by night

    def rebuilt(self) -> SeasonScreen:
        return SeasonScreen(self.index, self.scoring)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("loading"), id="season-title", classes="screen-title")
        yield Static(t("season.league"), classes="panel-title")
        yield DataTable(id="league", cursor_type="row", zebra_stripes=True)
        yield Static(t("season.empty"), id="league-empty", classes="hint")
        with Horizontal(id="season-bottom"):
            with Vertical(id="season-record"):
                yield Static("", id="record-title", classes="panel-title")
                yield DataTable(id="record", cursor_type="none", zebra_stripes=True)
                yield Static("", id="trend-title", classes="panel-title")
                yield RunningChart(id="rating-trend")
            with Vertical(id="season-race"):
                yield Static("", id="chart-title", classes="panel-title")
                yield RunningChart(id="season-chart")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#league-empty").display = False
        self.load()

    @work(thread=True, exclusive=True, group="season-load", description="season-load")
    def load(self) -> None:
        seasons = self.service.seasons()
        index = len(seasons) - 1 if self.index is None else self.index
        index = max(0, min(index, len(seasons)))
        season = seasons[index] if index < len(seasons) else None
        report = (self.service.league(season=season.name, scoring=self.scoring)
                  if season is not None else
                  self.service.league(scoring=self.scoring or "chips"))
        # each player's rating as after the range's last night
        rated = self.service.rating(season=season.name if season is not None else None)
        ratings = {r.player: r.ordinal for r in rated.rows}
        trend = self.service.rating_trend(season=season.name if season is not None else None)
        self.app.call_from_thread(self.show, seasons, index, report, ratings, trend)

    def show(self, seasons: list[SeasonView], index: int, report: LeagueReport,
             ratings: dict[str, float] | None = None,
             trend: dict[str, tuple[float, ...]] | None = None) -> None:
        if not self.is_mounted:
            return
        keep = self.selected()  # the same player stays highlighted across a reload
        self.seasons, self.index, self.report = seasons, index, report
        self.trend = trend or {}
        ratings = ratings or {}
        placed = report.scoring == "placement"
        by = t("season.by_points") if placed else t("season.by_chips")
        if report.season is not None:
            label = t("season.title", name=report.season.name, start=date_text(report.date_from),
                      end=date_text(report.date_to), by=by)
        else:
            label = t("season.title_all", by=by)
        self.query_one("#season-title", Static).update(label)
        table = self.query_one("#league", DataTable)
        table.clear(columns=True)
        keys = ["rank", "player", "nights", "deals", "net", "per_deal", "best", "worst",
                "last"] + (["points"] if placed else []) + ["rating"]
        for key in keys:
            table.add_column(t(f"season.col.{key}"), key=key)
        rows = []
        for r in report.rows:
            row: list[object] = [str(r.rank), r.player, number(r.nights), number(r.deals),
                                 chips(r.net, zero="0"), number(r.per_deal),
                                 chips(r.best, zero="0"), chips(r.worst, zero="0"),
                                 date_text(r.last)]
            if placed:
                row.append(number(shown(r.points or 0)))
            rating = ratings.get(r.player)
            row.append(number(Decimal(f"{rating:.2f}")) if rating is not None else "")
            rows.append(row)
        fit_columns(table, rows)
        pad = 2 * table.cell_padding
        room = self.size.width or self.app.size.width
        if sum(c.width + pad for c in table.ordered_columns) + SCROLLBAR > room:
            table.remove_column("rating")  # no room (80 columns): the league stays whole
            rows = [row[:-1] for row in rows]
        for r, row in zip(report.rows, rows, strict=True):
            table.add_row(*row, key=r.player)
        self.query_one("#league-empty").display = not report.rows
        table.display = bool(report.rows)
        if keep is not None and any(r.player == keep for r in report.rows):
            table.move_cursor(row=table.get_row_index(keep))
        self.query_one("#chart-title", Static).update(
            t("season.chart_points" if placed else "season.chart_net", n=TOP))
        series = report.chart(TOP)
        # whole points as they are, shared places' fractions to 2 decimals (the chart's
        # arithmetic and labels take Decimals as they take ints)
        self.query_one("#season-chart", RunningChart).show(
            {name: [int(v) if v.denominator == 1 else shown(v)  # type: ignore[misc]
                    for v in values] for name, values in series.items()})
        table.focus()
        self.show_record()
        self.update_bindings()

    def selected(self) -> str | None:
        table = self.query_one("#league", DataTable)
        if self.report and 0 <= table.cursor_row < len(self.report.rows):
            return self.report.rows[table.cursor_row].player
        return None

    def show_record(self) -> None:
        record = self.query_one("#record", DataTable)
        record.clear(columns=True)
        player = self.selected()
        title = self.query_one("#record-title", Static)
        self.show_trend(player)
        if self.report is None or player is None:
            title.update(t("season.record_none"))
            return
        title.update(t("season.record", player=player))
        nights = self.report.record(player)
        games = list(dict.fromkeys(g for n in nights for g in n.games))
        placed = self.report.scoring == "placement"
        heads = ["date", "place", "net"] + (["points"] if placed else [])
        for key in heads:
            record.add_column(t(f"season.col.{key}"), key=key)
        for game in games:
            record.add_column(game_title(game), key=f"game:{game}")
        rows = []
        for n in nights:
            row: list[object] = [date_text(n.date), number(n.place), chips(n.net, zero="0")]
            if placed:
                row.append(number(shown(n.points or 0)))
            row += [chips(n.games[g], zero="0") if g in n.games else "" for g in games]
            rows.append(row)
        fit_columns(record, rows)
        for n, row in zip(nights, rows, strict=True):
            record.add_row(*row, key=str(n.night_id))
        self.make_room(record)

    def show_trend(self, player: str | None) -> None:
        """The highlighted player's rating (μ − 3σ, every game) after each of their nights,
        from their first up to the range's last: a line from 0, where a rating starts."""
        rated = self.trend.get(player or "", ())
        self.query_one("#trend-title", Static).update(
            t("season.trend", player=player) if rated else t("season.trend_none"))
        self.query_one("#rating-trend", RunningChart).show(
            {player: [Decimal(f"{x:.2f}") for x in rated]} if player and rated else {})

    def make_room(self, record: DataTable[object]) -> None:
        """The record is as wide as its columns when half the screen is too narrow for
        them (a Japanese date is 14 cells): no column cut at 80, the chart takes the rest."""
        pad = 2 * record.cell_padding
        need = sum(c.width + pad for c in record.ordered_columns) + SCROLLBAR
        half = self.size.width // 2 or self.app.size.width // 2
        box = self.query_one("#season-record")
        box.styles.width = "1fr" if need <= half else need

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "league":
            self.show_record()

    # ---- actions --------------------------------------------------------------------------

    def action_next_season(self) -> None:
        if self.index is not None:
            self.index = (self.index + 1) % (len(self.seasons) + 1)
        self.scoring = None
        self.load()

    def action_toggle_scoring(self) -> None:
        current = self.report.scoring if self.report else "chips"
        self.scoring = "chips" if current == "placement" else "placement"
        self.load()
