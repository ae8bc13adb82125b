"""A tournament at the host's screen: its clock, "where do I sit?" (every player by name
with their table) and the ranking; before round 1 is drawn, who has registered. Opened with
`t` from the night screen. Registration at the door: `r` registers players (roster members,
offered as one types, or new names), `w` withdraws one from the next round on, `l` loads a
CSV of pre-registrations. Everything comes from the service (`tournament_playing`,
`tournament`, `tournament_rounds`, `tournament_standings`, `register`, `withdraw`), each
call in a thread worker."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import Suggester
from textual.widgets import DataTable, Header, Static

from ledger.service import RuleError
from ledger.service.tournament_views import DrawView, TournamentView, figure

from ..forms.prompt import Field, PromptModal
from ..i18n import listed, plural, t
from ..widgets.footer import KeysFooter
from .base import TallyScreen
from .reads import ReadsOffThread

NAME_SEPARATORS = (",", "、", "，")  # names typed in one line: "Ann, Bea" or 「アン、ベア」


@dataclass(frozen=True, slots=True)
class RoundData:
    tournament: TournamentView
    draw: DrawView | None  # the newest drawn round (None: none drawn yet)
    ranking: list[tuple[int, str, str, list[str]]]  # rank, player, points, tie-breaks
    breaks: list[str]
    roster: list[str]


def clock_line(d: DrawView, now: datetime) -> str:
    left = d.left(now)
    if left is None:
        return ""
    return t("board.tn.time_up") if left == 0 else f"{left // 60}:{left % 60:02d}"


def split_names(line: str) -> list[str]:
    """The names of one typed line, split at commas (Japanese ones too)."""
    for sep in NAME_SEPARATORS[1:]:
        line = line.replace(sep, NAME_SEPARATORS[0])
    return [n.strip() for n in line.split(NAME_SEPARATORS[0]) if n.strip()]


class RosterSuggester(Suggester):
    """Offers a roster member for the name being typed (the last of a comma list)."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = list(names)

    async def get_suggestion(self, value: str) -> str | None:
        typed = value[max(value.rfind(sep) for sep in NAME_SEPARATORS) + 1:].lstrip()
        if not typed:
            return None
        folded = typed.casefold()
        found = next((n for n in self.names if n.casefold().startswith(folded)), None)
        # the name as the roster spells it ("ann" → "Ann"; Right takes it)
        return None if found is None else value[:len(value) - len(typed)] + found


def entries_line(tour: TournamentView) -> str:
    """Who plays the next round to be drawn, and who has withdrawn."""
    if tour.drawn >= tour.rounds:
        return ""
    number = tour.drawn + 1
    line = plural("tn.next_round", len(tour.active(number)), round=number)
    gone = [e.player for e in tour.entries if e.withdrawn_from is not None
            and e.withdrawn_from <= number]
    if gone:
        line += " · " + t("tn.withdrawn_list", names=listed(gone))
    return line


class TournamentScreen(ReadsOffThread, TallyScreen[None]):
    HELP = "help.tournament"
    PALETTE = ("tn_register", "tn_withdraw", "tn_load")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "tn_register", "key.tn_register"),
        Binding("w", "tn_withdraw", "key.tn_withdraw"),
        Binding("l", "tn_load", "key.tn_load"),
    ]

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
        yield Static("", id="tournament-entries")
        with Horizontal(id="tournament-body"):
            with Vertical(id="where-side"):
                yield Static(t("board.tn.where"), id="where-title", classes="panel-title")
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

    def load(self) -> None:
        """Read the tournament the night plays (in a worker), then show it."""
        service, night_id = self.service, self.night_id

        def read() -> RoundData | None:
            name = service.tournament_playing(night_id)
            if name is None:
                return None
            tour = service.tournament(name)
            rounds = service.tournament_rounds(name)
            rows = service.tournament_standings(name) if rounds else []
            breaks = [k for k, _ in rows[0].tie_breaks[1:]] if rows else []
            return RoundData(tour, rounds[-1] if rounds else None, [
                (x.rank, x.player, str(figure(x.points)),
                 [str(figure(v)) for _, v in x.tie_breaks[1:]]) for x in rows], breaks,
                [p.name for p in service.players()])

        self.off_thread(read, self.show, "tournament-load")

    def show(self, data: RoundData | None) -> None:
        if not self.is_mounted or self.query_one_optional("#where", DataTable) is None:
            return
        keep = self.selected()
        self.data = data
        self.query_one("#tournament-empty").display = data is None
        self.query_one("#tournament-body").display = data is not None
        self.update_bindings()
        if data is None:
            self.query_one("#tournament-title", Static).update(t("tn.none_tonight"))
            self.query_one("#tournament-entries", Static).update("")
            return
        tour, d = data.tournament, data.draw
        self.query_one("#tournament-title", Static).update(
            t("board.tn.round", name=d.tournament, round=d.round, rounds=d.rounds) if d
            else t("tn.registering", name=tour.name, rounds=tour.rounds))
        self.query_one("#tournament-entries", Static).update(entries_line(tour))
        self.query_one("#where-title", Static).update(
            t("board.tn.where") if d else t("tn.registered_title"))
        where = self.query_one("#where", DataTable)
        where.clear(columns=True)
        where.add_column(t("board.player"), key="player")
        if d is not None:
            where.add_column(t("tn.col.table"), key="table")
            for player, number in d.by_name():
                where.add_row(player, Text(t("board.tn.table", n=number) if number is not None
                                           else t("tn.bye")), key=player)
        else:
            where.add_column(t("tn.col.number"), key="number")
            for e in tour.entries:
                if e.player in tour.active(1):
                    where.add_row(e.player, Text(str(e.number), justify="right"), key=e.player)
        if keep in self.players():
            where.move_cursor(row=self.players().index(keep))
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
        d = self.data.draw if self.data is not None else None
        shown = clock_line(d, datetime.now(UTC)) if d is not None else ""
        clock = self.query_one("#tournament-clock", Static)
        clock.display = bool(shown)  # no clock: no empty line
        clock.update(shown)

    # ---- registration ---------------------------------------------------------------------

    def players(self) -> list[str]:
        """The players listed, in their order on screen."""
        where = self.query_one("#where", DataTable)
        return [str(k.value) for k in where.rows]

    def selected(self) -> str | None:
        where = self.query_one_optional("#where", DataTable)
        if where is None or not 0 <= where.cursor_row < where.row_count:
            return None
        return self.players()[where.cursor_row]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("tn_register", "tn_load"):
            tour = self.data.tournament if self.data else None
            return (tour is not None and tour.drawn < tour.rounds) or None
        if action == "tn_withdraw":
            return self.data is not None or None
        return super().check_action(action, parameters)

    def action_tn_register(self) -> None:
        if self.data is None:
            return
        name, service = self.data.tournament.name, self.service

        def register(values: Mapping[str, str]) -> list[tuple[str, int, int]]:
            return service.register(name, split_names(values["players"]))

        field = Field("players", t("tn.field.players"), placeholder=t("tn.field.players_hint"),
                      suggester=RosterSuggester(self.data.roster))
        self.app.push_screen(PromptModal(t("tn.register_title", name=name), [field], register,
                                         ok=t("button.add")), self._registered)

    def action_tn_load(self) -> None:
        if self.data is None:
            return
        name, service = self.data.tournament.name, self.service

        def load(values: Mapping[str, str]) -> list[tuple[str, int, int]]:
            from ledger.service.inputs import read_names

            path = values["file"].strip()
            if not path:
                raise RuleError("file", "tn_csv_needed")
            try:
                names = read_names(Path(path).expanduser())
            except RuleError as exc:  # (the CLI's --csv is this box's file)
                raise RuleError("file", exc.code, **exc.values) from None
            return service.register(name, names)

        self.app.push_screen(PromptModal(t("tn.load_title", name=name),
                                         [Field("file", t("tn.field.csv"),
                                                placeholder=t("tn.field.csv_hint"))], load,
                                         ok=t("button.ok")), self._registered)

    def _registered(self, done: list[tuple[str, int, int]] | None) -> None:
        if done:
            self.notify("\n".join(t("tn.registered", player=p, number=n, round=r)
                                  for p, n, r in done[:5]) +
                        ("\n" + t("tn.registered_more", n=len(done) - 5) if len(done) > 5
                         else ""))
            self.load()

    def action_tn_withdraw(self) -> None:
        if self.data is None:
            return
        name, service = self.data.tournament.name, self.service

        def withdraw(values: Mapping[str, str]) -> tuple[str, int]:
            player = " ".join(values["player"].split())
            try:
                return player, service.withdraw(name, player)
            except RuleError as exc:  # (the CLI's --withdraw is this box's player)
                raise RuleError("player", exc.code, **exc.values) from None

        self.app.push_screen(PromptModal(t("tn.withdraw_title", name=name),
                                         [Field("player", t("board.player"),
                                                self.selected() or "")], withdraw,
                                         ok=t("button.withdraw")), self._withdrawn)

    def _withdrawn(self, done: tuple[str, int] | None) -> None:
        if done:
            self.notify(t("tn.withdrawn", player=done[0], round=done[1]))
            self.load()
