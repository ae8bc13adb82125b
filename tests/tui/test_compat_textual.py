"""Guard: every Textual internal in tui/compat_textual.py is still there, so an upgrade that
moves one fails here, naming it and what needs it."""

from __future__ import annotations

from pytest import MonkeyPatch

from tui.compat_textual import INTERNALS, missing_internals


def test_textual_internals_that_tally_reads_are_there() -> None:
    missing = missing_internals()
    assert not missing, "Textual changed what Tally relies on:\n" + "\n".join(missing)


def test_a_missing_internal_is_named_with_what_needs_it(monkeypatch: MonkeyPatch) -> None:
    from textual.widgets import DataTable

    monkeypatch.delattr(DataTable, "_get_offsets")
    assert any(x.endswith("DataTable._get_offsets is gone; DealLog finds the row of a line "
                          "(see tui/compat_textual.py)") for x in missing_internals())
    assert len(INTERNALS) == 20


def test_only_the_compat_modules_import_private_framework_modules() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    private = re.compile(r"^\s*(from|import)\s+(textual|typer|click)(\.\w+)*\._", re.M)
    allowed = {Path("tui/compat_textual.py"), Path("ledger/cli/compat_typer.py")}
    found = [str(p.relative_to(root)) for folder in ("ledger", "tui")
             for p in sorted((root / folder).rglob("*.py"))
             if p.relative_to(root) not in allowed and private.search(p.read_text("utf-8"))]
    assert found == [], f"private Textual/Typer modules imported outside compat: {found}"
