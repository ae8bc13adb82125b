"""Terminal width of text: East Asian wide characters take two columns."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


def width(text: str) -> int:
    """Columns `text` takes in a terminal (ゲーム = 6, Bea = 3)."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def pad(text: str, size: int, *, right: bool = False) -> str:
    """`text` padded with spaces to `size` columns (left-aligned unless `right`)."""
    gap = " " * max(0, size - width(text))
    return gap + text if right else text + gap


def grid(headers: Sequence[str], rows: Sequence[Sequence[object]],
         numeric: Sequence[bool] | None = None) -> str:
    """A plain aligned table; numbers right-aligned."""
    cells = [[str(c) for c in headers]] + [["" if c is None else str(c) for c in r] for r in rows]
    if numeric is None:
        numeric = [bool(rows) and all(isinstance(r[i], int) for r in rows)
                   for i in range(len(headers))]
    widths = [max(width(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(pad(c, widths[i], right=numeric[i]) for i, c in enumerate(row)).rstrip()
             for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
