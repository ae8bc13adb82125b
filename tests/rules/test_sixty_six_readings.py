"""Issue 27, items 1–3: the two readings where the seed is silent (`four_hand_scale`,
`close_judged`, shared/rules/sixty-six.md sections 4 and 6) and the card points no pack can
make (a side with 1 point, section 1), in every Sixty-Six game and ending."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.config import presets
from ledger.domain.rules import GAMES, RuleError

SIXTY = GAMES["sixty-six"]
SCHNAPS = GAMES["schnapsen"]
THREE = GAMES["sixty-six-three"]
FOUR = GAMES["sixty-six-four"]
SEATS4 = ("A", "B", "C", "D")


def four(points: dict[str, int], tricks: dict[str, int] | None = None, **options: Any
         ) -> tuple[list[str] | None, int]:
    opts = FOUR.make_options(options)
    state = FOUR.initial(SEATS4, opts)
    obj: dict[str, Any] = {"points": points}
    if tricks is not None:
        obj["tricks"] = tricks
    hand = FOUR.parse(obj, state, opts)
    assert FOUR.parse(FOUR.to_json(hand), state, opts) == hand
    settlement, _ = FOUR.settle(state, hand, opts)
    return settlement.extra["winner"], settlement.extra["game_points"]


# --- item 1: four_hand_scale (section 6) ----------------------------------------------------

@pytest.mark.parametrize(("a", "b", "tricks", "hoyle", "loser"), [
    (97, 33, None, 1, 1),  # 66–99 → 1; the loser has 33+ → 1
    (98, 32, None, 1, 2),  # Hoyle: 1; the loser under 33 with a trick: Schneider 2
    (100, 30, None, 2, 2),
    (120, 10, None, 2, 2),  # the loser took the last trick only
    (129 - 1, 2, None, 2, 2),
    (130, 0, {"B": 0}, 3, 3),  # all 130, no trick: Schwarz either way
    (130, 0, {"B": 1}, 3, 2),  # a trick of four 9s is a trick: the loser's scale gives 2
    (66, 64, None, 1, 1),
])
def test_four_hand_scales(a: int, b: int, tricks: dict[str, int] | None, hoyle: int,
                          loser: int) -> None:
    assert four({"A": a, "B": b}, tricks) == (["A", "C"], hoyle)
    assert four({"A": a, "B": b}, tricks, four_hand_scale="hoyle") == (["A", "C"], hoyle)
    assert four({"A": a, "B": b}, tricks, four_hand_scale="loser") == (["A", "C"], loser)
    # the other side wins the same way
    swapped = {"C": tricks["B"]} if tricks else None
    assert four({"B": a, "C": b}, swapped, four_hand_scale="loser") == (["B", "D"], loser)


def test_four_hand_draw_scores_nothing_on_either_scale() -> None:
    for scale in ("hoyle", "loser"):
        assert four({"A": 65, "B": 65}, four_hand_scale=scale) == (None, 0)


def test_four_hand_loser_scale_asks_whether_a_side_with_0_points_took_a_trick() -> None:
    opts = FOUR.make_options({"four_hand_scale": "loser"})
    state = FOUR.initial(SEATS4, opts)
    with pytest.raises(RuleError) as caught:
        FOUR.parse({"points": {"A": 130, "B": 0}}, state, opts)
    assert str(caught.value) == ("tricks: is missing: B+D have 0 points; say how many tricks "
                                 "they took (a trick of four 9s counts nothing)")
    for tricks, message in [
        ({"A": 0, "B": 0}, "tricks.A: 0 tricks, but A+C have 130 points"),
        ({"B": 7}, "tricks.B: 7 is above 6"),
        ({"B": 2}, "tricks.B: 2 tricks with 0 points; the cards that count nothing make at most 1"),
        ({"A": 6, "B": 1}, "tricks: 7 in all; a deal has 6"),
    ]:
        with pytest.raises(RuleError) as caught:
            FOUR.parse({"points": {"A": 130, "B": 0}, "tricks": tricks}, state, opts)
        assert str(caught.value) == message
    # Hoyle's scale does not ask: 130 is 3 whatever the tricks
    hoyle = FOUR.make_options({})
    FOUR.parse({"points": {"A": 130, "B": 0}}, FOUR.initial(SEATS4, hoyle), hoyle)


def test_four_hand_scale_option_is_checked_and_defaults_to_hoyle() -> None:
    assert presets.load("sixty-six-four")[1].four_hand_scale == "hoyle"
    with pytest.raises(RuleError) as caught:
        FOUR.make_options({"four_hand_scale": "winner"})
    assert str(caught.value) == "four_hand_scale: winner is not one of hoyle, loser"
    # a table stored before the option existed was scored on Hoyle's scale
    stored = FOUR.options_json(FOUR.make_options({}))
    del stored["four_hand_scale"]
    assert FOUR.stored_options(stored).four_hand_scale == "hoyle"


# --- item 2: close_judged (section 4) --------------------------------------------------------

CLOSE = {"ending": "close", "by": "A", "closer_won": True, "points": {"A": 70, "B": 30},
         "tricks": {"A": 3, "B": 2}, "at_close": {"points": {"B": 0}, "tricks": {"B": 0}}}


def first(game: Any, obj: dict[str, Any], **options: Any) -> tuple[str | None, int]:
    opts = game.make_options(options)
    state = game.initial(("A", "B"), opts)
    settlement, _ = game.settle(state, game.parse(obj, state, opts), opts)
    return settlement.extra["winner"], settlement.extra["game_points"]


def test_schnapsen_close_judged_at_the_close_or_on_the_whole_deal() -> None:
    # B had no trick when A closed, took 2 tricks and 30 points afterwards
    assert first(SCHNAPS, CLOSE) == ("A", 3)
    assert first(SCHNAPS, CLOSE, close_judged="at_close") == ("A", 3)
    assert first(SCHNAPS, CLOSE, close_judged="whole_deal") == ("A", 2)
    assert first(SIXTY, CLOSE) == ("A", 2)  # two-player Sixty-Six (section 3)
    # a failed close is judged at the close on either reading (section 4, as section 3)
    failed = {**CLOSE, "closer_won": False, "points": {"A": 50, "B": 30}}
    for reading in ("at_close", "whole_deal"):
        assert first(SCHNAPS, failed, close_judged=reading) == ("B", 3)


def test_close_judged_option_is_checked_and_defaults_to_at_close() -> None:
    assert presets.load("schnapsen")[1].close_judged == "at_close"
    with pytest.raises(RuleError) as caught:
        SCHNAPS.make_options({"close_judged": "later"})
    assert str(caught.value) == "close_judged: later is not one of at_close, whole_deal"
    with pytest.raises(RuleError) as caught:
        SIXTY.make_options({"close_judged": "at_close"})
    assert str(caught.value) == "close_judged: unknown option"
    stored = SCHNAPS.options_json(SCHNAPS.make_options({}))
    del stored["close_judged"]
    assert SCHNAPS.stored_options(stored).close_judged == "at_close"


def test_presets_label_the_two_readings() -> None:
    assert presets.readings(SCHNAPS) == [("close_judged", "at_close")]
    assert presets.readings(FOUR) == [("four_hand_scale", "hoyle")]
    assert presets.readings(SIXTY) == []


# --- item 3: a side with 1 card point ------------------------------------------------------

ONE_POINT = [
    pytest.param(SIXTY, {"ending": "exhausted", "points": {"A": 119, "B": 1},
                         "tricks": {"A": 11, "B": 1}, "last_trick": "A"}, "points.B",
                 id="exhausted"),
    pytest.param(SIXTY, {"ending": "claim", "by": "A", "points": {"A": 70, "B": 1},
                         "tricks": {"A": 4, "B": 1}}, "points.B", id="claim"),
    pytest.param(SIXTY, {"ending": "close", "by": "A", "closer_won": True,
                         "points": {"A": 70, "B": 10}, "tricks": {"A": 4, "B": 1},
                         "at_close": {"points": {"B": 1}, "tricks": {"B": 1}}},
                 "at_close.points.B", id="close-at-close"),
    pytest.param(SIXTY, {"ending": "close", "by": "A", "closer_won": False,
                         "points": {"A": 50, "B": 1}, "tricks": {"A": 4, "B": 1},
                         "at_close": {"points": {"B": 1}, "tricks": {"B": 1}}},
                 "points.B", id="close"),
]


def enter(game: Any, obj: dict[str, Any], state: Any, opts: Any) -> Any:
    """A deal as the service takes one in (record, correct, calc): parse, then the refusals
    of what is entered."""
    outcome = game.parse(obj, state, opts)
    assert game.check_entered is not None
    game.check_entered(outcome)
    return outcome


@pytest.mark.parametrize(("game", "obj", "field"), ONE_POINT)
def test_a_player_with_1_card_point_is_refused(game: Any, obj: dict[str, Any], field: str
                                               ) -> None:
    opts = game.make_options({})
    state = game.initial(("A", "B"), opts)
    game.parse(obj, state, opts)  # a deal stored before the check still replays
    with pytest.raises(RuleError) as caught:
        enter(game, obj, state, opts)
    assert str(caught.value) == f"{field}: 1 card point cannot happen (no trick makes 1)"


def test_schnapsen_refuses_1_card_point_by_its_pack() -> None:
    """Schnapsen has no 9s: a trick holds at least 4, so 1 was refused already."""
    opts = SCHNAPS.make_options({})
    state = SCHNAPS.initial(("A", "B"), opts)
    with pytest.raises(RuleError) as caught:
        enter(SCHNAPS, {"ending": "exhausted", "points": {"A": 119, "B": 1},
                        "tricks": {"A": 9, "B": 1}, "last_trick": "A"}, state, opts)
    assert str(caught.value) == "points.B: 1 is less than 1 tricks hold (at least 4)"


def test_three_player_deal_with_1_card_point_is_refused() -> None:
    opts = THREE.make_options({})
    state = THREE.initial(("A", "B", "C"), opts)  # A deals and sits out
    with pytest.raises(RuleError) as caught:
        enter(THREE, {"ending": "claim", "by": "B", "points": {"B": 70, "C": 1},
                      "tricks": {"B": 4, "C": 1}}, state, opts)
    assert str(caught.value) == "points.C: 1 card point cannot happen (no trick makes 1)"


@pytest.mark.parametrize("scale", ["hoyle", "loser"])
def test_four_hand_side_with_1_card_point_is_refused(scale: str) -> None:
    opts = FOUR.make_options({"four_hand_scale": scale})
    state = FOUR.initial(SEATS4, opts)
    with pytest.raises(RuleError) as caught:
        enter(FOUR, {"points": {"A": 129, "B": 1}}, state, opts)
    assert str(caught.value) == "points.B: 1 card point cannot happen (no trick makes 1)"
