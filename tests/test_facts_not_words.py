"""Facts, not sentences: a deal's stored summary is history, never compared.
A change of wording — in the English catalogue, or in an engine's own summary — never fails
`check`, and a correction never writes a revision for a deal whose facts stay the same."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ledger.domain.rules import crazy_solo
from ledger.service import Tally
from ledger.text.i18n import catalog
from ledger.text.problems import problem_text

SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]
SOLO = {"contract": "solo", "caller": "Bea", "trump": "clubs", "partner": "Dan",
        "team_points": 73}


def crazy_table(service: Tally) -> int:
    for name in SEATS:
        service.add_player(name)
    night = service.new_night("2026-11-29")
    table = service.new_table(night, "crazy-solo", SEATS)
    service.add_deals(table, [SOLO, {"contract": "pass"}, {**SOLO, "team_points": 40}])
    return table


@pytest.fixture
def reworded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A copy of the catalogues where "All passed" reads "Everyone passed"."""
    copy = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.mo", "*.tmp"))
    po = copy / "en" / "LC_MESSAGES" / "tally.po"
    text = po.read_text()
    assert 'msgstr "All passed"' in text
    po.write_text(text.replace('msgstr "All passed"', 'msgstr "Everyone passed"'))
    monkeypatch.setattr(catalog, "LOCALE_DIR", copy)
    catalog.translations.cache_clear()
    yield
    catalog.translations.cache_clear()


def test_check_is_clean_after_the_catalogue_s_wording_changes(service: Tally,
                                                              request: Any) -> None:
    table = crazy_table(service)  # a ledger made before the change
    assert service.check() == []
    request.getfixturevalue("reworded")
    assert service.deals(table)[1].shown() == "Everyone passed"  # the copy is in use
    assert service.check() == []


def test_check_is_clean_after_an_engine_s_wording_changes(
        service: Tally, monkeypatch: pytest.MonkeyPatch) -> None:
    crazy_table(service)
    monkeypatch.setitem(crazy_solo.TITLES, "solo", "Solo game")
    assert service.check() == []  # the stored "Solo ♣ …" is history


def test_a_correction_writes_no_revision_where_only_words_changed(
        service: Tally, monkeypatch: pytest.MonkeyPatch, request: Any) -> None:
    table = crazy_table(service)
    request.getfixturevalue("reworded")
    monkeypatch.setitem(crazy_solo.TITLES, "solo", "Solo game")
    first = service.deals(table)[0]
    assert service.correct_deal(first.id, {**SOLO, "team_points": 80}, reason="recount") == 0
    assert [d.kind for d in service.deals(table)] == ["correct", "record", "record"]
    assert [d.revision for d in service.deals(table)] == [2, 1, 1]
    assert service.check() == []


def test_problems_are_records_worded_in_the_language_in_use(service: Tally) -> None:
    import sqlite3

    from ledger.text.i18n import set_language

    table = crazy_table(service)
    con = sqlite3.connect(service.db.path)
    with con:
        con.execute("UPDATE transfer SET amount = amount + 5 WHERE revision_id = (SELECT "
                    "r.id FROM revision r JOIN deal d ON d.id = r.deal_id WHERE "
                    "d.table_id = ? AND d.number = 1)", (table,))
    con.close()
    # the transfer's problem, then the night's kept sums that no longer match it (each
    # game's, then each player's night over every game)
    problem, *sums = service.check()
    assert sums and {x.code for x in sums} == {"sum_differs", "night_total_differs"}
    assert (problem.code, problem.table, problem.deal) == ("transfers_differ", table, 1)
    assert problem_text(problem) == f"table {table} deal 1: stored transfers differ from the rules"
    set_language("ja")
    try:
        assert problem_text(problem) == (f"卓{table} ディール 1：保存された移動がルールと"
                                         "違います")
    finally:
        set_language("en")
