"""The games a table can play, with their presets: what the new-table form offers."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..config import presets
from ..domain import rules
from .views import GameView


@cache
def games() -> tuple[GameView, ...]:
    """Every registered game, in registry order (the engines and preset files are fixed
    for the life of a process). `rules.GAMES` is read here, not imported: it builds the
    registry, which commands that need no engine never do."""
    return tuple(GameView(g.name, g.title, g.min_seats, g.max_seats,
                          tuple(presets.preset_names(g))) for g in rules.GAMES.values())


def game(name: str) -> GameView | None:
    return next((g for g in games() if g.name == name), None)


def presets_of(name: str) -> list[tuple[str, str]]:
    """(name, description) of each preset of game `name`, `default` first (RuleError for a
    game that does not exist)."""
    return presets.preset_names(rules.game_named(name))


def house_rules_of(name: str) -> list[tuple[str, Any]]:
    """(option, default value) of the options the game's preset file marks as house rules."""
    return presets.house_rules(rules.game_named(name))


def readings_of(name: str) -> list[tuple[str, Any]]:
    """(option, default value) of the options the game's preset file marks as readings (the
    seed is silent there; the rules documents chose one club reading)."""
    return presets.readings(rules.game_named(name))


def setup_facts(name: str, seats: int | None = None) -> dict[str, Any]:
    """What the new-table form shows of a game before a table exists (the rules people
    forget), from the game's own hook under its default preset: Crazy Solo's cards removed
    by table size, Hachi-Hachi's hand roles, four-hand's partners."""
    engine, options = presets.load(name)
    if engine.setup_facts is None:
        return {}
    return dict(engine.setup_facts(options, seats))
