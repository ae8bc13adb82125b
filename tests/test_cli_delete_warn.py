"""A table or night opened by mistake can be deleted while it holds no deal (never one with a
deal: nothing recorded is lost); the same player at two open tables, or two nights on one
date, is warned about on stderr and still done (exit 0)."""

from __future__ import annotations

from .conftest import Cli, table_counts


def setup(cli: Cli) -> None:
    assert cli("player", "add", "Ann", "Bea", "Cid").exit_code == 0
    assert cli("night", "new", "--date", "2026-12-01").stdout == "1\n"


def test_two_nights_on_one_date_warn(cli: Cli) -> None:
    setup(cli)
    r = cli("night", "new", "--date", "2026-12-01", "--venue", "Annex")
    assert (r.exit_code, r.stdout, r.stderr) == (
        0, "2\n", "warning: date: 2026-12-01 already has night 1 (two nights on one date)\n")
    r = cli("night", "new", "--date", "2026-12-02")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "3\n", "")


def test_a_player_at_two_open_tables_warns(cli: Cli) -> None:
    setup(cli)
    assert cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats",
               "Ann,Bea").stderr == ""
    r = cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "Bea,Cid")
    assert (r.exit_code, r.stdout, r.stderr) == (
        0, "2\n", "warning: seats: Bea is also seated at open table 1\n")
    r = cli("--lang", "ja", "table", "new", "--night", "1", "--game", "sixty-six",
            "--seats", "Cid,Ann")
    assert r.exit_code == 0
    assert r.stderr == ("warning: seats: Cid は開いている卓2 にも座っています\n"
                        "warning: seats: Ann は開いている卓1 にも座っています\n")


def test_delete_an_empty_table_and_night(cli: Cli) -> None:
    setup(cli)
    cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "Ann,Bea")
    r = cli("table", "delete", "1")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    assert cli("table", "list", "--night", "1", "--json").stdout == "[]\n"
    cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "Ann,Bea")
    assert cli("night", "delete", "1").exit_code == 0
    counts = table_counts(cli.db)
    assert (counts["night"], counts["game_table"], counts["seat"]) == (0, 0, 0)
    r = cli("night", "delete", "1")
    assert (r.exit_code, r.stderr) == (2, "error: night: 1 does not exist\n")


def test_nothing_with_a_deal_is_deleted(cli: Cli) -> None:
    setup(cli)
    cli("table", "new", "--night", "1", "--game", "sixty-six", "--seats", "Ann,Bea")
    assert cli("round", "add", "--table", "1", "--winner", "Ann",
               "--game-points", "2").exit_code == 0
    assert cli("round", "void", "1", "--reason", "misdeal").exit_code == 0  # even voided
    before = table_counts(cli.db)
    r = cli("table", "delete", "1")
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", "error: table: 1 has 1 deal(s) and is kept (nothing recorded is ever deleted)\n")
    r = cli("night", "delete", "1")
    assert (r.exit_code, r.stderr) == (2, "error: night: 1 has 1 deal(s) or payment(s) and is "
                                          "kept (nothing recorded is ever deleted)\n")
    assert table_counts(cli.db) == before
