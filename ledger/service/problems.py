"""What `check` finds, as records (beancount's validation errors): a code, where, and its
values; the edge words them (`ledger.text.problems`, catalogue keys `check.<code>`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..domain.rules import RuleError


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    table: int | None = None
    deal: int | None = None  # the deal's number at its table
    values: Mapping[str, Any] = field(default_factory=dict)


def error_values(exc: Exception) -> dict[str, Any]:
    """A refusal kept as facts (its field, code and values) for the edge to word, with its
    English as `why` for a catalogue without the code."""
    if not isinstance(exc, RuleError):
        return {"why": str(exc)}
    return {"why": str(exc), "error": {"field": exc.field, "message": exc.message,
                                       "code": exc.code, "values": dict(exc.values)}}
