"""Importing deals on a server (issue 25): a table's import goes in as one statement, sent
with the per-night sums' moves in one round trip; a load too big for one statement (over
`ONE_STATEMENT` values) goes in by COPY. Either way the rows written are
SQLite's, value for value (ids, text in Japanese and with quotes, the pot's NULLs, the
sums), and a row the server refuses takes the whole import back."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from ledger.domain.rules import RuleError
from ledger.service import Tally, clock
from ledger.store.postgres import db as server
from tests.conftest import raw

SEATS = ["Ann", "Bea", "Chie", "Dan", "春子"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
ALONE = {"contract": "alone", "caller": "春子", "trump": "hearts", "team_points": 52}
ROUND = {"indicator": "7H", "declarations": {"Ann": "in", "Bea": "out", "Chie": "out",
                                             "Dan": "in", "春子": "out"},
         "tricks": {"Ann": 4, "Dan": 3}}  # the outs pay into the pot: payer or payee NULL
AUTHOR = 'scorer "春" O\'Neil \\ tab\there'
ROWS = {"deal": "id", "revision": "id", "transfer": "id", "deal_state": "deal_id",
        "night_sum": "night_id, game, player_id", "player_night": "night_id, player_id"}


def club(location: Any) -> tuple[Tally, int, int]:
    """A night with a Crazy Solo table, its first deal recorded, and a Hachi-Hachi table."""
    service = Tally.open(location)
    for name in SEATS:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Hall A")
    solo = service.new_table(night, "crazy-solo", SEATS)
    service.add_deal(solo, SOLO)
    return service, solo, service.new_table(night, "hachihachi-trick", SEATS)


def imported(location: Any) -> dict[str, list[tuple[Any, ...]]]:
    """Two tables' deals imported at once, after a deal already at the first: every row of
    the tables an import writes."""
    service, solo, hachi = club(location)
    ids = service.import_tables([(solo, [ALONE, SOLO, ALONE]), (hachi, [ROUND, ROUND])],
                                AUTHOR)
    assert [len(x) for x in ids] == [3, 2]
    service.db.dispose()
    con = raw(location)
    try:
        return {name: [tuple(_text(x) for x in r)
                       for r in con.execute(f"SELECT * FROM {name} ORDER BY {key}")]
                for name, key in ROWS.items()}
    finally:
        con.close()


def _text(value: Any) -> Any:
    """A datetime as SQLite holds it (a plain connection to a server reads a datetime)."""
    return value.strftime("%Y-%m-%d %H:%M:%S.%f") if isinstance(value, datetime) else value


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock, "now", lambda: datetime(2026, 11, 29, 20, 15, tzinfo=UTC))


@pytest.mark.parametrize("one_statement", [True, False], ids=["one statement", "copy"])
def test_a_server_writes_the_rows_sqlite_writes(pg_cluster: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 one_statement: bool) -> None:
    expected = imported(tmp_path / "club.sqlite3")
    assert len(expected["transfer"]) > 10
    assert any(r[2] is None or r[3] is None for r in expected["transfer"])  # the pot
    assert {r[8] for r in expected["revision"]} == {None, AUTHOR}
    if not one_statement:
        monkeypatch.setattr(server, "ONE_STATEMENT", 0)
    assert imported(pg_cluster.new_database()) == expected


def test_the_one_statement_sends_every_table_s_rows_and_the_sums_in_one_round_trip(
        pg_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[list[str]] = []
    pipelined = server.Session.executemany_all

    def spy(self: server.Session, batches: Any) -> None:
        batches = list(batches)
        sent.append([sql.split(" (")[0] for sql, _ in batches])
        pipelined(self, batches)

    monkeypatch.setattr(server.Session, "executemany_all", spy)
    imported(pg_cluster.new_database())  # the import is its last write
    assert sent[-1] == ["WITH w0 AS", "INSERT INTO night_sum", "INSERT INTO player_night"]
    assert sum(batch[0] == "WITH w0 AS" for batch in sent) == 1


def test_a_row_the_server_refuses_takes_the_whole_import_back(pg_cluster: Any) -> None:
    location = pg_cluster.new_database()
    service, solo, hachi = club(location)
    con = raw(location)  # behind Tally's back, a deal takes the id the import's 2nd will
    taken = con.execute("SELECT last_value + 2 FROM deal_id_seq").fetchone()[0]
    con.execute("INSERT INTO deal (id, table_id, number, created_at) "
                "VALUES (?, ?, 99, '2026-11-29 20:00:00')", (taken, solo))
    con.commit()
    con.close()
    before = imported_rows(location)
    with pytest.raises(RuleError) as caught:
        service.import_tables([(hachi, [ROUND]), (solo, [ALONE, SOLO])])
    assert caught.value.field == "database"
    assert "deal_pkey" in caught.value.message
    assert imported_rows(location) == before


def imported_rows(location: Any) -> dict[str, int]:
    con = raw(location)
    try:
        return {name: con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
                for name in ROWS}
    finally:
        con.close()
