"""A tournament's printable pages: table cards with the table's QR code, draw
slips, score sheets and the ranking, as HTML for A4 paper."""

from __future__ import annotations

import re

import pytest

from ledger.service import Tally
from tui.i18n import set_language
from tui.serve.print_pages import KINDS, page_for


def cup(service: Tally) -> None:
    night = service.new_night("2026-12-01", "Club")
    service.new_tournament("Cup", "schnapsen", 2, "swiss", round_minutes=30, seed="print",
                           night=night)
    service.register("Cup", ["Zoe", "Ada", "Mio", "Ben", "Kai"])
    service.draw("Cup")


def test_table_cards_one_page_each_with_the_tables_qr_code(service: Tally) -> None:
    cup(service)
    html = page_for(service, 1, "cards", lambda n: f"http://host/t/{n}?key=K{n}")
    assert html is not None
    assert "@page { size: A4; margin: 12mm; }" in html
    cards = re.findall(r'<section class="card" data-table="(\d+)">(.*?)</section>', html)
    assert [n for n, _ in cards] == ["1", "2"]  # five players: two tables and a bye
    seats = [re.findall(r"<li>(\w+)</li>", body) for _, body in cards]
    assert sorted(p for s in seats for p in s) == sorted(
        set("Zoe Ada Mio Ben Kai".split()) - {service.tournament_rounds("Cup")[0].byes[0]})
    assert all(body.count("<svg") == 1 for _, body in cards)
    assert "Schnapsen · Cup · round 1 of 2" in html


def test_slips_sheets_and_ranking(service: Tally) -> None:
    cup(service)
    d = service.tournament_rounds("Cup")[0]
    slips = page_for(service, 1, "slips", "x")
    assert re.findall(r'<div class="who">(\w+)</div>', slips or "") == [
        "Ada", "Ben", "Kai", "Mio", "Zoe"]  # by name, to find one's own
    first = d.tables[0]
    assert (f'<div class="who">{first.seats[0]}</div><div>Cup · round 1 of 2</div>'
            f'<div class="at">table {first.number}, seat 1 — with {first.seats[1]}</div>'
            ) in (slips or "")
    sheets = page_for(service, 1, "sheets", "x") or ""
    assert sheets.count('<section class="sheet"') == 2
    assert sheets.count("<tr><td class=num>") == 2 * 14
    ranking = page_for(service, 1, "ranking", "x") or ""
    assert "<h1>Cup: ranking after round 1</h1>" in ranking
    assert ranking.count("<tr><td class=num>") == 5
    assert page_for(service, 1, "cards", "x", "Nope") is None


def test_no_tournament_tonight_gives_no_page(service: Tally) -> None:
    service.new_night("2026-12-01")
    assert page_for(service, 1, "cards", "x") is None


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_every_page_carries_the_night_s_head_as_the_settlement_prints_it(service: Tally
                                                                         ) -> None:
    cup(service)
    url = lambda n: f"http://host/t/{n}"  # noqa: E731
    assert all("<footer" not in (page_for(service, 1, k, url) or "x") for k in KINDS)
    service.add_players(["Ann", "Bea", "Chie", "Dan", "Eve"])
    table = service.new_table(1, "crazy-solo", ["Ann", "Bea", "Chie", "Dan", "Eve"])
    service.add_deal(table, {"contract": "solo", "caller": "Bea", "partner": "Dan",
                             "trump": "clubs", "team_points": 73})
    head = service.night_head(1) or ""
    short = f"{head[:4]} {head[4:8]} {head[8:12]}"
    try:
        for lang, line in (("en", f"night 1 · {short}"), ("ja", f"夜 1 · {short}")):
            set_language(lang)
            for kind in KINDS:
                page = page_for(service, 1, kind, url) or ""
                assert page.count('<footer class="chain">') == 1, kind
                assert f'<footer class="chain">{line}</footer></body></html>' in page, kind
    finally:
        set_language("en")
