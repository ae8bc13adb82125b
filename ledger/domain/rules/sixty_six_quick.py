"""Scorer-typed CLI flags for the Sixty-Six family, turned into contract JSON.

    --ending claim --by A --points A=68,B=40 --tricks A=4,B=3
    --ending close --by A --closer-won false --points A=50,B=30 --tricks A=3,B=2
        --at-close-points B=0 --at-close-tricks B=0
    --ending exhausted --points A=64,B=56 --tricks A=7,B=5 --last-trick A
    --winner A --game-points 2          (quick entry; --winner none for a drawn deal)
    --points A=70,B=60 --ten-of-trumps C (four-hand)
    --points A=130,B=0 --tricks B=0      (four-hand, the loser's scale: a side with 0 points)

The flags only shape the JSON; `parse` then checks it against the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import RuleError, show
from .quick import as_int, pairs, truth

TWO_FLAGS = ("ending", "by", "points", "tricks", "closer_won", "at_close_points",
             "at_close_tricks", "last_trick", "winner", "game_points", "dealer")
FOUR_FLAGS = ("ending", "points", "tricks", "ten_of_trumps", "winner", "game_points", "dealer")
NAME_FLAGS = ("by", "last_trick", "dealer", "ten_of_trumps")
NOBODY = ("none", "nobody", "draw", "-")
CLOSER_WON, CLOSER_LOST = ("won",), ("lost", "failed")  # --closer-won's own words


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise RuleError(_flag(key), "not_text", value=show(value))
    return value.strip()


def _truth(key: str, value: Any) -> bool:
    return truth(_flag(key), _text(key, value) if not isinstance(value, bool) else value,
                 true=CLOSER_WON, false=CLOSER_LOST)


def flags_to_json(flags: Mapping[str, Any], allowed: tuple[str, ...],
                  seats: tuple[str, ...]) -> dict[str, Any]:
    """Contract JSON from flags (unset flags: None or absent). RuleError names the flag.

    >>> flags_to_json({"winner": "A", "game_points": "2"}, TWO_FLAGS, ("A", "B"))
    {'winner': 'A', 'game_points': 2, 'ending': 'scored'}
    """
    given = {k: v for k, v in flags.items() if v is not None and v != ""}
    for key in given:
        if key not in allowed:
            raise RuleError(_flag(key), "not_flag_here")
    out: dict[str, Any] = {}
    at_close: dict[str, Any] = {}
    for key, value in given.items():
        if key == "ending":
            out["ending"] = _text(key, value).lower()
        elif key in NAME_FLAGS:
            out[key] = _text(key, value)
        elif key == "winner":
            name = _text(key, value)
            out["winner"] = None if name.lower() in NOBODY and name not in seats else name
        elif key == "game_points":
            out["game_points"] = as_int(key, value)
        elif key in ("points", "tricks"):
            out[key] = pairs(key, _text(key, value))
        elif key == "closer_won":
            out["closer_won"] = _truth(key, value)
        else:  # at_close_points / at_close_tricks
            at_close[key.removeprefix("at_close_")] = pairs(key, _text(key, value))
    if at_close:
        out["at_close"] = at_close
    if "ending" not in out and ("winner" in out or "game_points" in out):
        out["ending"] = "scored"
    return out


def make_quick(allowed: tuple[str, ...]) -> Callable[[Mapping[str, Any], Any], dict[str, Any]]:
    """A `Game.quick` for a variant that takes these flags."""

    def quick(flags: Mapping[str, Any], state: Any) -> dict[str, Any]:
        """Contract JSON from scorer-typed flags (see the module docstring)."""
        return flags_to_json(flags, allowed, state.seats)

    return quick
