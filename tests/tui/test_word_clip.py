"""A deal's summary in a narrow log column is cut where a word ends, never inside a number:
"Heart Solo ♥ Ann + Eve, 52 → −25" is never shown as "…, 5…" (a believable 5)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from tui.format import WordClipped, clip_words

SUMMARIES = ["Heart Solo ♥ Ann + Eve, 52 → −25", "Solo ♣ Bea + Dan, 73 → 25",
             "Q♠ ×2 · in Bea Dan Eve · tricks 3-1-3 · pot 10 → Bea",
             "Dan claims, 66–40 → Dan 1; Dan 6 – Zoë 7", "ソロ ♣ Bea + Dan、73点 → 25"]


@given(st.sampled_from(SUMMARIES), st.integers(min_value=3, max_value=60))
def test_a_clipped_summary_keeps_whole_words_and_fits(summary: str, width: int) -> None:
    shown = clip_words(Text(summary), width).plain
    assert cell_len(shown) <= width
    if shown == summary:
        return
    assert shown.endswith("…")
    words = summary.split()
    kept = shown.removesuffix("…").split()
    if len(kept) > 1 or (kept and kept[0] in words):  # more than one long first word
        assert all(w.rstrip(",、") in [x.rstrip(",、") for x in words] for w in kept)


def test_the_log_draws_the_clipped_text() -> None:
    from rich.console import Console

    console = Console(width=28, color_system=None)  # as a DataTable draws a cell
    lines = console.render_lines(WordClipped("Heart Solo ♥ Ann + Eve, 52 → −25"),
                                 console.options.update_width(28))
    assert ["".join(seg.text for seg in line).rstrip() for line in lines] == [
        "Heart Solo ♥ Ann + Eve, 52 …"]
