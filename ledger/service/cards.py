"""The cards and Hachi-Hachi hand roles as the app shows and reads them.

The engine's own types and readers, named here so the app imports the service and never
`ledger.domain.rules` (the import contract of pyproject.toml): a card typed on a form is read by
the same `parse_card` that settles it, and a typed hand's roles are found by the engine's
own detector (for display; the engine finds them again when it settles). Nothing is copied.
"""

from __future__ import annotations

from ..domain.rules.cards import SUIT_BY_NAME, SUIT_NAMES, SUIT_SYMBOLS, Card, parse_card
from ..domain.rules.hand_roles import (
    ACES_IN_PACK,
    SINGLE_GROUPS,
    HandRoles,
    Role,
    detect,
    read_hand,
)

__all__ = ["ACES_IN_PACK", "SINGLE_GROUPS", "SUIT_BY_NAME", "SUIT_NAMES", "SUIT_SYMBOLS", "Card",
           "HandRoles", "Role", "detect", "parse_card", "read_hand"]
