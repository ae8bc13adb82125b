"""Output a terminal can show: a console in latin-1, cp932 or EUC-JP cannot encode ♣, ·
or €; what it cannot show is written as the nearest thing it can (C, -, EUR), never a
UnicodeEncodeError in the middle of a table."""

from __future__ import annotations

import codecs
import sys
import unicodedata
from typing import TextIO

HANDLER = "tally-terminal"
# what Tally writes that a non-UTF-8 terminal may lack, and the plainest stand-in
STAND_INS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "♧": "C", "♤": "S", "♡": "H", "♢": "D",
             "·": "-", "・": "-", "€": "EUR", "−": "-", "–": "-", "—": "-", "→": "->",
             "←": "<-", "×": "x", "…": "...", "✓": "v", "✗": "x", "“": '"', "”": '"',
             "‘": "'", "’": "'", "¥": "JPY", "£": "GBP", "₩": "KRW", "±": "+/-",
             "│": "|", "─": "-", "┼": "+", "\u00a0": " ", "\u202f": " ", "\u3000": " "}


def stand_in(char: str) -> str:
    """The stand-in of one character: the table's, else its decomposition's ASCII letters
    (é → e), else "?"."""
    if char in STAND_INS:
        return STAND_INS[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain or "?"


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join(stand_in(c) for c in bad), error.end


def fit(stream: TextIO) -> None:
    """Have `stream` write stand-ins for what its encoding lacks (a UTF-8 stream is left
    as it is)."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
    if encoding in ("utf-8", "utf8", "utf-16", "utf-32") or not hasattr(stream, "reconfigure"):
        return
    try:
        codecs.lookup_error(HANDLER)
    except LookupError:
        codecs.register_error(HANDLER, _replace)
    try:
        stream.reconfigure(errors=HANDLER)
    except (ValueError, OSError):  # a closed or detached stream: nothing to fit
        pass


def fit_terminal() -> None:
    """Standard output and standard error, fitted (the CLI calls this first)."""
    fit(sys.stdout)
    fit(sys.stderr)
