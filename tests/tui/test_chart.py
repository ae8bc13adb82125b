"""The running chart keeps the lists it is shown: a table screen appends a deal's totals to
them and shows them again, and the chart must then draw exactly what a chart shown the
whole lists afresh draws (its low and high looked at only for the new totals)."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from tui.widgets.chart import RunningChart


class Charts(App[None]):
    CSS = "RunningChart { height: 10; width: 60; }"

    def compose(self) -> ComposeResult:
        yield RunningChart(id="kept")
        yield RunningChart(id="fresh")


def test_totals_appended_in_place_draw_as_totals_shown_afresh() -> None:
    async def run() -> None:
        app = Charts()
        async with app.run_test(size=(60, 24)) as pilot:
            kept, fresh = app.query_one("#kept", RunningChart), app.query_one("#fresh",
                                                                            RunningChart)
            totals = {"Ann": [5, 10, 3], "Bea": [-5, -10, -3]}
            kept.show(totals)
            await pilot.pause()
            for ann, bea in ((40, -40), (-90, 90), (2, -2)):  # a new high, then a new low
                totals["Ann"].append(ann)
                totals["Bea"].append(bea)
                kept.show(totals)
                fresh.show({name: list(values) for name, values in totals.items()})
                await pilot.pause()
                assert kept.render() == fresh.render()
                high = max(totals["Ann"] + totals["Bea"])  # the axis runs from −high to +high
                legend, axis = str(kept.render()).split("\n", 1)  # the legend comes first
                assert legend.split() == ["━", "Ann", f"{totals['Ann'][-1]:+}".replace("-", "−"),
                                          "━", "Bea", f"{totals['Bea'][-1]:+}".replace("-", "−")]
                assert axis.startswith(f"+{high}┤")
                assert f"−{high}┤" in str(kept.render())

    asyncio.run(run())
