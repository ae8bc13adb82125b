"""How numbers and names look on screen (presentation only: no rules here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from ledger.i18n.formats import MINUS, date_text, signed

from .i18n import t

__all__ = ["MINUS", "chips", "game_title", "night_label", "signed", "status_text"]


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
