"""The use cases: the only API the CLI and the TUI call.

Small use-case modules, each a class taking its collaborators (`Store`: the database and
its transactions; the few use cases it calls), composed by one facade, `Tally`:

- `players`, `nights` (and the tables in them), `deals` (record, preview, correct, void),
  `standings`, `night_end` (settlement and payments), `archive` (export, backup, restore,
  import), `integrity` (`check`);
- `tables`: a table as loaded, and where it stands (`ledger.domain.replay`'s checkpoints);
- `names`: names and free text as stored.

Money is never held as a mutable total: standings are sums over stored transfers, or a
table's last checkpoint, which `check` re-derives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..config.paths import exports_dir
from ..domain.conflicts import FormUsed, StaleDeal
from ..domain.league import Scoring, shown
from ..domain.rules import RuleError
from ..domain.rules.game import CARDS, CHOICE, FLAG, NUMBER, PLAYER, FieldFact, FormFacts
from ..domain.rules.names import (
    MAX_NAME,
    MAX_REASON,
    MAX_TEXT,
    clean_name,
    clean_text,
    name_key,
)
from ..domain.rules.transfers import POT
from ..text.i18n import errors as _english_of_refusals  # noqa: F401  (installs their English)

if TYPE_CHECKING:
    from ..store.db import ConnectionLost, dispose_all
    from .calc import read_json_object
    from .facade import Tally
    from .repeats import same_deal
    from .standings import rank_rows

# The use cases themselves load on first use: a command that needs none of them (`tally
# --help`, a refusal of its arguments) does not pay for importing every one (~60 ms).
_LAZY = {"Tally": ".facade", "read_json_object": ".calc", "rank_rows": ".standings",
         "ConnectionLost": "..store.db", "same_deal": ".repeats",
         "dispose_all": "..store.db"}  # every database's connections closed (a quick exit)

def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["CARDS", "CHOICE", "FLAG", "MAX_NAME", "MAX_REASON", "MAX_TEXT", "NUMBER",
           "PLAYER", "POT", "ConnectionLost", "FieldFact", "FormFacts", "FormUsed",
           "RuleError", "Scoring", "StaleDeal", "Tally", "clean_name", "clean_text", "dispose_all",
           "exports_dir", "name_key", "rank_rows", "read_json_object", "same_deal", "shown"]
