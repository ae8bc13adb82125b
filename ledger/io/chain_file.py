"""Reading an export's chain files back (`tally verify`): the chain file (`exports.CHAIN`)
and the revisions file beside it (`exports.REVISIONS`, the same tag), CSV or JSON as the
export wrote them. Rows come out as dictionaries of text by column name; a file that is not
one of these is one refusal naming the file (and the row and column where one is wrong).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..domain.rules.errors import RuleError
from .disk import cause
from .exports import CHAIN, REVISIONS

PREFIXES = ("chain-", "revisions-")


def pair(path: Path) -> tuple[Path, Path]:
    """The chain file and the revisions file of the export `path` is one of."""
    for prefix in PREFIXES:
        if path.name.startswith(prefix) and path.suffix in (".csv", ".json"):
            tag = path.name[len(prefix):]
            return path.with_name("chain-" + tag), path.with_name("revisions-" + tag)
    raise RuleError("FILE", "verify_not_chain", path=path)


def rows(path: Path, header: Sequence[str]) -> Iterator[dict[str, str]]:
    """The file's rows, each a dictionary of its cells as text, read as they come."""
    try:
        if path.suffix == ".json":
            yield from _json_rows(path, header)
            return
        with path.open(encoding="utf-8-sig", newline="") as fh:
            reader = csv.reader(fh)
            first = next(reader, None)
            if first != list(header):
                raise _not_a(path, header)
            for line, cells in enumerate(reader, start=2):
                if len(cells) != len(header):
                    raise RuleError("FILE", "verify_cells", path=path, line=line, cells=len(cells),
                                    want=len(header))
                yield dict(zip(header, cells, strict=True))
    except OSError as exc:
        raise RuleError("FILE", "verify_unreadable", path=path, cause=cause(exc, path)) from None
    except (UnicodeDecodeError, csv.Error):
        raise _not_a(path, header) from None


def _json_rows(path: Path, header: Sequence[str]) -> Iterator[dict[str, str]]:
    try:
        data: Any = json.loads(path.read_bytes())
    except ValueError:
        raise _not_a(path, header) from None
    if not isinstance(data, list) or not all(
            isinstance(r, dict) and list(r) == list(header) for r in data):
        raise _not_a(path, header)
    for r in data:
        yield {k: "" if v is None else str(v) for k, v in r.items()}


def _not_a(path: Path, header: Sequence[str]) -> RuleError:
    what = "chain" if list(header) == CHAIN else "revisions"
    columns = ",".join(header)
    return RuleError("FILE", "verify_not_file", path=path, what=what, columns=columns)


def number(path: Path, row: dict[str, str], column: str, line: int) -> int:
    """A row's cell that must be a whole number."""
    text = row[column]
    if not text.isascii() or not text.isdigit():
        raise RuleError("FILE", "verify_cell", path=path, line=line, column=column,
                        value=repr(text))
    return int(text)


__all__ = ["CHAIN", "REVISIONS", "number", "pair", "rows"]
