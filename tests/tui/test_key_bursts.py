"""The keys a scorekeeper types, each sequence sent in one burst (every key queued before the
app reads the first, or `pilot.press` of the whole sequence): a key typed after the Enter
that closes a pop-up goes where that Enter leads; a refused save drops the keys typed after
it, with a bell and a word, and the open form keeps what it had; an Enter typed as the app
starts is kept; one preview per change."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.forms.hachihachi import HachiHachiForm
from tui.forms.prompt import PromptModal
from tui.screens.history import HistoryScreen
from tui.screens.nights import NightsScreen
from tui.screens.roster import RosterScreen
from tui.screens.settlement import SettlementScreen
from tui.widgets.hands import HandsField

from .conftest import (
    SIZE,
    TODAY,
    app_for,
    open_first_deal_form,
    open_first_table,
    seed,
    settle,
    toasts,
    typed,
)
from .test_type_ahead import a_table, burst

# `burst` puts every key in the app's queue before it reads the first, as a terminal's one
# read of a fast typist's keys (or tmux's `send-keys`) does; Textual 8.2's `pilot.press`
# waits for the app to go idle after each key (`App._press_keys`), so it is no burst: the
# cases below also pass with it, on main as well, except the refused save (a key pressed
# once the refusal is shown goes to the form, as any key does)
BURST = ["burst"]


async def send(pilot: Pilot[object], how: str, *pressed: str) -> None:
    if how == "burst":
        await burst(pilot, *pressed)
    else:
        await pilot.press(*pressed)
        await burst(pilot)  # (and whatever is still on its way)
    await settle(pilot)


@pytest.mark.parametrize("how", BURST)
def test_roster_three_members_in_one_burst(tally: Tally, tmp_path: Path, how: str) -> None:
    """`a Ann⏎ a Bea⏎ a Chie⏎` on the roster: three members (before: one, "AnnaBeaaChie")."""
    tally.new_night(TODAY.isoformat(), "The Crown")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await send(pilot, how, "r")
            assert isinstance(app.screen, RosterScreen)
            await send(pilot, how, "a", *typed("Ann"), "enter", "a", *typed("Bea"), "enter",
                       "a", *typed("Chie"), "enter")
            assert isinstance(app.screen, RosterScreen)
            assert sorted(p.name for p in tally.players()) == ["Ann", "Bea", "Chie"]

    asyncio.run(flow())


@pytest.mark.parametrize("how", BURST)
def test_void_reason_then_history(tally: Tally, tmp_path: Path, how: str) -> None:
    """`v misdeal⏎ h`: the deal is voided for "misdeal" and its history opens (before: the
    reason saved was "misdealh")."""
    _, table = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_table(pilot)
            await send(pilot, how, "v", *typed("misdeal"), "enter", "h")
            assert isinstance(app.screen, HistoryScreen)
            last = tally.deals(table)[-1]
            assert (last.kind, last.reason) == ("void", "misdeal")

    asyncio.run(flow())


@pytest.mark.parametrize("how", BURST)
def test_seven_cards_then_the_next_player_s_role(tally: Tally, tmp_path: Path,
                                                 how: str) -> None:
    """`h 7S 7H 7D 2C 4S 9H JD⏎ ↓ c`: P2's seven cards, then P4 kuttsuki (before: the ↓ and
    c went into the cards box, "…JDc")."""
    seven = [f"P{i}" for i in range(1, 8)]
    a_table(tally, "hachihachi-trick", seven)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            await send(pilot, how, "q", "s", "o", "i", "o", "i", "i", "3", "1",
                       "2", "down", "m", "down", "h", *typed("7S 7H 7D 2C 4S 9H JD"), "enter",
                       "down", "c")
            assert app.screen is form
            hands = {h.name: h for h in form.query_one(HandsField).hands}
            assert " ".join(str(c) for c in hands["P2"].cards) == "7S 7H 7D 2C 4S 9H JD"
            assert form.valid
            preview = form.preview
            assert preview is not None
            assert preview.nets == {"P1": -4, "P2": 12, "P3": -6, "P4": -10, "P5": -10,
                                    "P6": 12, "P7": 6}

    asyncio.run(flow())


@pytest.mark.parametrize("how", BURST)
def test_rate_then_currency(tally: Tally, tmp_path: Path, how: str) -> None:
    """`r 0.125 ⇥ EUR⏎` on a night kept in JPY: rate 0.125 EUR (never the rate box "0.125EUR"
    with JPY left). Enter in the rate box saves when the currency shown is already right
    (`r 0.125⏎`), so a new currency is reached with Tab, and the keys after the saving Enter
    go to the settlement screen."""
    night, _ = seed(tally)
    tally.set_rate(night, "1", "JPY")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await send(pilot, how, "enter", "s")
            assert isinstance(app.screen, SettlementScreen)
            await send(pilot, how, "r", *typed("0.5"), "enter")
            assert isinstance(app.screen, SettlementScreen)
            kept = tally.settlement(night)
            assert (kept.rate, kept.currency) == (Decimal("0.5"), "JPY")
            await send(pilot, how, "r", "ctrl+a", "ctrl+k", *typed("0.125"), "tab",
                       "ctrl+a", "ctrl+k", *typed("EUR"), "enter")
            assert isinstance(app.screen, SettlementScreen)
            kept = tally.settlement(night)
            assert (kept.rate, kept.currency) == (Decimal("0.125"), "EUR")

    asyncio.run(flow())


@pytest.mark.parametrize("how", BURST)
def test_rate_then_the_settlement_s_key(tally: Tally, tmp_path: Path, how: str) -> None:
    """`r 0.125⏎ d` on a night kept in JPY: the Enter saves the rate (the currency holds a
    value), and `d` reaches the settlement it leads back to, which shows
    the direct payments (the keys after the Enter never land in the rate box)."""
    night, _ = seed(tally)
    tally.set_rate(night, "1", "JPY")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await send(pilot, how, "enter", "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            await send(pilot, how, "r", *typed("0.125"), "enter", "d")
            assert app.screen is screen and screen.mode == "direct"
            kept = tally.settlement(night)
            assert (kept.rate, kept.currency) == (Decimal("0.125"), "JPY")

    asyncio.run(flow())


@pytest.mark.parametrize("how", BURST)
def test_scorekeeper_then_a_new_night(tally: Tally, tmp_path: Path, how: str) -> None:
    """`Ken⏎ n` as the session starts: Ken keeps the score and the new night's form opens
    (before: "Kenn", and no form)."""
    seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path, ask_name=True)
        async with app.run_test(size=SIZE) as pilot:
            await send(pilot, how, *typed("Ken"), "enter", "n")
            assert app.scorekeeper == "Ken"
            assert isinstance(app.screen, PromptModal)
            assert app.screen.title_text == "A new club night"

    asyncio.run(flow())


@pytest.mark.parametrize("how", BURST)
def test_a_refused_save_stops_the_burst(tally: Tally, tmp_path: Path, how: str) -> None:
    """Hachi-Hachi, the forced-out players' Aces not given: ctrl+s is refused, and the next
    deal's keys typed after it (`a 7 H o i o i o s`) are dropped with a word; the form keeps
    what it had (before: `a` ticked a role in the open form, paid when saved later)."""
    seven = [f"P{i}" for i in range(1, 8)]
    table = a_table(tally, "hachihachi-trick", seven)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        bells: list[int] = []
        app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            await send(pilot, how, "q", "s", "o", "i", "o", "i", "i", "3", "1")

            def state() -> tuple[object, ...]:
                return (form.query_one(HandsField).hands, form.query_one(HandsField).at,
                        form.query_one("#indicator", Input).value, form.start)

            before = state()
            focused = app.focused
            await send(pilot, how, "ctrl+s", "a", "7", "H", "o", "i", "o", "i", "o", "s")
            assert app.screen is form and app.focused is focused
            assert state() == before, (state(), before)
            assert bells
            assert await toasts(pilot) == ["Typed keys discarded: the save was refused."]
            assert tally.deals(table) == []

    asyncio.run(flow())


def test_an_enter_typed_as_the_app_starts_is_kept(tally: Tally, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`Ken⏎` typed in the first second, before Textual has put the terminal in raw mode:
    the terminal's line mode turns the Enter's carriage return into a newline, read as
    ctrl+j once the app reads its keys. Both are read as the first screen is being built:
    Ken keeps the score (before: the Enter was dropped, the letters kept, the question
    left open — seen in tmux up to a second after start)."""
    seed(tally, deals=0)
    built = NightsScreen.on_mount

    def building(screen: NightsScreen) -> None:
        for key, char in (*((c, c) for c in "Ken"), ("ctrl+j", "\n")):
            event = events.Key(key, char)
            event.set_sender(screen.app)
            screen.app.post_message(event)  # typed as the app starts
        built(screen)

    monkeypatch.setattr(NightsScreen, "on_mount", building)

    async def flow() -> None:
        app = app_for(tally, tmp_path, ask_name=True)
        async with app.run_test(size=SIZE) as pilot:
            await burst(pilot)
            await settle(pilot)
            assert app.scorekeeper == "Ken"
            assert isinstance(app.screen, NightsScreen)

    asyncio.run(flow())


def test_one_preview_per_key_in_the_called_card(tally: Tally, tmp_path: Path) -> None:
    """Each key typed in the called-card box asks once what the deal settles (before:
    twice, the box's Changed handled twice)."""
    seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await send(pilot, "burst", "s", "2", "c", "4", "k")
            assert isinstance(app.focused, Input) and app.focused.id == "card"
            asked: list[int] = []
            ask = form.request_preview

            def counted() -> None:
                asked.append(1)
                ask()

            form.request_preview = counted  # type: ignore[method-assign]
            await send(pilot, "burst", "a", "h")
            assert len(asked) == 2

    asyncio.run(flow())
