"""Issue 35, item 3, under a real `tally serve` on PostgreSQL (its own process, the test
cluster stopped and started under it): the table's page, the board and a save answer as
the README says while the server is away, the same process answers again once it is back,
and its output has one line for each (no traceback)."""

from __future__ import annotations

import html
import urllib.error
import urllib.request
from typing import Any

from ledger.service import Tally

from .conftest import SEATS, serve, stop_room

AWAY = "The ledger's server cannot be reached — retrying…"


def fetch(url: str, data: bytes | None = None) -> tuple[int, str]:
    """GET, or POST `data` as the phone's script does (its answer is JSON)."""
    headers = {"Cookie": "tally_by=Mio", **({"X-Tally-Fetch": "1"} if data else {})}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, html.unescape(r.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        return e.code, html.unescape(e.read().decode("utf-8"))


def test_serve_answers_while_postgresql_is_away_and_comes_back(pg_cluster: Any) -> None:
    url = pg_cluster.new_database()
    service = Tally.open(url)
    service.add_players(SEATS)
    night = service.new_night("2026-12-01", "Club")
    service.new_table(night, "crazy-solo", SEATS)
    service.db.dispose()
    lines: list[str] = []
    process, found, _ = serve(url, "--new-keys", wanted=("board", "table 1"), lines=lines)
    table, board = found["table 1"], found["board"]
    save = b"action=save&expect=1&choice%7Ccontract=pass&key=serve-away-1"
    try:
        assert fetch(table)[0] == 200
        pg_cluster.stop_server()
        try:
            page, shown_board, saved = fetch(table), fetch(board), fetch(table, save)
        finally:
            pg_cluster.start_server()
        back, again = fetch(table), fetch(table, save)
    finally:
        stop_room(process)
    assert process.stdout is not None
    output = "".join(lines) + process.stdout.read()
    assert page[0] == 503 and AWAY in page[1]
    assert shown_board[0] == 503 and "No contact with the server since " in shown_board[1]
    assert saved == (503, '{"lost": true, "error": "Not saved yet: the ledger\'s server '
                     'cannot be reached. Save again in a moment."}')
    assert back[0] == 200 and again[0] == 200 and '"deal": ' in again[1]
    assert "Traceback" not in output and "Server got itself in trouble" not in output
    assert output.count("the ledger cannot be reached: ") == 1
    assert output.count("the ledger answers again") == 1
