"""Issue 24: the phone's Hachi-Hachi form says beside the indicator what it makes (Ooba 大場
×2, Zetsuba 絶場 ×4, from the engine's facts), and before that which ranks make them; as
the indicator is typed (the page's script) and after the plain form's round trip (no
script). Chromium emulating a phone, by taps."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import stop_room
from .phone_room import PHONE, PhoneRoom, phone, shot, start
from .test_phone_entry import sign_in

SCALE_EN = "Ooba 大場 ×2: 10 J Q · Zetsuba 絶場 ×4: A K"
SCALE_JA = "大場 Ooba ×2：10 J Q · 絶場 Zetsuba ×4：A K"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    started = start(tmp_path_factory.mktemp("indicator") / "club.sqlite3")
    try:
        yield started
    finally:
        stop_room(started.process)


def indicator(page: Page, card: str, name: str = "Indicator") -> None:
    """Tap the indicator's box and type `card` in place of what it held."""
    box = page.get_by_role("textbox", name=name, exact=True)
    box.tap()
    box.fill("")
    page.keyboard.type(card)


def test_the_indicator_says_ooba_or_zetsuba_as_it_is_typed(room: PhoneRoom,
                                                           browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[2], "Rin")
        said = page.locator("fieldset[data-field=indicator] p.said")
        expect(said).to_have_text(SCALE_EN)  # before a card: which ranks make what
        indicator(page, "QS")
        expect(said).to_have_text("Ooba 大場 ×2", timeout=10000)
        indicator(page, "ah")
        expect(said).to_have_text("Zetsuba 絶場 ×4", timeout=10000)
        shot(page, room, "hachi-indicator")
        indicator(page, "7h")  # neither: the scale again
        expect(said).to_have_text(SCALE_EN, timeout=10000)
        indicator(page, "10d")
        expect(said).to_have_text("Ooba 大場 ×2", timeout=10000)
        assert said.is_visible()
        assert said.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 16
    finally:
        ctx.close()


def test_without_script_the_form_s_round_trip_says_it(room: PhoneRoom,
                                                      browser: Browser) -> None:
    ctx = browser.new_context(**PHONE, locale="en-GB",  # type: ignore[arg-type]
                              java_script_enabled=False)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[2], "Rin")
        said = page.locator("fieldset[data-field=indicator] p.said")
        expect(said).to_have_text(SCALE_EN)
        indicator(page, "KD")
        page.get_by_role("button", name="Update the form").tap()
        page.wait_for_load_state()
        expect(said).to_have_text("Zetsuba 絶場 ×4")
        expect(page.get_by_role("textbox", name="Indicator", exact=True)).to_have_value("KD")
    finally:
        ctx.close()


def test_in_japanese(room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser, locale="ja-JP")
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[2], "りん")
        said = page.locator("fieldset[data-field=indicator] p.said")
        expect(said).to_have_text(SCALE_JA)
        indicator(page, "JC", name="めくり札")
        expect(said).to_have_text("大場 Ooba ×2", timeout=10000)
        indicator(page, "KS", name="めくり札")
        expect(said).to_have_text("絶場 Zetsuba ×4", timeout=10000)
    finally:
        ctx.close()
