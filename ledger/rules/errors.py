"""The one error the rules raise: a precise complaint about one field."""

from __future__ import annotations


class RuleError(ValueError):
    """Input that the rules refuse, naming the offending field and value.

    >>> str(RuleError("team_points", "121 is above 120"))
    'team_points: 121 is above 120'
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


def show(value: object) -> str:
    """A value as it should appear inside an error message (short, unambiguous)."""
    if isinstance(value, str):
        text = value if value.strip() == value and value else repr(value)
    else:
        import json

        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
