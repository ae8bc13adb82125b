"""Pure game engines: no I/O, no SQL, no Textual. `GAMES` maps a game's name to its engine."""

from __future__ import annotations

from typing import Any

from .errors import RuleError
from .game import Game

AnyGame = Game[Any, Any, Any]

__all__ = ["GAMES", "Game", "RuleError", "game_named"]


def _registry() -> dict[str, AnyGame]:
    """Every engine, named here: one that fails to import fails loudly (it must not
    silently drop out of the game list)."""
    from . import crazy_solo, hachihachi, sixty_six

    games: list[AnyGame] = [crazy_solo.GAME, hachihachi.GAME, *sixty_six.GAMES]
    return {g.name: g for g in games}


_GAMES: dict[str, AnyGame] | None = None


def _games() -> dict[str, AnyGame]:
    global _GAMES
    if _GAMES is None:
        _GAMES = _registry()
    return _GAMES


def __getattr__(name: str) -> Any:
    """`GAMES` is built on first use, so commands that need no engine (`tally standings`,
    `tally export`) start without importing one."""
    if name == "GAMES":
        return _games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_named(name: object, field: str = "game") -> AnyGame:
    """The engine for `name`, or a RuleError listing the games there are."""
    games = _games()
    if isinstance(name, str) and name.strip().lower() in games:
        return games[name.strip().lower()]
    from .errors import show

    raise RuleError(field, "not_game", name=show(name), games=', '.join(games))
