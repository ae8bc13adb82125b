"""Issue 28, item 9: free text is capped where it enters — 200 characters (a venue, an
author), 500 for a reason — in the CLI (one line, exit 2, nothing written) and in the app
(its fields take no more)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.widgets import Input

from ledger.service import MAX_REASON, MAX_TEXT, Tally

from ..tui.conftest import app_for, keys, seed, settle
from .cli import club, run


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return club(tmp_path / "club.sqlite3")


def deals(db: Path) -> list[dict[str, object]]:
    code, out = run(db, "round", "list", "--table", "1", "--json")
    assert code == 0, out
    return json.loads(out)


def test_item9_the_cli_caps_venue_author_and_reason(db: Path) -> None:
    huge = "x" * 120_000
    code, out = run(db, "night", "new", "--date", "2026-12-02", "--venue", huge)
    assert code == 2 and out.count("\n") == 1 and len(out) < 200, out
    assert out.startswith("error: venue:") and f"longer than {MAX_TEXT}" in out
    assert run(db, "night", "new", "--date", "2026-12-02", "--venue", "v" * MAX_TEXT)[0] == 0
    code, out = run(db, "round", "add", "--table", "1", "--contract", "pass", "--author", huge)
    assert code == 2 and out.startswith("error: author:") and len(out) < 200, out
    assert deals(db) == []
    code, out = run(db, "round", "add", "--table", "1", "--contract", "pass",
                    "--author", "a" * (MAX_TEXT + 1))
    assert code == 2 and deals(db) == []
    assert run(db, "round", "add", "--table", "1", "--contract", "pass",
               "--author", "a" * MAX_TEXT)[0] == 0
    [deal] = deals(db)
    code, out = run(db, "round", "void", str(deal["id"]), "--reason", huge)
    assert code == 2 and out.startswith("error: reason:") and len(out) < 200, out
    code, out = run(db, "round", "void", str(deal["id"]), "--reason", "r" * (MAX_REASON + 1))
    assert code == 2 and f"longer than {MAX_REASON}" in out, out
    assert run(db, "round", "void", str(deal["id"]), "--reason", "r" * MAX_REASON)[0] == 0


def test_item9_the_apps_fields_take_no_more_than_is_stored(tally: Tally,
                                                           tmp_path: Path) -> None:
    seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            await keys(pilot, "n")  # a new night: its venue field
            venue = app.screen.query(Input).last()
            assert venue.max_length == MAX_TEXT
            await keys(pilot, "escape", "enter", "enter", "c")  # correct the last deal
            reason = app.screen.query_one("#reason", Input)
            assert reason.max_length == MAX_REASON
            reason.value = ""
            reason.insert_text_at_cursor("r" * (MAX_REASON + 50))
            assert len(reason.value) <= MAX_REASON

    asyncio.run(flow())
