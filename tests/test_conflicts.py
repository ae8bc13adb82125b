"""Two devices save the same deal: the second is refused in the write transaction, never
doubled, and what it typed can be saved as the next deal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.domain.conflicts import StaleDeal
from ledger.service import Tally

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
SOLO_52 = {**SOLO, "team_points": 52}


def test_second_save_of_deal_1_is_refused_and_saves_as_deal_2(
        crazy_table: tuple[Tally, int], db_path: Path,
        counts: Callable[[Path], dict[str, int]]) -> None:
    service, table = crazy_table
    other = Tally.open(db_path)  # the second device: its own connections
    service.add_deal(table, SOLO, "Ann", expect_number=1)
    before = counts(db_path)
    with pytest.raises(StaleDeal) as refused:
        other.add_deal(table, SOLO_52, "Bea", expect_number=1)
    assert str(refused.value) == "deal: 1 was just recorded on another device"
    assert (refused.value.number, refused.value.next_number) == (1, 2)
    assert counts(db_path) == before  # nothing written
    second = other.add_deal(table, SOLO_52, "Bea", expect_number=refused.value.next_number)
    deals = service.deals(table)
    assert [(d.number, d.author, d.outcome["team_points"]) for d in deals] == [
        (1, "Ann", 73), (2, "Bea", 52)]
    assert deals[1].id == second


def test_correction_of_a_deal_changed_since_is_refused(
        crazy_table: tuple[Tally, int], db_path: Path,
        counts: Callable[[Path], dict[str, int]]) -> None:
    service, table = crazy_table
    deal = service.add_deal(table, SOLO)
    opened = service.deal(deal).revision  # both forms open revision 1
    service.correct_deal(deal, SOLO_52, reason="recount", author="Ann",
                         expect_revision=opened)
    before = counts(db_path)
    with pytest.raises(StaleDeal) as refused:
        service.correct_deal(deal, {**SOLO, "team_points": 40}, reason="mine",
                             author="Bea", expect_revision=opened)
    assert str(refused.value) == "deal: 1 was just changed on another device"
    assert refused.value.revision == 2
    with pytest.raises(StaleDeal):
        service.void_deal(deal, "misdeal", "Bea", expect_revision=opened)
    assert counts(db_path) == before
    service.correct_deal(deal, {**SOLO, "team_points": 40}, reason="mine", author="Bea",
                         expect_revision=refused.value.revision)
    assert [(r.revision, r.kind, r.author) for r in service.history(deal)] == [
        (1, "record", None), (2, "correct", "Ann"), (3, "correct", "Bea")]


def test_without_expectations_nothing_changes(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    service.add_deal(table, SOLO)  # the CLI and imports expect nothing
    assert [d.number for d in service.deals(table)] == [1, 2]
