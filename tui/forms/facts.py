"""The engine's form facts as a form asks them, each partial deal read once per form (the
table does not change while its deal form is open; a burst of keys asks the same facts
several times: the declarations' judge, the rows, the outcome)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ledger.service import FormFacts


class FactsSeen:
    """`facts(partial)`: `source(partial)`, remembered by the partial's value."""

    def __init__(self, source: Callable[[Mapping[str, Any]], FormFacts]) -> None:
        self.source = source
        self.seen: dict[str, FormFacts] = {}

    def __call__(self, partial: Mapping[str, Any]) -> FormFacts:
        key = json.dumps(partial, sort_keys=True, default=str)
        if key not in self.seen:
            self.seen[key] = self.source(partial)
        return self.seen[key]
