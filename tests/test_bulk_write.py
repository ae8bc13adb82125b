"""Importing deals on a server: the deals go in a chunk at a time, each chunk one
statement sent while the next is settled, and the per-night sums' moves after them, in one
pipeline. Whatever the chunks, the rows written are SQLite's, value for value (ids, text
in Japanese and with quotes, the pot's NULLs, the sums); a row the server refuses, or a
deal the rules refuse after a chunk went, takes the whole import back."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from ledger.domain.rules import RuleError
from ledger.service import Tally, clock, deals
from ledger.store import bulk
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


@pytest.mark.parametrize("chunk", [1, 8, 1000])
def test_a_server_writes_the_rows_sqlite_writes(pg_cluster: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 chunk: int) -> None:
    expected = imported(tmp_path / "club.sqlite3")
    assert len(expected["transfer"]) > 10
    assert any(r[2] is None or r[3] is None for r in expected["transfer"])  # the pot
    assert {r[8] for r in expected["revision"]} == {None, AUTHOR}
    monkeypatch.setattr(bulk, "CHUNK", chunk)
    assert imported(pg_cluster.new_database()) == expected


def test_the_server_writes_a_chunk_while_the_next_is_settled(
        pg_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    settle, send = deals.outcome_for, server.PipelinedWriter.add

    def settling(*args: Any) -> Any:
        events.append("settle")
        return settle(*args)

    def sending(self: server.PipelinedWriter, batches: Any) -> None:
        events.append(f"send {len(batches[0][2])}")
        send(self, batches)

    service, solo, _ = club(pg_cluster.new_database())
    monkeypatch.setattr(deals, "outcome_for", settling)
    monkeypatch.setattr(server.PipelinedWriter, "add", sending)
    service.import_tables([(solo, [SOLO, ALONE] * 10)])
    assert events == (["settle"] * 8 + ["send 8"] + ["settle"] * 8 + ["send 8"]
                      + ["settle"] * 4 + ["send 4"])  # the third chunk: 16 done, 4 left
    assert [d.number for d in service.deals(solo)][-1] == 21


def test_a_deal_refused_after_the_first_chunk_went_leaves_nothing(
        pg_cluster: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    lines = [SOLO] * 12 + [{**SOLO, "team_points": 130}] + [SOLO] * 7
    file = tmp_path / "deals.jsonl"
    file.write_text("\n".join(json.dumps(x) for x in lines) + "\n", "utf-8")
    said = []
    for location in (tmp_path / "club.sqlite3", pg_cluster.new_database()):
        service, solo, _ = club(location)
        before = imported_rows(location)
        with pytest.raises(RuleError) as caught:
            service.import_jsonl(file, solo)
        said.append((caught.value.field, caught.value.message))
        assert imported_rows(location) == before
        service.db.dispose()
    assert said[0] == said[1] and said[0][0] == "line 13: team_points", said
    assert not [r for r in caplog.records if r.name.startswith("psycopg")]


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
