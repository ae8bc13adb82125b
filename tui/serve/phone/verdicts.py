"""The opponents confirm, on the phone:

- `POST /t/N/verdict`: `deal` (its id at this table), `by` (who gives the verdict: the name
  kept on the phone, or the player the phone was handed to), `verdict=confirm`, or
  `verdict=dispute` with a `reason`. Answered with the log page: saved (303 to it, saying
  so), or refused (400, the refusal on top, nothing written).

Plain forms on the log page, no script: a tap is a post, and a second tap of the same
verdict writes nothing (the service finds the deal confirmed already).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from aiohttp import web

from ledger.service import RuleError
from ledger.text.i18n.errors import render_message

from ..faults import is_unreachable
from .routes import words_for

if TYPE_CHECKING:
    from .routes import PhoneRoutes


class VerdictRoutes:
    def __init__(self, phone: PhoneRoutes) -> None:
        self.phone = phone
        self.service = phone.service

    def add_to(self, app: web.Application) -> None:
        app.router.add_post("/t/{n:\\d+}/verdict", self.posted)

    async def posted(self, request: web.Request) -> web.Response:
        now = await self.phone._table(request)
        data = await request.post()
        verdict = str(data.get("verdict", ""))
        deal_id = _id(data.get("deal"))
        if deal_id is None or not any(d.id == deal_id for d in now.deals):
            raise web.HTTPNotFound(text=f"404: no deal {data.get('deal')} at this table\n")
        by = str(data.get("by") or "") or None
        reason = str(data.get("reason") or "") or None
        try:
            if verdict == "dispute":
                await asyncio.to_thread(self.service.dispute_deal, deal_id, by, reason)
            else:
                await asyncio.to_thread(self.service.confirm_deal, deal_id, by)
        except RuleError as exc:
            if is_unreachable(exc):
                raise
            words = words_for(request)
            with words.speaking():
                line = render_message(exc)
            return await self.phone.log_page(request, 400, verdict_error=line,
                                             verdict_deal=deal_id, reason=reason or "")
        to = f"/t/{now.view.number}/log?{'disputed' if verdict == 'dispute' else 'confirmed'}"
        raise web.HTTPSeeOther(f"{to}={deal_id}")


def _id(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None
