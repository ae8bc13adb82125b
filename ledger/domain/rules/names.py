"""Player names and free text as they come in: one spelling per name, so a look-alike
(another Unicode form, an invisible character) is the same player, never a new one.

Pure: no I/O. The rules (`rules/fields.py`) and the service both use `name_key`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import RuleError, show
from .transfers import POT

MAX_NAME = 40
MAX_TEXT = 200  # a venue, an author: what a person types, not a document
MAX_REASON = 500  # why a deal was corrected or voided

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15) beyond
# category Cf: drawn as nothing, though some are letters (the Hangul fillers U+115F,
# U+1160, U+3164, U+FFA0) or marks (U+034F, the variation selectors). U+2800 (a blank
# Braille cell) is drawn as a space and counts as one.
_IGNORABLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
                        "\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f"
                        "\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                        "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # Cc but tab and newline


def name_key(text: str) -> str:
    """The one spelling of a name: format characters (Unicode category Cf: zero-width
    space and joiners, direction marks, the byte-order mark, soft hyphen) and the other
    default-ignorable characters (Hangul fillers, variation selectors) removed, NFC
    composed, runs of white space (and blank Braille cells) made one space, trimmed.

    Cf goes first: a format character between a letter and its accent would otherwise
    keep NFC from composing them.

    >>> name_key("\\u200fA\\u030asa\\u200b  Lee ") == "Åsa Lee"
    True
    """
    if text.isascii():  # the usual case: no format characters, NFC already
        return " ".join(text.split())
    kept = "".join(c for c in _IGNORABLE.sub("", text).replace("\u2800", " ")
                   if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFC", kept).split())


def _escaped(value: str) -> str:
    """A text with control characters in it, as it may appear in a message: escaped
    (an ESC written raw would be read by the terminal showing the message)."""
    return json.dumps(value)


def refuse_control(value: str, field: str) -> None:
    """Refuse a control character (ESC, BEL, NUL …; tab and newline are white space)."""
    if _CONTROL.search(value):
        raise RuleError(field, "control_char", value=_escaped(value))


def visible(name: str) -> bool:
    """Does a name hold a letter or a digit a person can see? ("⠀", "❤" do not.)"""
    return any(unicodedata.category(c)[0] in "LN" for c in name)


def refuse_lookalike(name: str, others: Iterable[str], field: str) -> None:
    """Refuse `name` if it reads the same as one of `others` (Unicode's confusables)."""
    from .lookalike import looks_like

    other = looks_like(name, others)
    if other is not None:
        raise RuleError(field, "looks_like", value=show(name), other=show(other))


def clean_text(value: str | None, field: str, limit: int = MAX_TEXT) -> str | None:
    """Free text to store (venue, author, reason): refused if it is not text, e.g. a lone
    surrogate that undecodable command-line bytes turn into (SQLite cannot store it), if
    it holds a control character, or if it is longer than `limit` characters (a board
    sends each one to every board on every change)."""
    if value is not None and len(value) > limit:
        head = value[:24] + "…"
        raise RuleError(field, "too_long", value=show(head), n=limit)
    if value is not None and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError(field, "not_utf8") from None
    if value is not None:
        refuse_control(value, field)
    return value


def clean_name(value: object, field: str = "name") -> str:
    """A roster name to store or compare: `name_key` of it, refused if nothing visible
    is left, if it is too long, is the pot's name or holds a comma."""
    if not isinstance(value, str) or not value.strip():
        raise RuleError(field, "not_name", value=show(value))
    clean_text(value, field)
    name = name_key(value)
    if not name or not visible(name):
        raise RuleError(field, "invisible_name", value=show(value))
    if len(name) > MAX_NAME:
        raise RuleError(field, "too_long", value=show(name), n=MAX_NAME)
    if name.lower() == POT:
        raise RuleError(field, "pot_reserved_hh")
    if "," in name:
        raise RuleError(field, "comma", value=show(name))
    return name


def clean_nets(raw: Any, field: str = "nets") -> Any:
    """`settle --nets`: the object's names by `name_key` (the contract compares names
    after trimming), so "Ann" and "Ann " are one player: refused as a duplicate. Values
    are left to `settle_nets`; anything that is not an object is passed on as it is."""
    if not isinstance(raw, Mapping):
        return raw
    from .lookalike import fold

    out: dict[str, Any] = {}
    folded: dict[str, str] = {}
    for name, value in raw.items():
        if not isinstance(name, str) or not name_key(name):
            raise RuleError(field, "not_player", value=show(name))
        key = clean_name(name, field)  # what the roster refuses (pot, a comma, …) too
        if key in out or fold(key) in folded:
            raise RuleError(field, "twice", value=show(key))
        refuse_lookalike(key, out, field)
        out[key] = value
        folded[fold(key)] = key
    return out
