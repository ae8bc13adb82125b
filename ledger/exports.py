"""CSV (and JSON) exports of standings, deals, transfers and the settlement.

Files are UTF-8 with a byte-order mark so that Excel — Japanese Excel too — reads names
correctly. A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`,
`-`, `@`, a tab or a carriage return) is written with a leading apostrophe, so it shows as
text. Numbers are written as numbers. Column names are stable (see README).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from .csv_runs import Runs, RunsWriter

STANDINGS = ["rank", "player", "net", "money", "deals"]  # then one column per table
DEALS = ["night", "date", "table", "game", "deal", "revision", "status", "player", "net",
         "summary"]
TRANSFERS = ["night", "date", "table", "game", "deal", "revision", "from", "to", "amount",
             "reason"]
SETTLEMENT = ["night", "date", "from", "to", "amount", "money", "currency", "status"]
# the columns of the two big files that can hold text a person typed (names, via summaries);
# their other columns are ids, numbers, ISO dates and fixed words
DEALS_TEXT = ("player", "summary")
TRANSFERS_TEXT = ("from", "to", "reason")

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_RISKY = frozenset(_FORMULA_START)


def safe_cell(value: Any) -> Any:
    """A cell as written: numbers as they are, risky text behind an apostrophe."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, Decimal)):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def write_csv(fh: TextIO, header: Sequence[str], rows: Iterable[Sequence[Any]],
              text: Sequence[str] | None = None) -> None:
    """Header and rows with CRLF line ends, row by row (`fh` opened with newline="").
    `text`: the only columns that can hold anything but ints and safe text (None: any)."""
    writer = csv.writer(fh, lineterminator="\r\n")
    writer.writerow(header)
    if isinstance(rows, Runs):
        RunsWriter(fh, len(header), range(len(header)) if text is None else
                   [header.index(h) for h in text], safe_cell, _RISKY).write(rows)
    elif text is None:
        # most cells are ints or plain text that safe_cell returns unchanged: skip the call
        writer.writerows([c if c.__class__ is int or (c.__class__ is str and c[:1] not in
                                                      _RISKY) else safe_cell(c) for c in row]
                         for row in rows)
    else:
        writer.writerows(_guarded(rows, [header.index(h) for h in text]))


def _guarded(rows: Iterable[Sequence[Any]], columns: list[int]) -> Iterator[Sequence[Any]]:
    for row in rows:
        for i in columns:
            cell = row[i]
            if cell.__class__ is not str or cell[:1] in _RISKY:
                row = [*row[:i], safe_cell(cell), *row[i + 1:]]
        yield row


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """The whole file: BOM, header, rows, CRLF line ends."""
    buf = io.StringIO()
    write_csv(buf, header, rows)
    return buf.getvalue().encode("utf-8-sig")


def json_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    def plain(v: Any) -> Any:
        return str(v) if isinstance(v, Decimal) else v

    data = [{h: plain(v) for h, v in zip(header, row, strict=True)} for row in rows]
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write(folder: Path, stem: str, header: Sequence[str], rows: Iterable[Sequence[Any]],
          fmt: str, text: Sequence[str] | None = None) -> Path:
    """Write one export file (atomically: a temp file renamed into place). CSV rows are
    written as they come, so `rows` may stream from the database; `text` as `write_csv`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.{fmt}"
    tmp = path.with_suffix(path.suffix + ".part")
    if fmt == "csv":
        # the mark by hand: Python's utf-8-sig encoder is pure Python, called at each write
        with tmp.open("w", encoding="utf-8", newline="") as fh:
            fh.write("\ufeff")
            write_csv(fh, header, rows, text)
    else:
        tmp.write_bytes(json_bytes(header, rows))
    tmp.replace(path)
    return path
