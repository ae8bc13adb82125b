"""Issue 38 item 10: every screen, in English and Japanese, at 80×24 and at 120×36, shows its
words whole, breaks its lines where the language allows, and gives a list the room it needs.

The rules, as the screen shows them (its lines as text, cut into chunks at two or more
spaces and at box and block characters: a chunk is what one cell, label or paragraph line
shows):

- **No cut word.** A chunk (or its tail from a space on) that is the beginning of a
  catalogue text the app looked up (the literal parts between its placeholders), and stops
  inside a word of it or after two or more of its words, is a cut, unless the next line
  goes on with the rest (a wrapped line) or the chunk is itself a whole catalogue text
  ("Table" beside "Tables"). An ellipsis after a word's beginning is a cut too
  (`Sato 降ろされ force…`); a word-clipped summary ending at a whole word is not.
- **Kinsoku.** No chunk starts with closing punctuation, a small kana or the long-vowel
  mark (`」列）`, `ックも可）`).
- **Room for lists.** A list (DataTable, OptionList) that hides rows (it scrolls) while a
  list beside it in the same panel shows two or more empty rows, or three or more blank
  lines stand under it, has been given the wrong height. Every table's columns inside it,
  each header on screen whole.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, OptionList, Select

import ledger.text.i18n as i18n
from ledger.service import Tally
from ledger.text.i18n.catalog import messages
from tests.season_data import SEASON, build
from tui.i18n import TERMS, set_language

from .conftest import app_for, keys, screen_lines, settle
from .test_nothing_cut import WALK, every_game_night, fits

SIZES = [(80, 24), (120, 36)]
SEPARATORS = re.compile("[ ]{2,}|[\u2500-\u259f\u25b2-\u25bc]")
PLACEHOLDER = re.compile(r"\{[^}]*\}|%\(?\w*\)?[sd]|\n")
SMALL_KANA = "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
NO_START = set("、。，．,.)）」』】〕〉》］｝ー") | set(SMALL_KANA)
SEVEN = ["Kenji", "Mari", "Sato", "Yuki", "Taro", "Otto", "Vera"]


def top_lines(app: Any) -> list[str]:
    """What the screen on top shows, line by line; of a dialog, only what the dialog draws
    (a word it covers on the screen below is not a cut)."""
    lines = screen_lines(app)
    screen = app.screen
    if not isinstance(screen, ModalScreen):
        return lines
    boxes = [w.region for w in screen.children if w.display and not isinstance(w, Footer)]
    box = Region.from_union(boxes) if boxes else Region()
    return [cells(line, box.x, box.right) if box.y <= y < box.bottom or y == len(lines) - 1
            else "" for y, line in enumerate(lines)]


def segments(text: str) -> Iterator[str]:
    """The literal runs of a catalogue text, between its placeholders and line ends."""
    for piece in PLACEHOLDER.split(text.replace("*", "").replace("`", "")):
        piece = " ".join(piece.split())
        if cell_len(piece) >= 2 and any(ch.isalpha() for ch in piece):
            yield piece


@cache
def whole(lang: str) -> frozenset[str]:
    """Every literal run of the language's catalogue and terms: a chunk that is one of them
    is a whole text, never a cut."""
    found = {s for text in messages(lang).values() for s in segments(text)}
    found |= {s for pair in TERMS.values() for word in pair for s in segments(word)}
    return frozenset(found)


def chunks(line: str) -> list[str]:
    return [c.strip() for c in SEPARATORS.split(line) if c.strip()]


def cut_words(lines: list[str], used: set[str], lang: str) -> list[str]:
    found = []
    for y, line in enumerate(lines):
        below = chunks(lines[y + 1]) if y + 1 < len(lines) else []
        for chunk in chunks(line):
            clipped = chunk.endswith("…")
            body = chunk.rstrip("…").rstrip()
            starts = [0] + [i + 1 for i, ch in enumerate(body) if ch == " "]
            for start in starts:
                tail = body[start:]
                if cell_len(tail) < 2 or tail in whole(lang):
                    continue
                for text in used:
                    if len(text) <= len(tail) or not text.startswith(tail):
                        continue
                    mid_word = text[len(tail)] != " "
                    if not (mid_word or len(tail.split()) >= 2):
                        continue
                    rest = text[len(tail):].lstrip()[:3]
                    if not clipped and any(c.startswith(rest) for c in below):
                        continue  # wrapped: the next line goes on
                    if clipped and not mid_word:
                        continue  # clipped after a whole word, as a summary gives way
                    found.append(f"{chunk!r} of {text!r}")
                    break
    return found


def bad_starts(lines: list[str]) -> list[str]:
    return [f"{c!r} in {line.strip()!r}" for line in lines for c in chunks(line)
            if c[0] in NO_START]


def cells(line: str, left: int, right: int) -> str:
    """The part of `line` drawn in columns left..right-1."""
    out, x = [], 0
    for ch in line:
        if left <= x < right:
            out.append(ch)
        x += cell_len(ch)
    return "".join(out)


def empty_rows(widget: Widget) -> int:
    count = widget.option_count if isinstance(widget, OptionList) else getattr(
        widget, "row_count", 0)
    header = 1 if isinstance(widget, DataTable) and widget.show_header else 0
    return max(0, widget.scrollable_content_region.height - header - count)


def crowded_lists(screen: Any, lines: list[str]) -> list[str]:
    lists = [w for w in screen.query("DataTable, OptionList")
             if w.display and w.region.height > 0 and not w.has_class("-textual-system")]
    roomy = [w for w in lists if empty_rows(w) >= 2]
    found = []
    for w in lists:
        if w.max_scroll_y <= 0:
            continue
        blank = 0
        for y in range(w.region.bottom, len(lines) - 1):
            if cells(lines[y], w.region.x, w.region.right).strip():
                break
            blank += 1
        beside = [r for r in roomy if r is not w and r.parent is w.parent]
        if blank >= 3 or beside:
            found.append(f"#{w.id} hides rows ({w.max_scroll_y} more) beside "
                         f"{blank} blank lines, roomy lists {[r.id for r in beside]}")
    return found


def columns_cut(screen: Any, text: str, width: int) -> list[str]:
    found = []
    for table in screen.query(DataTable):
        if not table.display or not table.ordered_columns or table.region.height == 0:
            continue
        if not fits(table) or table.region.right > width:
            found.append(f"#{table.id}: columns past its edge")
        for column in table.ordered_columns:
            label = column.label.plain.strip()
            if label and label not in text:
                found.append(f"#{table.id}: header {label!r} not whole")
    return found


ISSUE_TEXTS = {"降ろされ forced out", "手役 hand roles", "ゲーム点差", "クレイジーソロ", "Table",
               "この卓で固定する手役 hand roles（値：出る / 降ろされ）",
               "The hand roles 手役 this table will freeze (values: in, forced out)"}


@pytest.mark.parametrize("line", [
    " Otto  Sato 降ろされ force…  ", " 手役 hand  ", "│ この卓で固定する手役 hand roles（",
    " The hand roles 手役 this table wil", "#  プレイヤー  得点  ブッフホルツ  ゲー",
    " 順位点  クレイジー  ", " Ta  Rev  "])
def test_the_rule_finds_the_issues_cuts(line: str) -> None:
    """Issue 38's examples, each as the screen drew it, are cuts by the rule."""
    assert cut_words([line, ""], ISSUE_TEXTS, "ja" if "手" in line else "en")


def test_a_wrapped_line_or_a_whole_text_is_no_cut() -> None:
    wrapped = [" The hand roles 手役 this table", " will freeze (values: in, forced out)"]
    assert cut_words(wrapped, ISSUE_TEXTS, "en") == []
    assert cut_words([" ゲーム点差  クレイジーソロ  Table", ""], ISSUE_TEXTS, "ja") == []
    assert bad_starts(["  」列）を見る", " ックも可）", " ー"]) == [
        "'」列）を見る' in '」列）を見る'", "'ックも可）' in 'ックも可）'", "'ー' in 'ー'"]


# ---- the screens ---------------------------------------------------------------------------

Step = str | Callable[[Pilot[Any]], Any]


def choose_hachihachi(pilot: Pilot[Any]) -> None:
    pilot.app.screen.query_one("#game", Select).value = "hachihachi-trick"


def many_tables(tally: Tally) -> None:
    """Four five-seat Crazy Solo tables: a settlement of many unpaid lines."""
    from .conftest import DEALS, TODAY

    night = tally.new_night(TODAY.isoformat(), "The Crown")
    for n in range(4):
        names = [f"{name}{n}" for name in ("Ann", "Bea", "Cid", "Dan", "Eve")]
        for name in names:
            tally.add_player(name)
        table = tally.new_table(night, "crazy-solo", names)
        tally.add_deals(table, [{**d, **{k: f"{d[k]}{n}" for k in ("caller", "partner")
                                         if k in d}} for d in DEALS[: 2 + n]])


def seven_hachihachi(tally: Tally) -> None:
    every_game_night(tally)
    for name in SEVEN:
        tally.add_player(name)
    tally.new_table(tally.nights()[-1].id, "hachihachi-trick", SEVEN)


def cup(tally: Tally) -> None:
    from .conftest import TODAY

    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.new_tournament("Cup", "schnapsen", 3, "swiss", round_minutes=30, seed="tui",
                         night=night)
    tally.register("Cup", ["Zoe", "Ada", "Mio", "Ben", "Kai"])
    d, _ = tally.draw("Cup")
    tally.start_round("Cup")
    first = d.tables[0]
    for points in (3, 3, 1):
        tally.add_deal(first.table_id, {"ending": "scored", "winner": first.seats[0],
                                        "game_points": points})


def season(tally: Tally) -> None:
    build(tally)
    tally.new_season(*SEASON, scoring="placement")


CASES: dict[str, tuple[Callable[[Tally], None], tuple[Step, ...]]] = {
    name: (every_game_night, steps) for name, steps in WALK.items()}
CASES |= {
    "form-hachihachi-forced-out": (seven_hachihachi, (
        "enter", *["down"] * 6, "enter", "a", "q", "s", "o", "i", "o", "i", "i")),
    "new-table-hachihachi": (every_game_night, ("enter", "n", choose_hachihachi)),
    "settlement-many": (many_tables, ("enter", "s")),
    "tournament": (cup, ("enter", "t")),
    "season-of-nights": (season, ("s",)),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("case", list(CASES))
def test_every_screen_shows_its_words_whole(tally: Tally, tmp_path: Path, lang: str,
                                            size: tuple[int, int], case: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    setup, steps = CASES[case]
    setup(tally)
    looked_up: set[str] = set()
    lookup = i18n._lookup

    def recording(lang_: str, key: str) -> str | None:
        found = lookup(lang_, key)
        if found is not None and lang_ == lang:
            looked_up.add(found)
        return found

    monkeypatch.setattr(i18n, "_lookup", recording)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=size) as pilot:
                await settle(pilot)
                for step in steps:
                    if isinstance(step, str):
                        await keys(pilot, step)
                    else:
                        step(pilot)
                        await settle(pilot)
                app.clear_notifications()
                await settle(pilot)
                lines = top_lines(app)
                used = {s for text in looked_up for s in segments(text)}
                used |= {s for pair in TERMS.values() for s in segments(
                    f"{pair[1]} {pair[0]}" if lang == "ja" else f"{pair[0]} {pair[1]}")}
                problems = (cut_words(lines, used, lang) + bad_starts(lines)
                            + crowded_lists(app.screen, lines)
                            + columns_cut(app.screen, "\n".join(lines), size[0]))
                assert not problems, "\n".join([*problems, *lines])
        finally:
            set_language("en")

    asyncio.run(flow())
