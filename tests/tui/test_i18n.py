"""Every text the app shows has an English entry; other languages fall back to English.

(The catalogues themselves: tests/test_catalogues.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.binding import Binding

import tui
from tui.i18n import keys, language, plural, set_language, t, term

EN = keys("en")

TUI = Path(tui.__file__).parent


def literal_keys() -> set[str]:
    """Keys passed as string literals to t(), plural() or i18n-keyed bindings."""
    keys: set[str] = set()
    for path in TUI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            first = node.args[0]
            if name in ("t", "plural") and isinstance(first, ast.Constant):
                suffixes = (".one", ".other") if name == "plural" else ("",)
                keys |= {first.value + s for s in suffixes}
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                        and arg.value.startswith(("key.", "help.")):
                    keys.add(arg.value)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(getattr(t_, "id", "") == "HELP"
                                                    for t_ in node.targets):
                if isinstance(node.value, ast.Constant) and node.value.value:
                    keys.add(node.value.value)
    return keys


def test_every_literal_key_has_english_text() -> None:
    plurals = {k.rsplit(".", 1)[0] for k in literal_keys() if k.endswith((".one", ".other"))}
    missing = sorted(k for k in literal_keys()
                     if k not in EN and k.rsplit(".", 1)[0] not in plurals)
    missing += sorted(k for k in plurals if k not in EN)
    assert missing == []


def test_every_palette_action_is_described() -> None:
    from tui.forms.base import DealForm
    from tui.forms.new_table import NewTableModal
    from tui.screens.night import NightScreen
    from tui.screens.nights import NightsScreen
    from tui.screens.roster import RosterScreen
    from tui.screens.season import SeasonScreen
    from tui.screens.table import TableScreen
    from tui.screens.welcome import WelcomeScreen

    screens = (DealForm, NewTableModal, NightScreen, NightsScreen, RosterScreen, SeasonScreen,
               TableScreen, WelcomeScreen)
    for screen in screens:
        assert screen.PALETTE, screen
        for action in screen.PALETTE:
            assert f"palette.{action}" in EN and f"palette.{action}.help" in EN, action
            assert hasattr(screen, f"action_{action}"), (screen, action)


def test_bindings_are_translated_when_a_node_is_built() -> None:
    from tui.keys import localized

    b = localized(Binding("a", "add_deal", "key.add_deal",
                          group=Binding.Group("key.contract")))
    assert (b.description, b.group and b.group.description) == ("Add deal", "Contract")
    assert localized(Binding("x", "y", "Plain")).description == "Plain"  # Textual's own


def test_languages_fall_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.text.i18n import catalog

    ja = catalog.translations("ja")
    monkeypatch.delitem(ja._catalog, "roster.title")
    try:
        set_language("ja")
        assert language() == "ja"
        assert t("nights.title") == "クラブの夜"
        assert t("roster.title") == "The club's roster"  # a text left out: English
    finally:
        set_language("en")
    with pytest.raises(ValueError):
        set_language("xx")
    with pytest.raises(KeyError):
        t("no.such.key")
    assert t("no.such.key", default="") == ""


def test_plurals_and_terms() -> None:
    assert plural("table.deal_count", 1) == "1 deal"
    assert plural("table.deal_count", 3) == "3 deals"
    try:
        set_language("ja")
        assert plural("table.deal_count", 1) == "1ディール"  # one form in Japanese
    finally:
        set_language("en")
    assert term("ooba") == "Ooba 大場"  # both words, in every language


def test_every_game_has_a_rules_summary_and_a_title() -> None:
    from ledger.domain.rules import GAMES

    for name in GAMES:
        assert f"rules.{name}" in EN, name
        assert f"game.{name}" in EN, name


def test_every_slot_a_form_shows_or_a_rule_names_has_a_label() -> None:
    """"Next: …" and the labels name the slots in both languages."""
    from tui.forms.registry import _GAMES

    for ui in _GAMES.values():
        slots = {*ui.form.ERROR_SLOTS.values(), *ui.form.FIELD_ORDER}
        for slot in slots:
            assert f"slot.{slot}" in EN, (ui.form.__name__, slot)
    for ending in ("claim", "close", "exhausted", "scored", "played"):
        assert f"ending.{ending}" in EN


def test_terms_put_the_current_language_first() -> None:
    try:
        set_language("ja")
        assert term("ooba") == "大場 Ooba"
        assert t("key.declare_in") == "出る in"
    finally:
        set_language("en")
    assert term("forced_out") == "forced out 降ろされ"
