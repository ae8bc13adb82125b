"""What importing a layer loads, each in a fresh interpreter: the ledger's use cases start
without Textual (the command line stays quick, the app stays optional) and the rules
without SQLite (they are pure)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def loaded_after(module: str, *, also: str = "pass") -> set[str]:
    """The top-level packages in sys.modules after `import module` (then `also`)."""
    script = (f"import sys; import {module}; {also}; "
              "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=True)
    return set(done.stdout.split())


@pytest.mark.parametrize("module", ["ledger.service", "ledger.cli.main"])
def test_the_service_and_the_command_line_load_no_textual(module: str) -> None:
    loaded = loaded_after(module)
    assert "textual" not in loaded, f"import {module} loads Textual"
    assert "tui" not in loaded, f"import {module} loads the app"


@pytest.mark.parametrize("module", ["ledger.domain.rules", "ledger.domain.replay"])
def test_the_rules_and_the_fold_load_no_sqlite(module: str) -> None:
    # every engine, as `tally calc` builds them (GAMES is made on first use)
    loaded = loaded_after(module, also="import ledger.domain.rules as r; r.GAMES")
    assert "sqlite3" not in loaded and "_sqlite3" not in loaded, \
        f"import {module} loads sqlite3"
    assert not loaded & {"sqlmodel", "sqlalchemy", "textual", "typer"}, loaded
