"""The server says no: a server that cannot be reached, a refused password, a
database that does not exist, a connection lost in the middle of a save. Each is one line,
`error: database: …`, exit 2, never a traceback and never a password; the deal is wholly
saved or not at all, and the next save (on a new connection) works."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from ledger.service import Tally
from ledger.store import repo
from tests.conftest import Cli
from tests.pg_cluster import PASSWORD, PASSWORD_USER

pytestmark = pytest.mark.parametrize("engine", ["postgresql"])


def _one_line(r: Any, start: str) -> str:
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    assert r.stdout == ""
    assert r.stderr.startswith(start), r.stderr
    assert r.stderr.count("\n") == 1, r.stderr
    return r.stderr


def test_a_server_that_cannot_be_reached(tmp_path: Any, engine: str) -> None:
    url = f"postgresql://tally@/league?host={tmp_path}&port=5999"  # no server listens there
    line = _one_line(Cli(url)("standings", "--all"),
                     f"error: database: {url}: the server cannot be reached (")
    assert "Traceback" not in line


def test_a_wrong_password_is_named_and_never_shown(pg_cluster: Any, engine: str) -> None:
    base = pg_cluster.new_database().replace("//tally@", f"//{PASSWORD_USER}@")
    wrong = base.replace(f"{PASSWORD_USER}@", f"{PASSWORD_USER}:not-it@")
    line = _one_line(Cli(wrong)("player", "list"), "error: database: ")
    assert line == f"error: database: {base}: the server refused the user name or password\n"
    right = base.replace(f"{PASSWORD_USER}@", f"{PASSWORD_USER}:{PASSWORD}@")
    r = Cli(right)("player", "list")
    assert r.exit_code == 0, r.output
    assert PASSWORD not in r.output


def test_a_database_that_does_not_exist(pg_cluster: Any, engine: str) -> None:
    url = pg_cluster.url("no_such_league")
    assert _one_line(Cli(url)("standings", "--all"), "error: database: ") == (
        f"error: database: {url}: no such database on the server (create it first: "
        "createdb)\n")


def test_a_connection_lost_mid_save_saves_nothing(db_path: str, engine: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    service = Tally.open(db_path)
    for name in ("Ann", "Bea", "Chie", "Dan", "Eve"):
        service.add_player(name)
    table = service.new_table(service.new_night("2026-11-29"), "crazy-solo",
                              ["Ann", "Bea", "Chie", "Dan", "Eve"])
    service.db.dispose()
    real = repo.add_deals

    def cut_off(*, session: Any, **kw: Any) -> list[int]:
        ids = real(session=session, **kw)  # the deal's rows are written: now the line drops
        with psycopg.connect(db_path, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", (session.conn.info.backend_pid,))
        return ids

    monkeypatch.setattr(repo, "add_deals", cut_off)
    cli = Cli(db_path)
    args = ("round", "add", "--table", str(table), "--contract", "alone", "--caller", "Ann",
            "--trump", "spades", "--points", "90")
    assert _one_line(cli(*args), "error: database: ") == (  # asked by its key
        f"error: database: {db_path}: the connection was lost while saving: not saved "
        "(nothing of it is stored); run the command again\n")
    assert service.deals(table) == []  # not half a deal: nothing
    monkeypatch.setattr(repo, "add_deals", real)
    assert cli(*args).exit_code == 0  # a new connection, the same save
    assert [d.number for d in service.deals(table)] == [1]
    assert service.check() == []
