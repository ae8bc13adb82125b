"""A line chart of each player's running total over the deals, drawn in braille dots.

One coloured line per player on shared axes, so the race is visible at a glance: who led
early, who came back, where a big deal hit. Thousands of deals are sampled down to the
chart's width (each column shows the total at the deal it stands for).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import RenderResult
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ..format import signed
from ..i18n import t

PALETTE = ("#4ea8de", "#f4a261", "#90be6d", "#e76f51", "#c77dff", "#f9c74f", "#43aa8b",
           "#f28482", "#84a59d", "#b5838d", "#9d4edd", "#277da1")
# Braille dot bits for (x, y) inside one cell of 2 × 4 dots.
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


class RunningChart(Widget):
    """Running totals per player (`series`: name → totals after each deal)."""

    DEFAULT_CSS = """
    RunningChart { height: 1fr; min-height: 6; }
    """

    series: reactive[dict[str, Sequence[int]]] = reactive(dict, always_update=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # per series: the list last shown, how much of it was looked at, its low and high
        self._bounds: dict[str, tuple[Sequence[int], int, int, int]] = {}

    def show(self, series: Mapping[str, Sequence[int]]) -> None:
        """Draw these totals. The lists are kept, not copied: a screen that appends a deal
        to the lists it showed before shows them again, and only the new values are looked
        at (a table of 40,000 deals saves as fast as one of 40)."""
        bounds = {}
        for name, values in series.items():
            seen = self._bounds.get(name)
            if seen is not None and seen[0] is values and seen[1] <= len(values):
                _, start, lo, hi = seen
            else:
                start, lo, hi = 0, 0, 0
            tail = values[start:] if start else values
            if tail:
                lo, hi = min(lo, min(tail)), max(hi, max(tail))
            bounds[name] = (values, len(values), lo, hi)
        self._bounds = bounds
        self.series = dict(series)

    def render(self) -> RenderResult:
        width, height = self.content_size.width, self.content_size.height
        series = self.series
        deals = max((len(v) for v in series.values()), default=0)
        if not series or deals == 0:
            return Text(t("chart.empty"), style="dim")
        if width < 12 or height < 3:
            return Text("")
        lo = min(b[2] for b in self._bounds.values())  # (with 0: the axis is always there)
        hi = max(b[3] for b in self._bounds.values())
        if hi == lo:
            hi = lo + 1
        labels = [signed(hi), signed(lo), "0"]
        gutter = max(len(x) for x in labels) + 1
        # the legend comes first: a toast ("Deal saved.") shows at the bottom right, over
        # the chart's last lines, and must never hide whose line is whose; it takes as many
        # lines as its entries need, each entry whole on one line
        legend = _legend(series, gutter, width)
        cols, rows = width - gutter, height - legend.count("\n")
        dots_w, dots_h = cols * 2, rows * 4

        def y_of(value: int) -> int:
            return round((hi - value) * (dots_h - 1) / (hi - lo))

        cells: dict[tuple[int, int], tuple[int, int]] = {}  # (row, col) -> (bits, series)
        for index, values in enumerate(series.values()):
            last = len(values)  # the points: 0, then the total after each deal

            def point(i: int, values: Sequence[int] = values) -> int:
                return values[i - 1] if i else 0

            if last < dots_w:  # every deal gets its own x; lines join them
                path = [(round(i * (dots_w - 1) / last), y_of(point(i)))
                        for i in range(last + 1)]
            else:  # more deals than dots: each column shows the deal it stands for
                path = [(x, y_of(point(round(x * last / (dots_w - 1)))))
                        for x in range(dots_w)]
            prev: tuple[int, int] | None = None
            for here in path:
                for px, py in _segment(prev, here):
                    key = (py // 4, px // 2)
                    bits = cells.get(key, (0, index))[0] | _DOTS[py % 4][px % 2]
                    cells[key] = (bits, index)
                prev = here
        zero_row = y_of(0) // 4
        parts: list[str | tuple[str, str]] = []
        for row in range(rows):
            label = ""
            if row == 0:
                label = signed(hi)
            elif row == rows - 1:
                label = signed(lo)
            elif row == zero_row:
                label = "0"
            parts.append((label.rjust(gutter - 1) + "┤" if label else " " * (gutter - 1) + "│",
                          "dim"))
            blank = "┈" if row == zero_row else " "
            drawn = [cells.get((row, col)) for col in range(cols)]
            # one span per run of cells in one style (a span per cell took ~40 ms to draw);
            # the dots are dimmed like the axis, as they always were
            for index, run in groupby(drawn, key=lambda cell: -1 if cell is None else cell[1]):
                if index < 0:
                    parts.append((blank * len(list(run)), "dim"))
                else:
                    parts.append(("".join(chr(0x2800 + bits) for bits, _ in run),  # type: ignore[misc]
                                  f"dim {colour(index)}"))
            parts.append("\n")
        return Content.assemble(*legend, *parts[:-1])


def _legend(series: Mapping[str, Sequence[int]], gutter: int,
            width: int) -> list[str | tuple[str, str]]:
    """`━ name total` per player, in the chart's colours, packed into lines of `width`
    (under the axis labels); every line ends in a newline."""
    out: list[str | tuple[str, str]] = [" " * gutter]
    used = gutter
    for index, (name, values) in enumerate(series.items()):
        entry = f"{name} {signed(values[-1] if values else 0)}"
        size = 2 + cell_len(entry)
        if used > gutter and used + size > width:
            out += ["\n", " " * gutter]
            used = gutter
        out += [("━ ", colour(index)), entry + "  "]
        used += size + 2
    out.append("\n")
    return out


def _segment(a: tuple[int, int] | None, b: tuple[int, int]) -> list[tuple[int, int]]:
    """Dots from a to b (Bresenham), so steep jumps draw as lines, not gaps."""
    if a is None:
        return [b]
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out = []
    while True:
        out.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
