"""The organiser's page of a tournament night in Chromium emulating a phone, by
taps: a late player registered at the door and one withdrawn, the CLI's standings and next
draw agreeing; the page behind the entry key only; and what an unfinished match scores at
time on the table's phone page and on the board."""

from __future__ import annotations

import json
import re
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import START, serve, stop_room, tally
from .phone_room import phone
from .test_phone_entry import TARGETS, no_sideways_scroll


@dataclass
class Cup:
    db: Path
    base: str
    keys: dict[str, str]  # entry, board, table 1, table 2: each its key
    draw: dict  # round 1 as `tournament draw --json` printed it
    process: subprocess.Popen[str]

    def url(self, path: str, key: str = "entry") -> str:
        return f"{self.base}{path}?key={self.keys[key]}"


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cup]:
    db = tmp_path_factory.mktemp("cup") / "cup.sqlite3"
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    tally(db, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "3", "--draw",
          "swiss", "--seed", "door", "--round-minutes", "30")
    tally(db, "tournament", "register", "Cup", "Zoe", "Ada", "Mio", "Ben", "Kai")
    drawn = json.loads(tally(db, "tournament", "draw", "Cup", "--json"))
    tally(db, "tournament", "start-round", "Cup")
    first = drawn["tables"][0]
    tally(db, "round", "add", "--table", str(first["id"]), "--winner", first["seats"][0],
          "--game-points", "2")
    process, found, _ = serve(db, wanted=("entry", "board", "table 1", "table 2"))
    try:
        base = re.match(r"(http://[^/]+)/", found["entry"])[1]  # type: ignore[index]
        keys = {k: v.split("key=")[1].split("&")[0] for k, v in found.items()}
        ready = time.monotonic() + START
        while status(f"{base}/tournament?key={keys['entry']}") != 200:
            assert time.monotonic() < ready, "the organiser's page did not answer"
            time.sleep(0.2)
        yield Cup(db, base, keys, drawn, process)
    finally:
        stop_room(process)


def status(url: str, data: bytes | None = None, cookie: str = "") -> int:
    request = urllib.request.Request(url, data=data, headers={"Cookie": cookie} if cookie
                                     else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as refused:
        return refused.code
    except OSError:
        return 0


def read(url: str, cookie: str = "") -> str:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=10) as r:
        return r.read().decode("utf-8")


def test_only_the_entry_key_opens_the_organiser_s_page(cup: Cup) -> None:
    assert status(cup.url("/tournament")) == 200
    assert status(cup.url("/tournament", "board")) == 403
    assert status(cup.url("/tournament", "table 1")) == 403
    assert status(f"{cup.base}/tournament") == 401
    posted = b"action=register&player=Sneaky"
    assert status(cup.url("/tournament", "table 1"), posted) == 403
    assert status(cup.url("/tournament", "board"), posted) == 403
    assert "Sneaky" not in tally(cup.db, "player", "list")


def test_the_table_s_phone_page_and_the_board_say_what_the_match_scores_at_time(
        cup: Cup) -> None:
    (a, b), (c, d) = (x["seats"] for x in cup.draw["tables"])
    line = f"If time ran out now: {a} 2, {b} 0 (game points 2:0)"
    page = read(cup.url("/t/1", "table 1"), cookie="tally_by=Mio")
    assert f'<p class="at-time" id="at-time" role="status">{line}</p>' in page
    page = read(cup.url("/t/2", "table 2"), cookie="tally_by=Mio")
    assert f"If time ran out now: {c} 1, {d} 1 (game points 0:0)" in page
    board = read(cup.url("/board", "board"))
    assert (f'<ul class="at-now"><li data-table="1">Table 1 at time: {a} 2, {b} 0 '
            f'(game points 2:0)</li><li data-table="2">Table 2 at time: {c} 1, {d} 1 '
            "(game points 0:0)</li></ul>") in board
    ja = urllib.request.Request(cup.url("/t/1", "table 1"), headers={
        "Cookie": "tally_by=Mio", "Accept-Language": "ja-JP,ja;q=0.9"})
    with urllib.request.urlopen(ja, timeout=10) as r:
        assert f"いま時間切れなら：{a} 2、{b} 0（ゲーム点 2:0）" in r.read().decode("utf-8")


def test_a_late_player_registered_and_one_withdrawn_by_taps(cup: Cup,
                                                             browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        page.goto(cup.url("/tournament"))
        expect(page.locator("h1")).to_have_text("Cup · organiser")
        expect(page.locator("#status")).to_have_text("Registration for round 2 of 3")
        expect(page.locator(".entries h2")).to_have_text("Playing round 2: 5")
        page.get_by_role("combobox", name="Register a player for round 2").tap()
        page.keyboard.type("Lea")
        page.get_by_role("button", name="Register", exact=True).tap()
        page.wait_for_url("**/tournament?registered=Lea")
        expect(page.locator("#done")).to_have_text("Lea: start number 6, plays from round 2")
        expect(page.locator(".entries h2")).to_have_text("Playing round 2: 6")
        # a name registered already: refused in one line, the name kept in its box
        page.get_by_role("combobox", name="Register a player for round 2").tap()
        page.keyboard.type("ada")
        page.get_by_role("button", name="Register", exact=True).tap()
        expect(page.locator("#error")).to_have_text("player: Ada is registered already")
        expect(page.get_by_role("combobox", name="Register a player for round 2")
               ).to_have_value("ada")
        # withdraw Kai: asked once more, then done
        page.get_by_role("button", name="Withdraw Kai", exact=True).tap()
        expect(page.locator("#ask .big")).to_have_text("Withdraw Kai from round 2 on?")
        page.locator("#ask").get_by_role("button", name="Withdraw", exact=True).tap()
        page.wait_for_url("**/tournament?withdrawn=Kai")
        expect(page.locator("#done")).to_have_text("Kai plays no more from round 2")
        expect(page.locator(".gone li")).to_have_text(re.compile(r"5\s+Kai\s+from round 2"))
        for width in (390, 320):
            page.set_viewport_size({"width": width, "height": 700})
            no_sideways_scroll(page)
            assert page.evaluate(TARGETS) == {"small": [], "tiny": []}
    finally:
        ctx.close()
    # the CLI agrees: the next draw (forced: round 1's matches are under way) seats Lea and
    # not Kai; the standings rank both
    drawn = json.loads(tally(cup.db, "tournament", "draw", "Cup", "--force", "--json"))
    seated = [p for x in drawn["tables"] for p in x["seats"]] + drawn["byes"]
    assert drawn["round"] == 2 and sorted(seated) == ["Ada", "Ben", "Lea", "Mio", "Zoe"]
    ranked = json.loads(tally(cup.db, "tournament", "standings", "Cup", "--json"))
    assert {r["player"] for r in ranked} == {"Ada", "Ben", "Kai", "Lea", "Mio", "Zoe"}


def test_the_organiser_s_page_in_japanese(cup: Cup, browser: Browser) -> None:
    before = json.loads(tally(cup.db, "tournament", "list", "--json"))[0]["players"]
    ctx = phone(browser, locale="ja-JP")
    page = ctx.new_page()
    try:
        page.set_viewport_size({"width": 320, "height": 700})
        page.goto(cup.url("/tournament"))
        expect(page.locator("h1")).to_have_text("Cup・運営")
        box = page.get_by_role("combobox", name=re.compile("から参加する選手を登録"))
        box.tap()
        page.keyboard.type("りん")
        page.get_by_role("button", name="登録", exact=True).tap()
        page.wait_for_url("**/tournament?registered=*")
        expect(page.locator("#done")).to_have_text(re.compile(r"^りん：スタート番号 \d+、"))
        no_sideways_scroll(page)
        assert page.evaluate(TARGETS) == {"small": [], "tiny": []}
    finally:
        ctx.close()
    assert json.loads(tally(cup.db, "tournament", "list", "--json"))[0]["players"] == \
        before + 1
    assert "りん" in tally(cup.db, "player", "list")


def test_a_look_alike_registered_at_the_door_is_refused(cup: Cup) -> None:
    """Cyrillic "Аda" beside Ada: refused in one line (422), no new player, no entry."""
    before = tally(cup.db, "player", "list")
    data = "action=register&player=\u0410da".encode()
    request = urllib.request.Request(cup.url("/tournament"), data=data)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 422
    page = refused.value.read().decode("utf-8")
    assert re.search(r'id="error"[^>]*>player: \u0410da looks the same as Ada<', page), page
    assert tally(cup.db, "player", "list") == before
