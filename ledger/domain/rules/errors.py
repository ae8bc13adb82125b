"""The one error the rules raise: a precise complaint about one field, as a code and values.

A refusal is `RuleError(field, code, **values)`: which field, which catalogue entry
(`err.<code>`) and the values its texts name. No words are written here or at a raise; the
words exist only in the catalogues, below which this layer sits (it may not import them). So
the text layer installs the one function that says a code in English
(`ledger.text.i18n.errors`, on import: the CLI, the service package and the app import it),
and `message` and `str(err)` (`field: message`, the English scripts read) are said by it when
asked. Until it is installed a refusal says its code and values (`missing {}`), never a guess.

>>> str(RuleError("team_points", "above", value=121, hi=120))
'team_points: 121 is above 120'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Renderer = Callable[[str, Mapping[str, object]], str]

_english: Renderer | None = None


def install_renderer(render: Renderer) -> None:
    """Say every refusal's `message` with `render(code, values)` from now on (the text
    layer's English)."""
    global _english
    _english = render


def english(code: str, values: Mapping[str, object]) -> str:
    """The English of `code` with `values`, by the installed renderer."""
    if _english is None:
        return f"{code} {dict(values)}"
    return _english(code, values)


class RuleError(ValueError):
    """Input that the rules refuse, naming the offending field, the catalogue code
    (`err.<code>`) and the values its texts name."""

    def __init__(self, field: str, code: str, **values: object) -> None:
        self.field = field
        self.code = code
        self.values = values
        super().__init__(field, code)

    @property
    def message(self) -> str:
        """What is wrong, in English (the catalogue's `err.<code>` with the values)."""
        return english(self.code, self.values)

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


class Said:
    """A word or phrase inside a refusal (`hand roles`, `nobody is in`): a catalogue code
    (`err.<code>`) and its values, said in the language of the refusal it is part of; `str()`
    is its English.

    >>> what = Said("w.hand_roles")
    >>> str(what), what.code
    ('hand roles', 'w.hand_roles')
    """

    __slots__ = ("code", "values")

    def __init__(self, code: str, **values: object) -> None:
        self.code = code
        self.values = values

    def __str__(self) -> str:
        return english(self.code, self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Said({self.code!r}, **{self.values!r})"

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Said):
            return (self.code, self.values) == (other.code, other.values)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.code)


def show(value: object) -> str:
    """A value as it should appear inside an error message (short, unambiguous).

    Plain words stay bare (`Zed`); text that could be mistaken for a number, a boolean,
    null or nothing is quoted (`"73"`, `""`); other values are shown as JSON.
    """
    import json

    if isinstance(value, str) and value and value.strip() == value and not _looks_like_json(value):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _looks_like_json(text: str) -> bool:
    import json

    try:
        return not isinstance(json.loads(text), str)
    except ValueError:
        return False
