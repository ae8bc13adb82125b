"""The house limit: every module of the ledger and the app is small enough to read in one
sitting (fewer than 500 lines, STYLE.md), and none is a `utils.py` grab-bag."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 500


def modules() -> list[Path]:
    return sorted(p for package in ("ledger", "tui") for p in (ROOT / package).rglob("*.py"))


def test_every_module_is_under_500_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= LIMIT}
    assert long == {}


def test_no_module_is_named_utils() -> None:
    assert [p for p in modules() if p.stem in ("utils", "util", "helpers", "misc")] == []
