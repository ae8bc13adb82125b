"""The phone's routes on the club-room server: new deals (`routes`) and corrections
(`fixes`), a player's rating (`rating_page`), each under `/t/<n>` behind the table's key."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from .fixes import FixRoutes
from .rating_page import RatingRoutes
from .routes import PhoneRoutes
from .verdicts import VerdictRoutes

if TYPE_CHECKING:
    from ..server import ClubServer


def mount(server: ClubServer, app: web.Application) -> None:
    phone = PhoneRoutes(server)
    phone.add_to(app)
    FixRoutes(phone).add_to(app)
    VerdictRoutes(phone).add_to(app)
    RatingRoutes(phone).add_to(app)
