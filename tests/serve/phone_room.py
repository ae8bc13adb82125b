"""A small club night served for phones: `tally serve` in its own process, a Crazy Solo, a
Hachi-Hachi and a Schnapsen table, and Chromium emulating a phone (390×844 CSS px, touch,
a pixel ratio of 3), and the taps the phone tests share (signing in, typing a number, a Crazy
Solo deal). Shared by the phone tests and the screenshots of the README."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import START, serve, stop_room, tally

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
CRAZY = ["Ann", "Bea", "Chie", "Dan", "Eve"]
HACHI = ["Fumi", "Gen", "Hana", "Ivo"]
SCHNAPSEN = ["Jun", "Kai"]


@dataclass
class PhoneRoom:
    db: Path
    base: str
    entry: str
    board: str
    tables: dict[int, str]  # table number -> its phone URL (with its table key)
    process: subprocess.Popen[str]


def start(db: Path, *args: str, tables: int = 3) -> PhoneRoom:
    """The night (made if the database is new) served on a free port; the links of its
    first `tables` tables read."""
    if not db.exists():
        tally(db, "player", "add", *CRAZY, *HACHI, *SCHNAPSEN)
        tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
        for game, seats in (("crazy-solo", CRAZY), ("hachihachi-trick", HACHI),
                            ("schnapsen", SCHNAPSEN)):
            tally(db, "table", "new", "--night", "1", "--game", game, "--seats",
                  ",".join(seats))
    deadline = time.monotonic() + START
    process, found, port = serve(db, *args, wanted=("entry", "board", f"table {tables}"),
                                 deadline=deadline)
    try:
        # the URLs are printed as the server starts, a moment before it listens
        host, port_text = found["entry"].split("/")[2].split(":")
        while True:
            try:
                socket.create_connection((host, int(port_text)), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "serve never listened"
                time.sleep(0.05)
    except BaseException:
        stop_room(process)
        raise
    tables = {int(k.split()[1]): v for k, v in found.items() if k.startswith("table ")}
    return PhoneRoom(db, f"http://127.0.0.1:{port}", found["entry"], found["board"], tables,
                     process)


@contextmanager
def serving(db: Path, *args: str, tables: int = 3) -> Iterator[PhoneRoom]:
    """`start`, and the server stopped afterwards (a module's room)."""
    started = start(db, *args, tables=tables)
    try:
        yield started
    finally:
        stop_room(started.process)


def saved_at(table: int) -> re.Pattern[str]:
    """The page a phone shows after a deal is saved at `table`: the next deal's form,
    saying the deal just saved."""
    return re.compile(rf"/t/{table}\?saved=\d+$")


def phone(browser: Browser, locale: str = "en-GB") -> BrowserContext:
    return browser.new_context(**PHONE, locale=locale)  # type: ignore[arg-type]


def tap_radio(page: Page, group: str, name: str, *, within: str | None = None) -> None:
    """Tap the choice `name` in the group `group` (inside the group `within`)."""
    scope = page.get_by_role("group", name=within, exact=True) if within else page
    scope.get_by_role("group", name=group, exact=True).get_by_role(
        "radio", name=name, exact=True).tap()


def shot(page: Page, room: PhoneRoom, name: str, *, full: bool = False) -> Path:
    """A screenshot beside the database, or in $PHONE_SHOTS (the README's pictures)."""
    folder = Path(os.environ.get("PHONE_SHOTS") or room.db.parent)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    # the README's copies at CSS pixels (small files); the test's own at the phone's pixels
    page.screenshot(path=str(path), full_page=full,
                    scale="css" if os.environ.get("PHONE_SHOTS") else "device")
    return path


def sign_in(page: Page, url: str, name: str) -> None:
    """Open a table's page; the scorekeeper's name is asked once per phone."""
    page.goto(url)
    if page.locator("#deal").count():
        return
    box = page.get_by_role("textbox")
    box.tap()
    page.keyboard.type(name)
    page.get_by_role("button").tap()
    page.wait_for_selector("#deal")


def type_number(page: Page, box: str, value: str, *, within: str | None = None) -> None:
    scope = page.get_by_role("group", name=within, exact=True) if within else page
    field = scope.get_by_role("textbox", name=box, exact=True)
    field.tap()
    page.keyboard.type(value)


def crazy_deal(page: Page, contract: str, caller: str, trump: str, points: str,
               partner: str | None = None) -> None:
    tap_radio(page, "Contract", contract)
    tap_radio(page, "Caller", caller)
    tap_radio(page, "Trump", trump)
    if partner:
        tap_radio(page, "Partner", partner)
    type_number(page, "Card points — the team's pile", points)
    expect(page.locator("#preview .summary")).not_to_be_empty(timeout=10000)
