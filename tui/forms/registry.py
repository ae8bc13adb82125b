"""Which deal form, set-up panel and status line each game uses, keyed by the game's name.

A game's form module registers itself (`@register("crazy-solo", ...)`); `tui.forms` imports
those modules. A game without a form of its own gets the JSON form, so every engine that
lands is usable at once; part 2 adds the Hachi-Hachi and Sixty-Six forms here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from textual.widget import Widget

from .base import DealForm


class SetupPanel(Protocol):
    """A widget shown while a table is being set up; told how many seats are chosen."""

    def show_seats(self, seats: int) -> None: ...


@dataclass(frozen=True, slots=True)
class GameUI:
    form: type[DealForm]
    # shown beside the seat list while a table of this game is set up
    setup_panel: Callable[[], Widget] | None = None
    # what the table screen says between deals, from the engine's `status`
    status_line: Callable[[Mapping[str, Any]], str] | None = None
    # the same on the room's pages (a phone, the board), where it may say more
    room_status_line: Callable[[Mapping[str, Any]], str] | None = None


_GAMES: dict[str, GameUI] = {}
F = TypeVar("F", bound=type[DealForm])


def register(game: str, *, setup_panel: Callable[[], Widget] | None = None,
             status_line: Callable[[Mapping[str, Any]], str] | None = None,
             room_status_line: Callable[[Mapping[str, Any]], str] | None = None
             ) -> Callable[[F], F]:
    """Class decorator: this form records deals of `game`."""

    def wrap(form: F) -> F:
        _GAMES[game] = GameUI(form, setup_panel, status_line, room_status_line)
        return form

    return wrap


def ui_for(game: str) -> GameUI:
    """The game's form and panels; the JSON form for a game without its own."""
    from .json_form import JsonDealForm

    return _GAMES.get(game) or GameUI(JsonDealForm)


def registered() -> tuple[str, ...]:
    return tuple(_GAMES)
