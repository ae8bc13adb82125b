"""Every `@work` in the app names itself: without a `description`, Textual describes a
worker by the repr of its arguments, made on the app's thread at each start (17 ms for a
40,000-deal table's data, the decade benchmark: the save's frame 23 ms → 50 ms)."""

from __future__ import annotations

import ast
from pathlib import Path

TUI = Path(__file__).resolve().parents[2] / "tui"


def unnamed_workers(root: Path) -> list[str]:
    """`file:line` of each `@work(...)` decorator without a `description=`."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for deco in node.decorator_list:
                name = deco.func if isinstance(deco, ast.Call) else deco
                if isinstance(name, ast.Name) and name.id == "work" and not (
                        isinstance(deco, ast.Call)
                        and any(k.arg == "description" for k in deco.keywords)):
                    found.append(f"{path.relative_to(root.parent)}:{deco.lineno}")
    return found


def test_every_worker_of_the_app_names_itself() -> None:
    assert unnamed_workers(TUI) == []


def test_an_unnamed_worker_is_found(tmp_path: Path) -> None:
    (tmp_path / "tui").mkdir()
    (tmp_path / "tui" / "x.py").write_text(
        "from textual import work\n\n@work(thread=True)\ndef f(data): ...\n\n"
        "@work\nasync def g(): ...\n\n@work(description='h')\ndef h(): ...\n")
    assert unnamed_workers(tmp_path / "tui") == ["tui/x.py:3", "tui/x.py:6"]
