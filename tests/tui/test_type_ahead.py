"""Type-ahead: a whole deal typed in one burst, every key queued before the app reads the
first, is saved exactly as typed, in every game's form.

`burst` puts all the keys in the app's queue at once (as a paste, or a fast typist ahead of
a loaded machine, does); `pilot.press` is also used with every key of a deal in one call.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.forms.hachihachi import HachiHachiForm
from tui.forms.sixty_six import SixtySixForm
from tui.forms.sixty_six_four import FourHandForm
from tui.screens.table import TableScreen
from tui.typeahead import ready

from .conftest import FIVE, SIZE, TODAY, app_for, open_first_deal_form, open_first_table, settle

NAMES = {"enter": "\r", "space": " ", "tab": "\t", "minus": "-", "full_stop": ".", "comma": ",",
         "question_mark": "?"}


async def burst(pilot: Pilot[object], *pressed: str) -> None:
    """Every key in the app's queue before it handles the first; then let it all settle."""
    app = pilot.app
    for key in pressed:
        char = key if len(key) == 1 else NAMES.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)
    read = asyncio.Event()
    app.call_later(read.set)  # queued behind the keys: set once the app has read them all
    deadline = asyncio.get_running_loop().time() + 60  # a bound, not a timing: a loaded
    while asyncio.get_running_loop().time() < deadline:  # machine only makes it slower
        try:
            await settle(pilot)
        except WorkerCancelled:  # (a preview superseded by the next key)
            continue
        if read.is_set() and not app.keys.busy and ready(app.screen):  # type: ignore
            return
        await pilot.pause(0.05)
    raise AssertionError("the keys were not all handled within 60 s")


async def type_keys(pilot: Pilot[object], how: str, *typed: str) -> None:
    """`typed` in one burst (`burst`), or key by key as Pilot presses them (`press`)."""
    if how == "burst":
        await burst(pilot, *typed)
    else:
        await pilot.press(*typed)
        await settle(pilot)


def a_table(tally: Tally, game: str, seats: list[str], preset: str = "default") -> int:
    for name in seats:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    return tally.new_table(night, game, seats, preset)


def without_dealer(outcome: dict[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (outcome or {}).items() if k not in ("dealer", "start_player")}


CRAZY_SOLO = [
    (("s", "2", "c", "4", "7", "3", "ctrl+s"),
     {"contract": "solo", "caller": "Bea", "trump": "clubs", "partner": "Dan",
      "team_points": 73}),
    (("h", "1", "5", "5", "2", "ctrl+s"),
     {"contract": "heart-solo", "caller": "Ann", "trump": "hearts", "partner": "Eve",
      "team_points": 52}),
    (("a", "3", "s", "8", "2", "ctrl+s"),
     {"contract": "alone", "caller": "Cid", "trump": "spades", "team_points": 82}),
    (("l", "5", "9", "1", "ctrl+s"),
     {"contract": "heart-alone", "caller": "Eve", "trump": "hearts", "team_points": 91}),
    (("a", "1", "d", "g", "4", "7", "ctrl+s"),
     {"contract": "alone", "caller": "Ann", "trump": "diamonds", "gang_points": 47}),
    (("s", "2", "c", "4", "k", "a", "h", "enter", "7", "3", "ctrl+s"),
     {"contract": "solo", "caller": "Bea", "trump": "clubs", "partner": "Dan",
      "called_card": "AH", "team_points": 73}),
    (("p", "ctrl+s"), {"contract": "pass"}),
]


@pytest.mark.parametrize("how", ["burst", "press"])
@pytest.mark.parametrize(("typed", "stored"), CRAZY_SOLO, ids=[" ".join(k) for k, _ in CRAZY_SOLO])
def test_crazy_solo_fast_path_in_one_burst(tally: Tally, tmp_path: Path, how: str,
                                           typed: tuple[str, ...],
                                           stored: dict[str, Any]) -> None:
    table = a_table(tally, "crazy-solo", FIVE)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_deal_form(pilot, CrazySoloForm)
            await type_keys(pilot, how, *typed)
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert without_dealer(deal.outcome) == stored

    asyncio.run(flow())


def test_the_next_hint_names_the_focused_field(tally: Tally, tmp_path: Path) -> None:
    a_table(tally, "crazy-solo", FIVE)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            for typed, slot in (((), "Contract"), (("s",), "Caller"), (("2",), "Trump"),
                                (("c",), "Partner"), (("4",), "Card points")):
                await burst(pilot, *typed)
                assert form.hint_text() == f"Next: {slot}.", typed

    asyncio.run(flow())


SCHNAPSEN = [
    # Ann claims with 70 to Bea's 25, tricks 3–2 (Enter on the last number saves)
    (("c", "1", "7", "0", "enter", "2", "5", "enter", "3", "enter", "2", "enter"),
     {"ending": "claim", "by": "Ann", "points": {"Ann": 70, "Bea": 25},
      "tricks": {"Ann": 3, "Bea": 2}}),
    (("q", "2", "3", "ctrl+s"), {"ending": "scored", "winner": "Bea", "game_points": 3}),
]


@pytest.mark.parametrize("how", ["burst", "press"])
@pytest.mark.parametrize(("typed", "stored"), SCHNAPSEN, ids=[" ".join(k) for k, _ in SCHNAPSEN])
def test_schnapsen_in_one_burst(tally: Tally, tmp_path: Path, how: str,
                                typed: tuple[str, ...], stored: dict[str, Any]) -> None:
    table = a_table(tally, "schnapsen", ["Ann", "Bea"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_deal_form(pilot, SixtySixForm)
            await type_keys(pilot, how, *typed)
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert without_dealer(deal.outcome) == stored

    asyncio.run(flow())


@pytest.mark.parametrize("how", ["burst", "press"])
def test_four_hand_in_one_burst(tally: Tally, tmp_path: Path, how: str) -> None:
    table = a_table(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])
    typed = ("8", "0", "enter", "ctrl+s")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_deal_form(pilot, FourHandForm)
            await type_keys(pilot, how, *typed)
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert without_dealer(deal.outcome)["points"] == {"Ann": 80, "Bea": 50}

    asyncio.run(flow())


@pytest.mark.parametrize("how", ["burst", "press"])
def test_hachihachi_in_one_burst(tally: Tally, tmp_path: Path, how: str) -> None:
    """Example A of the rules typed without a pause, the forced-out Aces confirmed."""
    seven = [f"P{i}" for i in range(1, 8)]
    table = a_table(tally, "hachihachi-trick", seven)
    typed = ("q", "s", "o", "i", "o", "i", "i", "3", "1",
             "2", "down", "0", "m", "down", "down", "c", "ctrl+s")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_deal_form(pilot, HachiHachiForm)
            await type_keys(pilot, how, *typed)
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            out = without_dealer(deal.outcome)
            assert out["indicator"] == "QS"
            assert out["declarations"] == {"P1": "out", "P2": "in", "P3": "out", "P4": "in",
                                           "P5": "in"}
            assert out["tricks"] == {"P2": 3, "P4": 1, "P5": 3}

    asyncio.run(flow())


def test_several_deals_in_one_burst_from_the_table(tally: Tally, tmp_path: Path) -> None:
    """Open the form, type the deal, save, and on to the next: all queued at once (keys
    that come while a form opens or closes wait for the screen that shows next)."""
    table = a_table(tally, "crazy-solo", FIVE)
    deals = [CRAZY_SOLO[0], CRAZY_SOLO[1], CRAZY_SOLO[5], CRAZY_SOLO[4]]

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_table(pilot)
            await burst(pilot, *(k for typed, _ in deals for k in ("a", *typed)))
            # a key the table has taken ("a") may not have pushed its form yet when the queue
            # looks empty: let the app run until all four are stored (bounded, not timed)
            deadline = asyncio.get_running_loop().time() + 60
            while len(tally.deals(table)) < len(deals) and (
                    asyncio.get_running_loop().time() < deadline):
                await burst(pilot)
            assert isinstance(app.screen, TableScreen)
            assert [without_dealer(d.outcome) for d in tally.deals(table)] == [
                stored for _, stored in deals]

    asyncio.run(flow())


@pytest.mark.parametrize("how", ["burst", "press"])
def test_a_table_s_seats_typed_in_one_burst(tally: Tally, tmp_path: Path, how: str) -> None:
    """`n`, five names each with Enter, `ctrl+s` and the first deal, typed without a pause:
    the seats are exactly the names typed, in order, and no name is made up of two (before,
    a name's Enter emptied the box after the next name's first letters were in it, seating
    "DanEve" as a new member and losing Chie)."""
    for name in FIVE:
        tally.add_player(name)
    tally.new_night(TODAY.isoformat(), "The Crown")
    typed = ["n"] + [k for name in FIVE for k in (*name, "enter")] + [
        "ctrl+s", "a", "s", "2", "c", "4", "7", "3", "ctrl+s"]

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter")  # tonight's night
            await settle(pilot)
            await type_keys(pilot, how, *typed)
            assert isinstance(app.screen, TableScreen)
            [night] = tally.nights()
            [table] = tally.night(night.id).tables
            assert table.seats == tuple(FIVE)
            assert sorted(p.name for p in tally.players()) == sorted(FIVE)
            [deal] = tally.deals(table.id)
            assert deal.nets == {"Ann": -25, "Bea": 50, "Cid": -25, "Dan": 25, "Eve": -25}

    asyncio.run(flow())


def test_a_correction_s_stored_points_are_typed_over(tally: Tally, tmp_path: Path) -> None:
    """Correcting deal 4 (Heart Alone, Eve, 91) to 60: the keys `l 5 6 0` then the reason,
    typed as fast as a scorekeeper does. Before, the 6 and 0 went after the stored 91 (916,
    refused) — or, for other numbers, into a believable wrong one (9 then 5: 95)."""
    table = a_table(tally, "crazy-solo", FIVE)
    tally.add_deal(table, {"contract": "heart-alone", "caller": "Eve", "trump": "hearts",
                           "team_points": 91})
    typed = ("c", "l", "5", "6", "0", "enter", *"recount", "ctrl+s")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_table(pilot)
            await burst(pilot, *typed)
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert without_dealer(deal.outcome) == {
                "contract": "heart-alone", "caller": "Eve", "trump": "hearts", "team_points": 60}
            assert (deal.kind, deal.reason) == ("correct", "recount")

    asyncio.run(flow())


def test_the_focused_field_is_scrolled_into_view_at_80x24(tally: Tally, tmp_path: Path) -> None:
    """Seven at Hachi-Hachi on an 80×24 terminal: once the tricks are typed the focus goes to
    the forced-out players' Aces, a row shown only then, far below the fold. It must scroll
    into view (before, the scorekeeper typed into a field they could not see)."""
    seven = [f"P{i}" for i in range(1, 8)]
    a_table(tally, "hachihachi-trick", seven)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            await burst(pilot, "q", "s", "o", "i", "o", "i", "i", "3", "1")
            await pilot.pause()
            fields = form.query_one("#form-fields")
            focused = app.focused
            assert focused is not None and focused.id == "hands"
            assert fields.content_region.contains_region(focused.region.intersection(
                fields.content_region)) and focused.region.y >= fields.content_region.y
            assert focused.region.y < fields.content_region.bottom

    asyncio.run(flow())
