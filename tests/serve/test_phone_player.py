"""Issue 40 on the phone: a player's own page (`/t/<N>/player/<id>`, behind the table's key),
reached from the log page's rating lines: their rating over every game (μ − 3σ, μ, σ,
tables rated, provisional), a trend of their latest nights and their last nights (date,
venue, the night's change of rating, their chips over the night); in English and Japanese.
And the phone pages without ratings when the ratings cannot be made.

Three nights of one Crazy Solo table (Ann, Bea, Chie, Dan, Eve): 2026-11-03 at Club (Bea
called Dan and won: Bea +50, Dan +25, the rest −25), 2026-11-17 at Annex (Ann called Bea
and lost: Chie, Dan, Eve +40, Bea −40, Ann −80) and tonight, 2026-12-01 (as the first).
The figures are openskill's own for those tables (`test_the_figures_are_openskills_own`).
"""

from __future__ import annotations

import asyncio
from contextlib import closing
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ledger.service import Tally
from ledger.service.player_rating import PlayerRatings
from ledger.service.rating import Ratings

from .phone_inproc import night, phones, shown
from .phone_room import phone, serving, shot, sign_in

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
LOST = {"contract": "solo", "caller": "Ann", "partner": "Bea", "trump": "clubs",
        "team_points": 40}
M = "\u2212"
# Bea's page after "Back to the log", a line a block
BEA = {"en": ["Bea", "Rating 6.52 (μ − 3σ, every game) provisional",
              "Skill μ 30.91", "Uncertainty σ 8.13", "Tables rated 3",
              "Last nights", "Night Rating Net",
              "2026-12-01", "+2.64", "+50",
              "2026-11-17 · Annex", "+1.09", f"{M}40",
              "2026-11-03 · Club", "+2.79", "+50"],
       "ja": ["Bea", "レート 6.52（μ − 3σ、全ゲーム） 暫定",
              "実力 μ 30.91", "不確かさ σ 8.13", "レート対象の卓 3",
              "最近の夜", "夜 レート 収支",
              "2026年12月1日", "+2.64", "+50",
              "2026年11月17日 · Annex", "+1.09", f"{M}40",
              "2026年11月3日 · Club", "+2.79", "+50"]}
TREND = {"en": "Rating after each of the last 3 nights, from 2.79 to 6.52",
         "ja": "最近 3 夜のレートの推移：2.79 から 6.52"}
BACK = {"en": "Back to the log", "ja": "ディール一覧に戻る"}
NONE = {"en": "No rating yet: a table is rated once a chip has moved at it.",
        "ja": "レートはまだありません。卓でチップが動くとレートがつきます。"}
UNREAD = {"en": "The rating cannot be shown just now.", "ja": "いまはレートを表示できません。"}


def league(db: Path) -> Tally:
    """The served night (1, tonight) with a table of every game, two nights before it."""
    service = night(db)
    service.add_players(["Zed"])  # seated at no table tonight
    for date, venue, outcome in (("2026-11-03", "Club", SOLO), ("2026-11-17", "Annex", LOST)):
        before = service.new_night(date, venue)
        service.add_deal(service.new_table(before, "crazy-solo", FIVE), outcome)
    service.add_deal(service.night(1).tables[0].id, SOLO, "Bea")
    return service


def ids(service: Tally) -> dict[str, int]:
    return {p.name: p.id for p in service.players()}


def test_the_figures_are_openskills_own() -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    r = {p: model.rating() for p in FIVE}
    after = []
    for ranks in ([3, 1, 3, 2, 3], [5, 4, 1, 1, 1], [3, 1, 3, 2, 3]):
        rated = model.rate([[r[p]] for p in FIVE], ranks=ranks)
        r = {p: team[0] for p, team in zip(FIVE, rated, strict=True)}
        after.append(r["Bea"].ordinal())
    assert [f"{x:.2f}" for x in after] == ["2.79", "3.88", "6.52"]
    changes = [b - a for a, b in zip([0.0, *after[:-1]], after, strict=True)]
    assert [f"{x:+.2f}" for x in changes] == ["+2.79", "+1.09", "+2.64"]
    assert (f"{r['Bea'].mu:.2f}", f"{r['Bea'].sigma:.2f}") == ("30.91", "8.13")


def test_the_player_page(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    service = league(db)
    who = ids(service)

    async def run() -> None:
        for lang in ("en", "ja"):
            async with phones(db, lang) as phone:
                phone.sign_in("Bea")
                _, html = await phone.page("/t/1/log")  # the rating lines link the pages
                assert html.count(f'href="/t/1/player/{who["Bea"]}"') == 2  # hers, her row
                assert f'href="/t/1/player/{who["Ann"]}"' in html
                status, html = await phone.page(f"/t/1/player/{who['Bea']}")
                assert status == 200
                page = shown(html)
                lines = page.text.splitlines()
                assert lines[lines.index(BACK[lang]) + 1:] == BEA[lang]
                assert page.names == [TREND[lang]]
                # a player of another table tonight, from this table's page: no deal
                # there yet, so no rating
                status, html = await phone.page(f"/t/1/player/{who['Jun']}")
                assert status == 200
                assert shown(html).text.splitlines()[-2:] == ["Jun", NONE[lang]]
                for pid in (who["Zed"], 999):  # not seated tonight, no such player
                    status, _ = await phone.page(f"/t/1/player/{pid}")
                    assert status == 404
                phone.client.session.cookie_jar.clear()  # no key: the page is not shown
                status, _ = await phone.page(f"/t/1/player/{who['Bea']}")
                assert status == 401

    asyncio.run(run())


def test_one_new_night_on_the_page(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    service = league(db)
    rated = service.player_rating(ids(service)["Bea"], nights=2)
    assert rated is not None
    assert [(n.date, n.venue, n.net) for n in rated.nights] == [
        ("2026-12-01", None, 50), ("2026-11-17", "Annex", -40)]
    assert (rated.games, rated.provisional, len(rated.trend)) == (3, True, 3)
    assert service.player_rating(ids(service)["Zed"]) is None


def test_the_pages_without_ratings_when_they_cannot_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "club.sqlite3"
    who = ids(league(db))

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no model")

    monkeypatch.setattr(Ratings, "night_rating", broken)
    monkeypatch.setattr(PlayerRatings, "player_rating", broken)

    async def run() -> None:
        for lang in ("en", "ja"):
            async with phones(db, lang) as phone:
                phone.sign_in("Bea")
                status, html = await phone.page("/t/1/log")
                assert status == 200
                text = shown(html).text
                assert "Bea\n+50\n" in text and "μ" not in text  # standings, no ratings
                status, html = await phone.page(f"/t/1/player/{who['Bea']}")
                assert status == 200
                assert shown(html).text.splitlines()[-2:] == ["Bea", UNREAD[lang]]

    asyncio.run(run())


@pytest.mark.parametrize(("lang", "locale"), [("en", "en-GB"), ("ja", "ja-JP")])
def test_the_player_page_on_a_phone(tmp_path: Path, browser: Browser, lang: str,
                                    locale: str) -> None:
    """At 390×844: tapping her rating line on the log opens Bea's page, every line whole
    and nothing wider than the screen; the trend drawn across it."""
    db = tmp_path / "club.sqlite3"
    league(db).db.dispose()
    with serving(db, "--night", "1", tables=1) as room, closing(phone(browser, locale)) as ctx:
        page = ctx.new_page()
        sign_in(page, room.tables[1], "Bea")
        page.goto(f"{room.base}/t/1/log")
        page.locator("#my-rating a").tap()
        page.wait_for_url("**/t/1/player/*")
        main = page.locator("section.player")
        assert main.locator("h2").inner_text() == "Bea"
        assert page.locator("#rating").inner_text() == BEA[lang][1]
        assert main.locator(".facts tr").all_inner_texts() == [
            "\t".join(x.rsplit(" ", 1)) for x in BEA[lang][2:5]]
        trend = page.get_by_role("img", name=TREND[lang], exact=True)
        box = trend.bounding_box()
        assert box is not None and box["width"] >= 300 and box["height"] == 60
        rows = page.locator("section.nights tbody tr")
        assert [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())] == [
            BEA[lang][7 + 3 * i:10 + 3 * i] for i in range(3)]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        cut = page.evaluate("[...document.querySelectorAll('main td, main th, main p')]"
                            ".filter(c => c.scrollWidth > c.clientWidth).map(c => c.innerText)")
        assert cut == []
        assert shot(page, room, f"phone-player-{lang}", full=True).stat().st_size > 0
        page.get_by_role("link", name=BACK[lang], exact=True).tap()
        page.wait_for_url("**/t/1/log")
