"""The layers of shared/DESIGN.md, enforced: the import contracts of pyproject.toml
(`[tool.importlinter]`) must all be kept. `lint-imports` runs them too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept() -> None:
    # a fresh interpreter: import-linter builds its graph from the source files, and its
    # own cache would leave files in the worktree
    script = ("import sys; from importlinter.cli import lint_imports; "
              "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    report = done.stdout[done.stdout.find("Contracts"):] + done.stderr
    assert done.returncode == 0, f"an import breaks the layers of DESIGN.md:\n{report}"
    assert "BROKEN" not in done.stdout
