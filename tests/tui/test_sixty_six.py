"""The Sixty-Six family at the keyboard: a Schnapsen match to a Bummerl, and a three-player
game to its end, checked in the database and on the screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from ledger.service import Tally
from tui.forms.sixty_six import SixtySixForm
from tui.screens.table import TableScreen
from tui.widgets.preview import PreviewPanel

from .conftest import SIZE, TODAY, app_for, keys, open_first_deal_form, toasts
from .test_hachihachi import plain, text


def table_of(tally: Tally, game: str, seats: list[str]) -> int:
    for name in seats:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    return tally.new_table(night, game, seats)


def test_a_schnapsen_match_to_a_bummerl(tally: Tally, tmp_path: Path) -> None:
    """Example 9: Ann goes 7 → 5 → 2 → 0 while Bea stays at 7: two Bummerl, a double stake."""
    table = table_of(tally, "schnapsen", ["Ann", "Bea"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            form = await open_first_deal_form(pilot, SixtySixForm)
            assert "Bummerl 1 · to go: Ann 7 – Bea 7 · Ann deals" in form.title_text()
            # the facts: Ann claims with 70, Bea has 25 in 2 tricks → Ann 2 (Schneider);
            # Enter on the last number saves (a Schnapsen claim needs nothing more)
            await keys(pilot, "c", "1", "7", "0", "enter", "2", "5", "enter",
                       "3", "enter", "2", "enter")
            assert isinstance(app.screen, TableScreen)
            [first] = tally.deals(table)
            assert first.outcome == {"dealer": "Ann", "ending": "claim", "by": "Ann",
                                     "points": {"Ann": 70, "Bea": 25},
                                     "tricks": {"Ann": 3, "Bea": 2}}
            assert first.extra["score"] == {"Ann": 5, "Bea": 7} and first.transfers == ()
            assert "to go: Ann 5 – Bea 7 · Bea deals" in text(
                app.screen.query_one("#table-title", Static))

            await keys(pilot, "a", "q", "1", "3", "enter")  # quick entry: Ann 3
            await keys(pilot, "a", "q", "1", "2")  # Ann 2: to 0, the game is over
            form = app.screen
            preview = form.query_one(PreviewPanel).preview
            assert preview is not None and preview.extra["game_over"]
            shown = plain(form.render_preview(preview))
            assert "Game over: Ann wins the game" in shown
            assert "Bea → Ann 20 stake" in shown
            await keys(pilot, "enter")
            assert isinstance(app.screen, TableScreen)
            # one toast says both (toasts never pile up over the chart's legend)
            assert await toasts(pilot) == [
                "Deal saved.\nGame over: Ann wins the game; the stake is paid."]

            last = tally.deals(table)[-1]
            assert [(x.payer, x.payee, x.amount, x.reason) for x in last.transfers] == [
                ("Bea", "Ann", 20, "stake")]
            status = tally.table(table).status
            assert status["bummerl"] == {"Ann": 0, "Bea": 2}
            assert status["score"] == {"Ann": 7, "Bea": 7} and status["game"] == 2
            title = text(app.screen.query_one("#table-title", Static))
            assert "Bummerl 2 · to go: Ann 7 – Bea 7" in title
            assert "Bummerl taken: Ann 0, Bea 2" in title
            assert {r.player: r.net for r in tally.standings(table_id=table)} == {
                "Ann": 20, "Bea": -20}

    asyncio.run(flow())


def test_a_three_player_game_to_its_end(tally: Tally, tmp_path: Path) -> None:
    """The dealer sits out and scores with the winner (up to 6); the first to 7 leaves, the
    last pays each of the others."""
    table = table_of(tally, "sixty-six-three", ["Ann", "Bea", "Cid"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, SixtySixForm)
            assert form.players == ("Bea", "Cid")
            assert "Ann deals and sits out" in form.title_text()
            await keys(pilot, "q", "1", "1", "enter")  # Bea 1, and Ann (dealing) 1
            assert tally.deals(table)[0].extra["scored"] == {"Ann": 1, "Bea": 1, "Cid": 0}
            await keys(pilot, "a", "q", "1", "3", "enter")  # Bea deals: Ann 3, Bea 3
            await keys(pilot, "a", "q", "1", "3", "enter")  # Cid deals: Ann 7, out
            assert tally.table(table).status["out"] == ["Ann"]
            assert "at the target: Ann" in text(app.screen.query_one("#table-title", Static))
            await keys(pilot, "a")  # Bea and Cid play on, Bea deals and plays
            form = app.screen
            assert isinstance(form, SixtySixForm) and form.players == ("Bea", "Cid")
            await keys(pilot, "q", "1", "3", "enter")  # Bea to 7: Cid is last
            assert isinstance(app.screen, TableScreen)

            last = tally.deals(table)[-1]
            assert last.extra["game_over"] and last.extra["game_loser"] == "Cid"
            assert [(x.payer, x.payee, x.amount) for x in last.transfers] == [
                ("Cid", "Ann", 10), ("Cid", "Bea", 10)]
            assert {r.player: r.net for r in tally.standings(table_id=table)} == {
                "Ann": 10, "Bea": 10, "Cid": -20}
            title = text(app.screen.query_one("#table-title", Static))
            assert "game 2 · Ann 0 – Bea 0 – Cid 0 · Cid deals and sits out" in title
            assert "games won: Ann 1, Bea 0, Cid 0" in title

    asyncio.run(flow())


def test_the_four_hand_tally_names_each_side_as_the_engine_does() -> None:
    """The status line shows games won by side from the engine's `side_games_won`: it never
    splits a side's name on "+" to find its first player."""
    from ledger.domain.rules import game_named
    from tui.forms.sixty_six_status import tally_text

    game = game_named("sixty-six-four")
    options = game.make_options({})
    state = game.initial(("Ann", "Bea", "Cid", "Dan"), options)
    status = game.status(state, options)
    while not status["games_played"]:  # Ann and Cid take deals until they win a game
        outcome = game.parse({"points": {"Ann": 99, "Dan": 31}}, state, options)
        _, state = game.settle(state, outcome, options)
        status = game.status(state, options)
    assert tally_text(status) == "games won: Ann+Cid 1, Bea+Dan 0"


def test_four_hand_on_the_losers_scale_asks_the_tricks(tally: Tally, tmp_path: Path) -> None:
    """Issue 27 item 1: with `four_hand_scale = "loser"` the form asks each side's tricks (a
    side with 0 points may have taken a trick of four 9s): 130–0 with a trick scores 2."""
    for name in ("Ann", "Bea", "Cid", "Dan"):
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    table = tally.new_table(night, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"],
                            overrides={"four_hand_scale": "loser"})

    async def flow() -> None:
        from tui.forms.sixty_six_four import FourHandForm

        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_deal_form(pilot, FourHandForm)
            await keys(pilot, "1", "3", "0", "enter", "5", "enter", "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert deal.outcome["points"] == {"Ann": 130, "Bea": 0}
            assert deal.outcome["tricks"] == {"Ann": 5, "Bea": 1}
            assert (deal.extra["winner"], deal.extra["game_points"]) == (["Ann", "Cid"], 2)

    asyncio.run(flow())


def test_a_schnapsen_score_past_zero_reads_with_the_minus_sign(tally: Tally) -> None:
    """Dan needs 1 and wins 3: the panel's "to go" says −2 (U+2212), as every other number
    of the app does — it said an ASCII "-2"."""
    from tui.forms.sixty_six_preview import render_sixty_six

    table = table_of(tally, "schnapsen", ["Dan", "Zoë"])
    paper = {"ending": "scored", "winner": "Dan", "game_points": 3}
    tally.add_deals(table, [paper, paper])
    shown = plain(render_sixty_six(tally.preview_deal(table, paper), ["Dan", "Zoë"],
                                   countdown=True))
    assert "Dan  −2" in shown and "-2" not in shown
