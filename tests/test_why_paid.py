"""Issue 27 item 6: the settlement's "Why" after a part payment says the paid and the owed
parts as they are (the other 50 Chie gets came from Ann herself, not from others)."""

from __future__ import annotations

from types import SimpleNamespace

from ledger.service.night_end import settlement_of
from ledger.text.summaries import why_text

NIGHT = SimpleNamespace(id=1, date="2026-11-29", rate=None, currency=None)
NETS = {1: {"Ann": -150, "Chie": 115, "Dan": 35}}


def test_why_after_a_part_payment_names_the_paid_part() -> None:
    paid = [(1, "Ann", "Chie", 50, "2026-11-29 23:00:00")]
    st = settlement_of(NIGHT, NETS, paid, None, None, None, None)
    item = next(i for i in st.open if i.payee == "Chie")
    assert (item.payer, item.amount) == ("Ann", 65)
    assert item.why.text() == (
        "Ann pays Chie 65 chips.\n"
        "Ann lost 150 chips in all: -150 at table 1.\n"
        "Chie won 115 chips in all: +115 at table 1.\n"
        "Ann has paid Chie 50 already; this is the 65 still owed.\n"
        "This and the 50 paid make 115 of the 150 Ann lost; the other 35 goes to others.")
    assert why_text(item.why, plain=True) == item.why.text()  # English from the catalogue


def test_why_without_payments_is_as_before() -> None:
    st = settlement_of(NIGHT, NETS, [], None, None, None, None)
    item = next(i for i in st.open if i.payee == "Chie")
    assert item.why.text().splitlines()[-1] == (
        "This covers 115 of the 150 Ann lost; the rest goes to others.")
