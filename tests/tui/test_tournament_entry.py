"""Registration at the door in the app: on the tournament screen `r` registers
players (roster members, offered as one types, or new names), `w` withdraws one from the
next round on, `l` loads a CSV of pre-registrations; refusals inline in one line, writes in
thread workers, keys typed ahead taken as the rest of the app takes them. And the table
screen of a drawn match says what it scores at time."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input, Static

from ledger.service import Tally
from tui.forms.prompt import PromptModal
from tui.i18n import set_language
from tui.screens.night import NightScreen
from tui.screens.table import TableScreen
from tui.screens.tournament import RosterSuggester, TournamentScreen

from .conftest import SIZE, TODAY, app_for, keys, settle, typed
from .test_flows import rows
from .test_hachihachi import text
from .test_snapshots import shoot
from .test_type_ahead import burst
from .test_ui_thread import Calls, Watched


def door(tally: Tally) -> int:
    """A night with a Schnapsen cup open for registration, and a roster of three."""
    for name in ("Ada", "Bea", "Cid"):
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.new_tournament("Cup", "schnapsen", 3, "swiss", round_minutes=30, seed="door",
                         night=night)
    return night


def where(screen: TournamentScreen) -> list[list[str]]:
    return rows(screen.query_one("#where", DataTable))


def line(screen: TournamentScreen, widget: str) -> str:
    return text(screen.query_one(f"#{widget}", Static))


def test_register_withdraw_and_a_csv_by_keys(tally: Tally, tmp_path: Path) -> None:
    door(tally)
    csv = tmp_path / "pre.csv"
    csv.write_text("\ufeffname\nEve\nFlo\n", encoding="utf-8")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "t")
            screen = app.screen
            assert isinstance(screen, TournamentScreen)
            assert line(screen, "tournament-title") == \
                "Cup · registration (no round of 3 drawn yet)"
            assert line(screen, "tournament-entries") == "Round 1: 0 players"
            assert line(screen, "where-title") == "Registered"
            # a roster member (as the roster spells her) and a new name, in one line
            await keys(pilot, "r")
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, *typed("bea, Kim"), "enter")
            assert app.screen is screen
            assert where(screen) == [["Bea", "1"], ["Kim", "2"]]
            assert line(screen, "tournament-entries") == "Round 1: 2 players"
            assert "Kim" in {p.name for p in tally.players()}
            # refused: one line naming the field and the value; the box stays open
            await keys(pilot, "r", *typed("Kim"), "enter")
            assert isinstance(app.screen, PromptModal)
            assert text(app.screen.query_one("#prompt-error", Static)) == \
                "player: Kim is registered already"
            await keys(pilot, "escape")
            # typed ahead in one burst: each box opens, takes its name, saves, closes
            await burst(pilot, "r", *typed("Ada"), "enter", "r", *typed("Cid"), "enter")
            assert app.screen is screen
            assert [r[0] for r in where(screen)] == ["Bea", "Kim", "Ada", "Cid"]
            # withdraw the player under the cursor (the box holds the name)
            await keys(pilot, "down", "w")
            assert app.screen.query_one("#field-player", Input).value == "Kim"
            await keys(pilot, "enter")
            assert [r[0] for r in where(screen)] == ["Bea", "Ada", "Cid"]
            assert line(screen, "tournament-entries") == \
                "Round 1: 3 players · withdrawn: Kim"
            await keys(pilot, "w", "ctrl+u", *typed("Kim"), "enter")  # withdrawn already
            assert text(app.screen.query_one("#prompt-error", Static)) == \
                "player: Kim is not playing in Cup"
            await keys(pilot, "escape")
            # the CSV of pre-registrations; a file that is not there is refused
            await keys(pilot, "l", *typed(str(tmp_path / "nope.csv")), "enter")
            assert isinstance(app.screen, PromptModal)
            refused = text(app.screen.query_one("#prompt-error", Static))
            assert refused.startswith(f"file: {tmp_path / 'nope.csv'}: "), refused
            await keys(pilot, "escape", "l", *typed(str(csv)), "enter")
            assert app.screen is screen
            assert [r[0] for r in where(screen)] == ["Bea", "Ada", "Cid", "Eve", "Flo"]
            await keys(pilot, "escape")
            assert isinstance(app.screen, NightScreen)
        t = tally.tournament("Cup")
        assert [(e.player, e.number, e.from_round, e.withdrawn_from) for e in t.entries] == [
            ("Bea", 1, 1, None), ("Kim", 2, 1, 1), ("Ada", 3, 1, None), ("Cid", 4, 1, None),
            ("Eve", 5, 1, None), ("Flo", 6, 1, None)]
        drawn, _ = tally.draw("Cup")  # the first draw seats who registered, not Kim
        assert sorted([p for x in drawn.tables for p in x.seats] + list(drawn.byes)) == [
            "Ada", "Bea", "Cid", "Eve", "Flo"]

    asyncio.run(flow())


def test_late_registration_plays_from_the_next_round(tally: Tally, tmp_path: Path) -> None:
    door(tally)
    tally.register("Cup", ["Ada", "Bea", "Cid", "Dee"])
    tally.draw("Cup")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "t")
            screen = app.screen
            assert isinstance(screen, TournamentScreen)
            assert line(screen, "tournament-title") == "Cup · round 1 of 3"
            assert line(screen, "tournament-entries") == "Round 2: 4 players"
            await keys(pilot, "r", *typed("Lea"), "enter")
            assert line(screen, "tournament-entries") == "Round 2: 5 players"
            await keys(pilot, "w", "ctrl+u", *typed("Dee"), "enter")
            assert line(screen, "tournament-entries") == "Round 2: 4 players · withdrawn: Dee"
            # the round drawn still seats Dee; Lea is not in it
            assert [r[0] for r in where(screen)] == ["Ada", "Bea", "Cid", "Dee"]

    asyncio.run(flow())
    assert tally.tournament("Cup").active(2) == ["Ada", "Bea", "Cid", "Lea"]


def test_registration_reads_and_writes_off_the_app_s_thread(tally: Tally,
                                                            tmp_path: Path) -> None:
    door(tally)
    calls = Calls()
    service = Watched(tally, calls, "service")

    async def flow() -> None:
        app = app_for(service, tmp_path)  # type: ignore[arg-type]
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            calls.armed = True
            await keys(pilot, "enter", "t")
            assert isinstance(app.screen, TournamentScreen)
            await keys(pilot, "r", *typed("Ada, Bea"), "enter", "w", "enter")
            await keys(pilot, "l", *typed(str(tmp_path / "none.csv")), "enter", "escape")
            calls.armed = False
        assert {"service.tournament_playing", "service.tournament", "service.register",
                "service.withdraw"} <= calls.made, sorted(calls.made)
        assert calls.on_ui_thread == [], "\n".join(calls.on_ui_thread)

    asyncio.run(flow())
    assert [e.withdrawn_from for e in tally.tournament("Cup").entries] == [1, None]


def test_the_table_screen_says_what_the_match_scores_at_time(tally: Tally,
                                                            tmp_path: Path) -> None:
    door(tally)
    tally.register("Cup", ["Ada", "Bea", "Cid", "Dee"])
    d, _ = tally.draw("Cup")
    tally.start_round("Cup")  # at the tests' fixed 2024 clock: long over
    first = d.tables[0]
    a, b = first.seats
    tally.add_deal(first.table_id, {"ending": "scored", "winner": b, "game_points": 2})

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "enter")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            title = line(screen, "table-title")  # type: ignore[arg-type]
            assert title.endswith(f" · Time is up: this match scores {a} 0, {b} 2 "
                                  "(game points 0:2)"), title

    asyncio.run(flow())


def test_tournament_registration_at_80x24(snap_compare: Any, tally: Tally,
                                          tmp_path: Path) -> None:
    door(tally)
    tally.register("Cup", ["Ada", "Bea", "Cid", "佐藤", "Eve"])
    tally.withdraw("Cup", "Eve")
    assert shoot(snap_compare, tally, tmp_path, "enter", "t", size=(80, 24))


def test_tournament_registration_at_80x24_in_japanese(snap_compare: Any, tally: Tally,
                                                      tmp_path: Path) -> None:
    door(tally)
    tally.register("Cup", ["Ada", "Bea", "Cid", "佐藤", "Eve"])
    tally.withdraw("Cup", "Eve")
    set_language("ja")
    try:
        assert shoot(snap_compare, tally, tmp_path, "enter", "t", size=(80, 24))
    finally:
        set_language("en")


def test_a_refused_registration_at_80x24(snap_compare: Any, tally: Tally,
                                         tmp_path: Path) -> None:
    door(tally)
    tally.register("Cup", ["Ada"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "t", "r", *typed("Ada"), "enter",
                 size=(80, 24))


def test_a_refused_registration_at_80x24_in_japanese(snap_compare: Any, tally: Tally,
                                                     tmp_path: Path) -> None:
    door(tally)
    tally.register("Cup", ["Ada"])
    set_language("ja")
    try:
        assert shoot(snap_compare, tally, tmp_path, "enter", "t", "r", *typed("Ada"),
                     "enter", size=(80, 24))
    finally:
        set_language("en")


def test_roster_members_are_offered_as_one_types(tally: Tally, tmp_path: Path) -> None:
    door(tally)
    offered = RosterSuggester(["Ada", "Bea", "Cid"])
    assert asyncio.run(offered.get_suggestion("Ada, c")) == "Ada, Cid"
    assert asyncio.run(offered.get_suggestion("アン、b")) == "アン、Bea"
    assert asyncio.run(offered.get_suggestion("Ada, ")) is None
    assert asyncio.run(offered.get_suggestion("Zed")) is None

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "t", "r", *typed("bea, c"), "right")
            assert app.screen.query_one("#field-players", Input).value == "bea, Cid"
            await keys(pilot, "enter")
            assert [r[0] for r in where(app.screen)] == ["Bea", "Cid"]  # type: ignore[arg-type]

    asyncio.run(flow())
