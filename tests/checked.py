"""`check`'s problem records as the CLI words them (English in the tests)."""

from __future__ import annotations

from ledger.service import Tally
from ledger.text.problems import problem_text


def checked(service: Tally) -> list[str]:
    return [problem_text(p) for p in service.check()]
