"""The app's texts: the shared catalogues of `ledger.text.i18n` (kept here so screens import it)."""

from __future__ import annotations

from ledger.text.i18n import (
    LANGUAGES,
    TERMS,
    keys,
    language,
    listed,
    plural,
    set_language,
    t,
    term,
    text,
)

__all__ = ["LANGUAGES", "TERMS", "keys", "language", "listed", "plural", "set_language", "t",
           "term", "text"]
