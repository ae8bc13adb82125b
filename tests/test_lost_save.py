"""A connection lost mid-save: the deal is wholly saved or not at all, and the
CLI says which once the database answers again, asked by the save's form key, never
guessed: "saved as deal N" (its id on stdout, exit 0) or "not saved" (exit 2), and a
script's retry with `--form-key` is saved exactly once.

Against the real server: the store's fault point (`Database.fault_hook`) cuts the line
just before COMMIT is sent, or just after the server committed and before its answer is
read, by killing the session's backend (`pg_terminate_backend`) or stopping the server
(brought back a moment later, or only after the command has given up)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from ledger.cli import lost_save
from ledger.service import ConnectionLost, Tally
from ledger.store.db import Database
from tests.conftest import Cli

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]
ARGS = ("--contract", "alone", "--caller", "Ann", "--trump", "spades", "--points", "90")
on_pg = pytest.mark.parametrize("engine", ["postgresql"])


def club(db: Any) -> tuple[Tally, int]:
    service = Tally.open(db)
    service.add_players(FIVE)
    table = service.new_table(service.new_night("2026-11-29"), "crazy-solo", FIVE)
    return service, table


def add(table: int, *more: str) -> tuple[str, ...]:
    return ("round", "add", "--table", str(table), *ARGS, *more)


def kill_backend(session: Any) -> None:
    """The session's server process ended by the server's administrator."""
    with psycopg.connect(_url(session), autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", (session.conn.info.backend_pid,))


def _url(session: Any) -> str:
    info = session.conn.info
    return f"postgresql://{info.user}@/{info.dbname}?host={info.host}&port={info.port}"


def poke(session: Any) -> None:
    """Use the line once more: the driver's own error for a connection that is gone."""
    session.conn.execute("SELECT 1")


def cut_once(monkeypatch: pytest.MonkeyPatch, point: str, how: Callable[[Any], None]) -> None:
    """The next write's line cut at `point` ("commit": before COMMIT is sent; "answer":
    after it took) by `how(session)`, once, in any database of this process."""
    def hook(at: str, session: Any) -> None:
        if at == point:
            monkeypatch.setattr(Database, "fault_hook", None)
            how(session)
            poke(session)

    monkeypatch.setattr(Database, "fault_hook", staticmethod(hook))


@pytest.fixture
def cut_at(monkeypatch: pytest.MonkeyPatch) -> Callable[..., list[str]]:
    """`cut_at(point, how)`: `cut_once`, and the points where the line was cut."""
    def arm(point: str, how: Callable[[Any], None]) -> list[str]:
        hits: list[str] = []

        def counted(session: Any) -> None:
            hits.append(point)
            how(session)

        cut_once(monkeypatch, point, counted)
        return hits

    return arm


@on_pg
def test_the_answer_lost_after_commit_the_cli_says_saved_as_deal_n(
        db_path: str, engine: str, cut_at: Callable[..., list[str]]) -> None:
    service, table = club(db_path)
    service.add_deal(table, {"contract": "pass"})  # so the lost one is deal 2
    hits = cut_at("answer", kill_backend)
    r = Cli(db_path)(*add(table))
    assert hits == ["answer"]
    [_, second] = service.deals(table)
    assert r.exit_code == 0, (r.output, r.exception)
    assert r.stdout == f"{second.id}\n"
    assert r.stderr == "the connection was lost while saving: it was saved, as deal 2\n"
    assert second.number == 2 and second.outcome["contract"] == "alone"


@on_pg
def test_the_line_cut_before_commit_the_cli_says_not_saved(
        db_path: str, engine: str, cut_at: Callable[..., list[str]]) -> None:
    service, table = club(db_path)
    hits = cut_at("commit", kill_backend)
    r = Cli(db_path)(*add(table))
    assert hits == ["commit"]
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"error: database: {db_path}: the connection was lost while saving: "
                        "not saved (nothing of it is stored); run the command again\n")
    assert service.deals(table) == []
    assert Cli(db_path)(*add(table)).exit_code == 0  # run again: saved, once
    assert [d.number for d in service.deals(table)] == [1]


@on_pg
def test_the_server_stopped_between_commit_and_answer_is_asked_when_it_is_back(
        db_path: str, engine: str, pg_cluster: Any, cut_at: Callable[..., list[str]]) -> None:
    service, table = club(db_path)
    service.db.dispose()
    back = threading.Timer(1.5, pg_cluster.start_server)

    def stop(session: Any) -> None:
        pg_cluster.stop_server()
        back.start()  # the server comes back while the command waits for it

    cut_at("answer", stop)
    try:
        r = Cli(db_path)(*add(table))
    finally:
        back.join()
    [deal] = service.deals(table)
    assert r.exit_code == 0, (r.output, r.exception)
    assert (r.stdout, r.stderr) == (f"{deal.id}\n", "the connection was lost while saving: "
                                                   "it was saved, as deal 1\n")


@on_pg
def test_a_server_still_down_names_the_key_and_the_same_command_saves_once(
        db_path: str, engine: str, pg_cluster: Any, cut_at: Callable[..., list[str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    service, table = club(db_path)
    service.db.dispose()
    monkeypatch.setattr(lost_save, "RECONNECT_S", 1.0)
    cut_at("answer", lambda session: pg_cluster.stop_server())
    try:
        r = Cli(db_path)(*add(table, "--form-key", "night-29-deal-1"))
    finally:
        pg_cluster.start_server()
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"error: database: {db_path}: the connection was lost while saving "
                        "and the database cannot be reached again: whether it was saved is "
                        "not known; run the same command again with --form-key "
                        "night-29-deal-1 (it is saved once)\n")
    again = Cli(db_path)(*add(table, "--form-key", "night-29-deal-1"))
    [deal] = service.deals(table)  # it had been saved: the retry found it, wrote nothing
    assert again.exit_code == 0 and again.stdout == f"{deal.id}\n" and again.stderr == ""


def test_a_script_s_retry_with_its_form_key_is_saved_exactly_once(db_path: Any) -> None:
    service, table = club(db_path)
    cli = Cli(db_path)
    first = cli(*add(table, "--form-key", "k1"))
    second = cli(*add(table, "--form-key", "k1"))
    other = cli(*add(table, "--form-key", "k2"))
    assert [first.exit_code, second.exit_code, other.exit_code] == [0, 0, 0]
    [one, two] = service.deals(table)
    assert first.stdout == second.stdout == f"{one.id}\n" and other.stdout == f"{two.id}\n"
    refused = cli(*add(table, "--form-key", "x" * 65))
    assert (refused.exit_code, refused.stderr) == (2, "error: form_key: is not a form's key\n")


def test_the_answer_lost_on_sqlite_too_is_looked_up_by_the_key(
        db_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """(A file has no line to cut: the store's error for a lost answer, raised at the
    point where the commit has taken, stands in for it; what the CLI does is the same.)"""
    service, table = club(db_path)

    def lost(at: str, session: Any) -> None:
        if at == "answer":
            monkeypatch.setattr(Database, "fault_hook", None)
            raise ConnectionLost("pg_lost_commit", True, where=str(db_path))

    monkeypatch.setattr(Database, "fault_hook", staticmethod(lost))
    r = Cli(db_path)(*add(table))
    [deal] = service.deals(table)
    assert r.exit_code == 0, (r.output, r.exception)
    assert (r.stdout, r.stderr) == (f"{deal.id}\n", "the connection was lost while saving: "
                                                   "it was saved, as deal 1\n")
    monkeypatch.setattr(Database, "fault_hook", staticmethod(lost))  # and in Japanese
    r = Cli(db_path)("--lang", "ja", *add(table))
    assert r.exit_code == 0
    assert r.stderr == "保存中に接続が切れました：第2ディールとして保存されています\n"


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])
def test_a_correction_carries_its_form_key_and_is_saved_once(db_path: Any, engine: str
                                                             ) -> None:
    service, table = club(db_path)
    deal = service.add_deal(table, {"contract": "pass"})
    fixed = {"contract": "alone", "caller": "Ann", "trump": "spades", "team_points": 90}
    assert service.correct_deal(deal, fixed, reason="recount", form_key="fix-1") == 0
    assert service.save_of_form("fix-1").number == 1
    service.correct_deal(deal, fixed, reason="recount", form_key="fix-1")  # sent again
    assert [h.revision for h in service.history(deal)] == [1, 2]
    assert not service.save_of_form("never-sent").saved
