"""Tables stored before issue 13 keep the rules they were played under.

`data/pre-issue-13.sqlite3` was made by the previous code (`data/make-pre-issue-13.sh`): its
tables' options JSON has no `pack`, `exhausted_scores`, `false_claim_schwarz`,
`empty_round_pot` or `empty_round_counts`. Under the new defaults its Schnapsen Bummerl and
its Sixty-Six game would end earlier; stored, they must replay exactly as recorded.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .conftest import Cli

OLD = Path(__file__).parent / "data" / "pre-issue-13.sqlite3"

# `tally table show N --json` status, as the previous code printed it for this file
BEFORE = {
    1: {"finished": False, "dealer": "B", "players": ["A", "B", "C", "D"], "target": 7,
        "counting": "up", "score": {"A": 0, "B": 0, "C": 0, "D": 0}, "game": 2,
        "games_played": 1, "deals_this_game": 0,
        "games_won": {"A": 1, "B": 0, "C": 1, "D": 0},
        "games_lost": {"A": 0, "B": 1, "C": 0, "D": 1}, "sides": {"A+C": 0, "B+D": 0}},
    2: {"finished": False, "dealer": "A", "players": ["A", "B"], "target": 7,
        "counting": "down", "score": {"A": 7, "B": 7}, "game": 2, "games_played": 1,
        "deals_this_game": 0, "games_won": {"A": 0, "B": 1}, "games_lost": {"A": 1, "B": 0},
        "bummerl": {"A": 2, "B": 0}},
    3: {"finished": False, "dealer": "C", "players": ["C", "D"], "target": 7,
        "counting": "up", "score": {"C": 0, "D": 0}, "game": 2, "games_played": 1,
        "deals_this_game": 0, "games_won": {"C": 0, "D": 1}, "games_lost": {"C": 1, "D": 0}},
    4: {"finished": False, "round": 2, "rounds": 3, "next_round": 3, "start_player": "B",
        "chips": {"A": 46, "B": 62, "C": 46, "E": 46}},
}
# each table's deal nets as the previous code stored them
NETS = {
    1: [{"A": 0, "B": 0, "C": 0, "D": 0}] * 4 + [{"A": 10, "B": -10, "C": 10, "D": -10}],
    2: [{"A": 0, "B": 0}] * 5 + [{"A": -20, "B": 20}],
    3: [{"C": 0, "D": 0}] * 3 + [{"C": -10, "D": 10}],
    4: [{"A": 0, "B": 0, "C": 0, "E": 0}, {"A": -4, "B": 12, "C": -4, "E": -4}],
}


@pytest.fixture
def old(tmp_path: Path) -> Cli:
    db = tmp_path / "old.sqlite3"
    shutil.copy(OLD, db)
    assert Cli(db)("db", "upgrade").exit_code == 0  # opening it alone is refused
    return Cli(db)


def test_stored_options_lack_the_new_keys(old: Cli) -> None:
    options = {n: json.loads(old("table", "show", str(n), "--json").stdout)["options"]
               for n in BEFORE}
    assert "pack" not in options[1] and "exhausted_scores" not in options[2]
    assert "false_claim_schwarz" not in options[3] and "empty_round_pot" not in options[4]


def test_old_tables_check_and_settle_exactly_as_before(old: Cli) -> None:
    r = old("check")
    assert (r.exit_code, r.stdout) == (0, "ok: every deal re-derives to its stored transfers\n")
    for n, before in BEFORE.items():
        status = json.loads(old("table", "show", str(n), "--json").stdout)["status"]
        new_keys = {k: status.pop(k) for k in set(status) - set(before)}
        assert status == before
        assert new_keys == ({"pack": 32, "cards_each": 8, "side_games_won": {"A+C": 1, "B+D": 0}}
                            if n == 1 else {})
        deals = json.loads(old("round", "list", "--table", str(n), "--json").stdout)
        assert [d["net"] for d in deals] == NETS[n]
    standings = old("standings", "--night", "1", "--json")
    assert {r["player"]: r["net"] for r in json.loads(standings.stdout)} == {
        "A": -14, "B": 22, "C": -4, "D": 0, "E": -4}  # as the previous code printed them


def test_a_new_deal_at_an_old_table_follows_its_old_rules(old: Cli) -> None:
    played_out = ["--ending", "exhausted", "--points", "A=30,B=90", "--tricks", "A=4,B=6",
                  "--last-trick", "B"]
    assert old("round", "add", "--table", "2", *played_out).exit_code == 0
    deals = json.loads(old("round", "list", "--table", "2", "--json").stdout)
    assert deals[-1]["extra"]["game_points"] == 1  # the flat 1 the table was made with
    r = old("round", "add", "--table", "3", "--ending", "claim", "--by", "C", "--points",
            "C=60,D=0", "--tricks", "C=3,D=0")
    assert r.exit_code == 0, r.stderr
    deals = json.loads(old("round", "list", "--table", "3", "--json").stdout)
    assert deals[-1]["extra"]["game_points"] == 2  # a flat 2 for a false claim then
    # a table opened now freezes the new defaults explicitly
    assert old("table", "new", "--night", "1", "--game", "schnapsen", "--seats",
               "A,B").stdout == "5\n"
    options = json.loads(old("table", "show", "5", "--json").stdout)["options"]
    assert (options["exhausted_scores"], options["false_claim_schwarz"]) == ("scale", True)
    assert old("round", "add", "--table", "5", *played_out).exit_code == 0
    deals = json.loads(old("round", "list", "--table", "5", "--json").stdout)
    assert deals[-1]["extra"]["game_points"] == 2
    assert old("table", "new", "--night", "1", "--game", "sixty-six-four", "--seats",
               "A,B,C,D").stdout == "6\n"
    show = json.loads(old("table", "show", "6", "--json").stdout)
    assert (show["options"]["pack"], show["status"]["cards_each"]) == (24, 6)
    assert old("check").exit_code == 0


def test_a_stored_deal_with_1_card_point_still_replays(tmp_path: Path) -> None:
    """Issue 27 item 3: 1 card point is refused when entered, but a deal stored before the
    refusal (the decade fixture made before has four-hand 129–1 deals) replays as recorded:
    `check` stays clean and a correction before it carries through."""
    import sqlite3

    cli = Cli(tmp_path / "t.sqlite3")
    cli("player", "add", "A", "B", "C", "D")
    cli("night", "new", "--date", "2026-11-29")
    assert cli("table", "new", "--night", "1", "--game", "sixty-six-four", "--seats",
               "A,B,C,D").stdout == "1\n"
    for points in ("A=70,B=60", "A=128,B=2"):
        assert cli("round", "add", "--table", "1", "--points", points).exit_code == 0
    con = sqlite3.connect(cli.db)
    with con:  # as the previous code stored it
        con.execute("UPDATE revision SET outcome = replace(outcome, '128', '129'), "
                    "summary = replace(summary, '128', '129')")
        con.execute("UPDATE revision SET outcome = replace(outcome, '\"B\": 2', '\"B\": 1'), "
                    "summary = replace(summary, 'B 2 ', 'B 1 ')")
    # …and as migration 0013 sealed what it found (each table's hash chain)
    from ledger.service import Tally
    from ledger.store.chain_rows import seal_all

    with con:
        con.execute("UPDATE revision SET hash = NULL")
    con.close()
    service = Tally.open(cli.db)
    with service._store.write() as s:
        seal_all(s)
    service.db.dispose()
    deals = json.loads(cli("round", "list", "--table", "1", "--json").stdout)
    assert deals[1]["outcome"]["points"] == {"A": 129, "B": 1}
    r = cli("check")
    assert (r.exit_code, r.stdout) == (0, "ok: every deal re-derives to its stored transfers\n")
    r = cli("round", "correct", "1", "--points", "A=60,B=70")
    assert r.exit_code == 0, r.stderr
    r = cli("round", "add", "--table", "1", "--points", "A=129,B=1")
    assert (r.exit_code, r.stderr) == (
        2, "error: points.B: 1 card point cannot happen (no trick makes 1)\n")
    r = cli("round", "correct", "2", "--points", "A=1,B=129")
    assert (r.exit_code, r.stderr) == (
        2, "error: points.A: 1 card point cannot happen (no trick makes 1)\n")
    assert cli("check").exit_code == 0
