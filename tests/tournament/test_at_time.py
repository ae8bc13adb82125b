"""What an unfinished match scores at time, as the service says it for a drawn
table (`tournament_at_time`) and as the table screen, the phone page and the board word it
(`tui.at_time`); and the tournament a night plays (`tournament_playing`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from ledger.service import Tally, clock
from ledger.service.tournament_now import AtTime
from tui.at_time import at_time_text
from tui.i18n import set_language

START = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


@pytest.fixture
def cup(service: Tally, monkeypatch: pytest.MonkeyPatch) -> Tally:
    monkeypatch.setattr(clock, "now", lambda: START)
    night = service.new_night("2026-12-01", "Club")
    service.new_tournament("Cup", "schnapsen", 3, "swiss", round_minutes=30, seed="at",
                           night=night)
    service.register("Cup", ["Ada", "Ben", "Cid", "Dee"])
    return service


def test_a_match_under_way_scores_the_game_score_so_far(cup: Tally) -> None:
    d, _ = cup.draw("Cup")
    first, second = d.tables
    a, b = first.seats
    cup.add_deal(first.table_id, {"ending": "scored", "winner": a, "game_points": 3})
    cup.add_deal(first.table_id, {"ending": "scored", "winner": b, "game_points": 1})
    assert cup.tournament_at_time(first.table_id) is None  # no clock yet: nothing at time
    cup.start_round("Cup")
    ends = START + timedelta(minutes=30)
    assert cup.tournament_at_time(first.table_id) == AtTime(
        "Cup", 1, "score", "games", (a, b), (Fraction(2), Fraction(0)), (3, 1), ends)
    # no deal yet: 0:0 is a draw, a point each
    c, e = second.seats
    assert cup.tournament_at_time(second.table_id) == AtTime(
        "Cup", 1, "score", "games", (c, e), (Fraction(1), Fraction(1)), (0, 0), ends)
    at = cup.tournament_at_time(first.table_id)
    assert at_time_text(at, START + timedelta(minutes=10)) == \
        f"If time ran out now: {a} 2, {b} 0 (game points 3:1)"
    assert at_time_text(at, ends) == f"Time is up: this match scores {a} 2, {b} 0 (game points 3:1)"
    set_language("ja")
    try:
        assert at_time_text(at, START) == f"いま時間切れなら：{a} 2、{b} 0（ゲーム点 3:1）"
        assert at_time_text(at, ends) == f"時間です：この試合は {a} 2、{b} 0（ゲーム点 3:1）"
    finally:
        set_language("en")
    # the match won (7 game points): nothing is left to score at time
    cup.add_deal(first.table_id, {"ending": "scored", "winner": a, "game_points": 3})
    cup.add_deal(first.table_id, {"ending": "scored", "winner": a, "game_points": 1})
    assert cup.tournament_at_time(first.table_id) is None
    assert cup.tournament_standings("Cup")[0].player == a


def test_a_chip_table_scores_its_places_by_chips(service: Tally,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock, "now", lambda: START)
    night = service.new_night("2026-12-01", "Club")
    service.new_tournament("Solo", "crazy-solo", 2, "random", table_size=5, round_minutes=45,
                           seed="chips", night=night)
    service.register("Solo", ["Ann", "Bea", "Cid", "Dan", "Eve"])
    d, _ = service.draw("Solo")
    table = d.tables[0]
    seats = table.seats
    service.start_round("Solo")
    service.add_deal(table.table_id, {"contract": "solo", "caller": seats[0],
                                      "trump": "clubs", "team_points": 73})
    at = service.tournament_at_time(table.table_id)
    assert at is not None and (at.rule, at.place_by, at.seats) == ("score", "chips", seats)
    nets = {r.player: r.net for r in service.standings(table_id=table.table_id)}
    assert at.figures == tuple(nets[p] for p in seats)
    # the solo player won from four: first (5 points); the four share places 2 to 5
    assert at.points == (Fraction(5), *[Fraction(3 + 2 + 1 + 0, 4)] * 4)
    assert at_time_text(at, START) == (f"If time ran out now: {seats[0]} 5, " +
                                       ", ".join(f"{p} 1.50" for p in seats[1:]))


def test_a_table_of_no_tournament_has_nothing_at_time(service: Tally) -> None:
    service.add_players(["Ada", "Ben"])
    night = service.new_night("2026-12-01", "Club")
    table = service.new_table(night, "schnapsen", ["Ada", "Ben"])
    assert service.tournament_at_time(table) is None


def test_the_tournament_a_night_plays(cup: Tally) -> None:
    night = cup.nights()[0].id
    other = cup.new_night("2026-12-02", "Annex")
    assert cup.tournament_playing(night) == "Cup"  # registering: made on the night
    assert cup.tournament_playing(other) is None
    cup.draw("Cup", night=other)  # its first round played on the other night
    assert cup.tournament_playing(other) == "Cup"
    assert cup.tournament_playing(night) is None
