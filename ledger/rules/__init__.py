"""Pure game engines: no I/O, no SQL, no Textual. `GAMES` maps a game's name to its engine."""

from __future__ import annotations

from .errors import RuleError
from .game import Game

__all__ = ["GAMES", "Game", "RuleError", "game_named"]


def _registry() -> dict[str, Game]:
    from . import crazy_solo

    games = [crazy_solo.GAME]
    try:  # engines that land in their own issues register here
        from . import hachihachi

        games.append(hachihachi.GAME)
    except ImportError:
        pass
    try:
        from . import sixty_six

        games.extend(sixty_six.GAMES)
    except ImportError:
        pass
    return {g.name: g for g in games}


GAMES: dict[str, Game] = _registry()


def game_named(name: object, field: str = "game") -> Game:
    """The engine for `name`, or a RuleError listing the games there are."""
    if isinstance(name, str) and name.strip().lower() in GAMES:
        return GAMES[name.strip().lower()]
    from .errors import show

    raise RuleError(field, f"{show(name)} is not a game here ({', '.join(GAMES)})")
