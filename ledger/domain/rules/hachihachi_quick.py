"""Hachi-Hachi Trick: scorer-typed CLI flags turned into the round's contract JSON."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .errors import RuleError, show
from .hachihachi_table import (
    State,
    seats_from,
)

# --- quick flags -----------------------------------------------------------------------------

QUICK_FLAGS = ("start", "indicator", "mizuten", "declare", "tricks", "roles", "aces", "hands",
               "split")


def quick(flags: Mapping[str, Any], state: State) -> dict[str, Any]:
    """Scorer-typed flags to contract JSON (parse checks the content).

    >>> from ledger.domain.rules.hachihachi_table import Options, initial
    >>> st = initial(("P1", "P2", "P3", "P4"), Options())
    >>> quick({"indicator": "QS", "declare": "in,out,in,in", "tricks": "P1=3,P3=2,P4=2"}, st)
    ... # doctest: +NORMALIZE_WHITESPACE
    {'indicator': 'QS', 'declarations': {'P1': 'in', 'P2': 'out', 'P3': 'in', 'P4': 'in'},
     'tricks': {'P1': 3, 'P3': 2, 'P4': 2}}
    """
    for key in flags:
        if key not in QUICK_FLAGS:
            raise RuleError(str(key), "unknown_flag")
    given = {k: v for k, v in flags.items() if v is not None and v != ""}
    out: dict[str, Any] = {}
    start = state.start_player
    if "start" in given:
        start = _text(given, "start").strip()
        out["start_player"] = start
    if "indicator" in given:
        out["indicator"] = _text(given, "indicator").strip()
    if given.get("mizuten") is not None:
        out["mizuten"] = _flag_bool(given, "mizuten")
    if "declare" in given:
        out["declarations"] = _quick_declare(_text(given, "declare"), state.seats, start)
    if given.get("split") is not None:
        out["split"] = _flag_bool(given, "split")
    if "tricks" in given:
        out["tricks"] = _quick_numbers(_text(given, "tricks"), "tricks")
    if "roles" in given:
        out["roles"] = {name: [r for r in re.split(r"[+\s]+", text) if r]
                        for name, text in _quick_pairs(_text(given, "roles"), "roles",
                                                       join="+").items()}
    if "aces" in given:
        out["aces"] = _quick_numbers(_text(given, "aces"), "aces")
    if "hands" in given:
        out["hands"] = {name: [c for c in re.split(r"[\s,]+", text) if c]
                        for name, text in _quick_pairs(_text(given, "hands"), "hands",
                                                       players_sep=";").items()}
    return out


def _text(flags: Mapping[str, Any], key: str) -> str:
    value = flags[key]
    if not isinstance(value, str):
        raise RuleError(key, "not_text", value=show(value))
    return value


def _flag_bool(flags: Mapping[str, Any], key: str) -> bool:
    from .quick import truth

    return truth(key, flags[key])


def _quick_pairs(text: str, flag: str, *, join: str = ",",
                 players_sep: str = ";,") -> dict[str, str]:
    """`A=x,B=y` (or `;`): a piece without `=` continues the previous player's value."""
    pairs: dict[str, str] = {}
    last = None
    for piece in re.split(f"[{players_sep}]", text):
        piece = piece.strip()
        if not piece:
            continue
        name, sep, value = piece.partition("=")
        if sep:
            last = name.strip()
            if not last:
                raise RuleError(flag, "no_name_before_eq", value=show(piece))
            if last in pairs:
                raise RuleError(flag, "twice", value=show(last))
            pairs[last] = value.strip()
        elif last is None:
            raise RuleError(flag, "not_player_value", value=show(piece))
        else:
            pairs[last] += join + piece
    return pairs


def _quick_numbers(text: str, flag: str) -> dict[str, int]:
    out = {}
    for name, value in _quick_pairs(text, flag).items():
        if not re.fullmatch(r"\d+", value):
            raise RuleError(flag, "flag_not_whole", name=name, value=show(value))
        out[name] = int(value)
    return out


def _quick_declare(text: str, seats: tuple[str, ...], start: str) -> dict[str, str]:
    """`in,out,in,in` from the start player, or `P2=in,P3=out,...`."""
    if "=" in text:
        return {name: value.lower() for name, value in _quick_pairs(text, "declare").items()}
    words = [w.strip().lower() for w in re.split(r"[\s,;]+", text) if w.strip()]
    if start not in seats:
        raise RuleError("start", "not_at_table", value=show(start))
    order = seats_from(seats, start)
    if len(words) > len(order):
        raise RuleError("declare", "hh.declarations_count", n=len(words), players=len(order))
    return dict(zip(order, words, strict=False))
