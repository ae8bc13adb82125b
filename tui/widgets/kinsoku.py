"""Text that breaks its lines as its language writes them, for previews and summaries.

Rich wraps at spaces and folds a run without spaces wherever the width ends, so a Japanese
preview line could break inside `−25` or `10C` and start the next line with `、` or `）`.
Japanese text is broken by `ledger.text.i18n.typography.wrap` instead (between CJK characters,
never inside a Latin word or a number, kinsoku for punctuation); text with no CJK in it is
left to Rich, so English wraps as Rich wraps it.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from ledger.text.i18n.typography import has_cjk, units, wrap
from ledger.text.textwidth import width


class Wrapped:
    """`text` in `style`, its lines broken by the rules of its language."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def __str__(self) -> str:
        return self.text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not has_cjk(self.text):
            yield Text(self.text, style=self.style)
            return
        for line in wrap(self.text, options.max_width):
            yield Text(line, style=self.style, no_wrap=True, overflow="crop")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if not has_cjk(self.text):
            return Measurement.get(console, options, Text(self.text, style=self.style))
        narrowest = max((width(u) for u in units(self.text) if not u.isspace()), default=0)
        return Measurement(narrowest, width(self.text)).clamp(max_width=options.max_width)
