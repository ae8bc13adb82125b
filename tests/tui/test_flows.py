"""Whole flows at the keyboard, asserting what the database holds and what the screen shows."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from ledger.service import Tally
from tui.forms.base import DealForm
from tui.forms.conflict import ConflictModal, SameDealModal
from tui.forms.crazy_solo import CrazySoloForm
from tui.forms.new_table import NewTableModal
from tui.forms.prompt import ConfirmModal, PromptModal
from tui.screens.history import HistoryScreen
from tui.screens.night import NightScreen
from tui.screens.nights import NightsScreen
from tui.screens.table import TableScreen
from tui.screens.welcome import WelcomeScreen
from tui.widgets.preview import PreviewPanel

from .conftest import (
    DEALS,
    FIVE,
    SIZE,
    TODAY,
    app_for,
    keys,
    open_first_deal_form,
    open_first_table,
    seed,
    settle,
    typed,
    until,
)


def cell_text(table: DataTable[object], row: int, column: int) -> str:
    value = table.get_row_at(row)[column]
    return getattr(value, "plain", str(value))


def rows(table: DataTable[object]) -> list[list[str]]:
    return [[cell_text(table, r, c) for c in range(len(table.columns))]
            for r in range(table.row_count)]


def test_a_whole_crazy_solo_night_by_keys(tally: Tally, tmp_path: Path) -> None:
    """Welcome → new night → new table (players typed) → four deals → standings."""

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, WelcomeScreen)
            await keys(pilot, "n")  # start a club night: date prefilled with today
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, "enter", *typed("Crown"), "enter")
            assert isinstance(app.screen, NightScreen)
            [night] = tally.nights()
            assert (night.date, night.venue) == (TODAY.isoformat(), "Crown")

            await keys(pilot, "n")  # a new table; every name is new to the roster
            assert isinstance(app.screen, NewTableModal)
            for name in FIVE:
                await keys(pilot, *typed(name), "enter")
            assert [p.name for p in tally.players()] == sorted(FIVE)
            await keys(pilot, "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            [table] = tally.night(night.id).tables
            assert table.seats == tuple(FIVE)

            # 1: Solo, Bea (seat 2) calls, clubs, partner Dan (4), 73
            await keys(pilot, "a", "s", "2", "c", "4", "7", "3", "enter")
            # 2: Alone, Cid (3), spades, 82 (no card or partner asked)
            await keys(pilot, "a", "a", "3", "s", "8", "2", "enter")
            # 3: everyone passed
            await keys(pilot, "a", "p", "enter")
            # 4: Heart Solo, Eve (5): trump is hearts by itself; partner Ann (1); the called
            #    card AS on its own key; the Gang's pile counted: 68, so the team had 52
            await keys(pilot, "a", "h", "5", "1", "k", "a", "s", "enter", "g", "6", "8", "enter")
            assert isinstance(app.screen, TableScreen)

            deals = tally.deals(table.id)
            assert [d.summary for d in deals] == [
                "Solo ♣ Bea + Dan, 73 → 25", "Alone ♠ Cid, 82 → 45", "All passed",
                "Heart Solo ♥ Eve + Ann, 52 → -25"]
            stored = {k: v for k, v in (deals[3].outcome or {}).items() if k != "dealer"}
            assert stored == {"contract": "heart-solo", "caller": "Eve", "trump": "hearts",
                              "called_card": "AS", "partner": "Ann", "gang_points": 68}
            assert deals[0].nets == {"Ann": -25, "Bea": 50, "Cid": -25, "Dan": 25, "Eve": -25}
            standings = {r.player: r.net for r in tally.standings(night_id=night.id)}
            assert standings == {"Ann": -95, "Bea": 30, "Cid": 180, "Dan": 5, "Eve": -120}

            log = app.screen.query_one("#deals", DataTable)
            shown = rows(log)
            assert [r[2] for r in shown] == [d.summary.replace("-", "−") for d in deals]
            assert shown[1][3:] == ["−45", "−45", "+180", "−45", "−45"]
            totals = rows(app.screen.query_one("#totals", DataTable))
            assert [(r[1], r[2]) for r in totals] == [
                ("Cid", "+180"), ("Bea", "+30"), ("Dan", "+5"), ("Ann", "−95"), ("Eve", "−120")]
            assert "4 deals" in str(app.screen.query_one("#table-title", Static).render())

            await keys(pilot, "escape")  # back on the night: live standings
            assert isinstance(app.screen, NightScreen)
            night_rows = rows(app.screen.query_one("#standings", DataTable))
            assert night_rows[0][1:3] == ["Cid", "+180"]
            tables = rows(app.screen.query_one("#tables", DataTable))
            assert tables[0][3:5] == ["4", "Cid +180"]

    asyncio.run(flow())


def test_a_correction_three_deals_back(tally: Tally, tmp_path: Path) -> None:
    _, table_id = seed(tally, deals=4)
    before = tally.deals(table_id)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter")  # open the night
            await keys(pilot, "enter")  # open its table
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "up", "up", "up")  # deal 1: three deals back from deal 4
            await keys(pilot, "c")
            form = app.screen
            assert isinstance(form, CrazySoloForm) and form.correcting
            assert form.outcome() == before[0].outcome  # filled from the stored deal
            assert not form.valid  # a correction needs a reason first
            await keys(pilot, "right")  # arrows browse the contracts without moving on
            assert form.outcome()["contract"] == "heart-solo"
            assert form.outcome()["trump"] == "hearts"
            assert app.focused is form.query_one("#contract")
            await keys(pilot, "left")  # back: the trump is clubs again
            assert form.outcome() == before[0].outcome
            # to the points (contract, caller, trump, partner, points), retype them
            await keys(pilot, *["tab"] * 4, "backspace", "backspace", "8", "8")
            preview = form.query_one(PreviewPanel).preview
            assert preview is not None and preview.summary == "Solo ♣ Bea + Dan, 88 → 55"
            await keys(pilot, "tab", "tab", *typed("recounted"), "enter")  # past the card
            assert isinstance(app.screen, TableScreen)

            after = tally.deals(table_id)
            assert after[0].kind == "correct"
            assert after[0].nets == {"Ann": -55, "Bea": 110, "Cid": -55, "Dan": 55, "Eve": -55}
            assert [d.nets for d in after[1:]] == [d.nets for d in before[1:]]
            history = tally.history(before[0].id)
            assert [(h.kind, h.reason) for h in history] == [("record", None),
                                                             ("correct", "recounted")]
            log = app.screen.query_one("#deals", DataTable)
            assert log.cursor_row == 0  # the cursor stays on the corrected deal
            assert rows(log)[0][1:3] == ["✎", "Solo ♣ Bea + Dan, 88 → 55"]
            totals = {r[1]: r[2] for r in rows(app.screen.query_one("#totals", DataTable))}
            assert totals["Bea"] == "+90"  # 110 − 45 + 0 + 25

            await keys(pilot, "h")  # its history, two revisions
            assert isinstance(app.screen, HistoryScreen)
            revisions = rows(app.screen.query_one("#revisions", DataTable))
            assert [(r[0], r[1], r[4]) for r in revisions] == [
                ("1", "recorded", ""), ("2", "corrected", "recounted")]
            assert revisions[1][6:] == ["−55", "+110", "−55", "+55", "−55"]

    asyncio.run(flow())


def test_void_and_undo(tally: Tally, tmp_path: Path) -> None:
    _, table_id = seed(tally, deals=4)
    ids = [d.id for d in tally.deals(table_id)]

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "enter", "up", "up")  # deal 2
            await keys(pilot, "v")
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, "enter")  # a void needs a reason: refused, still open
            assert isinstance(app.screen, PromptModal)
            assert "reason" in str(app.screen.query_one("#prompt-error", Static).render())
            await keys(pilot, *typed("misdeal"), "enter")
            assert isinstance(app.screen, TableScreen)
            deal2 = tally.deal(ids[1])
            assert deal2.void and deal2.reason == "misdeal" and deal2.transfers == ()
            log = app.screen.query_one("#deals", DataTable)
            assert rows(log)[1][1:3] == ["✗", "void misdeal"]
            assert rows(log)[1][3:] == ["·"] * 5

            await keys(pilot, "u")  # undo: asks first
            assert isinstance(app.screen, ConfirmModal)
            await keys(pilot, "n")
            assert not tally.deal(ids[3]).void
            await keys(pilot, "u", "y")
            assert tally.deal(ids[3]).void
            assert [(h.kind, h.reason) for h in tally.history(ids[3])][-1] == ("void", "undo")
            standings = {r.player: r.net for r in tally.standings(table_id=table_id)}
            assert standings == {"Ann": -25, "Bea": 50, "Cid": -25, "Dan": 25, "Eve": -25}
            assert log.cursor_row == 3  # on the undone deal
            assert rows(log)[3][1] == "✗"
            # deal 1 and 3 are live; undo again voids deal 3 (the last one not void)
            await keys(pilot, "u", "y")
            assert tally.deal(ids[2]).void and not tally.deal(ids[0]).void

    asyncio.run(flow())


def test_an_inline_error_is_named_by_the_forms_label_in_japanese(tally: Tally,
                                                                 tmp_path: Path) -> None:
    from tui.i18n import set_language

    seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await keys(pilot, "s", "2", "c", "4", "k", "6", "s", "enter", "7", "3")
            assert str(form.query_one("#error-card", Static).render()) == (
                "指名カード：スペードの6 は5人のときは使いません")  # in words
            form.query_one("#card").focus()
            await keys(pilot, "backspace", "backspace", "a", "s")
            form.query_one("#points").focus()
            await keys(pilot, "backspace", "backspace", "backspace", "1", "2", "1")
            assert str(form.query_one("#error-points", Static).render()) == (
                "カード点：121 は上限 120 を超えています")

    set_language("ja")
    try:
        asyncio.run(flow())
    finally:
        set_language("en")


def test_an_invalid_deal_is_refused_and_nothing_saved(tally: Tally, tmp_path: Path) -> None:
    _, table_id = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            # Solo, Bea, clubs, calls the 6♠ — not in play with five players
            await keys(pilot, "s", "2", "c", "4", "k", "6", "s", "enter", "7", "3")
            error = str(form.query_one("#error-card", Static).render())
            assert error == "Called card: 6S is not in play with 5 players"  # the form's label
            assert not form.valid
            assert form.query_one("#save").disabled
            assert form.check_action("save", ()) is None  # greyed in the footer
            await keys(pilot, "enter")  # refused: still the form, nothing saved
            assert app.screen is form
            assert len(tally.deals(table_id)) == 2

            # 121 points: the error moves to the points, the card is fixed
            form.query_one("#card").focus()
            await keys(pilot, "backspace", "backspace", "a", "s")
            form.query_one("#points").focus()
            await keys(pilot, "backspace", "backspace", "backspace", "1", "2", "1")
            assert str(form.query_one("#error-points", Static).render()) == (
                "Card points: 121 is above 120")
            assert not form.query_one("#error-card").display

            await keys(pilot, "escape")  # half-filled: asks before leaving
            assert isinstance(app.screen, ConfirmModal)
            await keys(pilot, "n")
            assert app.screen is form
            await keys(pilot, "escape", "y")
            assert isinstance(app.screen, TableScreen)
            assert len(tally.deals(table_id)) == 2

    asyncio.run(flow())


def test_welcome_opens_the_demo_in_its_own_database(tally: Tally, tmp_path: Path) -> None:
    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, WelcomeScreen)
            await keys(pilot, "d")
            await settle(pilot)
            assert isinstance(app.screen, NightScreen)
            assert app.service is not tally
            assert app.service.db.path == (tmp_path / "demo" / "demo.sqlite3")
            assert tally.nights() == []  # the club's database is untouched
            night = app.service.night(app.screen.night_id)
            assert night.venue == "The Crown, back room"
            tables = rows(app.screen.query_one("#tables", DataTable))
            assert len(tables) == len(night.tables) >= 3
            assert tables[0][1] == "Crazy Solo"
            assert "demo" in app.sub_title
            await keys(pilot, "escape")
            assert isinstance(app.screen, NightsScreen)
            assert rows(app.screen.query_one("#nights", DataTable))[0][1] == night.date

    asyncio.run(flow())


def test_roster_add_and_rename(tally: Tally, tmp_path: Path) -> None:
    seed(tally, deals=1)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "r")
            await keys(pilot, "a", *typed("Flo"), "enter")
            assert "Flo" in [p.name for p in tally.players()]
            await keys(pilot, "a", *typed("ann"), "enter")  # a clash: refused in place
            assert isinstance(app.screen, PromptModal)
            assert "already in the roster" in str(
                app.screen.query_one("#prompt-error", Static).render())
            await keys(pilot, "escape")
            table = app.screen.query_one("#roster", DataTable)
            table.move_cursor(row=[r[0] for r in rows(table)].index("Bea"))
            await keys(pilot, "e", *["backspace"] * 3, *typed("Beatrix"), "enter")
            assert "Beatrix" in [p.name for p in tally.players()]
            assert rows(table)[table.cursor_row][:3] == ["Beatrix", "1", "+50"]

    asyncio.run(flow())


def test_closing_a_night_greys_out_its_writes(tally: Tally, tmp_path: Path) -> None:
    seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "c", "y")
            await until(pilot, lambda: tally.nights()[0].closed
                        and app.screen.check_action("new_table", ()) is None)
            assert tally.nights()[0].closed
            assert app.screen.check_action("new_table", ()) is None
            await keys(pilot, "enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert isinstance(app.screen, TableScreen)
            for action in ("add_deal", "correct_deal", "void_deal", "undo"):
                assert app.screen.check_action(action, ()) is None, action
            assert app.screen.check_action("history", ()) is True
            await keys(pilot, "a")  # greyed: nothing opens
            assert isinstance(app.screen, TableScreen)

    asyncio.run(flow())


def test_help_and_palette_follow_the_screen(tally: Tally, tmp_path: Path) -> None:
    seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            table_screen = await open_first_table(pilot)
            commands = {c.title: c for c in app.get_system_commands(table_screen)}
            assert {"Add deal", "Correct deal", "Void deal", "Undo last deal"} <= set(commands)
            app.call_later(commands["Void deal"].callback)  # as the palette runs it
            await settle(pilot)
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, "escape")
            await keys(pilot, "question_mark")
            help_text = app.screen.text  # type: ignore[attr-defined]
            assert "# A table" in help_text and "Crazy Solo: the rules in short" in help_text
            assert "`a` Add deal" in help_text
            await keys(pilot, "escape", "t")  # running totals instead of nets
            log = table_screen.query_one("#deals", DataTable)
            assert rows(log)[1][3:] == ["−70", "+5", "+155", "−20", "−70"]
            await keys(pilot, "a", "f1")
            assert "A Crazy Solo deal" in app.screen.text  # type: ignore[attr-defined]
            await keys(pilot, "escape")
            assert isinstance(app.screen, DealForm)

    asyncio.run(flow())


def test_a_game_without_its_own_form_takes_json(tally: Tally, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose form is not registered (here Hachi-Hachi's, taken out): the contract
    JSON, previewed live."""
    from tui.forms import registry
    from tui.forms.json_form import JsonDealForm

    monkeypatch.delitem(registry._GAMES, "hachihachi-trick")
    seed(tally, deals=0)
    night = tally.nights()[0].id
    table = tally.new_table(night, "hachihachi-trick", ["Ann", "Bea", "Cid"])
    deal = '{"indicator": "7H", "declarations": {"Ann": "in", "Bea": "out", "Cid": "out"}}'

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "down", "enter", "a")
            form = app.screen
            assert isinstance(form, JsonDealForm)
            await keys(pilot, "ctrl+s")  # `{}` is refused: nothing saved
            assert app.screen is form and tally.deals(table) == []
            assert "indicator" in str(form.query_one("#error-json", Static).render())
            form.query_one("#json").text = deal  # type: ignore[attr-defined]
            await settle(pilot)
            assert form.valid
            await keys(pilot, "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            [saved] = tally.deals(table)
            assert saved.nets == {"Ann": 5, "Bea": -2, "Cid": -3}

    asyncio.run(flow())


def test_thousands_of_deals_patch_in_place(tally: Tally, tmp_path: Path) -> None:
    """A long table fills in chunks; a save appends one row, a correction rewrites one."""
    _, table_id = seed(tally, deals=0)
    tally.add_deals(table_id, [DEALS[i % len(DEALS)] for i in range(1500)])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            log = (await open_first_table(pilot)).query_one("#deals", DataTable)
            await until(pilot, lambda: log.cursor_row == 1499)  # (filled in chunks)
            assert log.row_count == 1500 and log.cursor_row == 1499
            await keys(pilot, "a", "p", "enter")
            await until(pilot, lambda: log.row_count == 1501)
            assert log.row_count == 1501 and log.cursor_row == 1500
            assert cell_text(log, 1500, 2) == "All passed"
            log.move_cursor(row=1)
            await keys(pilot, "v", *typed("x"), "enter")
            await until(pilot, lambda: cell_text(log, 1, 1) == "✗")
            assert cell_text(log, 1, 1) == "✗"
            assert len(tally.deals(table_id)) == 1501

    asyncio.run(flow())


def test_a_save_after_a_deal_recorded_elsewhere_shows_both(tally: Tally, tmp_path: Path) -> None:
    """A save appends its one row to the log, unless the table changed meanwhile (a deal
    recorded elsewhere, say from the CLI): the form expected deal 3, so its first save is
    refused with the fields kept, and shows what was recorded with the two ways
    on; Esc goes back to the form, saying so in one line; the second save, of
    the same All passed as deal 3, asks first, then saves it as deal 4, and the
    table is read again."""
    _, table_id = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path, live=False)  # the form opens on the stale screen
        async with app.run_test(size=SIZE) as pilot:
            log = (await open_first_table(pilot)).query_one("#deals", DataTable)
            assert log.row_count == 2
            tally.add_deal(table_id, DEALS[2])
            await keys(pilot, "a", "p", "enter")
            assert isinstance(app.screen, ConflictModal)
            await keys(pilot, "escape")
            form = app.screen
            assert isinstance(form, DealForm)
            assert len(tally.deals(table_id)) == 3
            assert str(form.query_one("#form-status", Static).render()) == (
                "deal 3 was just recorded on another device: check and save as deal 4")
            assert form.title_text().startswith("Deal 4 ·")
            await keys(pilot, "enter")
            assert isinstance(app.screen, SameDealModal)
            await keys(pilot, "y")
            deals = tally.deals(table_id)
            assert len(deals) == 4
            assert [r[2] for r in rows(log)] == [d.summary for d in deals]
            assert log.cursor_row == 3
            assert "4 deals" in str(app.screen.query_one("#table-title", Static).render())

    asyncio.run(flow())


def test_a_table_screen_losing_its_log_still_answers_for_its_keys(tally: Tally,
                                                                  tmp_path: Path) -> None:
    """While a table screen is taken down (Escape), the footer may ask which keys apply
    after the deal log is gone: the answer is 'no deal selected', not a crash."""
    seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            table = await open_first_table(pilot)
            assert table.selected() is not None
            assert table.check_action("void_deal", ()) is True
            await table.query_one("#deals", DataTable).remove()
            assert table.selected() is None
            assert table.check_action("void_deal", ()) is None
            await keys(pilot, "escape")
            assert isinstance(app.screen, NightScreen)

    asyncio.run(flow())
