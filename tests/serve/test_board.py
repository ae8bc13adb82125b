"""The board's page, the keys and the change detector, without a browser."""

from __future__ import annotations

import json
import socket
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tui.i18n import set_language
from tui.serve.board import event_data, read_board, render_page
from tui.serve.keys import BOARD, ENTRY, Keys, needs

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def test_the_board_in_japanese(crazy_table: tuple[Tally, int], english: None) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO, "美緒")
    set_language("ja")
    page = render_page(read_board(service, 1), "/board/events")
    assert '<html lang="ja">' in page
    for text in ("順位", "最近のディール", "卓1 第1", "美緒", "1ディール", "Bea"):
        assert text in page, text
    assert '<span class="net up">+50</span>' in page  # Bea called and won: 2 × 25


def test_the_event_is_one_line_with_the_deal_count(crazy_table: tuple[Tally, int],
                                                   english: None) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    service.add_deal(table, {"contract": "pass"})
    data = event_data(read_board(service, 1))
    assert "\n" not in data  # one `data:` line of the event stream
    body = json.loads(data)
    assert body["deals"] == 2
    assert '<div class="table" data-table="1">' in body["html"]
    assert "2 deals" in body["html"] and "Bea <span class=\"net up\">+50</span>" in body["html"]


def test_keys_are_long_random_and_kept_only_when_asked(tmp_path: Path) -> None:
    a, b = Keys.new(), Keys.new()
    assert a != b and len(a.entry) >= 43 and a.entry != a.board
    path = tmp_path / "club.sqlite3.serve-keys"
    kept = Keys.kept(path)
    assert Keys.kept(path) == kept
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert kept.grants(kept.entry, ENTRY) and kept.grants(kept.entry, BOARD)
    assert kept.grants(kept.board, BOARD) and not kept.grants(kept.board, ENTRY)
    assert not kept.grants(kept.entry[:-1], ENTRY)
    assert [needs(p) for p in ("/", "/ws/x", "/static/a.js", "/board", "/board/events",
                               "/boardx")] == [ENTRY, ENTRY, ENTRY, BOARD, BOARD, ENTRY]


def test_data_version_sees_a_commit_from_another_connection(crazy_table: tuple[Tally, int],
                                                            db_path: Path) -> None:
    service, table = crazy_table
    watch = service.db.watch()  # SQLite: data_version (PostgreSQL: tests/test_engines.py)
    try:
        assert not watch.changed()  # the first look
        assert not watch.changed()
        Tally.open(db_path).add_deal(table, SOLO)
        assert watch.changed()
        assert not watch.changed()
    finally:
        watch.close()


def test_serve_refuses_bad_options_in_one_line(cli: Any, crazy_table: tuple[Tally, int]
                                               ) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for args, line in [
            (["--lang", "fr"], "error: --lang: 'fr' is not en or ja\n"),
            (["--night", "9"], "error: night: 9 does not exist\n"),
            (["--port", str(port)],
             f"error: --port: {port} is in use on 127.0.0.1; choose another with --port\n"),
        ]:
            result = cli("serve", *args)
            assert (result.exit_code, result.stderr, result.stdout) == (2, line, ""), args


def test_the_board_says_1_deal_the_game_score_and_marks_a_corrected_deal(
        service: Tally) -> None:
    """Issue 24: "1 deal"; a Sixty-Six table's game score (as its status line says it);
    a corrected deal marked as corrected."""
    from tui.serve.board import read_board, render_body

    service.add_players(["Jun", "Kai"])
    night = service.new_night("2026-12-01")
    table = service.new_table(night, "sixty-six", ["Jun", "Kai"])
    deal = service.add_deal(table, {"ending": "claim", "by": "Jun",
                                    "points": {"Jun": 66, "Kai": 30},
                                    "tricks": {"Jun": 3, "Kai": 2}})
    html = render_body(read_board(service, night))
    assert '<span class="deals">1 deal</span>' in html
    assert "<span>game 1 · Jun 2 – Kai 0 (to 7) · Kai deals</span>" in html  # to 7
    service.correct_deal(deal, {"ending": "claim", "by": "Kai",
                                "points": {"Kai": 66, "Jun": 30},
                                "tricks": {"Kai": 3, "Jun": 2}}, reason="other way")
    assert "(corrected)" in render_body(read_board(service, night))
