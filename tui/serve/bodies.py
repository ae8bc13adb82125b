"""A request's body, read before any route sees it: what cannot be read, or names a field
no form of the room has, is 4xx with one log line, never a traceback.

Hostile bodies gave 500 with a traceback: a field name nested a thousand levels deep
(`number|team_points.a.a.a…`, a RecursionError on save and on draft), multipart without a
boundary or cut short, bytes that are not UTF-8. So each POST's form is read here, once
(aiohttp keeps it: the route's own `request.post()` gets the same), within the gate's
`body_timeout` seconds (a body that trickles in holds a connection: 408) and `MAX_BODY`
bytes (413), and each of its field names must be one the room's pages send:

- the fixed names of the forms (`action`, `key`, `by`, `reason`, `deal`, … : `FIXED`);
- a deal's field, `kind|name`, `kind|name.part` or `kind|name|seat` (form.py `_name`):
  one of the form's kinds, names of at most `MAX_IDENT` letters, digits and underscores,
  at most one `.`, a seat's name of at most MAX_NAME printable characters.

Anything else is 400 naming the field (cut to 40 characters).
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

from aiohttp import web

from ledger.service import MAX_NAME

log = logging.getLogger("tally.serve")
MAX_BODY = 64 * 1024  # bytes: a deal's form is a few hundred
FIXED = frozenset({"action", "key", "expect", "same", "open", "by", "reason", "revision", "shown",
                   "sure", "tournament", "player", "deal", "verdict"})
KINDS = frozenset({"number", "int", "flag", "cards", "card", "multi", "player", "choice",
                   "pair"})
MAX_IDENT = 40
IDENT = re.compile(rf"[a-z][a-z0-9_]{{0,{MAX_IDENT - 1}}}(\.[a-z][a-z0-9_]{{0,{MAX_IDENT - 1}}})?")
BODIED = ("POST", "PUT", "PATCH", "DELETE")


def known_field(name: str) -> bool:
    """Is `name` a field one of the room's forms sends?

    >>> known_field("number|at_close.points|Bea"), known_field("team_points[a][b]")
    (True, False)
    >>> known_field("pair|winner|game_points"), known_field("pair|winner")
    (True, False)
    """
    if name in FIXED:
        return True
    parts = name.split("|")
    if len(parts) not in (2, 3) or parts[0] not in KINDS or not IDENT.fullmatch(parts[1]):
        return False
    if parts[0] == "pair":  # two fields' choice: the second named as the first
        return len(parts) == 3 and bool(IDENT.fullmatch(parts[2]))
    return len(parts) == 2 or (0 < len(parts[2]) <= MAX_NAME and parts[2].isprintable())


def refuse(request: web.Request, status: int, why: str) -> web.Response:
    """The refusal, in one line to the client and one to the log (what it quotes of the
    request as UTF-8, a byte that was not as an escape)."""
    why = why.encode("utf-8", "backslashreplace").decode("utf-8")
    log.warning("%d %s %s: %s", status, request.method, request.path[:80], why)
    if status in (408, 413):
        return Closing(request.protocol, status=status, text=f"{status}: {why}\n")
    return web.Response(status=status, text=f"{status}: {why}\n")


class Closing(web.Response):
    """An answer after which its connection closes: the rest of a body too slow or too
    big is not waited for (aiohttp would read it for up to 10 s more)."""

    def __init__(self, protocol: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.protocol = protocol
        self.force_close()  # it says Connection: close

    async def write_eof(self, data: bytes = b"") -> None:
        await super().write_eof(data)
        if self.protocol is not None:
            self.protocol.force_close()  # public: RequestHandler.force_close


def read_bodies(body_timeout: float) -> Any:
    """aiohttp middleware: each POST's form read and its field names checked first."""

    @web.middleware
    async def read(request: web.Request, handler):  # type: ignore[no-untyped-def]
        if request.method not in BODIED:
            return await handler(request)
        size = request.content_length
        if size is not None and size > MAX_BODY:
            return refuse(request, 413, f"the request's body is over {MAX_BODY} bytes")
        try:
            data = await asyncio.wait_for(request.post(), body_timeout)
        except TimeoutError:
            return refuse(request, 408, "the request's body came too slowly")
        except web.HTTPRequestEntityTooLarge:
            return refuse(request, 413, f"the request's body is over {MAX_BODY} bytes")
        except web.HTTPException:
            raise
        except Exception as exc:
            return refuse(request, 400, f"the form could not be read ({type(exc).__name__})")
        for name, value in data.items():
            if not known_field(name):
                return refuse(request, 400, f"no field {name[:40]!r} on this form")
            if not isinstance(value, str):
                return refuse(request, 400, f"the field {name[:40]!r} takes no file")
        return await handler(request)

    return read


class OneLine(logging.Filter):
    """aiohttp's parser refusing a request (a header of bytes no header may hold, a cut
    request line) answers 400 itself and logs the full traceback of its exception: one
    line here instead, saying what it refused."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            said = " ".join(str(exc.message).split())[:120].replace("%", "%%")
            record.msg = f"{record.msg}: {exc.code} {said}"
            record.exc_info = record.exc_text = None
        return True


def quiet_parser() -> None:
    """`OneLine` on aiohttp's server log (once)."""
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, OneLine) for f in server_log.filters):
        server_log.addFilter(OneLine())
