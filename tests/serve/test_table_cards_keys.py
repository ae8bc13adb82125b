"""What goes on a table opens that table only: a tournament's printed table cards, the
`--print-codes` sheet, `--table-codes` and the `terminal N:` links carry the table's key,
never the entry key; a card's URL opens its table and is refused everywhere else; another
table's key says which table it is for; tables made after `serve` started are on the
organiser's `/tables` page."""

from __future__ import annotations

import asyncio
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
import pytest
from playwright.sync_api import Browser

from tests.attack.room import Served, key_of, raw_get, serving
from tui.serve.phone.access import table_key
from tui.serve.phone.codes import qr_svg as sheet_svg
from tui.serve.print_pages import qr_svg as card_svg
from tui.serve.qr import qr_text

from .conftest import browser, open_tab, tally  # noqa: F401

PLAYERS = ["Zoe", "Ada", "Mio", "Ben", "Kai"]


def cup(db: Path) -> None:
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    tally(db, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "3", "--draw",
          "swiss", "--seed", "cards")
    tally(db, "tournament", "register", "Cup", *PLAYERS)
    tally(db, "tournament", "draw", "Cup")  # five players: tables 1 and 2, a bye


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = tmp_path_factory.mktemp("cards") / "cup.sqlite3"
    cup(db)
    with serving(db, "--print-codes", "--table-codes") as started:
        yield started


def get(url: str, cookie: str = "", lang: str = "en") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": lang, "Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=20) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def printed(room: Served) -> dict[str, str]:
    """The links `serve` printed, once its last table's line has been read (the lines after
    the entry and board links are read on, by another thread)."""
    import time

    deadline = time.monotonic() + 20
    while not any(x.startswith("terminal 2:") for x in list(room.output)):
        assert time.monotonic() < deadline, room.output
        time.sleep(0.05)
    return dict(m.groups() for line in list(room.output)
                if (m := re.match(r"(terminal \d+|table \d+|tables): (\S+)$", line.strip())))


def test_the_cards_qr_codes_are_each_tables_own_page(room: Served) -> None:
    entry = key_of(room.entry)
    status, html = get(f"{room.entry.split('?')[0]}print/cards?key={entry}")
    assert status == 200, html
    assert entry not in html
    cards = re.findall(r'<section class="card" data-table="(\d+)">.*?(<svg.*?</svg>)', html)
    assert [n for n, _ in cards] == ["1", "2"]
    for n, svg in cards:  # the SVG is the one drawn from the table's phone URL
        url = f"{room.base}/t/{n}?key={table_key(entry, int(n))}"
        assert svg == card_svg(url)[card_svg(url).index("<svg"):], n
        assert svg != card_svg(f"{room.base}/?key={entry}&table={n}")


def test_a_cards_url_opens_its_table_and_nothing_else(room: Served) -> None:
    one = table_key(key_of(room.entry), 1)
    assert get(f"{room.base}/t/1?key={one}")[0] == 200
    status, body = get(f"{room.base}/t/2?key={one}")
    assert status == 403 and "This link is for table 1." in body
    assert f'href="/t/1?key={one}"' in body and "Zoe" not in body
    status, body = get(f"{room.base}/t/2?key={one}", lang="ja,en;q=0.5")
    assert status == 403 and "このリンクは卓1用です。" in body
    for route in ("/", "/?table=2", "/tournament", "/tables", "/print/cards", "/board"):
        sep = "&" if "?" in route else "?"
        assert raw_get(room, f"{route}{sep}key={one}")[0] == 403, route
    # a key that opens no table tonight: the link has changed
    status, body = get(f"{room.base}/t/2?key={table_key('another night', 1)}")
    assert status == 403 and "This link has changed — scan the new code." in body
    assert "This link is for" not in body


def test_nothing_printed_for_a_table_carries_the_entry_key(room: Served) -> None:
    entry = key_of(room.entry)
    links = printed(room)
    for n in (1, 2):
        assert links[f"table {n}"] == f"{room.base}/t/{n}?key={table_key(entry, n)}"
        assert links[f"terminal {n}"] == f"{room.base}/?key={table_key(entry, n)}&table={n}"
    assert links["tables"] == f"{room.base}/tables?key={entry}"  # the organiser's own
    codes = [qr_text(room.entry), *(qr_text(links[f"table {n}"]) for n in (1, 2))]
    end = time.monotonic() + 10  # (the server's output is read by a thread: let it catch up)
    while not all(c in room.log for c in codes) and time.monotonic() < end:
        time.sleep(0.05)
    log = room.log
    assert log.count(qr_text(room.entry)) == 1  # the organiser's entry code, once
    for n in (1, 2):  # --table-codes: each table's own code
        assert qr_text(links[f"table {n}"]) in log
    sheet = room.db.with_name(room.db.name + ".codes.html").read_text("utf-8")
    assert entry not in sheet and sheet.count("<svg") == 2
    for n in (1, 2):
        assert sheet_svg(links[f"table {n}"]) in sheet


def test_a_terminal_link_records_at_its_table_only(room: Served, browser: Browser) -> None:  # noqa: F811
    entry = key_of(room.entry)
    one = table_key(entry, 1)
    link = printed(room)["terminal 1"]
    tab = open_tab(browser, link)
    try:
        tab.wait_text("Who keeps the score")
        cookies = {c["name"]: c["value"] for c in tab.page.context.cookies()}
        assert cookies.get("tally_term1") == one and "tally_entry" not in cookies
        assert entry not in cookies.values()
    finally:
        tab.page.close()
    cookie = f"tally_term1={one}"
    assert get(f"{room.base}/?table=1", cookie)[0] == 200
    assert get(f"{room.base}/?table=2", cookie)[0] == 401
    assert get(f"{room.base}/tables", cookie)[0] == 401

    async def ws_for_table_2() -> int:  # a token the entry key asked for table 2's app
        status, body = get(f"{room.base}/?key={entry}&table=2")
        token = re.search(r'data-session-websocket-url="ws://[^/]+(/ws/[^"]+)"', body)
        assert status == 200 and token is not None
        async with aiohttp.ClientSession(cookies={"tally_term1": one}) as client:
            try:
                ws = await client.ws_connect(f"{room.base}{token[1]}?width=80&height=24")
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status
            await ws.close()
            return 101

    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        assert pool.submit(asyncio.run, ws_for_table_2()).result(timeout=60) == 403


def test_a_table_made_after_serve_started_is_on_the_organisers_page(room: Served) -> None:
    entry = key_of(room.entry)
    status, html = get(f"{room.base}/tables?key={entry}")
    assert status == 200 and re.findall(r'data-table="(\d+)"', html) == ["1", "2"]
    tally(room.db, "table", "new", "--night", "1", "--game", "schnapsen", "--seats",
          "Zoe,Ada")
    status, html = get(f"{room.base}/tables?key={entry}")
    assert status == 200 and re.findall(r'data-table="(\d+)"', html) == ["1", "2", "3"]
    three = f"{room.base}/t/3?key={table_key(entry, 3)}"
    assert f'href="{three}"' in html and sheet_svg(three, 200) in html
    assert f"key={entry}" not in html
    assert get(three)[0] == 200
    status, html = get(f"{room.base}/tournament?key={entry}")
    assert status == 200 and 'href="/tables"' in html
