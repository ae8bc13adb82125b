"""Japanese previews break their lines by kinsoku, not where Rich's width runs out.

Rich wraps at spaces and folds a run without spaces at any character, so a narrow preview
could break inside a number (`4` / `0点`) or start a line with `、`. `tui.widgets.kinsoku`
breaks Japanese text by `ledger.text.i18n.typography`; English is left to Rich, unchanged.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ledger.service import Tally
from ledger.text.i18n.typography import NO_START
from tui.i18n import set_language
from tui.widgets.kinsoku import Wrapped
from tui.widgets.preview import render_preview

from .conftest import FIVE, seed

# a Japanese preview's summary: numbers, Latin names and closing punctuation among CJK
SUMMARY = "ハートアローン ♥ Ann、40点 → −60、持ち越しの場は12チップ（卓1）。"
WORDS = ("Ann", "40", "−60", "12")  # a line may break between 12 and チップ, not inside 12


def lines_of(renderable: object, width: int) -> list[str]:
    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        console.print(renderable)
    return [line.rstrip() for line in captured.get().splitlines()]


def broken_badly(lines: list[str]) -> list[str]:
    """Lines that start with closing punctuation, and Latin words or numbers cut in two."""
    bad = [line for line in lines if line and line[0] in NO_START]
    joined = "\n".join(lines)
    for word in WORDS:
        if any(f"{word[:i]}\n{word[i:]}" in joined for i in range(1, len(word))):
            bad.append(word)
    return bad


def test_wrapped_japanese_never_breaks_a_word_or_starts_a_line_with_closing_punctuation() -> None:
    for width in range(10, 40):
        lines = lines_of(Wrapped(SUMMARY, "bold"), width)
        assert broken_badly(lines) == [], (width, lines)
        assert all(Text(line).cell_len <= width for line in lines)
        assert "".join(lines).replace(" ", "") == SUMMARY.replace(" ", "")


def test_rich_alone_breaks_the_same_text_badly() -> None:
    """What the preview did before: at some width Rich cuts a number or starts with `、`."""
    assert any(broken_badly(lines_of(Text(SUMMARY), width)) for width in range(10, 40))


def test_english_is_left_to_rich() -> None:
    text = "Heart-alone ♥ Ann, 40 → -60 with the pot carried over to the next deal"
    for width in (20, 33, 50):
        assert lines_of(Wrapped(text), width) == lines_of(Text(text), width)


def test_a_japanese_deal_preview_wraps_by_kinsoku(tally: Tally) -> None:
    _, table = seed(tally, deals=0)
    set_language("ja")
    try:
        preview = tally.preview_deal(table, {
            "contract": "heart-alone", "caller": "Ann", "trump": "hearts", "team_points": 40})
        summary = preview.shown()
        assert "−" not in summary and "-60" in summary  # the app adds the real minus sign
        for width in range(10, 30):  # Rich alone starts a line with ー at 10 and 11
            lines = lines_of(render_preview(preview, FIVE), width)
            head = lines[: lines.index("")]  # the summary, before the blank line
            assert all(line[0] not in NO_START for line in head if line), (width, head)
            assert "−60" in "".join(head) and "40点" in "".join(head), (width, head)
    finally:
        set_language("en")
