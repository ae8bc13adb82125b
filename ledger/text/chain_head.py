"""A night's head hash as people read it: its short form (`chain.short`, the first
12 hex digits in groups of 4), the one formatter the settlement, `verify` and the print pages
share."""

from __future__ import annotations

from ..domain.chain import short
from .i18n import t


def short_head(head: str) -> str:
    """`7f3a 91c2 04be` of a head."""
    return short(head)


def night_head_text(night: int, head: str) -> str:
    """`night 12 · 7f3a 91c2 04be` in the language in use."""
    return t("chain.night_head", id=night, head=short(head))
