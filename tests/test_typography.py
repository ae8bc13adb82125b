"""Japanese line breaking (kinsoku), display-width labels, locale dates, chips and money."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from ledger.text.i18n.formats import date_text, money_text, rate_text, signed
from ledger.text.i18n.typography import NO_END, NO_START, script_groups, units, wrap, wrap_markdown
from ledger.text.textwidth import width


def test_japanese_breaks_between_characters_with_kinsoku() -> None:
    assert wrap("手役は配られた7枚で決まります。", 10) == ["手役は配ら", "れた7枚で",
                                                     "決まりま", "す。"]
    # a closing bracket, a comma or a small kana never starts a line; an opening one never
    # ends it
    text = "大場の「場札」は、ちょっと"
    assert wrap(text, 8) == ["大場の", "「場札」", "は、", "ちょっと"]
    assert wrap(text, 6) == ["大場の", "「場", "札」", "は、", "ちょっ", "と"]


def test_words_and_numbers_are_never_broken() -> None:
    assert wrap("Ann pays Bea 25 chips", 9) == ["Ann pays", "Bea 25", "chips"]
    assert wrap("合計は−1250点です", 8) == ["合計は", "−1250点", "です"]
    assert wrap("スタP start player", 10) == ["スタP", "start", "player"]


@given(st.text(alphabet="あいうえお。、「」ー12 abc", max_size=40)
       | st.text(alphabet="あいうえお。、「」ーっ12abc", max_size=40), st.integers(4, 20))
def test_no_line_is_too_wide_and_no_kinsoku_rule_is_broken(text: str, size: int) -> None:
    lines = wrap(text, size)
    assert all(width(line) <= size for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").strip()
    if " " in text or any(width(u) > size for u in units(text)):
        return  # a space is a break of its own; a run longer than a line is cut by columns
    for line in lines[1:]:
        assert not line or line[0] not in NO_START
    for line in lines[:-1]:
        assert not line or line[-1] not in NO_END


def test_markdown_is_broken_by_what_it_shows() -> None:
    md = ("# 見出し\n\n**F1** か **?** でヘルプ、`tally calc` の JSON。\n\n"
          "- **i** 出る in を宣言します")
    out = wrap_markdown(md, 16)
    assert out.startswith("# 見出し\n\n")
    assert "`tally calc`" in out  # a code span stays whole
    assert "\\\n" in out  # hard breaks
    assert wrap_markdown("English stays as it is.", 5) == "English stays as it is."


def test_labels_break_between_their_languages() -> None:
    assert script_groups("スタP start player") == ["スタP", "start player"]
    assert script_groups("hand roles 手役", 12) == ["hand roles", "手役"]
    assert script_groups("hand roles 手役", 20) == ["hand roles 手役"]


def test_dates_chips_and_money_by_language() -> None:
    assert date_text("2026-12-01", "ja") == "2026年12月1日"
    assert date_text("2026-12-01", "en") == "2026-12-01"
    assert signed(-25) == "−25" and signed(25) == "+25" and signed(0) == "0"
    assert money_text(Decimal("350"), "JPY", "ja") == "￥350"
    assert money_text(Decimal("1234.5"), "EUR", "ja") == "€1,234.50"
    assert money_text(Decimal("-0.25"), "EUR", "en") == "-€0.25"  # as English always had it
    assert rate_text(Decimal("0.125"), "EUR", "ja") == "€0.125"  # every digit of the rate
    assert rate_text(Decimal("10"), "JPY", "ja") == "￥10"
    assert rate_text(Decimal("10"), "JPY", "en") == "¥10"
