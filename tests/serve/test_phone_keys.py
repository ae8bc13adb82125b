"""Keys across restarts: a table's printed code stays valid when `tally serve`
restarts for the same night; `--new-keys` retires it, and the old link says so in the
club's language; `--print-codes` writes the sheet; the board says when the server has been
gone for more than 10 s."""

from __future__ import annotations

import stat
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, expect

from .conftest import stop_room
from .phone_room import phone, shot, start


def get(url: str, lang: str = "en") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": lang})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def test_codes_survive_a_restart_and_new_keys_retire_them(tmp_path: Path,
                                                          browser: Browser) -> None:
    db = tmp_path / "club.sqlite3"
    first = start(db, "--print-codes")
    try:
        old = first.tables[2]
        assert get(old)[0] == 200
    finally:
        stop_room(first.process)
    sheet = db.with_name(db.name + ".codes.html")
    assert stat.S_IMODE(sheet.stat().st_mode) == 0o600
    text = sheet.read_text("utf-8")
    assert text.count("<svg") == 3 and "Table 2" in text and "Hachi-Hachi" in text
    keys = db.with_name(db.name + ".serve-keys")
    assert stat.S_IMODE(keys.stat().st_mode) == 0o600
    again = start(db)
    try:
        assert again.tables[2].split("?")[1] == old.split("?")[1]  # the same key
        assert get(again.base + "/t/2?" + old.split("?")[1])[0] == 200
    finally:
        stop_room(again.process)
    renewed = start(db, "--new-keys")
    try:
        assert renewed.tables[2] != old
        moved = renewed.base + "/t/2?" + old.split("?")[1]
        code, body = get(moved)
        assert code == 403 and "This link has changed — scan the new code." in body
        assert "Fumi" not in body  # says nothing of the ledger
        code, body = get(moved, "ja,en;q=0.5")
        assert code == 403 and "このリンクは変わりました" in body
        ctx = phone(browser)
        page = ctx.new_page()
        try:
            page.goto(renewed.board)
            page.wait_for_timeout(500)
            expect(page.locator("#stale")).to_be_hidden()
            stop_room(renewed.process)  # the server goes away
            page.wait_for_timeout(5000)
            expect(page.locator("#stale")).to_be_hidden()  # a hiccup is not said
            expect(page.locator("#stale")).to_contain_text(
                "No contact with the server since", timeout=12000)
            shot(page, renewed, "board-lost")
        finally:
            ctx.close()
    finally:
        stop_room(renewed.process)
