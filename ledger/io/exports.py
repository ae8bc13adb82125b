"""CSV (and JSON) exports of standings, deals, transfers and the settlement.

Files are UTF-8 with a byte-order mark so that Excel — Japanese Excel too — reads names
correctly. A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`,
`-`, `@`, a tab or a carriage return, or their full-width forms) is written with a leading
apostrophe, so it shows as text; so is such a start after a semicolon (`;=`), where a
spreadsheet that splits on semicolons would begin a new cell. Numbers are written as
numbers. Column names are stable (see README).
"""

from __future__ import annotations

import csv
import json
import os
import re
import secrets
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
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
# each table's hash chain: the night's head (printed short on the settlement) and
# the table's, with how many revisions it covers
CHAIN = ["night", "date", "night_head", "table", "game", "revisions", "table_head"]
# …and every revision of those tables, with what its hash covers (`chain.content_text`), so
# `tally verify` can re-make each chain from the export alone
REVISIONS = ["night", "date", "table", "deal", "revision", "kind", "hash", "content"]
# the columns of the two big files that can hold text a person typed (names, via summaries);
# their other columns are ids, numbers, ISO dates and fixed words
DEALS_TEXT = ("player", "summary")
TRANSFERS_TEXT = ("from", "to", "reason")

# full-width ＝＋－＠ too: Japanese Excel reads "＝1+1" as a formula
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_RISKY = frozenset(_FORMULA_START)
# a spreadsheet that splits on semicolons (Excel where the decimal mark is a comma) makes
# "Ann;=1+1" two cells, the second a formula: a risky start after a ";" is guarded too
_AFTER_SEMICOLON = re.compile(";(?=[" + re.escape("".join(_FORMULA_START)) + "])")


def safe_cell(value: Any) -> Any:
    """A cell as written: numbers as they are, risky text behind an apostrophe."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, Decimal)):
        return value
    text = str(value)
    if ";" in text:
        text = _AFTER_SEMICOLON.sub(";'", text)
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
                                                      _RISKY and ";" not in c)
                          else safe_cell(c) for c in row]
                         for row in rows)
    else:
        writer.writerows(_guarded(rows, [header.index(h) for h in text]))


def _guarded(rows: Iterable[Sequence[Any]], columns: list[int]) -> Iterator[Sequence[Any]]:
    for row in rows:
        for i in columns:
            cell = row[i]
            if cell.__class__ is not str or cell[:1] in _RISKY or ";" in cell:
                row = [*row[:i], safe_cell(cell), *row[i + 1:]]
        yield row


def json_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    def plain(v: Any) -> Any:
        return str(v) if isinstance(v, Decimal) else v

    data = [{h: plain(v) for h, v in zip(header, row, strict=True)} for row in rows]
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def make_folder(folder: Path, field: str) -> None:
    """`folder` made if need be, or a one-line refusal naming why it cannot be."""
    from ..domain.rules import RuleError
    from .disk import cause

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise RuleError(field, "file_not_folder", path=folder) from None
    except OSError as exc:
        raise RuleError(field, "cannot_make_folder", path=folder,
                        cause=cause(exc, folder)) from None


def part_path(path: Path) -> Path:
    """A new, empty temporary file beside `path`, made exclusively (two writers of the same
    file never share one); renamed over `path` once it is whole."""
    while True:
        tmp = path.with_name(f"{path.name}.{secrets.token_hex(4)}.part")
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return tmp
        except FileExistsError:
            continue


class Batch:
    """Export files written as `.part` files beside their names and renamed into place
    together once every one is whole (see `batch`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.parts: list[tuple[Path, Path]] = []

    def write(self, stem: str, header: Sequence[str], rows: Iterable[Sequence[Any]], fmt: str,
              text: Sequence[str] | None = None) -> Path:
        """One file; CSV rows are written as they come, so `rows` may stream from the
        database; `text` as `write_csv`. Returns the path it will have."""
        path = self.folder / f"{stem}.{fmt}"
        tmp = part_path(path)
        self.parts.append((tmp, path))
        if fmt == "csv":
            # the mark by hand: Python's utf-8-sig encoder is pure Python, called at each write
            with tmp.open("w", encoding="utf-8", newline="") as fh:
                fh.write("\ufeff")
                write_csv(fh, header, rows, text)
        else:
            tmp.write_bytes(json_bytes(header, rows))
        return path


@contextmanager
def batch(folder: Path, field: str = "--out") -> Iterator[Batch]:
    """Write several export files all or none: a failure (a full disk, an error reading the
    ledger) removes every `.part` file and leaves older files of the same names as they were;
    a file-system error becomes one line naming the folder and the cause."""
    from ..domain.rules import RuleError
    from .disk import cause

    make_folder(folder, field)
    files = Batch(folder)
    try:
        yield files
        for tmp, path in files.parts:
            tmp.replace(path)
    except BaseException as exc:
        for tmp, _ in files.parts:
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise RuleError(field, "writing_in", path=folder, cause=cause(exc, folder)) from None
        raise

