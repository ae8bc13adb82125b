"""Issue 27 item 11: no word or number cut at 80×24, in either language: the night screen's
Status column stays whole however long the seat lists (the seats give way, cut where a name
ends, "…")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from ledger.service import Tally
from tests.season_data import SEASON, build
from tui.i18n import set_language
from tui.screens.night import NightScreen

from .conftest import TODAY, app_for, keys, screen_lines, seed, settle, until


def fits(table: DataTable[object]) -> bool:
    """Every column of `table` inside the table's own area (nothing past its edge)."""
    widths = sum(c.width + 2 * table.cell_padding for c in table.ordered_columns)
    return widths <= table.scrollable_content_region.width


SEVEN = ["Annabel", "Beatrix", "Cidney", "Danielle", "Evelyn", "Fumiko", "Gustav"]


def night_of_long_tables(tally: Tally) -> None:
    for name in SEVEN:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.new_table(night, "hachihachi-trick", SEVEN)
    tally.new_table(night, "crazy-solo", SEVEN[:5])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_night_screens_status_column_is_whole_at_80(tally: Tally, tmp_path: Path,
                                                         lang: str) -> None:
    night_of_long_tables(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter")
                screen = app.screen
                assert isinstance(screen, NightScreen)
                table = screen.query_one("#tables", DataTable)
                widths = sum(c.width + 2 * table.cell_padding for c in table.ordered_columns)
                assert widths <= table.scrollable_content_region.width  # no column past
                status = table.columns["status"]
                cells = [str(table.get_cell_at(Coordinate(r, 5))) for r in range(table.row_count)]
                assert all(cells) and status.width >= max(map(cell_len, cells))
        finally:
            set_language("en")

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_removal_table_fits_the_new_table_form_at_80(tally: Tally, tmp_path: Path,
                                                          lang: str) -> None:
    """"none (24-card 9–A pack allowed)" wraps by words in its cell; Hand stays on screen."""
    from tui.widgets.removal import RemovalTable

    night_of_long_tables(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter", "n")
                table = app.screen.query_one(RemovalTable)
                widths = sum(c.width + 2 * table.cell_padding for c in table.ordered_columns)
                assert table.region.x + widths <= 80
                note = str(table.get_cell_at(Coordinate(0, 1)))
                assert note.endswith((")", "）"))  # the whole note, wrapped in its cell
                assert table.columns["removed"].width < cell_len(note)
        finally:
            set_language("en")

    asyncio.run(flow())


def test_the_japanese_season_at_80_is_whole(tally: Tally, tmp_path: Path) -> None:
    """The rank header 順位点 and the points 10.00 whole, dates as Japanese dates."""
    build(tally)
    tally.new_season(*SEASON, scoring="placement")

    async def flow() -> None:
        set_language("ja")
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "s")
                league = app.screen.query_one("#league", DataTable)
                record = app.screen.query_one("#record", DataTable)
                await until(pilot, lambda: record.row_count > 0
                            and "順位点" in screen_lines(app)[3])
                assert fits(league) and fits(record)
                lines = screen_lines(app)
                assert "2026年9月1日〜2026年11月30日" in lines[1]
                assert lines[3].split()[-1] == "順位点"
                assert lines[4].split()[-2:] == ["2026年9月19日", "19.00"]
                assert lines[12].split()[:4] == ["2026年9月5日", "1", "+50", "10.00"]
                assert "クレイジーソロ" in lines[11]
        finally:
            set_language("en")

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [80, 100])
def test_the_footer_shows_whole_keys_only(tally: Tally, tmp_path: Path, lang: str,
                                          width: int) -> None:
    """Every key in the footer has its label, whole; the palette key last and whole where
    it is shown; no lone bar (the keys that do not fit are left out, help stays)."""
    seed(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(width, 24)) as pilot:
                await settle(pilot)
                for pressed in ((), ("enter",), ("enter",)):
                    await keys(pilot, *pressed)
                    footer = screen_lines(app)[-1]
                    items = [i.strip() for i in footer.split("▏")]
                    shown = {b.key: b.description for _, b, _, _ in
                             app.screen.active_bindings.values()}
                    if items[-1].startswith("^p "):  # the palette key, where all fit beside it
                        assert items.pop() == f"^p {shown['ctrl+p']}"
                    assert items[-1].startswith("f1 ")
                    for item in items:
                        key, _, label = item.partition(" ")
                        assert key and label, footer
                        assert label in shown.values(), footer
        finally:
            set_language("en")

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [80, 100])
def test_the_preset_selector_stays_on_screen(tally: Tally, tmp_path: Path, lang: str,
                                             width: int) -> None:
    """Game and Preset side by side where they fit, Preset under Game where they do not
    (Japanese at 80): the selector and its ▼ never past the right edge; the removal
    table's headers whole (抜くカード)."""
    from textual.widgets import Select

    from tui.widgets.removal import RemovalTable

    seed(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(width, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter", "n")
                for select in app.screen.query(Select):
                    assert 0 < select.region.width and select.region.right <= width
                lines = screen_lines(app)
                assert sum(line.count("▼") for line in lines) == 2
                table = app.screen.query_one(RemovalTable)
                for column in table.ordered_columns:
                    assert column.width >= column.label.cell_len
        finally:
            set_language("en")

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_history_shows_every_seats_net_at_120(tally: Tally, tmp_path: Path, lang: str
                                              ) -> None:
    """Seven long names and a long reason: every seat's net whole on screen (the reason
    and the deal's summary give way, cut where a word ends)."""
    from tui.format import chips
    from tui.screens.history import HistoryScreen

    from .test_snapshots import table_with

    rounds = [{"indicator": "QS", "declarations": {"Annabel": "in", "Beatrix": "in",
                                                   "Cidney": "out", "Danielle": "in"},
               "tricks": {"Annabel": 3, "Beatrix": 2, "Danielle": 2}, "aces": {"Evelyn": 2}}]
    table = table_with(tally, "hachihachi-trick", SEVEN, rounds)
    deal = tally.deals(table)[-1]
    tally.correct_deal(deal.id, {**(deal.outcome or {}), "aces": {"Fumiko": 2}},
                       reason="the aces were Fumiko's, not Evelyn's, as the table agreed",
                       author="Annabel")
    nets = {n: v for n, v in tally.deals(table)[-1].nets.items()}

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(120, 36)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter", "enter", "h")
                assert isinstance(app.screen, HistoryScreen)
                log = app.screen.query_one("#revisions", DataTable)
                assert fits(log)
                lines = screen_lines(app)
                heads = lines[2].split()
                assert heads[-len(SEVEN):] == SEVEN
                last = lines[2 + log.row_count].split()
                assert last[-len(SEVEN):] == [str(chips(nets.get(n, 0))) for n in SEVEN]
        finally:
            set_language("en")

    asyncio.run(flow())


GAMES = [("hachihachi-trick", ["Ann", "Bea", "Cid"]), ("schnapsen", ["Ann", "Bea"]),
         ("sixty-six", ["Cid", "Dan"]), ("sixty-six-three", ["Ann", "Bea", "Cid"]),
         ("sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])]
WALK: dict[str, tuple[str, ...]] = {
    "nights": (), "roster": ("r",), "help": ("f1",), "night": ("enter",),
    "settlement": ("enter", "s"), "new-table": ("enter", "n"),
    "history": ("enter", "enter", "h"), "season": ("s",)}
for _i, _game in enumerate(["crazy-solo"] + [g for g, _ in GAMES]):
    WALK[f"table-{_game}"] = ("enter", *["down"] * _i, "enter")
    WALK[f"form-{_game}"] = ("enter", *["down"] * _i, "enter", "a")


def every_game_night(tally: Tally) -> None:
    """The five-seat Crazy Solo night of the snapshots, a table of every other game beside
    it, and a season over it."""
    night, _ = seed(tally)
    for game, seats in GAMES:
        tally.new_table(night, game, seats)
    tally.new_season("Autumn 2024", "2024-09-01", "2024-11-30", scoring="placement")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("screen", list(WALK))
def test_no_screen_cuts_a_word_at_80(tally: Tally, tmp_path: Path, lang: str,
                                     screen: str) -> None:
    """Every screen at 80×24: every table's columns inside it and every column's header on
    screen whole; the footer's keys whole, each with its label, no lone bar."""
    every_game_night(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, *WALK[screen])
                lines = screen_lines(app)
                text = "\n".join(lines)
                for table in app.screen.query(DataTable):
                    if not table.display or not table.ordered_columns:
                        continue
                    assert fits(table), (table.id, text)
                    for column in table.ordered_columns:
                        label = column.label.plain.strip()
                        assert not label or label in text, (table.id, label, text)
                footer = lines[-1]
                assert "▏▏" not in footer and not footer.rstrip().endswith("▏"), footer
                for item in (i.strip() for i in footer.split("▏")):
                    key, _, label = item.partition(" ")
                    assert key and label.strip(), footer
        finally:
            set_language("en")

    asyncio.run(flow())
