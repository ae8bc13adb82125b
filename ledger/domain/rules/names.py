"""Player names and free text as they come in: one spelling per name, so a look-alike
(another Unicode form, an invisible character) is the same player, never a new one.

Pure: no I/O. The rules (`rules/fields.py`) and the service both use `name_key`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from .errors import RuleError, show
from .transfers import POT

MAX_NAME = 40


def name_key(text: str) -> str:
    """The one spelling of a name: format characters (Unicode category Cf: zero-width
    space and joiners, direction marks, the byte-order mark, soft hyphen) removed, NFC
    composed, runs of white space made one space, trimmed.

    Cf goes first: a format character between a letter and its accent would otherwise
    keep NFC from composing them.

    >>> name_key("\\u200fA\\u030asa\\u200b  Lee ") == "Åsa Lee"
    True
    """
    if text.isascii():  # the usual case: no format characters, NFC already
        return " ".join(text.split())
    kept = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFC", kept).split())


def clean_text(value: str | None, field: str) -> str | None:
    """Free text to store (venue, author, reason): refused if it is not text, e.g. a lone
    surrogate that undecodable command-line bytes turn into (SQLite cannot store it)."""
    if value is not None and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError(field, "is not valid UTF-8 text", "not_utf8") from None
    return value


def clean_name(value: object, field: str = "name") -> str:
    """A roster name to store or compare: `name_key` of it, refused if nothing visible
    is left, if it is too long, is the pot's name or holds a comma."""
    if not isinstance(value, str) or not value.strip():
        raise RuleError(field, f"{show(value)} is not a name", "not_name", value=show(value))
    clean_text(value, field)
    name = name_key(value)
    if not name:
        raise RuleError(field, f"{show(value)} holds only invisible characters, not a name",
                        "invisible_name", value=show(value))
    if len(name) > MAX_NAME:
        raise RuleError(field, f"{show(name)} is longer than {MAX_NAME} characters",
                        "too_long", value=show(name), n=MAX_NAME)
    if name.lower() == POT:
        raise RuleError(field, '"pot" is reserved for the Hachi-Hachi pot', "pot_reserved_hh")
    if "," in name:
        raise RuleError(field, f"{show(name)} contains a comma (seat lists use commas)",
                        "comma", value=show(name))
    return name


def clean_nets(raw: Any, field: str = "nets") -> Any:
    """`settle --nets`: the object's names by `name_key` (the contract compares names
    after trimming), so "Ann" and "Ann " are one player: refused as a duplicate. Values
    are left to `settle_nets`; anything that is not an object is passed on as it is."""
    if not isinstance(raw, Mapping):
        return raw
    out: dict[str, Any] = {}
    for name, value in raw.items():
        key = name_key(name)
        if not key:
            raise RuleError(field, f"{show(name)} is not a player name",
                            "not_player", value=show(name))
        if key in out:
            raise RuleError(field, f"{show(key)} appears twice", "twice", value=show(key))
        out[key] = value
    return out
