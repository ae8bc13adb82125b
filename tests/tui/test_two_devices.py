"""Two devices at one table, in the terminal entry: a
new deal that another device recorded first is refused inside the write transaction, and
the form shows what that device recorded — the line the phone's page shows — with two ways
on: "that was this deal — discard mine" (`d`: the form closes, the table shows their deal)
or "a new deal — save as deal N+1" (`n`). A save that repeats the deal recorded just before
asks first. The keys typed after either are dropped, with a bell and a
word. Each conflict is real: a second service on the same ledger file saves first."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Static

from ledger.service import Tally
from tui.forms.conflict import ConflictModal, SameDealModal
from tui.forms.crazy_solo import CrazySoloForm
from tui.i18n import set_language
from tui.screens.table import TableScreen
from tui.widgets.kinsoku import Wrapped

from .conftest import DEALS, SIZE, app_for, keys, open_first_table, seed, settle, toasts, until
from .test_type_ahead import CRAZY_SOLO, burst, without_dealer
from .test_ui_thread import Calls, Watched

PASS = {"contract": "pass"}
THEIRS = DEALS[3]  # Heart Solo ♥ Eve + Ann, 52 points: what the other device records


@pytest.fixture
def other(tui_db: Path) -> Tally:
    """The other device: its own service, its own connections, on the same ledger file."""
    return Tally.open(tui_db)


def texts(screen: Any) -> list[str]:
    """What a question dialog says, top to bottom: its lines, then its buttons."""
    lines = [s.content.text if isinstance(s.content, Wrapped) else str(s.render())
             for s in screen.query(".dialog-title, #conflict-theirs, #same-deal-line")]
    return [*lines, *(str(b.label) for b in screen.query(Button))]


async def refused_on_deal_3(pilot: Pilot[Any], other: Tally, table_id: int,
                            theirs: dict[str, Any] = THEIRS) -> TableScreen:
    """Open the table and a new deal's form (deal 3); the other device records deal 3;
    this form's All passed is saved: refused, and the offer shown."""
    table = await open_first_table(pilot)
    await keys(pilot, "a")
    assert isinstance(pilot.app.screen, CrazySoloForm)
    other.add_deal(table_id, theirs, "Mio", expect_number=3)
    await keys(pilot, "p", "enter")
    return table


OFFER = {
    "en": ["Deal 3 was just recorded on another device:",
           "Deal 3: Heart Solo ♥ Eve + Ann, 52 → −25 · by Mio",
           "That was this deal — discard mine", "A new deal — save as deal 4"],
    "ja": ["ディール 3 は別の端末で記録されました：",
           "ディール 3：ハートソロ ♥ Eve + Ann、52点 → −25（記録：Mio）",
           "同じディール — こちらを破棄", "別のディール — ディール 4 として保存"],
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_offer_shows_their_deal_and_discard_keeps_it(tally: Tally, other: Tally,
                                                         tmp_path: Path, lang: str) -> None:
    _, table_id = seed(tally, deals=2)
    set_language(lang)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            table = await refused_on_deal_3(pilot, other, table_id)
            offer = app.screen
            assert isinstance(offer, ConflictModal)
            assert texts(offer) == OFFER[lang]
            assert app.focused is offer.query_one("#discard")  # Enter discards
            assert [(d.number, d.author) for d in tally.deals(table_id)] == [
                (1, None), (2, None), (3, "Mio")]  # refused: not doubled
            await keys(pilot, "d")
            assert app.screen is table
            assert [(d.number, d.author) for d in tally.deals(table_id)] == [
                (1, None), (2, None), (3, "Mio")]  # nothing of this form saved
            log = table.query_one("#deals", DataTable)
            assert (log.row_count, log.cursor_row) == (3, 2)  # their deal, the cursor on it
            assert (await toasts(pilot))[-1] == {
                "en": "Yours discarded: deal 3 stays as the other device recorded it",
                "ja": "こちらの入力を破棄しました。ディール 3 は別の端末の記録のままです"}[lang]

    asyncio.run(flow())


def test_a_new_deal_is_saved_as_the_next_one(tally: Tally, other: Tally,
                                             tmp_path: Path) -> None:
    """`n`: saved as deal 4, at once — even when it is the deal the other device recorded
    (the scorer has just seen it and said it is another one)."""
    _, table_id = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path, scorekeeper="Ken")
        async with app.run_test(size=SIZE) as pilot:
            table = await refused_on_deal_3(pilot, other, table_id, theirs=PASS)
            assert isinstance(app.screen, ConflictModal)
            await keys(pilot, "n")
            assert app.screen is table
            deals = tally.deals(table_id)
            assert [(d.number, d.author, without_dealer(d.outcome)) for d in deals[2:]] == [
                (3, "Mio", PASS), (4, "Ken", PASS)]
            log = table.query_one("#deals", DataTable)
            assert (log.row_count, log.cursor_row) == (4, 3)

    asyncio.run(flow())


def test_escape_goes_back_to_the_form_which_saves_as_the_next_deal(
        tally: Tally, other: Tally, tmp_path: Path) -> None:
    _, table_id = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await refused_on_deal_3(pilot, other, table_id)
            await keys(pilot, "escape")
            form = app.screen
            assert isinstance(form, CrazySoloForm)
            assert form.outcome() == PASS  # kept as typed
            assert form.title_text().startswith("Deal 4 ·")
            assert str(form.query_one("#form-status", Static).render()) == (
                "deal 3 was just recorded on another device: check and save as deal 4")
            await keys(pilot, "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            assert [without_dealer(d.outcome) for d in tally.deals(table_id)[2:]] == [
                THEIRS, PASS]

    asyncio.run(flow())


SAME = {
    "en": ["This is the same as deal 3, just recorded. Save it again?", "Deal 3: All passed",
           "Yes, it is another deal — save", "Cancel"],
    "ja": ["直前のディール 3 と同じ内容です。もう一度保存しますか？", "ディール 3：全員パス",
           "はい、別のディールです — 保存", "キャンセル"],
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_save_that_repeats_the_deal_before_asks_first(tally: Tally, tmp_path: Path,
                                                        lang: str) -> None:
    """Deal 3 was All passed; this form's All passed asks "the same as deal 3 — save
    again?": `n` (or Esc, or Enter: Cancel is focused) goes back to the form, `y` saves."""
    _, table_id = seed(tally, deals=2)
    tally.add_deal(table_id, PASS)
    set_language(lang)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_table(pilot)
            await keys(pilot, "a", "p", "enter")
            asked = app.screen
            assert isinstance(asked, SameDealModal)
            assert texts(asked) == SAME[lang]
            await keys(pilot, "n")
            assert isinstance(app.screen, CrazySoloForm)
            assert len(tally.deals(table_id)) == 3
            await keys(pilot, "enter")
            assert isinstance(app.screen, SameDealModal)
            await keys(pilot, "y")
            assert isinstance(app.screen, TableScreen)
            assert [without_dealer(d.outcome) for d in tally.deals(table_id)[2:]] == [
                PASS, PASS]

    asyncio.run(flow())


def test_a_repeat_is_judged_by_the_table_as_it_stands_at_the_save(
        tally: Tally, other: Tally, tmp_path: Path) -> None:
    """The form opened after deal 3, All passed; the other device then records deal 4.
    This form's All passed is not "the same as deal 3" (deal 4 stands between): the save
    goes on to be refused, and the offer shows deal 4 (seen in tmux: it asked about deal 3
    when the form compared with the table as it was when it opened)."""
    _, table_id = seed(tally, deals=3)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_table(pilot)
            await keys(pilot, "a")
            other.add_deal(table_id, THEIRS, "Mio", expect_number=4)
            await keys(pilot, "p", "enter")
            offer = app.screen
            assert isinstance(offer, ConflictModal)
            assert texts(offer)[:2] == ["Deal 4 was just recorded on another device:",
                                        "Deal 4: Heart Solo ♥ Eve + Ann, 52 → −25 · by Mio"]
            await keys(pilot, "n")
            assert isinstance(app.screen, TableScreen)
            assert [without_dealer(d.outcome) for d in tally.deals(table_id)[2:]] == [
                PASS, THEIRS, PASS]

    asyncio.run(flow())


def test_keys_typed_after_the_refused_save_are_dropped_then_the_offer_takes_keys(
        tally: Tally, other: Tally, tmp_path: Path) -> None:
    """One burst `p ⏎ a s 2 ⏎`: the save is refused (the other device has deal 3), so the
    next deal's keys typed after it are dropped, with a bell and a word, and the offer is
    shown with the form as it was. Then one burst `n a s 2 c 4 7 3 ^s`: saved as deal 4,
    and the keys after it go where that leads: deal 5, a Solo."""
    _, table_id = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        bells: list[int] = []
        app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            table = await open_first_table(pilot)
            await keys(pilot, "a")
            form = app.screen
            assert isinstance(form, CrazySoloForm)
            other.add_deal(table_id, THEIRS, "Mio", expect_number=3)
            await burst(pilot, "p", "enter", "a", "s", "2", "enter")
            assert isinstance(app.screen, ConflictModal)
            assert bells
            assert (await toasts(pilot)) == ["Typed keys discarded: the save was refused."]
            assert form.outcome() == PASS  # nothing of the dropped keys reached the form
            assert len(tally.deals(table_id)) == 3
            solo, stored = CRAZY_SOLO[0]
            await burst(pilot, "n", "a", *solo)
            # (on a loaded machine the save's answer can come after the burst has settled)
            await until(pilot, lambda: app.screen is table and len(tally.deals(table_id)) == 5)
            assert app.screen is table
            assert [without_dealer(d.outcome) for d in tally.deals(table_id)[2:]] == [
                THEIRS, PASS, stored]

    asyncio.run(flow())


def test_a_deal_typed_on_after_the_new_deal_waits_for_the_table_read_again(
        tally: Tally, other: Tally, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved as deal 4 after the offer, the table did not show deal 3 (the other device's):
    it is read again, and an `a s 2 …` typed on waits for that read, so the next form is deal
    5 — not deal 4 again, refused with a second offer (when the read is slow: here
    every read of the table is made slow)."""
    _, table_id = seed(tally, deals=2)
    fetch = TableScreen.fetch

    def slow(self: TableScreen, *args: Any) -> Any:
        time.sleep(0.3)
        return fetch(self, *args)

    monkeypatch.setattr(TableScreen, "fetch", slow)

    async def flow() -> None:
        app = app_for(tally, tmp_path, live=False)
        async with app.run_test(size=SIZE) as pilot:
            table = await refused_on_deal_3(pilot, other, table_id)
            await settle(pilot)
            assert isinstance(app.screen, ConflictModal)
            solo, stored = CRAZY_SOLO[0]
            await burst(pilot, "n", "a", *solo)
            assert app.screen is table
            assert [(d.number, without_dealer(d.outcome)) for d in tally.deals(table_id)[2:]] \
                == [(3, THEIRS), (4, PASS), (5, stored)]

    asyncio.run(flow())


def test_keys_typed_after_a_repeat_are_dropped_while_it_asks(tally: Tally,
                                                             tmp_path: Path) -> None:
    """One burst `a p ⏎ y`: the repeat of deal 3 asks, and the `y` typed before the
    question was shown is dropped, not taken for its answer."""
    _, table_id = seed(tally, deals=2)
    tally.add_deal(table_id, PASS)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        bells: list[int] = []
        app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await open_first_table(pilot)
            await burst(pilot, "a", "p", "enter", "y")
            assert isinstance(app.screen, SameDealModal)
            assert bells
            assert (await toasts(pilot)) == ["Typed keys discarded: the save was refused."]
            assert len(tally.deals(table_id)) == 3

    asyncio.run(flow())


def test_the_offer_and_the_question_read_and_write_in_workers(tally: Tally, other: Tally,
                                                               tmp_path: Path) -> None:
    """No store call on the app's thread (tests/tui/test_ui_thread.py's watch): the
    refused save, its offer, the save as the next deal, the repeat's question."""
    _, table_id = seed(tally, deals=2)
    calls = Calls()
    service = Watched(tally, calls, "service")

    async def flow() -> None:
        app = app_for(service, tmp_path)  # type: ignore[arg-type]
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            calls.armed = True
            await refused_on_deal_3(pilot, other, table_id)
            assert isinstance(app.screen, ConflictModal)
            await keys(pilot, "n")
            await keys(pilot, "a", "p", "enter")
            assert isinstance(app.screen, SameDealModal)
            await keys(pilot, "y")
            assert isinstance(app.screen, TableScreen)
            calls.armed = False
        assert calls.on_ui_thread == []
        assert {"service.add_deal", "service.recent_deals"} <= calls.made
        assert len(tally.deals(table_id)) == 5

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_offer_at_80x24(snap_compare: Any, tally: Tally, other: Tally, tmp_path: Path,
                            lang: str) -> None:
    _, table_id = seed(tally, deals=2)
    set_language(lang)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await refused_on_deal_3(pilot, other, table_id)
        pilot.app.clear_notifications()
        await settle(pilot)

    # (no live poll: whether it had seen the other device's deal behind the offer would
    # depend on the machine's load)
    assert snap_compare(app_for(tally, tmp_path, live=False), terminal_size=(80, 24),
                        run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_repeat_question_at_80x24(snap_compare: Any, tally: Tally, tmp_path: Path,
                                      lang: str) -> None:
    _, table_id = seed(tally, deals=2)
    tally.add_deal(table_id, THEIRS, "Mio")
    set_language(lang)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await open_first_table(pilot)
        await keys(pilot, "a", "h", "5", "1", "5", "2", "enter")
        assert isinstance(pilot.app.screen, SameDealModal)
        pilot.app.clear_notifications()
        await settle(pilot)

    assert snap_compare(app_for(tally, tmp_path), terminal_size=(80, 24),
                        run_before=run_before)
