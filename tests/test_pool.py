"""The connection pool, written once in the base `Database` and used by both adapters: a
connection serves one transaction at a time and goes back to the idle list after it; a
failed transaction is rolled back before its connection serves again; a connection the
server dropped is not handed out again (`test_faults`, `test_lost_save`); `dispose` closes
the idle ones."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from ledger.domain.rules.errors import RuleError
from ledger.store.engine import open_database
from ledger.store.migrate import migrate

pytestmark = pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])


def opened(db_path: Any) -> Any:
    db = open_database(db_path)
    db.prepare()
    migrate(db)
    db.dispose()
    return db


def raw(session: Any) -> Any:
    return getattr(session, "conn", session)  # (PostgreSQL's session wraps its connection)


def players(db: Any) -> list[str]:
    with db.transaction() as s:
        return [r[0] for r in s.execute("SELECT name FROM player ORDER BY name")]


def test_one_connection_serves_transaction_after_transaction(db_path: Any, engine: str
                                                             ) -> None:
    db = opened(db_path)
    with db.transaction() as s:
        first = raw(s)
    with db.transaction(write=True) as s:
        assert raw(s) is first
        s.execute("INSERT INTO player (name, created_at) VALUES ('Ann', '2026-11-29 20:00:00')")
    assert players(db) == ["Ann"] and db._idle == [first]


def test_transactions_at_once_each_take_their_own_and_all_come_back(db_path: Any,
                                                                    engine: str) -> None:
    db = opened(db_path)
    inside, release = threading.Barrier(3), threading.Event()
    used: list[Any] = []

    def read() -> None:
        with db.transaction() as s:
            used.append(raw(s))
            inside.wait(10)
            release.wait(10)

    threads = [threading.Thread(target=read) for _ in range(2)]
    for t in threads:
        t.start()
    inside.wait(10)
    with db.transaction() as s:  # a third, while the two are open
        used.append(raw(s))
    release.set()
    for t in threads:
        t.join(10)
    assert len({id(c) for c in used}) == 3
    assert sorted(map(id, db._idle)) == sorted(map(id, used))
    db.dispose()
    assert db._idle == []


def test_a_failed_transaction_is_rolled_back_and_its_connection_serves_again(
        db_path: Any, engine: str) -> None:
    db = opened(db_path)
    with pytest.raises(RuleError, match="refused"), db.transaction(write=True) as s:
        first = raw(s)
        s.execute("INSERT INTO player (name, created_at) VALUES ('Ann', '2026-11-29 20:00:00')")
        raise RuleError("name", "words", text="refused")
    assert db._idle == [first] and not db.in_transaction(first)
    assert players(db) == []
    with pytest.raises(RuleError) as bad, db.transaction(write=True) as s:
        s.execute("INSERT INTO no_such_table VALUES (1)")  # the driver's own error
    assert bad.value.field in ("db", "database") and "Traceback" not in bad.value.message
    with db.transaction(write=True) as s:
        assert raw(s) is first
        s.execute("INSERT INTO player (name, created_at) VALUES ('Bea', '2026-11-29 20:00:00')")
    assert players(db) == ["Bea"]


def test_dispose_closes_the_idle_connections_and_the_next_transaction_opens_one(
        db_path: Any, engine: str) -> None:
    db = opened(db_path)
    with db.transaction() as s:
        first = raw(s)
    db.dispose()
    assert db._idle == []
    with pytest.raises(Exception, match=r"(?i)closed"):
        first.execute("SELECT 1")
    with db.transaction() as s:
        assert raw(s) is not first
    assert players(db) == []
