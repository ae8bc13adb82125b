"""Each table's history is a hash chain: every revision stores the hash of its
content and of the one before it at its table; the hash is stable (a golden hex for a fixed
deal); a revision edited behind Tally's back (raw SQL) is named by `check` on both engines,
and a rename does not break the chain."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from ledger.domain.chain import Content, chain, first_broken, night_head, revision_hash
from ledger.service import Tally
from tests.checked import checked
from tests.conftest import raw, raw_sql
from tests.test_copy import club

FIXED = Content("crazy-solo", ("Ann", "Bea", "Chie", "Dan", "Eve"), 1, 1, "record",
                '{"caller": "Bea", "contract": "solo", "partner": "Dan", '
                '"team_points": 73, "trump": "clubs"}',
                "2026-11-29 19:00:00.000000", "Ann", None)


def test_a_fixed_deal_has_a_fixed_hash() -> None:
    # golden: a change of this value changes every ledger's chain (a new chain.VERSION)
    assert revision_hash(FIXED, "") == (
        "6983eca9b1c30643797d748012d9072a14fd77097bcd103dc08bf730d3f7eacd")
    # …which is the sha256 of this canonical text (keys sorted, no spaces, UTF-8)
    text = ('{"at":"2026-11-29 19:00:00.000000","author":"Ann","deal":1,"game":"crazy-solo",'
            '"kind":"record","outcome":{"caller":"Bea","contract":"solo","partner":"Dan",'
            '"team_points":73,"trump":"clubs"},"prev":"","reason":null,'
            '"seats":["Ann","Bea","Chie","Dan","Eve"],"seq":1,"v":1}')
    assert hashlib.sha256(text.encode()).hexdigest() == revision_hash(FIXED, "")


def test_the_hash_covers_the_facts_not_the_key_order_and_chains() -> None:
    reordered = Content(*[getattr(FIXED, f) for f in FIXED.__slots__[:5]],
                        '{"trump":"clubs","team_points":73,"partner":"Dan","contract":"solo",'
                        '"caller":"Bea"}', FIXED.at, FIXED.author, FIXED.reason)
    assert revision_hash(reordered, "") == revision_hash(FIXED, "")
    for change in ({"author": "Bea"}, {"reason": "x"}, {"at": "2026-11-29 19:00:00.000001"},
                   {"seats": ("Ann", "Bea", "Chie", "Eve", "Dan")}, {"seq": 2}):
        fields = {f: getattr(FIXED, f) for f in FIXED.__slots__} | change
        assert revision_hash(Content(**fields), "") != revision_hash(FIXED, "")
    two = chain([FIXED, FIXED])
    assert two[1] == revision_hash(FIXED, two[0]) != two[0]
    assert first_broken([FIXED, FIXED], two) is None
    assert first_broken([FIXED, FIXED], [two[0], "0" * 64]) == 1
    assert first_broken([FIXED, FIXED], [None, two[1]]) == 0
    assert night_head([(2, "b"), (1, "a")]) == night_head([(1, "a"), (2, "b")])


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
@pytest.mark.parametrize("edit", [
    "UPDATE revision SET author = 'Mallory' WHERE id = 2",
    "UPDATE revision SET outcome = replace(outcome, '52', '62') WHERE id = 2",
    "UPDATE revision SET hash = NULL WHERE id = 2"])
def test_an_edited_revision_is_named_by_check(db_path: Any, edit: str) -> None:
    service = club(db_path)  # corrections, a void, a rename after the deals
    assert checked(service) == []
    service.db.dispose()
    raw_sql(db_path, edit)
    found = checked(Tally.open(db_path))
    assert "table 1 deal 2: revision 1 does not match the table's hash chain (changed after "\
        "it was recorded?)" in found
    assert all("hash chain" not in line or line.startswith("table 1 ") for line in found)


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_every_write_path_seals_its_revisions(db_path: Any, tmp_path: Any) -> None:
    service = club(db_path)
    table = service.new_table(1, "crazy-solo", ["Ann", "Beatrix", "Chie", "Dan", "春子"])
    service.import_tables([(table, [{"contract": "solo", "caller": "Ann", "partner": "Dan",
                                     "trump": "clubs", "team_points": 70}] * 3)])
    con = raw(db_path)  # a file's, or the server's (the bulk path streams there)
    try:
        assert con.execute("SELECT count(*) FROM revision WHERE hash IS NULL").fetchone() == (0,)
        assert con.execute("SELECT count(DISTINCT hash) FROM revision").fetchone()[0] == \
            con.execute("SELECT count(*) FROM revision").fetchone()[0]
    finally:
        con.close()
    assert checked(service) == []


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
@pytest.mark.parametrize("window", [2, 1000])  # 2: a table's last revision further back
def test_sealing_from_the_new_revisions_gives_the_whole_chain(
        db_path: Any, window: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.store import chain_rows

    monkeypatch.setattr(chain_rows, "WINDOW", window)
    service = Tally.open(db_path)
    seats = ["Ann", "Bea", "Chie", "Dan", "Eve"]
    service.add_players(seats)
    night = service.new_night("2026-11-29", "Club")
    tables = [service.new_table(night, "crazy-solo", seats) for _ in range(3)]
    deals: list[int] = []
    for i in range(12):  # the tables' deals interleaved, one or two at a time
        deal = {"contract": "solo", "caller": seats[i % 5], "partner": seats[(i + 1) % 5],
                "trump": "clubs", "team_points": 40 + i}
        deals.append(service.add_deal(tables[i % 3] if i % 4 else tables[0], deal))
    service.correct_deal(deals[0], {"contract": "solo", "caller": "Eve", "partner": "Ann",
                                    "trump": "spades", "team_points": 90}, reason="misread")
    service.void_deal(deals[5], "dealt twice")
    service.add_deal(tables[2], {"contract": "pass"})
    with service.db.transaction() as s:
        for table in tables:
            links = chain_rows.table_chain(s, table)
            assert [x.hash for x in links] == chain([x.content for x in links])
    assert checked(service) == []
