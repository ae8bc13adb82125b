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


def _lint_copy(tmp_path: Path, edit: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """lint-imports over a copy of the packages with `edit` (path -> text appended)."""
    import shutil

    for name in ("ledger", "tui"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo", "locale"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for rel, text in edit.items():
        path = tmp_path / rel
        path.write_text((path.read_text() if path.exists() else "") + text)
    script = ("import sys; sys.path.insert(0, '.'); from importlinter.cli import lint_imports; "
              "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))")
    return subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)


def test_a_forbidden_import_breaks_the_contracts(tmp_path: Path) -> None:
    # the domain reaching the store (a rule reading rows) is refused by the layers
    done = _lint_copy(tmp_path, {"ledger/domain/money.py": "\nfrom ledger.store import db\n"})
    assert done.returncode != 0
    assert "ledger.domain.money -> ledger.store" in done.stdout


def test_a_module_outside_every_layer_breaks_the_contracts(tmp_path: Path) -> None:
    # every module of ledger/ lives inside one layer's package: a loose one is refused
    done = _lint_copy(tmp_path, {"ledger/stray.py": "X = 1\n"})
    assert done.returncode != 0
    assert "ledger.stray" in done.stdout


def test_the_cli_reaching_past_the_service_breaks_the_contracts(tmp_path: Path) -> None:
    # the layers let the CLI import any lower layer; its own contract keeps it on the service
    done = _lint_copy(tmp_path, {"ledger/cli/rounds.py":
                                 "\nfrom ledger.domain.rules import crazy_solo\n"})
    assert done.returncode != 0
    assert "The CLI imports only the service" in done.stdout
    assert "ledger.cli.rounds -> ledger.domain.rules" in done.stdout
