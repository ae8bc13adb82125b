"""Hachi-Hachi Trick hand roles: the default table, its validation, and detection."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.config import presets
from ledger.domain.rules import RuleError
from ledger.domain.rules import hachihachi as hh
from ledger.domain.rules.cards import RANKS, SUITS, Card, parse_card
from ledger.domain.rules.hand_roles import (
    HandRoles,
    detect,
    has_straight,
    load_table,
)

_, OPTIONS = presets.load("hachihachi-trick")
TABLE: HandRoles = OPTIONS.hand_roles
DECK = [Card(r, s) for s in SUITS for r in RANKS]


def hand(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def raw_roles() -> list[dict[str, Any]]:
    return copy.deepcopy(TABLE.to_json()["roles"])


# --- the default table (section 8) ----------------------------------------------------------

def test_default_table_is_section_8() -> None:
    got = {r.id: (r.group, r.in_value, r.forced_out) for r in TABLE.roles}
    assert got == {
        "sanbon": ("A", 2, 1), "full_house": ("A", 3, 1), "kuttsuki": ("A", 4, 2),
        "teshi": ("A", 6, 3), "haneken": ("A", 7, 3), "futa_sanbon": ("A", 8, 4),
        "ichi_ni_shi": ("A", 8, 4), "shiso": ("A", 20, 10),
        "straight": ("B", 2, 1), "flush": ("B", 3, 1), "straight_flush": ("B", 10, 5),
        "karasu": ("C", 3, 1), "pika_ichi": ("C", 3, 1), "mugiri": ("D", 1, 1),
    }
    assert TABLE.source == "default.toml"
    assert TABLE.get("kuttsuki").name_ja == "喰付"  # type: ignore[union-attr]


def test_table_round_trips_through_options_json_and_stays_frozen() -> None:
    stored = json.loads(json.dumps(hh.options_json(OPTIONS)))
    again = hh.make_options(stored)
    assert again == OPTIONS
    assert isinstance(again.hand_roles.roles, tuple)
    with pytest.raises(AttributeError):
        again.hand_roles.roles[0].in_value = 99  # type: ignore[misc]
    # a bare list of roles (an older stored form) is read the same way
    assert hh.make_options({"hand_roles": stored["hand_roles"]["roles"]}).hand_roles.roles \
        == TABLE.roles


# --- validation -----------------------------------------------------------------------------

@pytest.mark.parametrize(("index", "key", "value", "error"), [
    (3, "group", "E", "roles[3].group: E is not one of A, B, C, D"),
    (9, "in", -1, "roles[9].in: -1 is negative"),
    (0, "forced_out", -2, "roles[0].forced_out: -2 is negative"),
    (2, "in", 2.5, "roles[2].in: 2.5 is not a whole number"),
    (2, "in", True, "roles[2].in: true is not a whole number"),
    (4, "id", "sanbon", "roles[4].id: sanbon is also roles[0]"),
    (4, "id", "Has Space", "roles[4].id: Has Space is not an id"),
    (10, "rule", "pairs", "roles[10].rule: pairs is not a rule"),
    (1, "rule", "counts:3-1-1-1-1", "roles[1].rule: counts:3-1-1-1-1 is also the rule of "
                                    "roles[0] (sanbon)"),
    (1, "rule", "counts:2-3-2", "roles[1].rule: counts:2-3-2: rank counts must be"),
    (1, "rule", "counts:5-1-1", "roles[1].rule: counts:5-1-1: rank counts must be"),
    (1, "rule", "counts:3-2-1", "roles[1].rule: counts:3-2-1: rank counts must be"),
    (8, "rule", "no_trump", "roles[13].rule: no_trump is also the rule of roles[8] (straight)"),
    (13, "group", "A", "roles[13].group: A with rule no_trump"),
    (0, "group", "B", "roles[0].group: B with rule counts:3-1-1-1-1"),
    (5, "colour", "red", "roles[5].colour: unknown key"),
])
def test_bad_table_names_the_entry(index: int, key: str, value: Any, error: str) -> None:
    roles = raw_roles()
    roles[index][key] = value
    with pytest.raises(RuleError) as exc:
        load_table({"file": "club.toml", "roles": roles})
    assert str(exc.value).startswith(error)


def test_missing_key_and_bad_shapes() -> None:
    roles = raw_roles()
    del roles[2]["forced_out"]
    with pytest.raises(RuleError, match=r"^roles\[2\]\.forced_out: is missing"):
        load_table({"roles": roles})
    with pytest.raises(RuleError, match=r"^roles: x is not a list"):
        load_table({"roles": "x"})
    with pytest.raises(RuleError, match=r"^roles\[0\]: 3 is not a table"):
        load_table([3])
    with pytest.raises(RuleError, match=r"^extra: unknown key"):
        load_table({"roles": [], "extra": 1})


def test_names_default_to_the_id() -> None:
    table = load_table([{"id": "mugiri", "group": "D", "in": 1, "forced_out": 1,
                         "rule": "no_trump"}])
    assert (table.roles[0].name_ja, table.roles[0].name_en) == ("mugiri", "mugiri")


def test_make_options_names_the_hand_roles_key() -> None:
    roles = raw_roles()
    roles[3]["group"] = "E"
    with pytest.raises(RuleError) as exc:
        hh.make_options({"hand_roles": {"file": "default.toml", "roles": roles}})
    assert exc.value.field == "hand_roles.roles[3].group"
    assert "E is not one of A, B, C, D (default.toml)" in exc.value.message
    with pytest.raises(RuleError, match=r"^hand_roles: default names a table file"):
        hh.make_options({"hand_roles": "default"})


def test_preset_with_a_bad_table_is_a_clear_error() -> None:
    roles = raw_roles()
    roles[0]["in"] = -3
    with pytest.raises(RuleError, match=r"where\.hand_roles\.roles\[0\]\.in: -3 is negative"):
        presets.build_options(hh.GAME, {"hand_roles": {"file": "x.toml", "roles": roles}},
                              "where")


# --- detection: each role on a hand-made hand -------------------------------------------------

@pytest.mark.parametrize(("cards", "trump", "roles", "aces"), [
    ("7S 7H 7D 2C 4S 9H JD", "S", ("sanbon",), 0),
    ("7S 7H 7D 2C 2S 9H JD", "S", ("full_house",), 0),
    ("7S 7H 2D 2C 9S 9H JD", "S", ("kuttsuki",), 0),
    ("7S 7H 7D 7C 2S 9H JD", "S", ("teshi",), 0),
    ("7S 7H 7D 2C 2S 9H 9D", "S", ("haneken", "karasu"), 0),
    ("7S 7H 7D 2C 2S 2H JD", "S", ("futa_sanbon",), 0),
    ("7S 7H 7D 7C 2S 2H JD", "S", ("ichi_ni_shi",), 0),
    ("AS AH AD AC KS KH KD", "S", ("shiso",), 4),
    ("3S 4H 5D 6C 7S JH KD", "S", ("straight",), 0),
    ("2S 5S 8S JS KS 3H 9D", "S", ("flush",), 0),
    ("3S 4S 5S 6S 7S JH KD", "S", ("straight_flush",), 0),
    ("2S 4H 6D 8C 3S 9H 9D", "S", ("karasu",), 0),
    ("AS 4H 6D 8C 3S 9H 9D", "S", ("pika_ichi",), 1),
    ("AH 4H 6D 8C QD 2H 10D", "S", ("mugiri",), 1),
    ("AH KH 6D 8C QD 2H 10D", "S", ("mugiri",), 1),
    ("AS KH 6D 8C QD 2H 10D", "S", (), 1),
])
def test_detect_each_role(cards: str, trump: str, roles: tuple[str, ...], aces: int) -> None:
    reading = detect(hand(cards), trump, TABLE)
    assert reading.roles == roles
    assert reading.aces == aces


def test_pairs_and_two_pairs_are_no_role() -> None:
    for cards in ("2S 4H 6D 8C 10S QH AD", "2S 2H 6D 8C 10S QH AD", "2S 2H 6D 6C 10S QH AD"):
        assert detect(hand(cards), "C", TABLE).roles == ()


# --- detection: the edges ---------------------------------------------------------------------

def test_straight_ace_low_and_high_but_no_wrap() -> None:
    assert detect(hand("AS 2H 3D 4C 5S JH KD"), "S", TABLE).roles == ("straight",)
    assert detect(hand("10S JH QD KC AS 2H 4D"), "S", TABLE).roles == ("straight",)
    assert detect(hand("QS KH AD 2C 3S 7H 9D"), "S", TABLE).roles == ()
    assert not has_straight(hand("JS QH KD AC 2S"))
    assert has_straight(hand("9S 10H JD QC KS"))


def test_six_and_seven_card_flush() -> None:
    assert detect(hand("2H 5H 8H JH KH 3H 9D"), "S", TABLE).roles == ("flush", "mugiri")
    assert detect(hand("2H 5H 8H JH KH 3H QH"), "H", TABLE).roles == ("flush",)
    assert detect(hand("2H 5H 8H JH 3D 9D QD"), "S", TABLE).roles == ("mugiri",)


def test_straight_flush_counts_once_in_group_b() -> None:
    # a suited 4-8 plus a 6th heart: straight, flush and straight flush all match
    reading = detect(hand("4H 5H 6H 7H 8H KH 2S"), "S", TABLE)
    assert reading.roles == ("straight_flush",)
    # a straight and a flush that are not the same five cards: only the flush (the higher)
    assert detect(hand("4H 5S 6H 7H 8H KH 2S"), "S", TABLE).roles == ("flush",)
    # the wheel in one suit
    assert detect(hand("AD 2D 3D 4D 5D 9S KC"), "S", TABLE).roles == ("straight_flush",)


def test_karasu_against_pika_ichi() -> None:
    assert detect(hand("2S 3H 4D 5C 7S 8H 9D"), "C", TABLE).roles == ("karasu",)
    assert detect(hand("AS 3H 4D 5C 7S 8H 9D"), "C", TABLE).roles == ("pika_ichi",)
    assert detect(hand("AS AH 4D 5C 7S 8H 9D"), "C", TABLE).roles == ()  # two Aces
    for breaker in ("10D", "JD", "QD", "KD"):
        assert detect(hand(f"2S 3H {breaker} 5C 7S 8H 9D"), "C", TABLE).roles == ()
        assert detect(hand(f"AS 3H {breaker} 5C 7S 8H 9D"), "C", TABLE).roles == ()


def test_mugiri_depends_on_the_trump() -> None:
    cards = hand("2S 4H 6D 8S 10H QD KS")
    assert detect(cards, "C", TABLE).roles == ("mugiri",)
    for trump in ("S", "H", "D"):
        assert detect(cards, trump, TABLE).roles == ()


def test_roles_of_a_club_table_without_some_rows() -> None:
    # without straight_flush a straight flush is a flush (the higher of the two left)
    roles = [r for r in raw_roles() if r["id"] != "straight_flush"]
    table = load_table(roles)
    assert detect(hand("4H 5H 6H 7H 8H KS 2S"), "S", table).roles == ("flush",)


# --- detection: invariants over random hands --------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.sampled_from(SUITS))
def test_detection_invariants(deck: list[Card], trump: str) -> None:
    cards = deck[:7]
    reading = detect(cards, trump, TABLE)
    groups = Counter(TABLE.get(r).group for r in reading.roles)  # type: ignore[union-attr]
    assert all(groups[g] <= 1 for g in "ABC")
    counts = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    assert (groups["A"] == 1) == (counts not in ([1] * 7, [2] + [1] * 5, [2, 2, 1, 1, 1]))
    assert reading.aces == sum(c.rank == "A" for c in cards)
    assert ("mugiri" in reading.roles) == all(c.suit != trump for c in cards)
    suit_max = max(Counter(c.suit for c in cards).values())
    assert (groups["B"] == 1) == (suit_max >= 5 or has_straight(cards))
    assert reading.roles == TABLE.order(reading.roles)
