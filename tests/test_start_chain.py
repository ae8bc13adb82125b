"""Issue 27 item 8: a Hachi-Hachi correction that changes who should have started later
rounds leaves them as recorded, but says so: in the correction's preview (the app) and as a
warning line of `round correct` / `round void`."""

from __future__ import annotations

import json

from ledger.service import Tally

from .conftest import Cli

FIVE = "P1,P2,P3,P4,P5"
ALL_OUT = "out,out,out,out,out"


def two_skipped_rounds(cli: Cli) -> None:
    cli("player", "add", *FIVE.split(","))
    cli("night", "new", "--date", "2026-11-29")
    cli("table", "new", "--night", "1", "--game", "hachihachi-trick", "--seats", FIVE)
    # nobody in: the start passes left, P1 → P2, and round 2 names P2 as it did
    for start, card in (("P1", "7H"), ("P2", "8H")):
        assert cli("round", "add", "--table", "1", "--start", start, "--indicator", card,
                   "--declare", ALL_OUT).exit_code == 0


def test_round_correct_warns_of_a_start_the_new_chain_would_not_pick(cli: Cli) -> None:
    two_skipped_rounds(cli)
    # round 1 corrected: P1 was in alone and took the pot, so P1 would start round 2
    r = cli("round", "correct", "1", "--start", "P1", "--indicator", "7H", "--declare",
            "in,out,out,out,out")
    assert (r.exit_code, r.stdout, r.stderr) == (
        0, "", "warning: start_player: round 2 was started by P2; the corrected rounds would "
        "have P1 start it (left as recorded)\n")
    deals = json.loads(cli("round", "list", "--table", "1", "--json").stdout)
    assert deals[1]["outcome"]["start_player"] == "P2"  # not rewritten
    assert deals[1]["revision"] == 1


def test_no_warning_when_the_chain_agrees(cli: Cli) -> None:
    two_skipped_rounds(cli)
    r = cli("round", "correct", "1", "--start", "P1", "--indicator", "9H", "--declare",
            ALL_OUT)
    assert (r.exit_code, r.stderr) == (0, "")


def test_the_preview_names_the_round(db_path: object) -> None:
    tally = Tally.open(db_path)  # type: ignore[arg-type]
    for name in FIVE.split(","):
        tally.add_player(name)
    night = tally.new_night("2026-11-29", "Club")
    table = tally.new_table(night, "hachihachi-trick", FIVE.split(","))
    seats = FIVE.split(",")
    for at, card in ((0, "7H"), (1, "8H")):
        order = seats[at:] + seats[:at]  # declared from the start player round the table
        tally.add_deal(table, {"start_player": seats[at], "indicator": card,
                               "declarations": dict.fromkeys(order, "out")})
    first = tally.deals(table)[0]
    corrected = {"start_player": "P1", "indicator": "7H",
                 "declarations": {"P1": "in", **dict.fromkeys(FIVE.split(",")[1:], "out")}}
    [notice] = tally.chain_notices(first.id, corrected)
    assert (notice.field, notice.code, notice.values) == (
        "start_player", "off_chain.start_player", {"n": 2, "named": "P2", "chain": "P1"})
    assert tally.correction_effects(first.id, corrected) == []  # nothing else changes
