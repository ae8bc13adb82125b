"""Issue 40: the room's board shows each player's rating after tonight beside the night's
standings, and what tonight did to it, a provisional rating marked; in English and
Japanese, in the browser. A night of two tables: one Crazy Solo deal (Bea called Dan and
won: Bea +50, Dan +25, the rest −25), and a Schnapsen table where nothing was played yet
(its players are in the standings, not rated tonight). The figures are openskill's own
for that table (Plackett–Luce, its defaults: every rating starts at μ − 3σ = 0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ledger.service import Tally
from tui.i18n import set_language
from tui.serve.board import read_board, render_page

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
# rank, player, net, deals, rating after tonight, tonight's change (as the board shows them)
ROWS = [["1", "Bea", "+50", "1", "2.79*", "+2.79"],
        ["2", "Dan", "+25", "1", "2.11*", "+2.11"],
        ["3", "Fumi", "0", "0", "", ""],
        ["3", "Gen", "0", "0", "", ""],
        ["5", "Ann", "\u221225", "1", "\u22121.04*", "\u22121.04"],
        ["5", "Chie", "\u221225", "1", "\u22121.04*", "\u22121.04"],
        ["5", "Eve", "\u221225", "1", "\u22121.04*", "\u22121.04"]]
HEADS = {"en": ["#", "Player", "Net", "Deals", "Rating", "Tonight"],
         "ja": ["#", "プレイヤー", "収支", "ディール", "レート", "今夜"]}
NOTE = {"en": "Rating after tonight (μ − 3σ, every game); * provisional",
        "ja": "今夜のあとのレート（μ − 3σ、全ゲーム）。* は暫定"}


def openskills_own() -> dict[str, str]:
    """The table rated by openskill itself: each player's ordinal, as the board writes it."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in FIVE], ranks=[3, 1, 3, 2, 3])
    return {p: f"{team[0].ordinal():.2f}".replace("-", "\u2212")
            for p, team in zip(FIVE, rated, strict=True)}


def board(db: Path, lang: str) -> str:
    set_language("en")
    service = Tally.open(db)
    service.add_players([*FIVE, "Fumi", "Gen"])
    night = service.new_night("2026-12-01", "Club")
    service.add_deal(service.new_table(night, "crazy-solo", FIVE), SOLO, "Mio")
    service.new_table(night, "schnapsen", ["Fumi", "Gen"])
    set_language(lang)
    try:
        return render_page(read_board(service, night), "/board/events")
    finally:
        set_language("en")


def test_the_rows_are_openskills_own() -> None:
    own = openskills_own()
    assert {r[1]: r[4].rstrip("*") for r in ROWS if r[4]} == own
    assert {r[1]: r[5].lstrip("+") for r in ROWS if r[5]} == own  # a first night: from 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_shows_the_rating_after_tonight(tmp_path: Path, browser: Browser,
                                                  lang: str) -> None:
    html = board(tmp_path / "club.sqlite3", lang)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.set_content(html)
        standings = page.locator(".standings")
        assert standings.locator("thead th").all_inner_texts() == HEADS[lang]
        rows = standings.locator("tbody tr")
        assert [rows.nth(i).locator("td").all_inner_texts()
                for i in range(rows.count())] == ROWS
        assert standings.locator(".hint.rated").inner_text() == NOTE[lang]
        cut = page.evaluate("[...document.querySelectorAll('.standings td, .standings th"
                            ":nth-child(n+5)')]"
                            ".filter(c => c.scrollWidth > c.clientWidth).map(c => c.innerText)")
        assert cut == []  # every figure and the rating's heads whole, none cut
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        page.set_viewport_size({"width": 320, "height": 640})  # a small phone: one column
        page.wait_for_function("getComputedStyle(document.documentElement).fontSize"
                               " === '16px'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        box = standings.locator("tbody tr").first.locator("td").last.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 320
    finally:
        page.close()


def test_no_rating_column_before_a_chip_moved(tmp_path: Path) -> None:
    set_language("en")
    service = Tally.open(tmp_path / "club.sqlite3")
    service.add_players(FIVE)
    night = service.new_night("2026-12-01", "Club")
    service.add_deal(service.new_table(night, "crazy-solo", FIVE), {"contract": "pass"})
    html = render_page(read_board(service, night), "/board/events")
    assert "Rating" not in html and 'class="standings"' in html


def test_the_board_without_ratings_when_they_cannot_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_language("en")
    service = Tally.open(tmp_path / "club.sqlite3")
    service.add_players(FIVE)
    night = service.new_night("2026-12-01", "Club")
    service.add_deal(service.new_table(night, "crazy-solo", FIVE), SOLO)

    def broken(night_id: int) -> tuple[()]:
        raise RuntimeError("no model")

    monkeypatch.setattr(service, "night_rating", broken)
    html = render_page(read_board(service, night), "/board/events")
    assert "Rating" not in html and "+50" in html  # the night's standings still shown
