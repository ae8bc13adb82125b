"""The fast tier (`pytest -m "not slow"`): conftest.py marks by what a test is; this checks
the classification on the real collection of a few files (pytest in a child process)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def collected(marker: str, *paths: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-n", "0", "-m", marker,
         *paths], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_browser_pg_and_domain_tests_are_classified() -> None:
    paths = ("tests/serve/test_board.py", "tests/test_store.py", "tests/test_money.py")
    slow = collected("slow", *paths)
    fast = collected("not slow", *paths)
    assert slow and fast and not slow & fast
    assert any(t.startswith("tests/serve/test_board.py::") for t in slow)
    assert not any(t.startswith("tests/serve/") for t in fast)
    assert any("[pg" in t for t in slow)
    assert not any("[pg" in t for t in fast)
    assert any(t.startswith("tests/test_money.py::") for t in fast)
    assert not any(t.startswith("tests/test_money.py::") for t in slow)
    assert any("test_store.py::" in t and "[sqlite" in t for t in fast)
