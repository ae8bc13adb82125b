"""Scorer-typed flags for the Sixty-Six family become contract JSON that parses."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.rules import GAMES, RuleError

SIXTY = GAMES["sixty-six"]
FOUR = GAMES["sixty-six-four"]


def quick(game: Any, seats: tuple[str, ...], **flags: Any) -> dict[str, Any]:
    options = game.make_options({"ten_of_trumps_bonus": True} if game is FOUR else {})
    state = game.initial(seats, options)
    assert game.quick is not None
    obj = game.quick(flags, state)
    game.parse(obj, state, options)  # the JSON is a deal the table accepts
    return obj


def test_claim_flags() -> None:
    assert quick(SIXTY, ("A", "B"), ending="claim", by="A", points="A=68, B=40",
                 tricks="A=4,B=3", winner=None) == {
        "ending": "claim", "by": "A", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}}


def test_close_flags() -> None:
    assert quick(SIXTY, ("A", "B"), ending="close", by="A", closer_won="no",
                 points="A=50,B=70", tricks="A=3,B=4", at_close_points="B=0",
                 at_close_tricks="B=0") == {
        "ending": "close", "by": "A", "closer_won": False, "points": {"A": 50, "B": 70},
        "tricks": {"A": 3, "B": 4}, "at_close": {"points": {"B": 0}, "tricks": {"B": 0}}}
    assert quick(SIXTY, ("A", "B"), ending="close", by="A", closer_won=True,
                 points="A=70,B=50", tricks="A=4,B=3", at_close_points="B=10",
                 at_close_tricks="B=1")["closer_won"] is True


def test_exhausted_flags() -> None:
    assert quick(SIXTY, ("A", "B"), ending="exhausted", points="A=64,B=56", tricks="A=7,B=5",
                 last_trick="A")["last_trick"] == "A"


def test_quick_entry_flags() -> None:
    assert quick(SIXTY, ("A", "B"), winner="A", game_points="2") == {
        "ending": "scored", "winner": "A", "game_points": 2}
    assert quick(SIXTY, ("A", "B"), winner="none", game_points="0") == {
        "ending": "scored", "winner": None, "game_points": 0}
    # a player really called "none" is a player
    assert quick(SIXTY, ("none", "B"), winner="none", game_points="1")["winner"] == "none"


def test_four_hand_flags() -> None:
    assert quick(FOUR, ("A", "B", "C", "D"), points="A=70,B=60", ten_of_trumps="C") == {
        "points": {"A": 70, "B": 60}, "ten_of_trumps": "C"}


@pytest.mark.parametrize(("game", "flags", "message"), [
    (SIXTY, {"points": "A:68"}, "--points: A:68 is not NAME=VALUE"),
    (SIXTY, {"points": "A=x"}, "--points: x is not a whole number"),
    (SIXTY, {"game_points": "two", "winner": "A"}, "--game-points: two is not a whole number"),
    (SIXTY, {"closer_won": "maybe"}, "--closer-won: maybe is not true or false"),
    (SIXTY, {"ten_of_trumps": "A"}, "--ten-of-trumps: is not a flag for this game"),
    (FOUR, {"by": "A"}, "--by: is not a flag for this game"),  # four-hand has no claims
])
def test_bad_flags(game: Any, flags: dict[str, Any], message: str) -> None:
    state = game.initial(("A", "B", "C", "D")[: game.min_seats], game.make_options({}))
    with pytest.raises(RuleError) as caught:
        game.quick(flags, state)
    assert str(caught.value) == message
