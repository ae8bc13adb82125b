"""The club-room server: textual-serve's aiohttp server with Tally's keys, per-device app
commands and the board.

textual-serve runs one app process per browser tab (`AppService`, a shell command with the
web driver) and serves `/` (the page with the terminal), `/ws` (the tab's websocket) and
`/static`. Its page connects to a websocket URL it is given, appending `?width=…&height=…`,
so what a tab asked for in its own URL (`&table=3`, `&by=Mio`) cannot ride on that URL's
query: the page is given `/ws/<token>` instead, the token naming what was asked, and the
websocket starts `python -m tui.serve.device … --table 3` for that tab alone.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shlex
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import to_int

from ledger.service import MAX_NAME, RuleError, Tally, clean_text
from ledger.service.offline import Outbox

from .board import event_data, read_board, render_offline, render_page
from .bodies import quiet_parser, read_bodies
from .compat_serve import DeviceService, PublicServer
from .faults import answer_faults
from .gate import IDLE, Gate, raise_open_files
from .hub import BoardHub
from .keys import TERMINAL, Keys, guard, referrer_policy
from .organiser import OrganiserRoutes
from .origin import same_origin
from .outbox import LOCAL, Sender
from .phone.access import table_url
from .phone.mount import mount as mount_phones
from .phone.routes import words_for
from .tabs import MAX_MESSAGE, Tabs, clamp_size, read_message

TEMPLATES = Path(__file__).parent / "templates"
TOKEN_LIFE = 120.0  # seconds a page has to open its websocket
HEARTBEAT = 15.0  # an SSE comment this often keeps proxies and phones from closing it


@dataclass(frozen=True, slots=True)
class Ask:
    """What one tab asked for: a table number of the night (None: the whole night), and
    the scorekeeper's name if the URL carried it."""

    table: int | None
    by: str | None
    made: float


class ClubServer(PublicServer):
    def __init__(self, db: Path | str, night_id: int, keys: Keys, *, host: str, port: int,
                 lang: str, announce: Any = None, tabs: Tabs | None = None,
                 gate: Gate | None = None, phone_lang: str | None = None,
                 outbox: Outbox | None = None) -> None:
        super().__init__("tally", host=host, port=port, title="Tally",
                         templates_path=TEMPLATES)
        self.db = db
        self.night_id = night_id
        self.keys = keys
        self.lang = lang
        self.phone_lang = phone_lang  # --lang if given, else each phone's Accept-Language
        self.announce = announce  # called with the server once it listens
        self.service = Tally.open(db)
        self.asks: dict[str, Ask] = {}
        self.sockets: set[web.WebSocketResponse] = set()  # closed on shutdown, apps with them
        self.tabs = tabs or Tabs()  # the apps open now, capped
        self.gate = gate or Gate()  # connections that have not shown a key yet, capped
        self.hub = BoardHub(self.service.db.watch(), lambda: event_data(replace(
            read_board(self.service, night_id), local=self.local())))
        # --offline-file: the room's file sends the league its deals (`outbox`)
        self.sender = Sender(outbox, self.hub.refresh) if outbox is not None else None

    def local(self) -> int:
        """Deals recorded here the league cannot be sent now (0: none, or online)."""
        return self.sender.local if self.sender is not None else 0

    def initialize_logging(self) -> None:
        """Quiet: the terminal shows the URLs and QR codes, not one line per request."""
        import logging

        logging.basicConfig(level="WARNING", format="%(message)s")

    def extend_app(self, app: web.Application) -> web.Application:
        app.middlewares.append(self.gate.middleware())  # a head in: its clock stops
        app.middlewares.append(answer_faults(words_for))  # the ledger out of reach: 503
        app.middlewares.append(same_origin())  # a form from another page: 403
        app.middlewares.append(guard(self.keys, self.gate.keyed))
        app.middlewares.append(read_bodies(self.gate.body_timeout))  # 4xx, never 500
        quiet_parser()  # a malformed header: one line, not aiohttp's traceback
        app.on_response_prepare.append(referrer_policy)
        app.router.add_get("/ws/{token}", self.handle_websocket)
        app.router.add_get("/board", self.handle_board)
        app.router.add_get("/board/events", self.handle_events)
        app.router.add_get("/print/{kind}", self.handle_print)  # a tournament's paper
        OrganiserRoutes(self).add_to(app)  # a tournament's registration at the door
        mount_phones(self, app)  # each table's phone entry, under /t/<n>
        app[LOCAL] = self.local
        return app

    async def on_startup(self, app: web.Application) -> None:
        await self.hub.start()
        if self.sender is not None:
            self.sender.start()

    def serve(self, debug: bool = False) -> None:
        """Listen until Ctrl+C or SIGTERM, behind the gate (`gate.py`): aiohttp's own
        runner, its connections made through `Gate.factory`, idle ones closed after
        `IDLE` seconds; the URLs are announced once the port listens."""
        import signal

        self.debug = debug
        self.initialize_logging()
        raise_open_files()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        try:
            loop.run_until_complete(self.listen(stop))
        finally:
            loop.close()

    async def listen(self, stop: asyncio.Event) -> None:
        runner = web.AppRunner(await self.web_app(), handle_signals=False,
                               keepalive_timeout=IDLE, access_log=None, shutdown_timeout=5)
        await runner.setup()
        assert runner.server is not None
        listening = await asyncio.get_running_loop().create_server(
            self.gate.factory(runner.server), self.host, self.port, reuse_address=True,
            backlog=128)
        try:
            if self.announce is not None:
                self.announce(self)
            await stop.wait()
        finally:
            listening.close()
            await runner.cleanup()

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C or SIGTERM: end every board stream and every tab's app now (aiohttp
        would otherwise wait up to a minute for these long requests to finish)."""
        await self.hub.stop()
        if self.sender is not None:
            await self.sender.stop()
        for websocket in list(self.sockets):
            await websocket.close()

    # ---- the app, one process per tab -------------------------------------------------------

    def table_numbers(self) -> set[int]:
        return {t.number for t in self.service.night(self.night_id).tables}

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        self.room_for_a_tab(request)
        table = request.query.get("table")
        number: int | None = None
        if table is not None:
            number = to_int(table, -1)
            if number not in await asyncio.to_thread(self.table_numbers):
                raise web.HTTPNotFound(text=f"404: no table {table} tonight\n")
        by = (request.query.get("by") or "").strip()[:MAX_NAME] or None
        if by is not None:
            try:
                clean_text(by, "by")  # a control character would be refused at every save
            except RuleError as exc:
                raise web.HTTPBadRequest(text=f"400: by: {exc.message}\n") from None
        now = time.monotonic()
        for old in [k for k, a in self.asks.items() if now - a.made > TOKEN_LIFE]:
            del self.asks[old]
        token = secrets.token_urlsafe(16)
        self.asks[token] = Ask(number, by, now)
        scheme = "wss" if request.secure else "ws"
        return {"font_size": max(8, min(64, to_int(request.query.get("fontsize", "16"), 16))),
                "app_websocket_url": f"{scheme}://{request.host}/ws/{token}",
                "config": {"static": {"url": "/static/"}},
                "application": {"name": f"Tally · table {number}" if number else "Tally"}}

    def room_for_a_tab(self, request: web.Request) -> None:
        """Refuse a new tab over the caps (503, saying which) before any app starts."""
        why = self.tabs.room_for(request.remote or "")
        if why is not None:
            raise web.HTTPServiceUnavailable(text=(
                f"503: {self.tabs.max_tabs} tabs are open on this server: close one\n"
                if why == "server" else
                f"503: {self.tabs.per_address} tabs are open from this device: close one\n"))

    def device_command(self, ask: Ask) -> str:
        """The tab's app as a shell command: the database's URL without its password
        (`ps` shows every process's command line), which `device_env` gives instead."""
        args = [sys.executable, "-m", "tui.serve.device", "--db", without_secret(self.db),
                "--night", str(self.night_id), "--lang", self.lang,
                "--server-pid", str(os.getpid())]
        if ask.table is not None:
            args += ["--table", str(ask.table)]
        if ask.by:
            args += ["--by", ask.by]
        return shlex.join(args)

    def device_env(self) -> dict[str, str]:
        """What the tab's app is given beside its command: the database's password as
        PGPASSWORD (libpq reads it), never on a command line."""
        secret = password_of(self.db)
        return {} if secret is None else {"PGPASSWORD": secret}

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's app: started for the token its page was given (once), as textual-serve
        does for `/ws`, with this tab's command."""
        ask = self.asks.pop(request.match_info.get("token", ""), None)
        if ask is None or time.monotonic() - ask.made > TOKEN_LIFE:  # its age, checked here
            raise web.HTTPForbidden(text="403: open the page again\n")
        bound = request.get(TERMINAL)  # a table's key: that table's app only
        if bound is not None and ask.table not in bound:
            raise web.HTTPForbidden(text="403: wrong key\n")
        self.room_for_a_tab(request)
        address = request.remote or ""
        self.tabs.take(address)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        width, height = clamp_size(request.query.get("width", "80"),
                                   request.query.get("height", "24"))
        service: AppService | None = None
        self.sockets.add(websocket)
        try:
            await websocket.prepare(request)
            service = DeviceService(self.device_command(ask), self.device_env(),
                                    write_bytes=websocket.send_bytes,
                                    write_str=websocket.send_str, close=websocket.close,
                                    download_manager=self.download_manager,
                                    debug=self.debug)
            await service.start(width, height)
            try:
                await self.drive(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            self.sockets.discard(websocket)
            self.tabs.give(address)
            if service is not None:
                await service.stop()
        return websocket

    async def drive(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """The page's messages to its app, each read by `tabs.read_message`: a message of
        another shape is dropped (textual-serve's own loop asserts, and a traceback
        follows), a size is clamped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            read = read_message(message.data)
            if read is None:
                continue
            kind, data = read
            if kind == "stdin":
                await service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize":
                await service.set_terminal_size(*data)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    # ---- the board ----------------------------------------------------------------------------

    async def handle_board(self, request: web.Request) -> web.Response:
        """The board as it is now; the ledger out of reach, the last board the hub read
        under the "no contact" banner (503), which the stream takes down when it is back."""
        from .faults import is_unreachable

        status = 200
        try:
            html = await asyncio.to_thread(
                lambda: render_page(read_board(self.service, self.night_id), "/board/events"))
        except Exception as exc:
            if not is_unreachable(exc):
                raise
            html, status = render_offline(self.hub.latest, "/board/events"), 503
        return web.Response(text=html, status=status, content_type="text/html",
                            charset="utf-8", headers={"Cache-Control": "no-store"})

    async def handle_events(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
            "X-Accel-Buffering": "no"})
        await response.prepare(request)
        sent = 0
        try:
            await response.write(b"retry: 1000\n\n")
            while not self.hub.closed:
                if sent != self.hub.version:
                    sent = self.hub.version
                    await response.write(b"event: lost\ndata: \n\n" if self.hub.lost else
                                         f"event: board\ndata: {self.hub.latest}\n\n"
                                         .encode())
                elif await self.hub.next_after(sent, HEARTBEAT) == sent:
                    await response.write(b": still here\n\n")
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        return response


    async def handle_print(self, request: web.Request) -> web.Response:
        """A tournament's printable page (entry key: the organiser's): cards, slips,
        sheets or ranking of tonight's round (`?tournament=NAME&round=N` for another).
        A card's QR code is its table's phone page on that table's key: a card on a
        table opens that table only."""
        from .print_pages import KINDS, page_for

        kind = request.match_info.get("kind", "")
        if kind not in KINDS:
            raise web.HTTPNotFound(text=f"404: no page {kind}\n")
        base, entry = f"{request.scheme}://{request.host}", self.keys.entry
        html = await asyncio.to_thread(page_for, self.service, self.night_id, kind,
                                       lambda n: table_url(base, entry, n),
                                       request.query.get("tournament"),
                                       to_int(request.query.get("round", "0"), 0))
        if html is None:
            raise web.HTTPNotFound(text="404: no tournament round tonight\n")
        return web.Response(text=html, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store"})


def without_secret(db: Path | str) -> str:
    """The database as a command line may show it: a server's URL without its password."""
    from ledger.service.inputs import describe_database

    return describe_database(db)[1]


def password_of(db: Path | str) -> str | None:
    """The password in a server's URL (`user:pw@` or `?password=`), decoded; else None."""
    from urllib.parse import parse_qs, unquote, urlsplit

    text = str(db)
    if "://" not in text:
        return None
    parts = urlsplit(text)
    if parts.password is not None:
        return unquote(parts.password)
    found = parse_qs(parts.query).get("password")
    return found[-1] if found else None


def night_to_serve(service: Tally, night: int | None) -> int:
    """The night asked for, else the latest open one."""
    if night is not None:
        service.night(night)  # refused if it does not exist
        return night
    for n in service.nights():  # newest first
        if not n.closed:
            return n.id
    raise RuleError("--night", "no_open_night")
