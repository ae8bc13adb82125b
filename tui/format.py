"""How numbers and names look on screen (presentation only: no rules here)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from ledger.service.views import DealView
from ledger.text.i18n.formats import MINUS, date_text, signed
from ledger.text.summaries import recorded_line

from .i18n import t

__all__ = ["MINUS", "WordClipped", "chips", "clip_words", "date_text", "deal_line",
           "figure", "game_title", "minus_signs", "night_label", "signed", "status_text"]

_NEGATIVE = re.compile(r"(?<![\w-])-(?=\d)")  # a '-' starting a number, not inside "3-1-3"


def minus_signs(text: str) -> str:
    """An engine's text for the app: "52 → -25" reads "52 → −25" (one minus sign, U+2212,
    in the app; CSV and JSON keep '-'); a range like "3-1-3" is left alone."""
    return _NEGATIVE.sub(MINUS, text)


def figure(x: float, *, sign: bool = False) -> str:
    """A rating figure to 2 decimals with the real minus sign: `3.44`, `−1.20`; with
    `sign`, a change: `+3.44`, `−1.20`, `0.00` (never `−0.00`)."""
    shown = f"{x:.2f}"
    if shown.lstrip("-") == "0.00":
        return "0.00"
    if shown.startswith("-"):
        return MINUS + shown[1:]
    return f"+{shown}" if sign else shown


def deal_line(deal: DealView) -> str:
    """What `deal` recorded, and who: the line a device shows when another recorded the
    deal it meant (the phone's page and the terminal entry)."""
    return recorded_line(deal.number, minus_signs(deal.shown()), deal.author)


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


_WORD_END = re.compile(r"[\s,、·→+]+$")


def clip_words(text: Text, width: int) -> Text:
    """`text` in `width` cells on one line: whole, or cut where a word ends, with " …" —
    never inside a word or number ("52 → −25" is not shown as "5…" or "52 → −2…").

    >>> clip_words(Text("Heart Solo ♥ Ann + Eve, 52 → −25"), 28).plain
    'Heart Solo ♥ Ann + Eve, 52 …'
    >>> clip_words(Text("Heart Solo ♥ Ann + Eve, 52 → −25"), 27).plain
    'Heart Solo ♥ Ann + Eve …'
    >>> clip_words(Text("ハートアローン ♥ Eve"), 10).plain
    'ハートア…'
    >>> clip_words(Text("Alone ♠ Chie, 82 → 45"), 30).plain
    'Alone ♠ Chie, 82 → 45'
    """
    if text.cell_len <= width or width < 3:
        return text
    plain = text.plain
    end, used = 0, 0  # the longest start that leaves room for " …"
    while end < len(plain) and used + cell_len(plain[end]) <= width - 2:
        used += cell_len(plain[end])
        end += 1
    cut = end
    while cut > 0 and plain[cut].strip() and plain[cut - 1].strip():  # inside a word
        cut -= 1
    if cut == 0:  # one word wider than the cell (a long name): cut it, marked "…"
        return text[:end] + Text("…")
    kept = text[:cut]
    trail = _WORD_END.search(kept.plain)
    if trail and trail.start() > 0:
        kept = kept[:trail.start()]
    return kept + Text(" …")


class WordClipped(Text):
    """A one-line cell text that, drawn narrower than itself, is cut by `clip_words`."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        plain = Text(self.plain, style=self.style, justify=self.justify, no_wrap=True,
                     end=self.end, spans=list(self.spans))  # (drawn as itself: no recursion)
        yield clip_words(plain, options.max_width)
