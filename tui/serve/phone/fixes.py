"""Corrections and voids from the phone, with a reason, and a deal's history:

- `GET /t/N/deal/ID`: the deal's revisions (who, when, why), its form filled in as it stands
  (the table as it stood before it: the service's form facts for that deal), and a void;
- `POST /t/N/deal/ID`: `action=update` redraws, `action=save` corrects, `action=void` voids,
  each with a reason (refused without one); refused (`StaleDeal`) if the deal changed since
  the page was opened, or if the preview the phone showed is not the correction's;
- `POST /t/N/deal/ID/draft`: the live redraw, previewing the correction.

A deal of another table is not found: a table's key corrects at its table only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aiohttp import web

from ledger.service import RuleError, StaleDeal, clean_text
from ledger.service.views import DealView

from ..faults import is_unreachable
from . import form as forms
from . import pages
from .routes import ENV, FETCH, NAME_COOKIE, PREVIEW_CHANGED, _int, as_shown, page, words_for
from .words import Words

if TYPE_CHECKING:
    from .routes import PhoneRoutes


class FixRoutes:
    def __init__(self, phone: PhoneRoutes) -> None:
        self.phone = phone
        self.service = phone.service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/t/{n:\\d+}/deal/{id:\\d+}", self.show)
        app.router.add_post("/t/{n:\\d+}/deal/{id:\\d+}", self.posted)
        app.router.add_post("/t/{n:\\d+}/deal/{id:\\d+}/draft", self.draft)

    async def _deal(self, request: web.Request) -> tuple[pages.TableNow, DealView]:
        now = await self.phone._table(request)
        deal_id = int(request.match_info["id"])
        found = next((d for d in now.deals if d.id == deal_id), None)
        if found is None:  # not this table's deal: as if it did not exist
            raise web.HTTPNotFound(text=f"404: no deal {deal_id} at this table\n")
        return now, found

    def _facts(self, now: pages.TableNow, deal: DealView):  # type: ignore[no-untyped-def]
        return lambda partial: self.service.form_facts(now.view.id, partial, deal.id)

    async def _drawn(self, now: pages.TableNow, deal: DealView, posted: Mapping[str, Any]
                     ) -> tuple[dict[str, Any], Any, Any, Any]:
        partial, facts = await asyncio.to_thread(forms.settled, posted, self._facts(now, deal))
        preview: Any = None
        error: Any = None
        if partial:
            try:
                preview = await asyncio.to_thread(self.service.preview_deal, now.view.id,
                                                  partial, deal.id)
            except RuleError as exc:
                error = exc
        return partial, facts, preview, error

    async def _context(self, request: web.Request, now: pages.TableNow, deal: DealView,
                       partial: dict[str, Any], facts: Any, preview: Any, error: Any,
                       words: Words, *, shown_error: bool, reason: str = "",
                       revision: int | None = None, fix_error: str = "") -> dict[str, Any]:
        history = await asyncio.to_thread(self.service.history, deal.id)
        with words.speaking():
            line = ((error.field, forms.refusal(error, words)) if (error and shown_error)
                    else None)
            return {"words": words, "w": words, "table": now.view,
                    "title": pages.title(now.view), "status": pages.status_line(now.view),
                    "deal": deal, "summary": pages.minus_signs(deal.shown()),
                    "history": [(h.revision, h.kind, pages.minus_signs(h.shown()),
                                 h.author or "", h.reason or "", h.created_at[:16])
                                for h in history],
                    "form": forms.build(facts, partial, words, line),
                    "preview": pages.preview_shown(preview, now.view.seats) if preview
                    else None, "hint": forms.hint(error, facts, words)
                    if error else "", "base": f"/t/{now.view.number}",
                    "here": f"/t/{now.view.number}/deal/{deal.id}",
                    "revision": revision or deal.revision, "reason": reason,
                    "fix_error": fix_error, "by": request.cookies.get(NAME_COOKIE, "")}

    async def show(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now, deal = await self._deal(request)
        partial, facts, preview, error = await self._drawn(now, deal, deal.outcome or {})
        ctx = await self._context(request, now, deal, partial, facts, preview, error, words,
                                  shown_error=False)
        return page(request, "fix.html", **ctx)

    async def draft(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now, deal = await self._deal(request)
        posted = forms.read_posted((await request.post()).items())
        partial, facts, preview, error = await self._drawn(now, deal, posted)
        ctx = await self._context(request, now, deal, partial, facts, preview, error, words,
                                  shown_error=error is not None and error.code not in (
                                      "missing", "missing_one_of"))
        return self.phone._json(ctx, words)

    async def posted(self, request: web.Request) -> web.Response:
        words = words_for(request)
        now, deal = await self._deal(request)
        data = await request.post()
        action = str(data.get("action", "update"))
        reason = str(data.get("reason", "")).strip()
        revision = _int(data.get("revision"), deal.revision)
        by = request.cookies.get(NAME_COOKIE) or None
        fetch = request.headers.get(FETCH) == "1"
        posted = forms.read_posted(data.items()) if action != "void" else (deal.outcome or {})
        partial, facts, preview, error = await self._drawn(now, deal, posted)
        fix_error = ""
        if action in ("save", "void") and (action == "void" or error is None):
            try:
                clean_text(reason, "reason")
                if action == "save" and not reason:  # a correction says why, as a void does
                    raise RuleError("reason", "correct_reason")
                if action == "save" and preview is not None and not as_shown(
                        data, preview, now, words):
                    raise PREVIEW_CHANGED
                if action == "void":
                    await asyncio.to_thread(lambda: self.service.void_deal(
                        deal.id, reason, by, expect_revision=revision))
                else:
                    await asyncio.to_thread(lambda: self.service.correct_deal(
                        deal.id, partial, reason=reason or None, author=by,
                        expect_revision=revision))
            except StaleDeal as stale:
                with words.speaking():
                    fix_error = words.t("phone.changed_meanwhile", n=stale.number)
                revision = stale.revision or revision
            except RuleError as exc:
                if is_unreachable(exc):  # not a refusal: the room's 503 (`faults`)
                    raise
                with words.speaking():
                    fix_error = forms.hint(exc, facts, words,
                                           {"reason": words.t("phone.reason")})
            else:
                to = f"/t/{now.view.number}/log?saved={deal.id}"
                if fetch:
                    return web.json_response({"saved": to, "deal": deal.id})
                raise web.HTTPSeeOther(to)
        ctx = await self._context(request, now, deal, partial, facts, preview, error, words,
                                  shown_error=action == "save", reason=reason,
                                  revision=revision, fix_error=fix_error)
        if fetch:
            return self.phone._json(ctx, words, fix_error=fix_error)
        return page(request, "fix.html", **ctx)


__all__ = ["ENV", "FixRoutes"]
