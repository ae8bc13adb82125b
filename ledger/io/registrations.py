"""Pre-registrations from a CSV file: one player a row, the name in the first column (a
header row `name` or `player` is skipped; a BOM, as spreadsheets write it, is dropped)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..domain.rules import RuleError
from .disk import cause


def read_names(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise RuleError("--csv", "tn_csv_not_utf8", path=path) from None
    except OSError as exc:
        raise RuleError("--csv", "tn_csv_unreadable", path=path, cause=cause(exc, path)) from None
    names = [row[0].strip() for row in csv.reader(io.StringIO(text)) if row and row[0].strip()]
    if names and names[0].casefold() in ("name", "player"):
        names = names[1:]
    return names
