"""Two writers: two processes each add N deals to the same database at once; every deal is
there and neither user saw an error.

N is 30 here (20 when both share one table, where each writer also replays the other's
deals) so the test fits the suite's time; `python -m tests.bench` runs 500 each. A writer
is `tests/robust/writer.py`: `tally round add` run N times by one process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ledger.service import Tally
from tests.robust.conftest import ROOT, solo_club


@pytest.mark.parametrize("shared, n", [(False, 30), (True, 20)],
                         ids=["two tables", "one table"])
def test_two_writers_lose_nothing(tmp_path: Path, child_env: dict[str, str], shared: bool,
                                  n: int) -> None:
    db = tmp_path / "club.sqlite3"
    tables = solo_club(db, tables=1 if shared else 2)
    targets = [tables[0], tables[0]] if shared else tables
    writers = [subprocess.Popen([sys.executable, "-m", "tests.robust.writer", str(db),
                                 str(t), str(n), str(seed)], cwd=ROOT, env=child_env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for seed, t in enumerate(targets)]
    results = [(w.communicate(timeout=300), w.returncode) for w in writers]
    for (_out, err), code in results:
        assert (code, err) == (0, "")
    service = Tally.open(db)
    deals = [d for t in set(targets) for d in service.deals(t)]
    assert len(deals) == 2 * n
    for t in set(targets):  # numbered 1, 2, … with no gap and no double
        assert [d.number for d in service.deals(t)] == list(range(1, len(
            service.deals(t)) + 1))
    assert service.check() == []
