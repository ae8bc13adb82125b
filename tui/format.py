"""How numbers and names look on screen (presentation only: no rules here)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.text import Text

from ledger.i18n.formats import MINUS, date_text, signed

from .i18n import t

__all__ = ["MINUS", "chips", "game_title", "minus_signs", "night_label", "signed",
           "status_text"]

_NEGATIVE = re.compile(r"(?<![\w-])-(?=\d)")  # a '-' starting a number, not inside "3-1-3"


def minus_signs(text: str) -> str:
    """An engine's text for the app: "52 → -25" reads "52 → −25" (one minus sign, U+2212,
    in the app; CSV and JSON keep '-'); a range like "3-1-3" is left alone."""
    return _NEGATIVE.sub(MINUS, text)


def chips(n: int, *, zero: str = "·") -> Text:
    """A net as coloured, right-aligned text (green up, red down, a dim dot for zero)."""
    if n == 0:
        return Text(zero, style="dim", justify="right")
    return Text(signed(n), style="green" if n > 0 else "red", justify="right")


def game_title(name: str) -> str:
    """The game's title for people (i18n first, else the engine's own title)."""
    from ledger.service.games import game

    text = t(f"game.{name}", default="")
    if text:
        return text
    found = game(name)
    return found.title if found else name


def night_label(date: str, venue: str | None) -> str:
    return f"{date_text(date)} · {venue}" if venue else date_text(date)


def status_text(status: Mapping[str, Any]) -> str:
    """A table's status for a list cell, by game-independent keys the engines share."""
    if status.get("finished"):
        return t("status.finished")
    if status.get("rounds") and status.get("next_round"):
        return t("status.round", n=status["next_round"], of=status["rounds"])
    if status.get("dealer"):
        return t("status.dealer", name=status["dealer"])
    return ""
