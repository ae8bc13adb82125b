"""Names and free text as they are stored, and the roster and nights they refer to."""

from __future__ import annotations

from ..rules import RuleError
from ..rules.errors import show
from ..rules.transfers import POT
from ..store import repo
from ..store.db import Connection

MAX_NAME = 40


def clean_text(value: str | None, field: str) -> str | None:
    """Free text to store (venue, author, reason): refused if it is not text, e.g. a lone
    surrogate that undecodable command-line bytes turn into (SQLite cannot store it)."""
    if value is not None and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError(field, "is not valid UTF-8 text") from None
    return value


def clean_name(value: object, field: str = "name") -> str:
    if not isinstance(value, str) or not value.strip():
        raise RuleError(field, f"{show(value)} is not a name")
    clean_text(value, field)
    name = " ".join(value.split())
    if len(name) > MAX_NAME:
        raise RuleError(field, f"{show(name)} is longer than {MAX_NAME} characters")
    if name.lower() == POT:
        raise RuleError(field, '"pot" is reserved for the Hachi-Hachi pot')
    if "," in name:
        raise RuleError(field, f"{show(name)} contains a comma (seat lists use commas)")
    return name


def player_id(s: Connection, name: object, field: str) -> int:
    """The roster id of a player named exactly so (spaces folded), or a RuleError."""
    if not isinstance(name, str):
        raise RuleError(field, f"{show(name)} is not a name")
    found = repo.player_by_name_folded(session=s, name=" ".join(name.split()))
    if not found or found[1] != " ".join(name.split()):
        raise RuleError(field, f"{show(name)} is not in the roster (tally player add)")
    return found[0]


def open_night(s: Connection, night_id: int) -> None:
    """Refuse a night that does not exist or is closed (nothing is written to it)."""
    n = repo.night_row(session=s, night_id=night_id)
    if n is None:
        raise RuleError("night", f"{night_id} does not exist")
    if n.closed_at is not None:
        raise RuleError("night", f"{night_id} ({n.date}) is closed")
