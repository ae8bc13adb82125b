"""The ledger out of reach under `tally serve`: an answer, never a traceback.

PostgreSQL stopped, the way to it cut, a SQLite file locked past its busy timeout: every
route reads the ledger before it does anything else (a save reads its table first), so
the fault can come from any of them. `answer_faults` turns it into what the README
promises: a save gets 503 "not saved yet" (JSON for the phone's script, whose outbox keeps
the deal and sends it again; a page for a plain form post), any other page a page that
says the ledger's server cannot be reached and loads itself again every few seconds. The
board (`ClubServer.handle_board`) shows its last body under its "no contact" banner.
Nothing is kept in a bad state: the next request asks the database again, so the room
recovers by itself when the server is back. The outage is logged once when it starts and
once when it ends, one line each.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from html import escape
from typing import Any

from aiohttp import web

from ledger.service import RuleError

log = logging.getLogger("tally.serve")
RETRY_S = 5  # a page that could not be read loads itself again after this many seconds
# the store's faults that mean "the database cannot be used now" (ledger/store/*/db.py)
UNREACHABLE = {"pg_unreachable", "pg_lost", "pg_lost_commit", "pg_password",
               "pg_no_database", "db_locked", "db_busy", "db_disk_full", "db_open_why"}
FETCH = "X-Tally-Fetch"
NO_LEDGER = ("/static/", "/board/events", "/ws/")  # routes that answer without reading it


def is_unreachable(exc: BaseException) -> bool:
    """Is `exc` the database out of reach (rather than a refusal, or a bug)? The store
    says every driver's fault as Tally's error, its code naming which."""
    return (isinstance(exc, RuleError) and exc.field in ("database", "db")
            and exc.code in UNREACHABLE)


class Outage:
    """Whether the ledger answered the last request: logged when that changes."""

    def __init__(self) -> None:
        self.down = False

    def lost(self, exc: BaseException) -> None:
        if not self.down:
            self.down = True
            line = exc.message if isinstance(exc, RuleError) else " ".join(str(exc).split())
            log.warning("the ledger cannot be reached: %s (answering 503 until it is back)",
                        line)

    def answered(self) -> None:
        if self.down:
            self.down = False
            log.warning("the ledger answers again")


def answer_faults(words_for: Callable[[web.Request], Any]) -> Any:
    """aiohttp middleware: a fault of the database becomes the room's 503 answer, in the
    words `words_for(request)` gives (the phone's: `t(key)` and `lang`)."""
    outage = Outage()

    @web.middleware
    async def answer(request: web.Request, handler):  # type: ignore[no-untyped-def]
        try:
            response = await handler(request)
        except web.HTTPException:
            raise
        except Exception as exc:
            if not is_unreachable(exc):
                raise
            outage.lost(exc)
            return unreachable(request, words_for(request))
        if response.status < 500 and not request.path.startswith(NO_LEDGER):
            outage.answered()
        return response

    return answer


def unreachable(request: web.Request, words: Any) -> web.Response:
    """503: "not saved yet" for a save (JSON to the phone's script), else the page that
    says the server cannot be reached and tries again by itself."""
    headers = {"Retry-After": str(RETRY_S), "Cache-Control": "no-store",
               "Content-Language": words.lang}
    if request.method not in ("GET", "HEAD"):
        line = words.t("serve.not_saved")
        if request.headers.get(FETCH) == "1":
            return web.Response(status=503, headers=headers, content_type="application/json",
                                text=json.dumps({"lost": True, "error": line},
                                                ensure_ascii=False))
        return web.Response(status=503, headers=headers, content_type="text/html",
                            charset="utf-8", text=fault_page(words, line, refresh=False))
    return web.Response(status=503, headers=headers, content_type="text/html",
                        charset="utf-8",
                        text=fault_page(words, words.t("serve.unreachable"), refresh=True))


def fault_page(words: Any, line: str, *, refresh: bool) -> str:
    """A page of one line (a save's answer is not loaded again: that would drop it)."""
    again = f'<meta http-equiv="refresh" content="{RETRY_S}">' if refresh else ""
    return (f'<!DOCTYPE html><html lang="{escape(words.lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="same-origin">{again}'
            f"<title>{escape(words.t('serve.unreachable_title'))}</title></head>"
            f'<body><main><p role="alert">{escape(line)}</p></main></body></html>\n')
