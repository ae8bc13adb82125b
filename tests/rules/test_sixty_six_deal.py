"""Two-player Sixty-Six and Schnapsen deals: the worked examples of shared/rules/sixty-six.md
section 9, and the refusals of impossible deals."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.rules import GAMES, RuleError
from ledger.domain.rules.sixty_six_deal import SCHNAPSEN, SIXTY_SIX, Rules, parse_deal, scale, score

SIXTY = GAMES["sixty-six"]
SCHNAPS = GAMES["schnapsen"]
BOTH = [pytest.param(SIXTY_SIX, id="sixty-six"), pytest.param(SCHNAPSEN, id="schnapsen")]


def deal(rules: Rules, **obj: Any) -> tuple[str | None, int]:
    return score(parse_deal(obj, rules, ("A", "B")), rules)


def first_deal(game: Any, obj: dict[str, Any], stored: dict[str, Any] | None = None
               ) -> dict[str, Any]:
    """Settle one deal at a fresh table; return the contract's extra output. `stored`: the
    table's options as stored (a table made before an option existed lacks its key)."""
    options = game.make_options({}) if stored is None else game.stored_options(stored)
    state = game.initial(("A", "B"), options)
    settlement, _ = game.settle(state, game.parse(obj, state, options), options)
    assert settlement.transfers == ()  # chips move only when a game ends
    assert settlement.nets == {"A": 0, "B": 0}
    return dict(settlement.extra)


# --- section 9, examples 1–8 ------------------------------------------------------------------

@pytest.mark.parametrize("rules", BOTH)
def test_example_1_claim_68_against_40_scores_1(rules: Rules) -> None:
    assert deal(rules, ending="claim", by="A", points={"A": 68, "B": 40},
                tricks={"A": 4, "B": 3}) == ("A", 1)


@pytest.mark.parametrize("rules", BOTH)
def test_example_2_claim_70_against_25_is_schneider(rules: Rules) -> None:
    assert deal(rules, ending="claim", by="A", points={"A": 70, "B": 25},
                tricks={"A": 4, "B": 2}) == ("A", 2)


@pytest.mark.parametrize("rules", BOTH)
def test_example_3_claim_against_no_trick_is_schwarz(rules: Rules) -> None:
    assert deal(rules, ending="claim", by="A", points={"A": 66, "B": 0},
                tricks={"A": 3, "B": 0}) == ("A", 3)


@pytest.mark.parametrize("rules", BOTH)
def test_example_4_false_claim_scores_2_or_3_without_a_trick(rules: Rules) -> None:
    # section 9 example 4: A claims with 62 → B 2, or 3 if B had no trick yet (both games)
    assert deal(rules, ending="claim", by="A", points={"A": 62, "B": 30},
                tricks={"A": 4, "B": 2}) == ("B", 2)
    assert deal(rules, ending="claim", by="A", points={"A": 62, "B": 0},
                tricks={"A": 4, "B": 0}) == ("B", 3)


def test_example_4_at_a_table_and_the_legacy_flat_2() -> None:
    obj = {"ending": "claim", "by": "A", "points": {"A": 62, "B": 0}, "tricks": {"A": 4, "B": 0}}
    for game in (SIXTY, SCHNAPS):
        extra = first_deal(game, obj)
        assert (extra["winner"], extra["game_points"]) == ("B", 3)
    # a Sixty-Six table stored before the correction gave a flat 2; Schnapsen always gave 3
    assert (first_deal(SIXTY, obj, {})["game_points"], first_deal(SCHNAPS, obj, {})
            ["game_points"]) == (2, 3)


@pytest.mark.parametrize("rules", BOTH)
def test_example_5_failed_close_against_no_trick_scores_3(rules: Rules) -> None:
    # A closed after two tricks while B had none; all tricks played, A stuck at 60.
    a_tricks = rules.tricks - 5
    assert deal(rules, ending="close", by="A", closer_won=False,
                points={"A": 60, "B": 60}, tricks={"A": a_tricks, "B": 5},
                at_close={"points": {"B": 0}, "tricks": {"B": 0}}) == ("B", 3)


@pytest.mark.parametrize("rules", BOTH)
def test_failed_close_against_a_trick_scores_2(rules: Rules) -> None:
    assert deal(rules, ending="close", by="A", closer_won=False,
                points={"A": 50, "B": 70}, tricks={"A": 3, "B": 4},
                at_close={"points": {"B": 10}, "tricks": {"B": 1}}) == ("B", 2)


def test_successful_close_sixty_six_judges_the_whole_deal() -> None:
    # B had no trick at the close but won two afterwards: Sixty-Six looks at the deal's end.
    obj = dict(ending="close", by="A", closer_won=True, points={"A": 70, "B": 20},
               tricks={"A": 4, "B": 2}, at_close={"points": {"B": 0}, "tricks": {"B": 0}})
    assert deal(SIXTY_SIX, **obj) == ("A", 2)
    # Schnapsen judges B's position at the moment of closing: no trick → 3.
    assert deal(SCHNAPSEN, **obj) == ("A", 3)


def test_successful_close_schnapsen_uses_points_at_the_close() -> None:
    obj = dict(ending="close", by="A", closer_won=True, points={"A": 70, "B": 45},
               tricks={"A": 4, "B": 3}, at_close={"points": {"B": 20}, "tricks": {"B": 2}})
    assert deal(SCHNAPSEN, **obj) == ("A", 2)
    assert deal(SIXTY_SIX, **obj) == ("A", 1)


def test_example_6_sixty_six_exhausted_last_trick_10() -> None:
    extra = first_deal(SIXTY, {"ending": "exhausted", "points": {"A": 64, "B": 56},
                               "tricks": {"A": 7, "B": 5}, "last_trick": "A"})
    assert (extra["winner"], extra["game_points"]) == ("A", 1)
    assert extra["score"] == {"A": 1, "B": 0}


def test_example_7_sixty_six_exhausted_65_65_nobody_scores() -> None:
    extra = first_deal(SIXTY, {"ending": "exhausted", "points": {"A": 55, "B": 65},
                               "tricks": {"A": 6, "B": 6}, "last_trick": "A"})
    assert (extra["winner"], extra["game_points"]) == (None, 0)
    assert extra["score"] == {"A": 0, "B": 0}


def test_sixty_six_exhausted_loser_counts_its_last_trick() -> None:
    # B took the last trick: 23 + 10 = 33 keeps B out of Schneider.
    assert deal(SIXTY_SIX, ending="exhausted", points={"A": 97, "B": 23},
                tricks={"A": 9, "B": 3}, last_trick="B") == ("A", 1)
    assert deal(SIXTY_SIX, ending="exhausted", points={"A": 98, "B": 22},
                tricks={"A": 9, "B": 3}, last_trick="A") == ("A", 2)


def test_example_8_schnapsen_exhausted_last_trick_wins_on_the_scale() -> None:
    # B takes the last trick and wins the hand: A has 40 → B 1; A has 30 → B 2
    for a_points, scored in ((40, 1), (30, 2)):
        extra = first_deal(SCHNAPS, {"ending": "exhausted", "tricks": {"A": 4, "B": 6},
                                     "points": {"A": a_points, "B": 120 - a_points},
                                     "last_trick": "B"})
        assert (extra["winner"], extra["game_points"]) == ("B", scored)
        assert extra["score"] == {"A": 7, "B": 7 - scored}  # counting down
    # and no trick at all for the loser is Schwarz, like any won hand
    assert deal(SCHNAPSEN, ending="exhausted", points={"A": 0, "B": 120},
                tricks={"A": 0, "B": 10}, last_trick="B") == ("B", 3)
    # no 10 for the last trick: A's 90 does not make B's last trick lose the hand
    assert deal(SCHNAPSEN, ending="exhausted", points={"A": 90, "B": 30},
                tricks={"A": 7, "B": 3}, last_trick="B") == ("B", 1)


@pytest.mark.parametrize("stored", [{"exhausted_scores": "one"}, {}])
def test_example_8_with_exhausted_scores_one_b_scores_1_either_way(stored: dict[str, Any]
                                                                  ) -> None:
    # the house rule, and a Schnapsen table stored before the option existed (no key)
    for a_points in (40, 30):
        extra = first_deal(SCHNAPS, {"ending": "exhausted", "tricks": {"A": 4, "B": 6},
                                     "points": {"A": a_points, "B": 120 - a_points},
                                     "last_trick": "B"}, stored)
        assert (extra["winner"], extra["game_points"]) == ("B", 1)


def test_schwarz_is_about_tricks_not_points() -> None:
    # a trick of two 9s: B has a trick but no points → Schneider, not Schwarz
    assert deal(SIXTY_SIX, ending="claim", by="A", points={"A": 66, "B": 0},
                tricks={"A": 3, "B": 1}) == ("A", 2)
    assert scale(0, 0) == 3 and scale(0, 1) == 2 and scale(32, 1) == 2 and scale(33, 1) == 1


def test_sixty_six_claim_after_the_last_trick_counts_the_10() -> None:
    obj = dict(ending="claim", by="A", points={"A": 60, "B": 60}, tricks={"A": 7, "B": 5})
    with pytest.raises(RuleError, match=r"^last_trick: is missing"):
        deal(SIXTY_SIX, **obj)
    assert deal(SIXTY_SIX, **obj, last_trick="A") == ("A", 1)
    assert deal(SIXTY_SIX, **obj, last_trick="B") == ("B", 2)  # 60 is a false claim


def test_quick_entry_and_draw() -> None:
    assert deal(SIXTY_SIX, ending="scored", winner="B", game_points=2) == ("B", 2)
    assert deal(SIXTY_SIX, ending="scored", winner=None, game_points=0) == (None, 0)
    assert deal(SCHNAPSEN, ending="scored", winner="A", game_points=0) == (None, 0)
    assert deal(SCHNAPSEN, ending="scored") == (None, 0)


def test_contract_example_output() -> None:
    extra = first_deal(SIXTY, {"game": "sixty-six", "players": ["A", "B"], "ending": "claim",
                               "by": "A", "points": {"A": 68, "B": 40},
                               "tricks": {"A": 4, "B": 3}})
    assert extra["winner"] == "A" and extra["game_points"] == 1
    assert extra["game_over"] is False


# --- refusals ---------------------------------------------------------------------------------

CLAIM = {"ending": "claim", "by": "A", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}}


@pytest.mark.parametrize(("change", "message"), [
    ({"ending": "fold"}, "ending: fold is not one of claim, close, exhausted, scored"),
    ({"by": "C"}, "by: C is not playing at this table"),
    ({"by": None}, "by: is missing (who claimed)"),
    ({"points": {"A": -1, "B": 40}}, "points.A: -1 is below 0"),
    ({"points": {"A": 68, "B": 40, "C": 1}}, "points.C: C is not playing at this table"),
    ({"points": {"A": 68}}, "points: has no entry for B"),
    ({"points": {"A": 68, "B": 4.5}}, "points.B: 4.5 is not a whole number"),
    ({"points": {"A": 68, "B": 221}}, "points.B: 221 is above 220"),
    ({"points": {"A": 68, "B": 10}, "tricks": {"A": 4, "B": 0}},
     "points.B: 10 with no trick (points count only once a trick is won)"),
    ({"points": {"A": 190, "B": 20}},
     "points.A: 190 is more than 4 tricks can hold (184 with all marriages)"),
    ({"points": {"A": 140, "B": 130}, "tricks": {"A": 6, "B": 6}},
     "points: 270 in all is more than 12 tricks can hold (220 with all marriages)"),
    ({"tricks": {"A": 8, "B": 5}}, "tricks: 13 in all; a deal has 12"),
    ({"tricks": {"A": 13, "B": 0}}, "tricks.A: 13 is above 12"),
    ({"closer_won": True}, "closer_won: does not belong to a deal with ending claim"),
    ({"last_trick": "A"}, "last_trick: A: a claim names the last trick only after all 12 tricks"),
    ({"winner": "A"}, "winner: does not belong to a deal with ending claim"),
    ({"bid": 3}, "bid: unknown field"),
])
def test_sixty_six_refuses(change: dict[str, Any], message: str) -> None:
    options = SIXTY.make_options({})
    state = SIXTY.initial(("A", "B"), options)
    with pytest.raises(RuleError) as caught:
        SIXTY.parse({**CLAIM, **change}, state, options)
    assert str(caught.value) == message


CLOSE = {"ending": "close", "by": "A", "closer_won": True, "points": {"A": 70, "B": 40},
         "tricks": {"A": 4, "B": 3}, "at_close": {"points": {"B": 20}, "tricks": {"B": 2}}}


@pytest.mark.parametrize(("change", "message"), [
    ({"closer_won": None}, "closer_won: is missing (true or false)"),
    ({"closer_won": "yes"}, "closer_won: yes is not true or false"),
    ({"points": {"A": 60, "B": 40}},
     "closer_won: A has 60 points; a closer wins by reaching 66"),
    ({"at_close": None},
     "at_close: is missing (the opponent's points and tricks at the close)"),
    ({"at_close": {"points": {"A": 20}, "tricks": {"A": 2}}},
     "at_close.tricks: has no entry for B"),
    ({"at_close": {"points": {"B": 50}, "tricks": {"B": 2}}},
     "at_close.points.B: 50 at the close is more than 40 at the end"),
    ({"at_close": {"points": {"B": 20}, "tricks": {"B": 4}}},
     "at_close.tricks.B: 4 at the close is more than 3 at the end"),
    ({"at_close": {"points": {"B": 20, "A": 30}, "tricks": {"B": 2, "A": 4}}},
     "at_close.tricks: 6 tricks before the close; the stock is gone after 6"),
    ({"at_close": {"points": {"B": 5}, "tricks": {"B": 0}}},
     "at_close.points.B: 5 with no trick (points count only once a trick is won)"),
    ({"at_close": {"points": {"B": 20}, "tricks": {"B": 2}, "when": 3}},
     "at_close.when: unknown field"),
    ({"last_trick": "A"}, "last_trick: does not belong to a deal with ending close"),
])
def test_close_refuses(change: dict[str, Any], message: str) -> None:
    options = SIXTY.make_options({})
    state = SIXTY.initial(("A", "B"), options)
    with pytest.raises(RuleError) as caught:
        SIXTY.parse({**CLOSE, **change}, state, options)
    assert str(caught.value) == message


def test_schnapsen_close_limit_and_lower_bound() -> None:
    options = SCHNAPS.make_options({})
    state = SCHNAPS.initial(("A", "B"), options)
    with pytest.raises(RuleError, match=r"stock is gone after 5$"):
        SCHNAPS.parse({**CLOSE, "at_close": {"points": {"B": 20, "A": 30},
                                             "tricks": {"B": 2, "A": 3}}}, state, options)
    # Schnapsen has no 9s: three tricks hold at least 14 (four Jacks and two Queens)
    with pytest.raises(RuleError) as caught:
        SCHNAPS.parse({**CLAIM, "points": {"A": 68, "B": 10}}, state, options)
    assert str(caught.value) == "points.B: 10 is less than 3 tricks hold (at least 14)"


@pytest.mark.parametrize(("change", "message"), [
    ({"tricks": {"A": 7, "B": 4}},
     "tricks: 11 in all; when the stock is used up all 12 tricks are played"),
    ({"points": {"A": 64, "B": 50}},
     "points: 114 in all is less than 12 tricks hold (at least 120)"),
    ({"points": {"A": 74, "B": 56}},
     "points: 130 in all; a played-out deal holds 120 plus marriages (120, 140, … 220)"),
    ({"last_trick": None}, "last_trick: is missing (who won the last trick)"),
    ({"last_trick": "B", "tricks": {"A": 12, "B": 0}, "points": {"A": 120, "B": 0}},
     "last_trick: B has no trick"),
    ({"by": "A"}, "by: does not belong to a deal with ending exhausted"),
])
def test_exhausted_refuses(change: dict[str, Any], message: str) -> None:
    options = SIXTY.make_options({})
    state = SIXTY.initial(("A", "B"), options)
    obj = {"ending": "exhausted", "points": {"A": 64, "B": 56}, "tricks": {"A": 7, "B": 5},
           "last_trick": "A", **change}
    with pytest.raises(RuleError) as caught:
        SIXTY.parse(obj, state, options)
    assert str(caught.value) == message


def test_exhausted_with_marriages_is_accepted() -> None:
    assert deal(SIXTY_SIX, ending="exhausted", points={"A": 104, "B": 56},
                tricks={"A": 7, "B": 5}, last_trick="B") == ("A", 1)


@pytest.mark.parametrize(("obj", "message"), [
    ({"ending": "scored", "winner": "A"}, "game_points: is missing (what A scored, 1 to 3)"),
    ({"ending": "scored", "winner": "A", "game_points": 4}, "game_points: 4 is above 3"),
    ({"ending": "scored", "game_points": 2},
     "winner: is missing for 2 game points (null only for a drawn deal)"),
    ({"ending": "scored", "winner": "Z", "game_points": 1},
     "winner: Z is not playing at this table"),
    ({"ending": "scored", "winner": "A", "game_points": 1, "points": {"A": 1}},
     "points: does not belong to a deal with ending scored"),
])
def test_quick_entry_refuses(obj: dict[str, Any], message: str) -> None:
    options = SCHNAPS.make_options({})
    state = SCHNAPS.initial(("A", "B"), options)
    with pytest.raises(RuleError) as caught:
        SCHNAPS.parse(obj, state, options)
    assert str(caught.value) == message


def test_two_player_games_take_two_seats() -> None:
    with pytest.raises(RuleError, match=r"^seats: 3 players; this game takes 2$"):
        SIXTY.initial(("A", "B", "C"), SIXTY.make_options({}))
