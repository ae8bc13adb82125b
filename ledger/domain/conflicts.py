"""Two devices at one table: the second save of the same deal is refused, never doubled.

A deal form says what it expected when it opened: the number the new deal would take, or
the revision of the deal it corrects. The service checks that inside the write transaction
that would record it (BEGIN IMMEDIATE holds every other writer off), so two saves of
"deal 7" cannot both land: the later one finds deal 7 taken and raises `StaleDeal`.
"""

from __future__ import annotations

from .rules import RuleError


class StaleDeal(RuleError):
    """The table moved on since the form opened. `number` is the deal the form meant;
    `next_number` the number a new deal takes now; `revision` the deal's revision now
    (a correction), so the form can expect the table as it stands and be saved again."""

    def __init__(self, number: int, *, next_number: int, revision: int | None = None) -> None:
        self.number = number
        self.next_number = next_number
        self.revision = revision
        super().__init__("deal", "stale_recorded" if revision is None else "stale_changed",
                         n=number)


def check_new(expected: int | None, next_number: int) -> None:
    """A new deal: refused unless it still takes the number the form showed."""
    if expected is not None and expected != next_number:
        raise StaleDeal(expected, next_number=next_number)


def check_revision(expected: int | None, number: int, revision: int, next_number: int) -> None:
    """A correction or void: refused if the deal has a newer revision than the form saw."""
    if expected is not None and expected != revision:
        raise StaleDeal(number, next_number=next_number, revision=revision)


class FormUsed(RuleError):
    """A form's key that already saved deal `number` came again with other values, or at
    another table (`elsewhere`): nothing is saved, and the device is told so, never "saved"
    (it keeps its deal, to save it on a new form)."""

    def __init__(self, number: int, deal_id: int, *, elsewhere: bool = False) -> None:
        self.number = number
        self.deal_id = deal_id
        if elsewhere:  # its own code: saved at another table
            super().__init__("form_key", "form_key_table", n=number)
        else:
            super().__init__("form_key", "form_used", n=number)
