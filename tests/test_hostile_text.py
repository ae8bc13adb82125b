"""Text that looks like SQL, on both engines: names, venues, authors and
correction and void reasons with quotes, `;`, `--`, backslashes and `%` are stored and read
back exactly (every statement is parameterised: `:name` on SQLite, `%(name)s` with a
literal `%` doubled on PostgreSQL), and the ledger's tables are all still there. A NUL,
which PostgreSQL's text columns cannot hold, is refused where text enters (the service's
`clean_text`), so both engines answer it alike: one line naming the field, nothing written.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ledger.domain.rules import RuleError
from ledger.service import Tally

from .conftest import Cli, table_counts

NAMES = ["O'Brien", 'Bo "Rock" Li', "Al'); DROP TABLE player;--", "C:\\new\\'x",
         "100% Kim"]
VENUE = "Club'; DELETE FROM night; -- \\' \"50%\" off; %s %(venue)s :venue"
REASON = "recount'); DROP TABLE revision; -- \\\" 5% \\x00 :reason %(r)s"
VOID = "void \\ ' \" ; -- %% _ %"
AUTHOR = "Ann'--"


def _deal(caller: str, partner: str, points: int) -> dict[str, Any]:
    return {"contract": "solo", "caller": caller, "partner": partner, "trump": "clubs",
            "team_points": points}


def test_text_like_sql_is_stored_and_read_back_exactly(service: Tally, db_path: Any) -> None:
    service.add_players(NAMES)
    night = service.new_night("2026-11-29", VENUE)
    table = service.new_table(night, "crazy-solo", NAMES)
    first = service.add_deal(table, _deal(NAMES[1], NAMES[3], 73), author=AUTHOR)
    second = service.add_deal(table, _deal(NAMES[2], NAMES[4], 61))
    service.correct_deal(first, _deal(NAMES[1], NAMES[3], 52), reason=REASON, author=AUTHOR)
    service.void_deal(second, VOID, AUTHOR)
    tables = set(table_counts(db_path))

    again = Tally.open(db_path)  # read back through new connections
    assert sorted(p.name for p in again.players()) == sorted(NAMES)
    assert [n.venue for n in again.nights()] == [VENUE]
    assert again.table(table).seats == tuple(NAMES)
    history = again.history(first)
    assert [(h.kind, h.author, h.reason) for h in history] == [
        ("record", AUTHOR, None), ("correct", AUTHOR, REASON)]
    assert history[-1].outcome["caller"] == NAMES[1]
    assert again.history(second)[-1].reason == VOID
    assert {r.player for r in again.standings()} == set(NAMES)
    assert {"player", "night", "revision", "deal"} <= tables == set(table_counts(db_path))
    assert again.check() == []


def test_names_like_sql_come_back_exactly_through_the_cli(cli: Cli) -> None:
    assert cli("player", "add", *NAMES).exit_code == 0
    assert cli("night", "new", "--date", "2026-11-29", "--venue", VENUE).exit_code == 0
    listed = json.loads(cli("player", "list", "--json").stdout)
    assert sorted(p["name"] for p in listed) == sorted(NAMES)
    assert json.loads(cli("night", "list", "--json").stdout)[0]["venue"] == VENUE


@pytest.fixture
def seated(service: Tally) -> tuple[Tally, int]:
    service.add_players(NAMES)
    table = service.new_table(service.new_night("2026-11-29", "Club"), "crazy-solo", NAMES)
    return service, service.add_deal(table, _deal(NAMES[1], NAMES[3], 73))


@pytest.mark.parametrize("field, write", [
    ("name", lambda s, deal: s.add_player("An\x00n")),
    ("venue", lambda s, deal: s.new_night("2026-11-30", "Club\x00")),
    ("reason", lambda s, deal: s.correct_deal(deal, _deal(NAMES[1], NAMES[3], 52),
                                              reason="re\x00count")),
    ("reason", lambda s, deal: s.void_deal(deal, "\x00")),
    ("author", lambda s, deal: s.void_deal(deal, "mistake", "A\x00")),
    ("new name", lambda s, deal: s.rename_player(NAMES[0], "Ob\x00")),
], ids=["name", "venue", "correction reason", "void reason", "author", "rename"])
def test_a_nul_is_refused_naming_its_field_alike_on_both_engines(
        seated: tuple[Tally, int], db_path: Any, field: str, write: Any) -> None:
    service, deal = seated
    before = table_counts(db_path)
    with pytest.raises(RuleError) as refused:
        write(service, deal)
    assert (refused.value.field, refused.value.code) == (field, "control_char")
    assert "\n" not in str(refused.value) and "\x00" not in str(refused.value)
    assert table_counts(db_path) == before


@pytest.mark.parametrize("args, field", [
    (("player", "add", "Zed\x00"), "name"),
    (("night", "new", "--date", "2026-11-30", "--venue", "Hall\x00"), "venue"),
    (("round", "void", "1", "--reason", "oops\x00"), "reason"),
], ids=["player", "venue", "void"])
def test_a_nul_through_the_cli_is_one_line_naming_the_field(
        seated: tuple[Tally, int], db_path: Any, args: tuple[str, ...], field: str) -> None:
    before = table_counts(db_path)
    r = Cli(db_path)(*args)
    assert r.exit_code == 2, (r.output, r.exception)
    assert r.stderr.startswith(f"error: {field}: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert table_counts(db_path) == before
