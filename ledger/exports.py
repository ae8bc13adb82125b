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
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

STANDINGS = ["rank", "player", "net", "money", "deals"]  # then one column per table
DEALS = ["night", "date", "table", "game", "deal", "revision", "status", "player", "net",
         "summary"]
TRANSFERS = ["night", "date", "table", "game", "deal", "revision", "from", "to", "amount",
             "reason"]
SETTLEMENT = ["night", "date", "from", "to", "amount", "money", "currency", "status"]

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


def write_csv(fh: TextIO, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Header and rows with CRLF line ends, row by row (`fh` opened with newline="")."""
    writer = csv.writer(fh, lineterminator="\r\n")
    writer.writerow(header)
    # most cells are ints or plain text that safe_cell would return unchanged: skip the call
    writer.writerows([c if c.__class__ is int or (c.__class__ is str and c[:1] not in _RISKY)
                      else safe_cell(c) for c in row] for row in rows)


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
          fmt: str) -> Path:
    """Write one export file (atomically: a temp file renamed into place). CSV rows are
    written as they come, so `rows` may stream from the database."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.{fmt}"
    tmp = path.with_suffix(path.suffix + ".part")
    if fmt == "csv":
        with tmp.open("w", encoding="utf-8-sig", newline="") as fh:
            write_csv(fh, header, rows)
    else:
        tmp.write_bytes(json_bytes(header, rows))
    tmp.replace(path)
    return path
