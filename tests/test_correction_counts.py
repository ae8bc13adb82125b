"""Issue 27 item 5: after a correction, one count and one word: every later deal that takes a
new revision is counted and called "re-settled", in the service's count, the history, the
CSV and `round correct`'s line."""

from __future__ import annotations

import json
from pathlib import Path

from ledger.service import Tally

from .conftest import Cli


def test_every_later_deal_with_a_new_revision_is_counted_as_re_settled(db_path: Path) -> None:
    tally = Tally.open(db_path)
    tally.add_player("Ann")
    tally.add_player("Bea")
    night = tally.new_night("2026-11-29", "Club")
    table = tally.new_table(night, "sixty-six", ["Ann", "Bea"])
    for _ in range(4):  # Ann 1 each: no game ends, so no chips move
        tally.add_deal(table, {"ending": "scored", "winner": "Ann", "game_points": 1})
    first = tally.deals(table)[0]
    later = tally.correct_deal(first.id, {"ending": "scored", "winner": "Bea",
                                          "game_points": 1})
    deals = tally.deals(table)
    resettled = [d for d in deals if d.kind == "resettle"]
    assert [d.number for d in resettled] == [2, 3, 4]  # their running scores changed
    assert later == len(resettled) == 3
    assert {d.reason for d in resettled} == {"re-settled after deal 1 changed"}


def test_round_correct_says_the_same_count(cli: Cli) -> None:
    cli("player", "add", "Ann", "Bea")
    cli("night", "new", "--date", "2026-11-29")
    cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "Ann,Bea")
    for _ in range(3):
        assert cli("round", "add", "--table", "1", "--winner", "Ann",
                   "--game-points", "1").exit_code == 0
    r = cli("round", "correct", "1", "--winner", "Bea", "--game-points", "1")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "2 later deals re-settled\n")
    rows = json.loads(cli("round", "list", "--table", "1", "--json").stdout)
    assert [d["kind"] for d in rows] == ["correct", "resettle", "resettle"]
    r = cli("round", "correct", "2", "--winner", "Bea", "--game-points", "1")
    assert (r.exit_code, r.stderr) == (0, "1 later deal re-settled\n")
