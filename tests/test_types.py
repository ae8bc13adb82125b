"""`ledger/` is strictly typed: mypy (its settings in pyproject.toml: strict, every package of
ledger/ but the migrations) finds no error. `Tally`'s operations are typed attributes, so the
CLI's calls into the service are checked against the use cases' own signatures."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_strict_finds_nothing_in_ledger(tmp_path: Path) -> None:
    from mypy import api

    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(tmp_path / "cache"), str(ROOT / "ledger")])
    assert (status, err) == (0, ""), out
    assert out.startswith("Success: no issues found"), out


def test_every_operation_is_its_use_case_s_method(tmp_path: Path) -> None:
    """Each `Tally` operation, read from a ledger, is its use case's bound method (its own
    signature: what a type checker reads), made once and kept on the instance."""
    import inspect

    from ledger.service import Tally
    from ledger.service.facade import Operation

    tally = Tally.open(tmp_path / "t.sqlite3")
    operations = {n: v for n, v in vars(Tally).items() if isinstance(v, Operation)}
    assert {"add_deal", "settlement", "sync_to", "rating"} <= set(operations)
    for name, op in operations.items():
        got = getattr(tally, name)
        part = tally._part(op.part)
        assert inspect.ismethod(got) and got.__self__ is part, name
        assert inspect.signature(got) == inspect.signature(getattr(part, got.__name__)), name
        assert vars(tally)[name] is got  # kept: the next read is the instance's own
    assert tally.add_player("Ann") and [p.name for p in tally.players()] == ["Ann"]
