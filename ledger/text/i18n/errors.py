"""A refusal said in the language in use: `error: <field>: <message>`.

A `RuleError` is a code and values (`RuleError(field, code, **values)`,
tests/test_error_codes.py sees that every one raised in ledger/ passes a code both catalogues
know): the catalogue's `err.<code>` text says it in the language in use, and a value with a
code of its own (a RuleError wrapped with where it came from, or a `Said` word such as
`hand roles`) is said the same way. Importing this module installs `english` as the rules'
renderer (`ledger.domain.rules.errors.install_renderer`), so a refusal's `message` and
`str()` are its English wherever it is printed; English output is that message, as scripts
read it. Words that are not Tally's (click's own sentences, `'x' is not a valid integer.`)
travel as the code `words` with the one value `text`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...domain.rules.cards import SUIT_NAMES
from ...domain.rules.errors import install_renderer
from . import language, t, text


class _Kept(dict[str, object]):
    """A template's value the code did not give stays `{name}`, never a crash."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def english(code: str, values: Mapping[str, object]) -> str:
    """The English of `code` with `values` (catalogue `err.<code>`); a value with a code of
    its own (a `Said`, a RuleError) said in English too.

    >>> english("above", {"value": 121, "hi": 120})
    '121 is above 120'
    """
    template = text(f"err.{code}", "en")
    if template is None:
        return f"{code} {dict(values)}"
    said = _Kept()
    for key, value in values.items():
        inner = getattr(value, "code", None)
        said[key] = english(inner, getattr(value, "values", {})) if inner else value
    return template.format_map(said)


install_renderer(english)


def render_error(exc: object) -> str:
    """`field: message` for `exc` (a RuleError) in the language in use."""
    field = getattr(exc, "field", None)
    if field is None:
        return str(exc)
    return f"{field}: {render_message(exc)}"


def render_notice(notice: object, *, field: bool = True) -> str:
    """`field: text` for a warning (`views.Notice`) in the language in use; the text alone
    (`field=False`) where people read it, not a command line's user (the app's toast)."""
    from . import plural, t

    key = f"warn.{getattr(notice, 'code', '')}"
    from . import listed

    values = {k: listed(map(str, v)) if isinstance(v, (list, tuple)) else v
              for k, v in getattr(notice, "values", {}).items()}  # a list, in the language's way
    said = None
    if "n" in values:  # a count's sentence takes the count's plural form, where it has one
        rest = {k: v for k, v in values.items() if k != "n"}
        try:
            said = plural(key, int(values["n"]), **rest)
        except KeyError:
            said = None
    if said is None:
        said = t(key, **values)
    return f"{getattr(notice, 'field', '')}: {said}" if field else said


def render_message(exc: object) -> str:
    message = str(getattr(exc, "message", exc))
    lang = language()
    code = getattr(exc, "code", None)
    if lang == "en" or not code:
        return message
    template = text(f"err.{code}", lang)
    if not template:
        return message
    values = {k: render_message(v) if getattr(v, "code", None) else _value(v)
              for k, v in (getattr(exc, "values", None) or {}).items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError):  # a value the code forgot: the English says it all
        return message


_SUITS = SUIT_NAMES  # the engines' one suit table (cards.py)


def _value(value: object) -> str:
    """A refusal's value in the language in use: a card in words ("ハートのA"), not a code
    ("AH"); anything else as it is."""
    from ...domain.rules.cards import Card

    if isinstance(value, Card):
        return t("card.named", suit=t(f"suit.{_SUITS[value.suit]}"), rank=value.rank)
    return str(value)
