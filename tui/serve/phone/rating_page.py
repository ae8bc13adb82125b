"""Issue 40 on the phone: a player's own page, `GET /t/<N>/player/<id>` (behind table N's
key, as every `/t/N/…` page), reached from the log page's rating lines: their rating over
every game (the ordinal μ − 3σ, μ, σ, tables rated, provisional), a small trend of their
latest nights and their last nights (date and venue, what the night did to the rating,
their chips over the night). Any player seated tonight; another is not found.

The rating is read under the room's guard (`tui/serve/rating_guard.py`): if it cannot be
made now, the page says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web

from ledger.service import Tally

from ...format import figure, night_label, signed
from ..rating_guard import UNREAD, guarded
from . import pages
from .routes import PhoneRoutes, asset, page, words_for

if TYPE_CHECKING:
    from ledger.service.player_rating import PlayerRating

TREND_W, TREND_H, PAD = 300, 60, 4  # the trend's drawing, in CSS px


@dataclass(frozen=True, slots=True)
class NightShown:
    night: str  # date · venue
    change: str
    change_cls: str
    net: str
    net_cls: str


@dataclass(frozen=True, slots=True)
class PlayerShown:
    player: str
    rating: str
    mu: str
    sigma: str
    games: int
    provisional: bool
    nights: list[NightShown]
    trend: str  # the polyline's points ("" under two nights)
    trend_first: str
    trend_last: str
    trend_nights: int


def change_cell(x: float) -> tuple[str, str]:
    shown = figure(x, sign=True)
    return shown, "zero" if shown == "0.00" else "down" if x < 0 else "up"


def trend_points(values: Sequence[float]) -> str:
    """The trend as an SVG polyline's points: oldest at the left, the highest at the top.

    >>> trend_points([0.0, 2.0, 1.0])
    '4,56 150,4 296,30'
    """
    if len(values) < 2:
        return ""
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    step = (TREND_W - 2 * PAD) / (len(values) - 1)
    return " ".join(f"{PAD + i * step:g},{PAD + (hi - v) / span * (TREND_H - 2 * PAD):g}"
                    for i, v in enumerate(values))


def player_shown(r: PlayerRating) -> PlayerShown:
    """The page's figures, in the language in use (dates; the real minus sign)."""
    nights = []
    for n in r.nights:
        change, cls = change_cell(n.change)
        nights.append(NightShown(night_label(n.date, n.venue), change, cls, signed(n.net),
                                 pages.net_cell(n.net)))
    return PlayerShown(r.player, figure(r.ordinal), figure(r.mu), figure(r.sigma), r.games,
                       r.provisional, nights, trend_points(r.trend),
                       figure(r.trend[0]), figure(r.trend[-1]), len(r.trend))


def seated_tonight(service: Tally, night_id: int, player_id: int) -> str | None:
    """The name of player `player_id` if they are seated at a table tonight, else None."""
    name = next((p.name for p in service.players() if p.id == player_id), None)
    seated = {s for t in service.night(night_id).tables for s in t.seats}
    return name if name in seated else None


class RatingRoutes:
    def __init__(self, phone: PhoneRoutes) -> None:
        self.phone = phone
        self.service = phone.service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/t/{n:\\d+}/player/{pid:\\d{1,9}}", self.player)

    async def player(self, request: web.Request) -> web.Response:
        words = words_for(request)
        number = int(request.match_info["n"])
        night_id = self.phone.server.night_id
        table = await asyncio.to_thread(pages.table_by_number, self.service, night_id,
                                        number)
        pid = int(request.match_info["pid"])
        name = None if table is None else await asyncio.to_thread(
            seated_tonight, self.service, night_id, pid)
        if table is None or name is None:
            raise web.HTTPNotFound(text=f"404: no such player at table {number} tonight\n")
        rated = await asyncio.to_thread(
            guarded, lambda: self.service.player_rating(pid), UNREAD)
        with words.speaking():
            shown = None if rated is None or rated is UNREAD else player_shown(rated)
            ctx = {"words": words, "table": table, "title": pages.title(table),
                   "status": "", "base": f"/t/{number}", "player": name, "shown": shown,
                   "unread": rated is UNREAD, "trend_w": TREND_W, "trend_h": TREND_H}
        return page(request, "player.html", **ctx, css_more=asset("player.css"))
