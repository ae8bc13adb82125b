"""Issue 24: the room's pages (a phone's status, the board) say what a Sixty-Six game is
played to ("to 7", the engine's target), and Schnapsen's Bummerl count; the terminal
entry's own status line stays as it was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ledger.service import Tally
from tui.forms.sixty_six_status import status_line
from tui.i18n import set_language
from tui.serve.board import read_board, render_body
from tui.serve.phone.pages import status_line as room_line

CLAIM = {"ending": "claim", "by": "Jun", "points": {"Jun": 66, "Kai": 30},
         "tricks": {"Jun": 3, "Kai": 2}}


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def night_of(service: Tally, game: str, seats: list[str], **options: object
             ) -> tuple[int, int]:
    service.add_players(seats)
    night = service.new_night("2026-12-01")
    return night, service.new_table(night, game, seats, overrides=options or None)


def test_sixty_six_says_the_game_score_to_7_on_the_phone_and_the_board(
        service: Tally, english: None) -> None:
    night, table = night_of(service, "sixty-six", ["Jun", "Kai"])
    service.add_deal(table, CLAIM)
    view = service.table(table)
    assert room_line(view) == "game 1 · Jun 2 – Kai 0 (to 7) · Kai deals"
    assert status_line(view.status) == "game 1 · Jun 2 – Kai 0 · Kai deals"  # the terminal's
    html = render_body(read_board(service, night))
    assert "<span>game 1 · Jun 2 – Kai 0 (to 7) · Kai deals</span>" in html
    set_language("ja")
    assert room_line(service.table(table)) == "第1ゲーム · Jun 2 – Kai 0（7点先取） · 親 Kai"


def test_the_target_is_the_table_s_own(service: Tally, english: None) -> None:
    _, table = night_of(service, "sixty-six", ["Jun", "Kai"], target=11)
    service.add_deal(table, CLAIM)
    assert room_line(service.table(table)) == "game 1 · Jun 2 – Kai 0 (to 11) · Kai deals"


def test_four_hand_sixty_six_says_its_sides_score_to_7(service: Tally,
                                                       english: None) -> None:
    _, table = night_of(service, "sixty-six-four", ["Ann", "Bea", "Chie", "Dan"])
    assert room_line(service.table(table)) == (
        "game 1 · Ann+Chie 0 – Bea+Dan 0 (to 7) · Ann deals")


def test_schnapsen_counts_its_bummerl(service: Tally, english: None) -> None:
    night, table = night_of(service, "schnapsen", ["Jun", "Kai"])
    service.add_deal(table, CLAIM)
    assert room_line(service.table(table)) == "Bummerl 1 · to go: Jun 5 – Kai 7 · Kai deals"
    for _ in range(3):  # Jun takes the game: Kai has the Bummerl, doubled (no game point)
        service.add_deal(table, {"ending": "scored", "winner": "Jun", "game_points": 2})
    assert room_line(service.table(table)) == (
        "Bummerl 2 · to go: Jun 7 – Kai 7 · Jun deals · Bummerl taken: Jun 0, Kai 2")
    html = render_body(read_board(service, night))
    assert "Bummerl taken: Jun 0, Kai 2" in html
