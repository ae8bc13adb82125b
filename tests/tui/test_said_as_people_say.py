"""Issue 27 item 9: words as a person would say them: no internal `true` in a refusal, no
name said twice for the last trick, no "Seats 0 (2–2)", no "• keys Number" in the help, and
one name for quick entry ("on paper", as the board says it)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ledger.domain.rules import GAMES, RuleError
from ledger.service import Tally
from ledger.text.summaries import render, stored_summary
from tui.forms.sixty_six_four import FourHandForm
from tui.i18n import t
from tui.screens.help import keys_markdown

from .conftest import SIZE, TODAY, app_for, keys, open_first_deal_form


def test_a_failed_close_claimed_as_won_says_no_true() -> None:
    game = GAMES["sixty-six"]
    options = game.make_options({})
    state = game.initial(("Max", "Bea"), options)
    with pytest.raises(RuleError) as caught:
        game.parse({"ending": "close", "by": "Max", "closer_won": True,
                    "points": {"Max": 50, "Bea": 30}, "tricks": {"Max": 3, "Bea": 2},
                    "at_close": {"points": {"Bea": 0}, "tricks": {"Bea": 0}}}, state, options)
    assert caught.value.message == "Max has 50 points; a closer wins by reaching 66"
    assert "true" not in t(f"err.{caught.value.code}", **caught.value.values)


def test_the_last_trick_is_said_once() -> None:
    game = GAMES["sixty-six"]
    options = game.make_options({})
    state = game.initial(("Max", "Bea"), options)
    deal = game.parse({"ending": "exhausted", "points": {"Max": 64, "Bea": 56},
                       "tricks": {"Max": 7, "Bea": 5}, "last_trick": "Max"}, state, options)
    settlement, _ = game.settle(state, deal, options)
    summary = stored_summary(game.name, game.to_json(deal), settlement.extra)
    assert summary == "stock used up, 64–56, Max took the last trick → Max 1; Max 1 – Bea 0"
    assert render("sixty-six", game.to_json(deal), dict(settlement.extra)) == summary


def test_quick_entry_is_called_scored_on_paper() -> None:
    assert t("ending.scored") == "on paper"
    assert t("ss.played_or_quick") == "played out (p) or scored on paper (q)?"


def test_new_table_seats_are_counted_as_people_say() -> None:
    from tui.forms.new_table import seats_label

    assert seats_label(0, 2, 2) == "Seats, clockwise: none yet (2 players)"
    assert seats_label(1, 2, 2) == "Seats, clockwise: 1 of 2"
    assert seats_label(5, 3, 12) == "Seats, clockwise: 5 (3 to 12 players)"


def test_help_names_the_number_keys(tally: Tally, tmp_path: Path) -> None:
    for name in ("Ann", "Bea", "Cid", "Dan"):
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.new_table(night, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, FourHandForm)
            await keys(pilot)
            shown = keys_markdown(form)
            assert "- `0–9` Number" in shown
            assert "`keys`" not in shown

    asyncio.run(flow())
