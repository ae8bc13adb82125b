"""Issue 25, "How well": what `tally standings --night N` costs beside the sums it reads.

On a federation's server a night's standings is one indexed read of that night's kept sums;
what else a whole process did (importing every use case of the facade, reading the whole
roster to name a few players) grew with the code and the league, not with the night. Each
test runs on both engines: the statements a night's standings makes and the rows they
return stay the night's own however many other nights and players the ledger holds, and a
fresh process that opens a ledger and asks a night's standings imports the standings alone
(not the archive, the settlement, the tournaments, the deals' write path, `check`)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ledger.service import Tally

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]


def solo(caller: str, partner: str, points: int) -> dict[str, object]:
    return {"contract": "solo", "caller": caller, "partner": partner, "trump": "clubs",
            "team_points": points}


class Counted:
    """A session that counts its statements and the rows they hand back."""

    def __init__(self, session: Any, log: list[tuple[str, int]]) -> None:
        self.session, self.log = session, log

    def execute(self, sql: str, params: Any = None) -> Any:
        cur = self.session.execute(sql, params or {})
        rows = cur.fetchall()
        self.log.append((" ".join(sql.split()), len(rows)))
        return _Rows(rows, cur.description)

    def executemany(self, sql: str, rows: Any) -> Any:
        raise AssertionError(f"a read wrote: {sql}")


class _Rows:
    def __init__(self, rows: list[Any], description: Any) -> None:
        self.rows, self.description = rows, description

    def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[Any]:
        return self.rows

    def __iter__(self) -> Iterator[Any]:
        return iter(self.rows)


def counting(service: Tally) -> list[tuple[str, int]]:
    """Every statement of the service's read transactions from now on: (SQL, rows)."""
    log: list[tuple[str, int]] = []
    opened = service.db.transaction

    @contextmanager
    def transaction(write: bool = False) -> Iterator[Any]:
        assert not write, "a night's standings wrote"
        with opened() as session:
            yield Counted(session, log)

    service.db.transaction = transaction  # type: ignore[method-assign]
    return log


def a_night(service: Tally, players: list[str], day: str) -> int:
    night = service.new_night(day, "Club")
    for i in range(0, len(players) - len(players) % 5, 5):
        table = service.new_table(night, "crazy-solo", players[i:i + 5])
        service.add_deals(table, [solo(players[i + 1], players[i + 3], 73)])
    return night


def test_a_night_s_standings_read_that_night_alone(db_path: Path) -> None:
    service = Tally.open(db_path)
    service.add_players(FIVE)
    night = a_night(service, FIVE, "2026-11-29")
    log = counting(service)
    first = service.standings(night_id=night)
    alone = list(log)
    assert [r.player for r in first] == ["Bea", "Dan", "Ann", "Chie", "Eve"]
    assert len(alone) == 2, alone  # the night is there; its sums, named
    assert [n for _, n in alone] == [1, 5]
    # a league around it: forty more players at eight more nights
    others = [f"P{i:02d}" for i in range(40)]
    del service.db.transaction  # the database's own again
    service.add_players(others)
    for k in range(8):
        a_night(service, others[5 * k:5 * k + 5], f"2026-12-{k + 1:02d}")
    log = counting(service)
    assert service.standings(night_id=night) == first
    assert log == alone  # the same statements, the same rows: none of the league's


def test_every_night_s_standings_name_only_the_players_who_sat(db_path: Path) -> None:
    service = Tally.open(db_path)
    service.add_players([*FIVE, "Never", "Seated"])
    a_night(service, FIVE, "2026-11-29")
    log = counting(service)
    rows = service.standings()
    assert sorted(r.player for r in rows) == sorted(FIVE)
    assert len(log) == 1 and log[0][1] == 5, log


def test_a_night_s_standings_import_the_standings_alone(db_path: Path) -> None:
    service = Tally.open(db_path)
    service.add_players(FIVE)
    night = a_night(service, FIVE, "2026-11-29")
    service.db.dispose()
    script = ("import sys\n"
              "from ledger.service import Tally\n"
              f"rows = Tally.open({str(db_path)!r}).standings(night_id={night})\n"
              "assert len(rows) == 5, rows\n"
              "print(' '.join(sorted(m for m in sys.modules if m.startswith('ledger.'))))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    loaded = set(done.stdout.split())
    assert "ledger.service.standings" in loaded
    unneeded = {f"ledger.service.{m}" for m in (
        "archive", "night_end", "tournament", "deals", "integrity", "league", "nights",
        "scoreboard", "tables")} | {"ledger.domain.replay", "ledger.store.export_rows"}
    assert not loaded & unneeded, sorted(loaded & unneeded)
