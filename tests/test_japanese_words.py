"""Issue 27 item 12: Japanese screens say the Hachi-Hachi indicator as players do (めくり札,
not 表札, a door nameplate) and a card as words (ハートのA), never a code like "AH"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ledger.domain.rules import RuleError
from ledger.domain.rules.cards import Card
from ledger.text.i18n import set_language, t
from ledger.text.i18n.errors import render_message


@pytest.fixture
def japanese() -> Iterator[None]:
    set_language("ja")
    yield
    set_language("en")


def test_the_indicator_is_the_turned_card(japanese: None) -> None:
    assert t("slot.indicator") == "めくり札"
    from ledger.text.i18n import keys, text
    assert not [k for k in keys("ja") if "表札" in (text(k, "ja") or "")]


def test_a_card_in_a_japanese_refusal_is_said_in_words(japanese: None) -> None:
    exc = RuleError("hands.P2", "hh.card_is_indicator", card=Card("A", "H"))
    assert render_message(exc) == "ハートのA はめくり札で、誰の手札でもありません"
    twice = RuleError("hands.P2", "card_twice", card=Card("10", "C"))
    assert render_message(twice) == "クラブの10 が2回あります"


def test_english_keeps_its_message() -> None:
    exc = RuleError("hands.P2", "hh.card_is_indicator", card=Card("A", "H"))
    assert render_message(exc) == "AH is the indicator, which belongs to nobody"
