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


# each case's summaries in English, as stored with its deals and shown
ENGLISH: list[list[str]] = [
    [
        "7♥ · nobody in, pot 20 carried",
        "7♥ · in P2 P5 · tricks 4-3 · pot 9 + 20 carried → P2",
        "K♣ ×4 · Mizuten P2 ✓ · in P2 P4 P5 · tricks 3-2-2 · pot 8 → P2",
    ],
    [
        "7♥ · nobody in — skipped",
        "K♣ ×4 · Mizuten P2 ✓ · in P2 P4 P5 · tricks 3-2-2 · pot 8 → P2",
    ],
    [
        "A closes and makes it, 20–70 → A 2; B 0 – A 2",
        "B closes and fails, 50–70 → A 2; B 0 – A 4",
        "stock used up, 65–55, A took the last trick → drawn; B 0 – A 4",
        "scored on paper → B 3; B 3 – A 4",
    ],
    [
        "A closes and makes it, 20–70 → A 3; B 7 – A 4",
        "stock used up, 65–55, A took the last trick → A 1; B 7 – A 3",
        "scored on paper → B 3; B 4 – A 3",
        "scored on paper → B 3; B 1 – A 3",
    ],
    [
        "B 60 – A 70, 10 of trumps A → A+C 1; D 0 – A 2 – B 0 – C 2",
        "scored on paper, 10 of trumps D → D+B 2; D 3 – A 2 – B 3 – C 2",
    ],
]


@pytest.mark.parametrize(("case", "english"), list(zip(CASES, ENGLISH, strict=True)),
                         ids=[c[0] + "-" + c[1] for c in CASES])
def test_english_is_stored_and_shown(tally: Tally, case: tuple[str, str, list[str],
                                                                list[dict[str, Any]]],
                                     english: list[str]) -> None:
    game, preset, seats, deals = case
    tid = table(tally, game, preset, seats, deals)
    shown = tally.deals(tid)
    assert [d.summary for d in shown] == english  # the history: English, whatever is spoken
    assert [d.shown() for d in shown] == english
    tally.void_deal(shown[0].id, "misdeal")
    assert tally.deals(tid)[0].shown() == "void"


def test_stored_in_english_while_japanese_is_spoken(tally: Tally) -> None:
    set_language("ja")
    try:
        tid = table(tally, *CASES[0])
        assert [d.summary for d in tally.deals(tid)] == ENGLISH[0]
        assert tally.deals(tid)[0].shown() == "7♥ · 出る人なし、場 20 を持ち越し"
    finally:
        set_language("en")


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
