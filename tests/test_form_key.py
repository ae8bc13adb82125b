"""A phone form's key: a save that arrives twice records once."""

from __future__ import annotations

import pytest

from ledger.service import RuleError, Tally

DEAL = {"contract": "solo", "caller": "Bea", "trump": "clubs", "partner": "Dan",
        "team_points": 73}


def tables(service: Tally) -> tuple[int, int]:
    service.add_players(["Ann", "Bea", "Chie", "Dan", "Eve"])
    night = service.new_night("2026-12-01")
    seats = ["Ann", "Bea", "Chie", "Dan", "Eve"]
    return (service.new_table(night, "crazy-solo", seats),
            service.new_table(night, "crazy-solo", seats))


def test_the_same_form_saved_twice_records_one_deal(service: Tally) -> None:
    one, _ = tables(service)
    first = service.add_deal(one, DEAL, "Mio", expect_number=1, form_key="k-1")
    again = service.add_deal(one, DEAL, "Mio", expect_number=1, form_key="k-1")
    assert again == first and len(service.deals(one)) == 1
    other = service.add_deal(one, DEAL, "Mio", expect_number=2, form_key="k-2")
    assert other != first and [d.number for d in service.deals(one)] == [1, 2]
    assert service.add_deal(one, DEAL, "Mio") not in (first, other)  # no key: a new deal


def test_a_form_key_belongs_to_its_table(service: Tally) -> None:
    one, two = tables(service)
    service.add_deal(one, DEAL, "Mio", form_key="k-1")
    with pytest.raises(RuleError) as refused:
        service.add_deal(two, DEAL, "Mio", form_key="k-1")
    assert refused.value.code == "form_key_table" and service.deals(two) == []
    with pytest.raises(RuleError):
        service.add_deal(one, DEAL, "Mio", form_key="x" * 65)


def test_the_deal_of_a_form_is_found_by_its_key(service: Tally) -> None:
    one, _ = tables(service)
    assert service.deal_of_form("k-9") is None
    deal = service.add_deal(one, DEAL, "Mio", form_key="k-9")
    assert service.deal_of_form("k-9") == deal
