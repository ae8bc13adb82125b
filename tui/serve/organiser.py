"""The organiser's page of a tournament night (`/tournament`, behind the entry key: never
the board key or a table's key): register players at the door, roster members or new names,
from the next round to be drawn; withdraw a player from the next round on (asked once
more first). Plain HTML forms drawn by the server, as the phone's entry page (its styles:
one column, 16 px text, 44 px targets); each answer is a redirect to the page, which says
what was done, or the page again with the refusal in one line at the top.

Every change is one service call (`register`, `withdraw`), in a thread: the event loop
never waits for the store. `?tournament=NAME` picks another tournament than the night's.

`/tables` (entry key too) is every table of the night with its phone link and QR code,
each on the table's own key, read at each request: a table made after `serve` started is
there at the next reload (`serve` printed the links of the tables it found at the start).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import web

from ledger.service import MAX_NAME, RuleError, Tally
from ledger.service.tournament_views import EntryView, TournamentView
from ledger.text.i18n.errors import render_error

from .faults import is_unreachable
from .phone.routes import page, words_for

if TYPE_CHECKING:
    from .server import ClubServer

PATH = "/tournament"
TABLES_PATH = "/tables"


@dataclass(frozen=True, slots=True)
class TableCode:
    number: int
    game: str
    seats: tuple[str, ...]
    url: str  # its phone page, on its own key
    terminal: str  # its terminal app, on its own key
    svg: str  # the QR code of `url`


def read_codes(service: Tally, night_id: int, base: str, entry: str) -> list[TableCode]:
    """(blocking: run in a thread)"""
    from ..format import game_title
    from .phone.access import table_url, terminal_url
    from .phone.codes import qr_svg

    return [TableCode(x.number, game_title(x.game), tuple(x.seats),
                      url := table_url(base, entry, x.number),
                      terminal_url(base, entry, x.number), qr_svg(url, 200))
            for x in service.night(night_id).tables]


@dataclass(frozen=True, slots=True)
class Desk:
    """What the organiser's page shows: the tournament, the round registration is for
    (None: every round is drawn), who plays it, who has withdrawn, and the roster."""

    tournament: TournamentView
    next_round: int | None
    playing: list[EntryView]
    withdrawn: list[EntryView]
    roster: list[str]
    waiting: tuple[tuple[int, int, int], ...] = ()  # (table, to confirm, disputed)


def read_waiting(service: Tally, night_id: int) -> tuple[tuple[int, int, int], ...]:
    """The night's tables with deals the opponents have not confirmed (blocking)."""
    return tuple((x.number, len(x.pending), len(x.disputed))
                 for x in service.night_verdicts(night_id))


def waiting_lines(waiting: tuple[tuple[int, int, int], ...]) -> list[str]:
    """"2 deals to confirm at table 3", … (in the language in use)."""
    from ledger.text.i18n import plural

    return [plural(key, n, table=number) for number, pending, disputed in waiting
            for key, n in (("confirm.pending", pending), ("confirm.disputed", disputed)) if n]


def read_desk(service: Tally, night_id: int, name: str | None) -> Desk | None:
    """(blocking: run in a thread)"""
    name = name or service.tournament_playing(night_id)
    if name is None:
        return None
    try:
        tour = service.tournament(name)
    except RuleError:
        return None
    number = tour.drawn + 1 if tour.drawn < tour.rounds else None
    active = set(tour.active(number or tour.drawn))
    return Desk(tour, number, [e for e in tour.entries if e.player in active],
                [e for e in tour.entries if e.withdrawn_from is not None],
                [p.name for p in service.players()], read_waiting(service, night_id))


class OrganiserRoutes:
    def __init__(self, server: ClubServer) -> None:
        self.server = server
        self.service = server.service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(PATH, self.shown)
        app.router.add_post(PATH, self.posted)
        app.router.add_get(TABLES_PATH, self.tables)

    async def tables(self, request: web.Request) -> web.Response:
        base = f"{request.scheme}://{request.host}"
        codes = await asyncio.to_thread(read_codes, self.service, self.server.night_id,
                                        base, self.server.keys.entry)
        waiting = await asyncio.to_thread(read_waiting, self.service, self.server.night_id)
        words = words_for(request)
        with words.speaking():
            title = words.t("org.tables")
            lines = waiting_lines(waiting)
        return page(request, "tables.html", words=words, title=title, codes=codes,
                    waiting=lines)

    async def _desk(self, name: str | None) -> Desk:
        desk = await asyncio.to_thread(read_desk, self.service, self.server.night_id, name)
        if desk is None:
            raise web.HTTPNotFound(text="404: no tournament tonight\n")
        return desk

    def _page(self, request: web.Request, desk: Desk, *, status: int = 200, error: str = "",
              done: str = "", ask: str = "", typed: str = "") -> web.Response:
        words = words_for(request)
        with words.speaking():
            tour = desk.tournament
            title = words.t("org.title", name=tour.name)
            line = (words.t("org.registering", round=desk.next_round, rounds=tour.rounds)
                    if desk.next_round else words.t("org.all_drawn", rounds=tour.rounds))
            waiting = waiting_lines(desk.waiting)
        return page(request, "organiser.html", http_status=status, words=words, desk=desk,
                    waiting=waiting,
                    title=title, status=line, error=error, done=done, ask=ask, typed=typed,
                    path=PATH, max_name=MAX_NAME, name=tour.name)

    async def shown(self, request: web.Request) -> web.Response:
        desk = await self._desk(request.query.get("tournament"))
        words = words_for(request)
        done = ""
        with words.speaking():
            if (who := request.query.get("registered")) is not None:
                entry = next((e for e in desk.tournament.entries if e.player == who), None)
                if entry is not None:
                    done = words.t("tn.registered", player=entry.player, number=entry.number,
                                   round=entry.from_round)
            elif (who := request.query.get("withdrawn")) is not None:
                entry = next((e for e in desk.tournament.entries if e.player == who), None)
                if entry is not None and entry.withdrawn_from is not None:
                    done = words.t("tn.withdrawn", player=entry.player,
                                   round=entry.withdrawn_from)
        return self._page(request, desk, done=done)

    async def posted(self, request: web.Request) -> web.Response:
        data = await request.post()
        desk = await self._desk(str(data.get("tournament") or "") or None)
        name = desk.tournament.name
        action = str(data.get("action", ""))
        player = str(data.get("player", ""))
        words = words_for(request)
        try:
            if action == "register":
                done: Any = await asyncio.to_thread(self.service.register, name, [player])
                to = {"registered": done[0][0]}
            elif action == "withdraw":
                if data.get("sure") != "yes":  # a tap on the wrong row: asked once more
                    return self._page(request, desk, ask=player)
                await asyncio.to_thread(_withdraw, self.service, name, player)
                to = {"withdrawn": " ".join(player.split())}
            else:
                raise web.HTTPBadRequest(text="400: register or withdraw\n")
        except RuleError as exc:
            if is_unreachable(exc):  # not a refusal: the room's 503 (`faults`)
                raise
            with words.speaking():
                line = render_error(exc)
            return self._page(request, await self._desk(name), status=422, error=line,
                              typed=player if action == "register" else "")
        if desk.tournament.name != await asyncio.to_thread(
                self.service.tournament_playing, self.server.night_id):
            to["tournament"] = name
        raise web.HTTPSeeOther(f"{PATH}?{urlencode(to)}")


def _withdraw(service: Tally, name: str, player: str) -> int:
    try:
        return service.withdraw(name, player)
    except RuleError as exc:  # (the CLI's --withdraw is this page's player)
        raise RuleError("player", exc.code, **exc.values) from None
