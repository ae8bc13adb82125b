"""Guard: what ledger/cli/errors.py reads of the click that Typer vendors is still there."""

from __future__ import annotations

from ledger.cli.compat_typer import missing_internals


def test_typer_internals_that_tally_reads_are_there() -> None:
    missing = missing_internals()
    assert not missing, "Typer changed what Tally relies on:\n" + "\n".join(missing)
