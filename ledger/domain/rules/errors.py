"""The one error the rules raise: a precise complaint about one field."""

from __future__ import annotations


class RuleError(ValueError):
    """Input that the rules refuse, naming the offending field and value.

    >>> str(RuleError("team_points", "121 is above 120"))
    'team_points: 121 is above 120'
    """

    def __init__(self, field: str, message: str, code: str | None = None,
                 **values: object) -> None:
        """`message` is the English; `code` (a catalogue key under `err.`) and `values` let
        the edge say it in the language in use (`ledger.text.i18n.errors.render_error`)."""
        self.field = field
        self.message = message
        self.code = code
        self.values = values
        super().__init__(f"{field}: {message}")


class Said(str):
    """An English word or phrase inside a refusal (`hand roles`, `nobody is in`) that
    carries its own catalogue code and values, so the edge says it in the language in use
    too. It is the English string itself wherever text is built.

    >>> what = Said("hand roles", "w.hand_roles")
    >>> f"no {what}", what.code
    ('no hand roles', 'w.hand_roles')
    """

    code: str
    values: dict[str, object]

    def __new__(cls, english: str, code: str, **values: object) -> Said:
        said = super().__new__(cls, english)
        said.code, said.values = code, values
        return said


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
