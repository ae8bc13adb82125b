"""A game's set-up facts in words: Crazy Solo's cards removed by table size, as the CLI's
`table show` and the app's new-table form both show them."""

from __future__ import annotations

from collections.abc import Sequence

from ..domain.rules.cards import SUIT_SYMBOLS
from .i18n import t


def card_text(code: str) -> str:
    """A card code as people read it: "6S" -> "6♠"."""
    return f"{code[:-1]}{SUIT_SYMBOLS[code[-1]]}"


def removed_text(removed: Sequence[str], short_pack: bool) -> str:
    """The removed cards ("6♠, 6♥"), or "none", with the 24-card note where it applies.

    >>> removed_text(("6S", "6H"), False)
    '6♠, 6♥'
    """
    text = ", ".join(card_text(c) for c in removed) or t("removal.none")
    return text + (t("removal.short_pack_note") if short_pack else "")
