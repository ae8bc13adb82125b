"""Summaries rendered from facts: English exactly as the engines stored it, Japanese words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from ledger.text.i18n import set_language

FIVE = ["P1", "P2", "P3", "P4", "P5"]
ALL_OUT = {"indicator": "7H", "declarations": dict.fromkeys(FIVE, "out")}
EXAMPLE_B = {"indicator": "7H", "declarations": {"P2": "in", "P3": "out", "P4": "out",
                                                 "P5": "in", "P1": "out"},
             "tricks": {"P2": 4, "P5": 3}}
EXAMPLE_C = {"start_player": "P2", "indicator": "KC", "mizuten": True,
             "declarations": {"P2": "in", "P3": "out", "P4": "in", "P5": "in"},
             "aces": {"P1": 1}, "roles": {"P1": ["mugiri"], "P4": ["straight"]},
             "tricks": {"P2": 3, "P4": 2, "P5": 2}}
CLOSE_MADE = {"ending": "close", "by": "A", "closer_won": True, "points": {"A": 70, "B": 20},
              "tricks": {"A": 4, "B": 2}, "at_close": {"points": {"B": 0}, "tricks": {"B": 0}}}
CLOSE_FAILED = {"ending": "close", "by": "B", "closer_won": False,
                "points": {"A": 70, "B": 50}, "tricks": {"A": 4, "B": 3},
                "at_close": {"points": {"A": 10}, "tricks": {"A": 1}}}
EXHAUSTED = {"ending": "exhausted", "points": {"A": 55, "B": 65}, "tricks": {"A": 6, "B": 6},
             "last_trick": "A"}
SCORED = {"ending": "scored", "winner": "B", "game_points": 3}

CASES: list[tuple[str, str, list[str], list[dict[str, Any]]]] = [
    ("hachihachi-trick", "carry", FIVE, [ALL_OUT, EXAMPLE_B, EXAMPLE_C]),
    ("hachihachi-trick", "default", FIVE, [ALL_OUT, EXAMPLE_C]),
    ("sixty-six", "default", ["B", "A"], [CLOSE_MADE, CLOSE_FAILED, EXHAUSTED, SCORED]),
    ("schnapsen", "default", ["B", "A"], [
        CLOSE_MADE, {**EXHAUSTED, "tricks": {"A": 5, "B": 5}}, SCORED, SCORED]),
    ("sixty-six-four", "ten-of-trumps", ["D", "A", "B", "C"],
     [{"points": {"A": 70, "B": 60}, "ten_of_trumps": "A"},
      {"ending": "scored", "winner": "B", "game_points": 2, "ten_of_trumps": "D"}]),
]


@pytest.fixture
def tally(tmp_path: Path) -> Tally:
    return Tally.open(tmp_path / "s.sqlite3")


def table(tally: Tally, game: str, preset: str, seats: list[str],
          deals: list[dict[str, Any]]) -> int:
    tally.add_players([s for s in seats if s not in {p.name for p in tally.players()}])
    night = tally.nights()[0].id if tally.nights() else tally.new_night("2026-12-01")
    tid = tally.new_table(night, game, seats, preset)
    for deal in deals:
        tally.add_deal(tid, deal)
    return tid


@pytest.mark.parametrize(("game", "preset", "seats", "deals"), CASES)
def test_english_renders_what_the_engine_stored(tally: Tally, game: str, preset: str,
                                                seats: list[str],
                                                deals: list[dict[str, Any]]) -> None:
    tid = table(tally, game, preset, seats, deals)
    shown = tally.deals(tid)
    assert len(shown) == len(deals)
    assert [d.shown() for d in shown] == [d.summary for d in shown]
    tally.void_deal(shown[0].id, "misdeal")
    assert tally.deals(tid)[0].shown() == "void"


def test_the_demo_night_renders_as_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    from ledger.service import demo

    monkeypatch.setattr(demo, "default_demo_db", lambda: tmp_path / "demo.sqlite3")
    service, night = demo.open_demo()
    deals = [d for t in service.night(night).tables for d in service.deals(t.id)]
    assert len(deals) > 30
    assert [d.shown() for d in deals] == [d.summary for d in deals]


def test_japanese_summaries(tally: Tally) -> None:
    hh = table(tally, "hachihachi-trick", "carry", FIVE, [ALL_OUT, EXAMPLE_B, EXAMPLE_C])
    ss = table(tally, "sixty-six", "default", ["B", "A"], [CLOSE_MADE, CLOSE_FAILED, EXHAUSTED])
    cs = table(tally, "crazy-solo", "default", ["Ann", "Bea", "Cid", "Dan"], [
        {"contract": "solo", "caller": "Bea", "trump": "clubs", "partner": "Dan",
         "team_points": 73}, {"contract": "pass"},
        {"contract": "heart-alone", "caller": "Ann", "trump": "hearts", "team_points": 40}])
    set_language("ja")
    assert [d.shown() for d in tally.deals(hh)] == [
        "7♥ · 出る人なし、場 20 を持ち越し",
        "7♥ · 出る P2 P5 · トリック 4-3 · 場 9 + 持ち越し 20 → P2",
        "K♣ ×4 · ミズテン P2 ✓ · 出る P2 P4 P5 · トリック 3-2-2 · 場 8 → P2"]
    assert [d.shown() for d in tally.deals(ss)] == [
        "A がクローズして成功、20–70 → A 2、B 0 – A 2",
        "B がクローズして失敗、50–70 → A 2、B 0 – A 4",
        "山札切れ、65–55、A が最終トリックを取った → 引き分け、B 0 – A 4"]
    assert [d.shown() for d in tally.deals(cs)] == [
        "ソロ ♣ Bea + Dan、73点 → 25", "全員パス", "ハートアローン ♥ Ann、40点 → -60"]  # app: −
