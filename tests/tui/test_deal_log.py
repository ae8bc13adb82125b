"""`DealLog.append_row` keeps a DataTable's caches across an append and measures the row at
once; the rows it appends must draw exactly as in a table filled at once, and the cursor
moved to one must scroll there at once. Rows away from the row cursor are cached wherever
the cursor is: they must draw exactly as a plain DataTable draws them, and a move must draw
only the rows it leaves and lands on (so a change in Textual's DataTable that breaks either
shortcut shows up here, not on a club night)."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable

from tui.widgets.deal_log import DealLog

COLUMNS = (("#", 4), ("", 1), ("Deal", 18), ("Ann", 6), ("Bea", 6))


def row(i: int) -> tuple[object, ...]:
    net = (i * 37) % 91 - 45
    return (Text(str(i + 1), justify="right"), "✎" if i % 4 == 0 else "", Text(f"deal {i + 1}"),
            Text(f"{net:+d}", style="green" if net > 0 else "red", justify="right"),
            Text("·", style="dim", justify="right"))


class Logs(App[None]):
    CSS = "DealLog { height: 12; }"

    def compose(self) -> ComposeResult:
        yield DealLog(id="appended", cursor_type="row", zebra_stripes=True)
        yield DealLog(id="filled", cursor_type="row", zebra_stripes=True)


def add_columns(*tables: DataTable[object]) -> None:
    for table in tables:
        for label, width in COLUMNS:
            table.add_column(label, key=label or "mark", width=width)


def drawn(log: DealLog) -> list[Strip]:
    return log.render_lines(Region(0, 0, log.size.width, log.size.height))


def test_appended_rows_draw_as_in_a_table_filled_at_once() -> None:
    async def run() -> None:
        app = Logs()
        async with app.run_test(size=(50, 24)) as pilot:
            appended, filled = app.query_one("#appended", DealLog), app.query_one("#filled",
                                                                                 DealLog)
            add_columns(appended, filled)
            for i in range(20):
                appended.add_row(*row(i), key=str(i))
            appended.move_cursor(row=19)
            await pilot.pause()
            before = drawn(appended)
            for i in range(20, 25):  # saved one by one, each drawn before the next
                appended.append_row(*row(i), key=str(i))
                appended.move_cursor(row=i)
                rows = appended.scrollable_content_region.height - appended.header_height
                assert appended.scroll_y <= i < appended.scroll_y + rows  # in view at once
                await pilot.pause()
            for i in range(25):
                filled.add_row(*row(i), key=str(i))
            filled.move_cursor(row=24)
            await pilot.pause()
            got = drawn(appended)
            filled.focus()  # drawn as the focused table, like `appended` was
            await pilot.pause()
            assert appended.virtual_size == filled.virtual_size
            assert appended.scroll_y == filled.scroll_y > 0  # scrolled to the last row
            assert got == drawn(filled)
            assert got != before

    asyncio.run(run())


def test_without_the_internals_it_adds_rows_the_plain_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.compat_textual as compat

    monkeypatch.setattr(compat, "_APPEND", (*compat._APPEND, "_gone_in_textual_9"))

    async def run() -> None:
        app = Logs()
        async with app.run_test(size=(50, 24)) as pilot:
            log, filled = app.query_one("#appended", DealLog), app.query_one("#filled", DealLog)
            add_columns(log, filled)
            for i in range(3):
                log.append_row(*row(i), key=str(i))
                filled.add_row(*row(i), key=str(i))
            await pilot.pause()
            assert log.row_count == 3 and log.get_row("2") == filled.get_row("2")

    asyncio.run(run())


class Plain(App[None]):
    CSS = "DataTable { height: 12; }"

    def compose(self) -> ComposeResult:
        yield DealLog(id="log", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="plain", cursor_type="row", zebra_stripes=True)


def test_a_cursor_move_draws_two_rows_again_and_all_as_a_plain_table() -> None:
    async def run() -> None:
        app = Plain()
        async with app.run_test(size=(50, 30)) as pilot:
            log, plain = app.query_one("#log", DealLog), app.query_one("#plain", DataTable)
            add_columns(log, plain)
            for table in (log, plain):
                for i in range(30):
                    table.add_row(*row(i), key=str(i))
            await pilot.pause()
            for target in (2, 5, 8, 3):  # moves within the first screen of rows
                log.move_cursor(row=target, animate=False)
                log.focus()
                await pilot.pause()
                drawn(log)  # the rows on screen are drawn and cached
                rows_drawn, lines_drawn = len(log._row_render_cache), len(log._line_cache)
                log.move_cursor(row=target + 1, animate=False)
                log.refresh()  # every line drawn again, as when a dialog over it closes
                got = drawn(log)
                # the row left and the row reached are drawn again (a line each, cached
                # under both keys); the other rows come from the caches
                assert len(log._row_render_cache) - rows_drawn <= 2
                assert len(log._line_cache) - lines_drawn <= 4
                plain.move_cursor(row=target + 1, animate=False)
                plain.focus()  # drawn as the focused table, like `log` was
                await pilot.pause()
                assert got == drawn(plain)

    asyncio.run(run())


def test_an_append_walks_no_row_and_places_rows_as_a_plain_table() -> None:
    """A save on a table of thousands of deals costs what it costs on one of forty: the
    append extends the rows in order and the line offsets instead of listing every row
    again, and a row's place is its index; both must agree with DataTable's own."""

    async def run() -> None:
        app = Plain()
        async with app.run_test(size=(50, 30)) as pilot:
            log, plain = app.query_one("#log", DealLog), app.query_one("#plain", DataTable)
            add_columns(log, plain)
            for table in (log, plain):
                for i in range(3000):
                    table.add_row(*row(i), key=str(i))
            await pilot.pause()
            ordered, offsets = log.ordered_rows, log._y_offsets
            walked: list[int] = []
            get_key = log._row_locations.get_key

            def counted(index: int) -> object:
                walked.append(index)
                return get_key(index)

            log._row_locations.get_key = counted  # type: ignore[method-assign]
            for i in range(3000, 3005):
                log.append_row(*row(i), key=str(i))
                log.move_cursor(row=i, animate=False)
                await pilot.pause()
            # the rows drawn are looked up, no more (`ordered_rows` walks all 3,000)
            assert len(walked) < 200, len(walked)
            assert log.ordered_rows is ordered and log._y_offsets is offsets
            del log._row_locations.get_key
            for i in range(3000, 3005):
                plain.add_row(*row(i), key=str(i))
            plain.move_cursor(row=3004, animate=False)
            await pilot.pause()
            assert [r.key for r in log.ordered_rows] == [r.key for r in plain.ordered_rows]
            assert log._y_offsets == plain._y_offsets
            for i in (0, 1, 17, 2999, 3004):
                assert log._get_row_region(i) == plain._get_row_region(i)
            assert log.virtual_size == plain.virtual_size and log.scroll_y == plain.scroll_y

    asyncio.run(run())
