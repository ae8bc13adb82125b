"""`check`'s problem records in words, in the language in use (catalogue keys
`check.<code>`): the service returns facts, the CLI shows these lines."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from .i18n import t
from .i18n.errors import render_error


def problem_text(problem: Any) -> str:
    """One line for a `Problem` (code, table, deal, values).

    >>> from types import SimpleNamespace as P
    >>> problem_text(P(code="transfers_differ", table=1, deal=2, values={}))
    'table 1 deal 2: stored transfers differ from the rules'
    """
    values = dict(problem.values)
    error = values.pop("error", None)
    if error is not None:  # a deal that no longer settles: its own error, in these words
        values["why"] = render_error(SimpleNamespace(**error))
    return t(f"check.{problem.code}", table=problem.table, deal=problem.deal, **values)
