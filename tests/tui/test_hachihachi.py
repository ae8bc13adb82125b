"""Hachi-Hachi Trick at the keyboard: the rules document's worked examples A, B and C,
typed into the form, checked chip by chip in the database and on the screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.console import Console
from textual.widgets import DataTable, Static

from ledger.service import Tally
from tui.forms.hachihachi import HachiHachiForm
from tui.forms.prompt import PromptModal
from tui.screens.table import TableScreen
from tui.widgets.declarations import DeclarationsField
from tui.widgets.hands import HandsField
from tui.widgets.numbers import NumbersField
from tui.widgets.preview import PreviewPanel

from .conftest import SIZE, TODAY, app_for, keys, open_first_deal_form, open_first_table, typed
from .test_flows import rows

SEVEN = [f"P{i}" for i in range(1, 8)]
FIVE = SEVEN[:5]


def hh_table(tally: Tally, seats: list[str], preset: str = "default") -> int:
    for name in seats:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    return tally.new_table(night, "hachihachi-trick", seats, preset)


def moves(tally: Tally, table: int, deal: int) -> list[tuple[str, str, int, str]]:
    return [(x.payer, x.payee, x.amount, x.reason) for x in tally.deals(table)[deal].transfers]


def text(widget: object) -> str:
    return str(widget.render())  # type: ignore[attr-defined]


def plain(shown: object) -> str:
    """What a widget drawing a Rich renderable (or the renderable) shows, as plain text."""
    console = Console(width=120, color_system=None)
    with console.capture() as captured:
        console.print(shown.render() if hasattr(shown, "render") else shown)
    return captured.get()


def test_example_a_forced_outs_on_an_ooba_table(tally: Tally, tmp_path: Path) -> None:
    """Q♠ (Ooba ×2), 7 players, start P1: P6 and P7 forced out, roles, tricks, pot."""
    table = hh_table(tally, SEVEN)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            await keys(pilot, "q", "s")  # a whole card: trump and table at once, then on
            assert "Ooba 大場 ×2" in text(form.query_one("#indicator-info", Static))
            assert "spades" in text(form.query_one("#indicator-info", Static))
            decl = form.query_one(DeclarationsField)
            assert app.focused is decl
            await keys(pilot, "o", "i", "o", "i", "i")  # the third in: P6, P7 forced out
            assert decl.forced == ("P6", "P7")
            assert "P6 forced out 降ろされ" in plain(decl)
            await keys(pilot, "3", "1")  # P5's tricks fill themselves
            assert form.query_one(NumbersField).values == {"P2": 3, "P4": 1, "P5": 3}
            hands = form.query_one(HandsField)
            assert app.focused is hands
            assert [(h.name, h.forced) for h in hands.hands] == [
                ("P6", True), ("P7", True), ("P2", False), ("P4", False), ("P5", False)]
            await keys(pilot, "2", "down", "m", "down", "h")  # P6 2 Aces, P7 karasu
            assert isinstance(app.screen, PromptModal)  # P2's seven cards, typed
            await keys(pilot, *typed("7S 7H 7D 2C 4S 9H JD"), "enter")
            assert app.screen is form
            assert "→ 三本 three of a kind" in plain(hands)
            await keys(pilot, "down", "c")  # P4 kuttsuki
            preview = form.query_one(PreviewPanel).preview
            assert preview is not None and form.valid
            assert preview.nets == {"P1": -4, "P2": 12, "P3": -6, "P4": -10, "P5": -10,
                                    "P6": 12, "P7": 6}
            await keys(pilot, "enter")
            assert isinstance(app.screen, TableScreen)

            assert moves(tally, table, 0) == [
                ("P1", "pot", 4, "out-fee"), ("P3", "pot", 6, "out-fee"),
                ("P2", "P6", 4, "forced-out"), ("P4", "P6", 4, "forced-out"),
                ("P5", "P6", 4, "forced-out"), ("P2", "P7", 2, "forced-out"),
                ("P4", "P7", 2, "forced-out"), ("P5", "P7", 2, "forced-out"),
                ("P2", "P4", 4, "hand-roles"), ("P5", "P2", 4, "hand-roles"),
                ("P5", "P4", 8, "hand-roles"),
                ("P4", "P2", 8, "tricks"), ("P4", "P5", 8, "tricks"),
                ("pot", "P2", 10, "pot")]
            [deal] = tally.deals(table)
            assert deal.outcome is not None and deal.outcome["indicator"] == "QS"
            assert deal.outcome["hands"] == {"P2": ["7S", "7H", "7D", "2C", "4S", "9H", "JD"]}
            log = app.screen.query_one("#deals", DataTable)
            assert rows(log)[0][3:] == ["−4", "+12", "−6", "−10", "−10", "+12", "+6"]
            title = text(app.screen.query_one("#table-title", Static))
            assert "round 2 / 12 · start player スタP P2" in title

    asyncio.run(flow())


def test_a_split_and_a_mizuten_round_end_a_short_game(tally: Tally, tmp_path: Path) -> None:
    """Examples B (two in: play shown, then split) and C (Mizuten on a Zetsuba table) as
    rounds 5 and 6 of a short game, which then ends."""
    table = hh_table(tally, FIVE, "short")
    # four void rounds (everyone out, from each start player in turn): P5 starts next
    tally.add_deals(table, [{"indicator": "2C",
                             "declarations": dict.fromkeys(FIVE[i:] + FIVE[:i], "out")}
                            for i in range(4)])
    assert tally.table(table).status["start_player"] == "P5"

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            assert form.start == "P5"
            await keys(pilot, "shift+tab", "2")  # the table started with P2 this time
            assert form.start == "P2" and app.focused is form.query_one("#indicator")
            await keys(pilot, "7", "h", "i", "o", "o", "i", "o")
            assert app.focused is form.query_one("#split")
            assert form.error is not None and form.error.field == "split"
            assert not form.valid
            # P5 insists on playing: flush, tricks 4–3
            await keys(pilot, "p", "4", "down", "k")
            preview = form.query_one(PreviewPanel).preview
            assert preview is not None
            assert preview.nets == {"P1": -4, "P2": 8, "P3": -2, "P4": -3, "P5": 1}
            form.query_one("#split").focus()
            await keys(pilot, "s")  # they split after all: no tricks, no roles
            assert not form.query_one("#row-tricks").display
            assert not form.query_one("#row-hands").display
            await keys(pilot, "enter")
            assert isinstance(app.screen, TableScreen)
            assert tally.deals(table)[4].nets == {"P1": -4, "P2": 5, "P3": -2, "P4": -3,
                                                  "P5": 4}
            assert moves(tally, table, 4)[-2:] == [("pot", "P2", 5, "split"),
                                                   ("pot", "P5", 4, "split")]

            await keys(pilot, "a")  # C: the earlier in-declarer starts; K♣ is Zetsuba
            form = app.screen
            assert isinstance(form, HachiHachiForm) and form.start == "P2"
            assert "round 6 / 6" in form.title_text()
            await keys(pilot, "k", "c")
            assert "Zetsuba 絶場 ×4" in text(form.query_one("#indicator-info", Static))
            await keys(pilot, "m", "o", "i", "i")  # P2 Mizuten (in), P3 out, P4, P5 in
            assert form.query_one(DeclarationsField).forced == ("P1",)
            await keys(pilot, "3", "2", "1", "o", "down", "down", "j")  # P1: 1 Ace, mugiri
            preview = form.query_one(PreviewPanel).preview
            assert preview is not None and preview.extra["mizuten_won"]
            assert preview.extra["finished"]  # the last round of a short game
            shown = plain(form.render_preview(preview))
            assert "Mizuten ミズテン\nP3 → P2" in shown  # grouped by reason
            assert "This round ends the game." in shown
            await keys(pilot, "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            assert tally.deals(table)[5].nets == {"P1": 20, "P2": 24, "P3": -12, "P4": -4,
                                                  "P5": -28}
            assert moves(tally, table, 5)[-4:] == [("P3", "P2", 4, "mizuten"),
                                                   ("P4", "P2", 4, "mizuten"),
                                                   ("P5", "P2", 4, "mizuten"),
                                                   ("P1", "P2", 4, "mizuten")]

            status = tally.table(table).status
            assert status["finished"] and status["chips"]["P2"] == 79
            title = text(app.screen.query_one("#table-title", Static))
            assert "game over after 6 rounds · most chips: P2 (79)" in title
            assert app.screen.check_action("add_deal", ()) is None  # greyed: game over
            await keys(pilot, "a")
            assert isinstance(app.screen, TableScreen)
            assert len(tally.deals(table)) == 6

    asyncio.run(flow())


def test_a_carried_pot_shows_on_the_table_screen(tally: Tally, tmp_path: Path) -> None:
    """empty_round_pot = carry: after a round nobody was in, the title says what the next
    pot winner also takes, and the deal log says it was carried and then paid."""
    table = hh_table(tally, FIVE, "carry")
    tally.add_deal(table, {"indicator": "7H", "declarations": dict.fromkeys(FIVE, "out")})

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_first_table(pilot)
            title = text(screen.query_one("#table-title", Static))
            assert "round 2 / 12 · start player スタP P2 · pot carried 20" in title
            log = screen.query_one("#deals", DataTable)
            assert "nobody in, pot 20 carried" in str(log.get_row_at(0)[2])

    asyncio.run(flow())
