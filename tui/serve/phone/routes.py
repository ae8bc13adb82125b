"""The phone's routes, under `/t/<N>` (behind table N's key, see `access`):

- `GET /t/N`: the entry page (the scorekeeper's name first, once per phone); after a save,
  `?saved=ID` says the deal just saved above the next deal's form;
- `POST /t/N`: the form posted (`action=update` redraws it, `action=save` saves); with
  `X-Tally-Fetch: 1` (the page's script) the answer is JSON instead of a page;
- `POST /t/N/draft`: the script's live redraw (fields, preview, the refusal);
- `POST /t/N/name`: the scorekeeper's name, kept in a cookie;
- `GET /t/N/log`: the table's log, status and standings, and "next deal";
- `GET /t/N/player/<id>`: a player's own rating and last nights (`rating_page`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from aiohttp import web

from ledger.service import (
    MAX_NAME,
    ConnectionLost,
    FormUsed,
    RuleError,
    StaleDeal,
    Tally,
    clean_name,
    same_deal,
)
from ledger.service.views import TableView
from ledger.text.i18n.errors import render_message

from ...at_time import at_time_text
from ...format import deal_line, signed
from ...i18n import plural
from .. import rating_guard
from ..faults import is_unreachable
from ..outbox import LOCAL
from . import form as forms
from . import pages
from .used import used_answer
from .words import Words, from_header

if TYPE_CHECKING:
    from ..server import ClubServer

HERE = Path(__file__).parent
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                         autoescape=True, trim_blocks=True, lstrip_blocks=True)
ENV.globals.update(signed=signed, cell=pages.net_cell, at_time=at_time_text, plural=plural)
NAME_COOKIE = "tally_by"
YEAR = 60 * 60 * 24 * 365
FETCH = "X-Tally-Fetch"
KEY_ASSETS = {"css": "phone.css", "js": "phone.js"}
LOST_WAIT_S = 5.0  # how long a save whose connection was lost waits to ask by its key


CLUB: web.AppKey[Any] = web.AppKey("club")  # the app's club server, for the handlers


def asset(name: str) -> str:
    return (HERE / "templates" / name).read_text("utf-8")


def words_for(request: web.Request) -> Words:
    server: ClubServer = request.app[CLUB]
    fixed = getattr(server, "phone_lang", None)
    return Words(fixed or from_header(request.headers.get("Accept-Language"), server.lang))


def page(request: web.Request, template: str, http_status: int = 200, **values: Any
         ) -> web.Response:
    words = values.get("words") or words_for(request)
    values["w"] = words
    if LOCAL in request.app:  # --offline-file: deals the league cannot be sent now
        values.setdefault("local", request.app[LOCAL]())
    with words.speaking():
        html = ENV.get_template(template).render(
            css=asset("phone.css"), js=asset("phone.js"), **values)
    return web.Response(text=html, status=http_status, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store",
                                 "Content-Language": words.lang})


def changed_link(request: web.Request, other: int | None = None) -> web.Response:
    """A key that does not open this table: another table's (`other`: said, with a link
    to that table's page on the same key), or one that opens no table (new keys since
    the code was printed)."""
    from urllib.parse import urlencode

    given = request.query.get("key")
    link = f"/t/{other}" + (f"?{urlencode({'key': given})}" if given else "")
    return page(request, "changed.html", http_status=403, other=other, link=link)


class PhoneRoutes:
    def __init__(self, server: ClubServer) -> None:
        self.server = server
        self.service = server.service

    def add_to(self, app: web.Application) -> None:
        app[CLUB] = self.server
        app.router.add_get("/t/{n:\\d+}", self.entry)
        app.router.add_post("/t/{n:\\d+}", self.posted)
        app.router.add_post("/t/{n:\\d+}/draft", self.draft)
        app.router.add_post("/t/{n:\\d+}/name", self.name)
        app.router.add_get("/t/{n:\\d+}/log", self.log)

    # ---- reading ------------------------------------------------------------------------

    async def _table(self, request: web.Request) -> pages.TableNow:
        number = int(request.match_info["n"])
        found = await asyncio.to_thread(pages.table_by_number, self.service,
                                        self.server.night_id, number)
        if found is None:
            raise web.HTTPNotFound(text=f"404: no table {number} tonight\n")
        return await asyncio.to_thread(pages.read_table, self.service, found, log=False)

    def _facts(self, table_id: int):  # type: ignore[no-untyped-def]
        return lambda partial: self.service.form_facts(table_id, partial)

    async def _drawn(self, now: pages.TableNow, posted: Mapping[str, Any],
                     words: Words) -> tuple[dict[str, Any], Any, Any, Any]:
        """The posted outcome kept to the fields that apply, its facts, and its preview
        (a Preview, or the RuleError saying what is missing or wrong)."""
        partial, facts = await asyncio.to_thread(forms.settled, posted,
                                                 self._facts(now.view.id))
        preview: Any = None
        error: Any = None
        if partial:
            try:
                preview = await asyncio.to_thread(self.service.preview_deal, now.view.id,
                                                  partial)
            except RuleError as exc:
                error = exc
        return partial, facts, preview, error

    def _context(self, request: web.Request, now: pages.TableNow, partial: dict[str, Any],
                 facts: Any, preview: Any, error: Any, words: Words, *,
                 shown_error: bool, key: str | None = None, opened: Any = (),
                 **more: Any) -> dict[str, Any]:
        with words.speaking():
            line = ((error.field, forms.refusal(error, words)) if (error and shown_error)
                    else None)
            built = forms.build(facts, partial, words, line, opened)
            return {"words": words, "w": words, "now": now, "table": now.view,
                    "title": pages.title(now.view), "status": pages.status_line(now.view),
                    "form": built, "number": now.next_number,
                    "preview": pages.preview_shown(preview, now.view.seats) if preview
                    else None, "hint": forms.hint(error, facts, words)
                    if error else "", "by": request.cookies.get(NAME_COOKIE, ""),
                    "key": key or secrets.token_urlsafe(12), "base": f"/t/{now.view.number}",
                    **more}

    # ---- pages --------------------------------------------------------------------------

    async def entry(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now = await self._table(request)
        base = f"/t/{now.view.number}"
        if not request.cookies.get(NAME_COOKIE):
            with words.speaking():
                title = pages.title(now.view)
            return page(request, "name.html", words=words, table=now.view, base=base,
                        title=title, max_name=MAX_NAME, error="")
        # a new deal starts from what the table's status already says of a field (the start
        # player, the dealer), as the terminal's form does; `settled` keeps only fields
        partial, facts, preview, error = await self._drawn(now, starting(now.view), words)
        saved = _int(request.query.get("saved"), 0)
        if saved:  # the deal just saved, with its verdict where the opponents confirm
            verdicts = await asyncio.to_thread(self.service.verdicts, now.view.id)
            now = dataclasses.replace(now, verdicts=verdicts)
        with words.speaking():
            just = pages.saved_line(now, saved)
        return page(request, "entry.html", **self._context(
            request, now, partial, facts, preview, error, words, shown_error=False,
            just=just))

    async def draft(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now = await self._table(request)
        data = await request.post()
        posted = forms.read_posted(data.items())
        partial, facts, preview, error = await self._drawn(now, posted, words)
        ctx = self._context(request, now, partial, facts, preview, error, words,
                            shown_error=bool(error and _touched(error, posted)),
                            opened=data.getall(forms.OPEN, ()))
        return self._json(ctx, words)

    def _json(self, ctx: dict[str, Any], words: Words, **more: Any) -> web.Response:
        with words.speaking():
            fields = ENV.get_template("fields.html").render(**ctx)
            preview = ENV.get_template("preview.html").render(**ctx)
        built: forms.Form = ctx["form"]
        errors = {g.field: g.error for g in built.groups if g.error}
        said = {g.field: g.said for g in built.groups if g.said}
        return web.json_response({"fields": fields, "preview": preview, "errors": errors,
                                  "said": said, "error": built.error,
                                  "shown": shown_id(ctx.get("preview")), **more},
                                 dumps=lambda x: json.dumps(x, ensure_ascii=False))

    async def posted(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now = await self._table(request)
        data = await request.post()
        posted = forms.read_posted(data.items())
        action = str(data.get("action", "update"))
        fetch = request.headers.get(FETCH) == "1"
        partial, facts, preview, error = await self._drawn(now, posted, words)
        by = request.cookies.get(NAME_COOKIE) or None
        key = str(data.get("key") or "") or None
        try:  # sent again: saved, if the same deal (another: FormUsed, `used`)
            done = await asyncio.to_thread(self.service.form_saved, key, now.view.id,
                                           partial) if action == "save" and key else None
        except FormUsed as used:
            return used_answer(request, used, words, fetch, f"/t/{now.view.number}",
                               page)
        if done is not None:
            to = saved_to(now, done)
            if fetch:
                return web.json_response({"saved": to, "deal": done})
            raise web.HTTPSeeOther(to)
        if action == "save" and preview is not None and not as_shown(data, preview, now, words):
            error = PREVIEW_CHANGED  # the phone's preview was not what these fields settle
        if action == "save" and error is None and preview is not None:
            last = now.deals[-1] if now.deals else None
            if same_deal(partial, last) and data.get("same") != "yes":
                ctx = self._context(request, now, partial, facts, preview, None, words,
                                    shown_error=False, key=key, same=last)
                if not fetch:
                    return page(request, "entry.html", **ctx)
                with words.speaking():
                    block = ENV.get_template("same.html").render(**ctx)
                return self._json(ctx, words, conflict=block)
            expect = _int(data.get("expect"), now.next_number)
            deal_id: int | None = None
            try:
                deal_id = await asyncio.to_thread(partial_save(
                    self.service.add_deal, now.view.id, partial, by, expect, key))
            except FormUsed as used:  # saved from another device meanwhile, as another
                return used_answer(request, used, words, fetch, f"/t/{now.view.number}",
                                   page)
            except StaleDeal as stale:
                return await self._conflict(request, now, partial, facts, preview, words,
                                            stale, key, fetch)
            except ConnectionLost as lost:  # asked by the form's key, never guessed
                deal_id = await asyncio.to_thread(saved_after_loss, self.service, key)
                if deal_id is None and fetch:  # not saved (or not known yet): the phone's
                    # outbox keeps it and sends it again, with its key: saved once
                    return web.json_response({"lost": True}, status=503)
                error = lost
            except RuleError as exc:
                if is_unreachable(exc):  # not a refusal: the room's 503 (`faults`)
                    raise
                if exc.code == "night_closed" and fetch:  # gone, as a deleted table's 404:
                    return web.json_response({"closed": True}, status=410)  # said, not kept
                error = exc
            if deal_id is not None:
                to = saved_to(now, deal_id)
                if fetch:
                    return web.json_response({"saved": to, "deal": deal_id})
                raise web.HTTPSeeOther(to)
        if action == "save" and error is None and preview is None:
            error = RuleError("deal", "empty")
        ctx = self._context(request, now, partial, facts, preview, error, words,
                            shown_error=action == "save" or bool(
                                error and _touched(error, posted)), key=key,
                            opened=data.getall(forms.OPEN, ()))
        if fetch:
            return self._json(ctx, words)
        closed = isinstance(error, RuleError) and error.code == "night_closed"
        # a plain form's save whose line was cut: "not saved yet" (503), its values kept to
        # send again (its key finds it if it went in)
        status = 410 if closed else 503 if isinstance(error, ConnectionLost) else 200
        return page(request, "entry.html", http_status=status, **ctx)

    async def _conflict(self, request: web.Request, now: pages.TableNow,
                        partial: dict[str, Any], facts: Any, preview: Any, words: Words,
                        stale: StaleDeal, key: str | None, fetch: bool) -> web.Response:
        """The deal this form meant was saved on another device: show that one, offer to
        drop this one or to save it as the next deal."""
        fresh = await asyncio.to_thread(pages.read_table, self.service, now.view, log=False)
        theirs = next((d for d in fresh.deals if d.number == stale.number), None)
        ctx = self._context(request, fresh, partial, facts, preview, None, words,
                            shown_error=False, key=key, theirs=theirs,
                            meant=stale.number)
        with words.speaking():  # the line the terminal entry shows too
            ctx["theirs_line"] = deal_line(theirs) if theirs else ""
        if fetch:
            with words.speaking():
                block = ENV.get_template("conflict.html").render(**ctx)
            return self._json(ctx, words, conflict=block, next=fresh.next_number)
        return page(request, "entry.html", http_status=409, **ctx)

    async def name(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now = await self._table(request)
        data = await request.post()
        base = f"/t/{now.view.number}"
        try:
            name = clean_name(str(data.get("by", "")), "by")
        except RuleError as exc:
            with words.speaking():
                line, title = render_message(exc), pages.title(now.view)
            return page(request, "name.html", http_status=400, words=words, table=now.view,
                        base=base, title=title, max_name=MAX_NAME, error=line)
        response = web.HTTPSeeOther(base)
        response.set_cookie(NAME_COOKIE, name, max_age=YEAR, samesite="Strict", path="/t")
        raise response

    async def log(self, request: web.Request) -> web.Response:
        return await self.log_page(request)

    async def log_page(self, request: web.Request, http_status: int = 200, **more: Any
                       ) -> web.Response:
        """The log page (`more`: what a confirmation adds, its refusal or its answer)."""
        words = words_for(request)
        number = int(request.match_info["n"])
        found = await asyncio.to_thread(pages.table_by_number, self.service,
                                        self.server.night_id, number)
        if found is None:
            raise web.HTTPNotFound(text=f"404: no table {number} tonight\n")
        now = await asyncio.to_thread(pages.read_table, self.service, found)
        rated = await asyncio.to_thread(rating_guard.night_rating, self.service,
                                        self.server.night_id)
        ids = await asyncio.to_thread(rating_guard.player_ids, self.service) if rated else {}
        by = request.cookies.get(NAME_COOKIE, "")
        saved = _int(request.query.get("saved"), 0)
        more.setdefault("confirmed", _int(request.query.get("confirmed"), 0))
        more.setdefault("disputed", _int(request.query.get("disputed"), 0))
        with words.speaking():
            ctx = {"words": words, "table": now.view, "title": pages.title(now.view),
                   "status": pages.status_line(now.view), "lines": pages.log_lines(now),
                   "standings": now.standings, "scoreboard": now.scoreboard,
                   "saved": saved, "base": f"/t/{number}", "number": now.next_number,
                   "by": by, "ratings": pages.rating_lines(rated, now.view.seats),
                   "mine": pages.own_rating(rated, by), "ids": ids, **more}
        return page(request, "log.html", http_status=http_status, **ctx)


PREVIEW_CHANGED = RuleError("deal", "preview_changed")


def shown_id(shown: pages.PreviewShown | None) -> str:
    """A preview's identity as a page draws it (its summary, transfers and nets): what the
    phone sends with a save, so the deal saved is the one its screen showed."""
    return hashlib.sha256(repr(shown).encode("utf-8")).hexdigest()[:16] if shown else ""


def as_shown(data: Mapping[str, Any], preview: Any, now: pages.TableNow, words: Words) -> bool:
    """Is this save's preview the one its phone showed (said by `shown`; a form posted
    without the script says none)?"""
    said = data.get("shown")
    if not said:
        return True
    with words.speaking():
        return said == shown_id(pages.preview_shown(preview, now.view.seats))


def saved_after_loss(service: Tally, key: str | None) -> int | None:
    """After a save's connection was lost: the deal its form's key saved, once the
    database answers again (within a few seconds), else None (not saved, or not known)."""
    if key is None:
        return None
    try:
        return service.save_of_form(key, wait=LOST_WAIT_S).deal_id
    except RuleError:
        return None


def saved_to(now: pages.TableNow, deal_id: int) -> str:
    """Where a saved deal's phone goes: the next deal's form, saying the one just saved
    (its nets, a link to correct it, the log), so the next deal starts with its first
    field."""
    return f"/t/{now.view.number}?saved={deal_id}"


def starting(table: TableView) -> dict[str, Any]:
    """The values a new deal's form starts with: the table status's names and words
    (a field of the same name takes it; numbers and lists there are not fields' values)."""
    return {k: v for k, v in table.status.items() if isinstance(v, str)}


def partial_save(add: Any, table_id: int, partial: dict[str, Any], by: str | None,
                 expect: int, key: str | None) -> Any:
    """The save as one call for a thread: the form's key makes a retry find its deal."""
    return lambda: add(table_id, partial, by, expect_number=expect, form_key=key)


def _int(value: Any, default: int) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return default


def _touched(error: RuleError, posted: Mapping[str, Any]) -> bool:
    """Is the refusal about a field the scorekeeper has filled in (a wrong value, shown at
    once), rather than one not reached yet (missing: said as a hint under the preview)?"""
    head = str(error.field).split(".", 1)[0].split(" ", 1)[0]
    return head in posted and error.code not in ("missing", "missing_one_of")
