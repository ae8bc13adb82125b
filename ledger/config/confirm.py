"""The `confirm` preset option: who confirms a deal saved on a phone.

`confirm = "off"` (every preset's default): a saved deal stands as saved. `"opponent"`: a
deal saved on a phone is "to be confirmed" until a player at the table who is not its
recorder confirms it, or disputes it with a reason. It is a table's setting, not a rule of
the game: the engines never see it (`split` takes it out of the options they are given), and
a table stores it beside its frozen options only when it is on, so a table without it reads
as it always did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain.rules import RuleError
from ..domain.rules.errors import show

KEY = "confirm"
MODES = ("off", "opponent")


def check(value: Any, where: str) -> str:
    """The mode `value` names; refused naming `where` (a preset, or `--set confirm`)."""
    if value not in MODES:
        raise RuleError(where, "not_one_of", value=show(value), choices=", ".join(MODES))
    return str(value)


def split(raw: Mapping[str, Any], where: str) -> tuple[str, dict[str, Any]]:
    """(the mode, the options without it) of a preset's or a table's raw options."""
    rest = dict(raw)
    return check(rest.pop(KEY, "off"), f"{where}.{KEY}"), rest


def stored(mode: str) -> dict[str, Any]:
    """What a table stores beside its options: nothing when off."""
    return {KEY: mode} if mode != "off" else {}


def of_options(text_or_map: Mapping[str, Any]) -> str:
    """A stored table's mode (its options as stored, JSON parsed)."""
    return "opponent" if text_or_map.get(KEY) == "opponent" else "off"
