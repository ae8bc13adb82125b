"""Whole games of the Sixty-Six family: game points add up, the deal that reaches the target
ends the game and moves the stake, transfer by transfer."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.rules import GAMES, RuleError
from ledger.domain.rules.game import Game
from ledger.domain.rules.transfers import Settlement, Transfer
from ledger.text.summaries import stored_summary

SIXTY = GAMES["sixty-six"]
SCHNAPS = GAMES["schnapsen"]
THREE = GAMES["sixty-six-three"]
FOUR = GAMES["sixty-six-four"]


class Table:
    """A table under test: records every deal's settlement."""

    def __init__(self, game: Game, seats: tuple[str, ...], **options: Any) -> None:
        self.game = game
        self.options = game.make_options(options)
        self.state = game.initial(seats, self.options)
        self.log: list[Settlement] = []

    def deal(self, **obj: Any) -> Settlement:
        outcome = self.game.parse(obj, self.state, self.options)
        assert self.game.parse(self.game.to_json(outcome), self.state, self.options) == outcome
        settlement, self.state = self.game.settle(self.state, outcome, self.options)
        self.log.append(settlement)
        return settlement

    def won(self, winner: str | None, points: int) -> Settlement:
        return self.deal(ending="scored", winner=winner, game_points=points)

    @property
    def status(self) -> dict[str, Any]:
        return dict(self.game.status(self.state, self.options))


def stake(payer: str, payee: str, amount: int) -> Transfer:
    return Transfer(payer, payee, amount, "stake")


# --- Schnapsen: Bummerl --------------------------------------------------------------------

def test_example_9_schneider_bummerl_costs_two_stakes() -> None:
    """A goes 7 → 5 → 2 → 0 while B stays at 7: B takes 2 Bummerl."""
    t = Table(SCHNAPS, ("A", "B"))
    first = t.deal(ending="claim", by="A", points={"A": 70, "B": 25}, tricks={"A": 4, "B": 2})
    assert first.extra["score"] == {"A": 5, "B": 7} and first.transfers == ()
    second = t.won("A", 3)
    assert second.extra["score"] == {"A": 2, "B": 7} and second.transfers == ()
    assert t.status["score"] == {"A": 2, "B": 7} and t.status["counting"] == "down"
    last = t.deal(ending="close", by="A", closer_won=True, points={"A": 80, "B": 10},
                  tricks={"A": 4, "B": 1}, at_close={"points": {"B": 10}, "tricks": {"B": 1}})
    assert last.extra["game_points"] == 2
    assert last.extra["score"] == {"A": 0, "B": 7}
    assert last.extra["game_over"] is True and last.extra["game_winner"] == "A"
    assert last.transfers == (stake("B", "A", 20),)
    assert last.nets == {"A": 20, "B": -20}
    assert t.status["bummerl"] == {"A": 0, "B": 2}
    assert t.status["score"] == {"A": 7, "B": 7}  # a fresh Bummerl


def test_schnapsen_match_over_two_bummerl() -> None:
    t = Table(SCHNAPS, ("Ann", "Bo"))
    # Bummerl 1: Bo wins 7 → 0 while Ann gets to 4 (3 game points): one stake.
    deals = [
        dict(ending="claim", by="Ann", points={"Ann": 66, "Bo": 40}, tricks={"Ann": 4, "Bo": 3}),
        dict(ending="exhausted", points={"Ann": 70, "Bo": 50}, tricks={"Ann": 6, "Bo": 4},
             last_trick="Bo"),  # Schnapsen: the last trick wins 1, whatever the points
        dict(ending="claim", by="Ann", points={"Ann": 60, "Bo": 30}, tricks={"Ann": 4, "Bo": 2}),
        dict(ending="close", by="Bo", closer_won=False, points={"Ann": 70, "Bo": 40},
             tricks={"Ann": 4, "Bo": 3}, at_close={"points": {"Ann": 30}, "tricks": {"Ann": 2}}),
        dict(ending="claim", by="Bo", points={"Bo": 75, "Ann": 0}, tricks={"Bo": 4, "Ann": 0}),
        dict(ending="scored", winner="Bo", game_points=1),
    ]
    expected = [("Ann", 1), ("Bo", 1), ("Bo", 2), ("Ann", 2), ("Bo", 3), ("Bo", 1)]
    scores = [{"Ann": 6, "Bo": 7}, {"Ann": 6, "Bo": 6}, {"Ann": 6, "Bo": 4},
              {"Ann": 4, "Bo": 4}, {"Ann": 4, "Bo": 1}, {"Ann": 4, "Bo": 0}]
    for obj, (winner, points), score in zip(deals, expected, scores, strict=True):
        s = t.deal(**obj)
        assert (s.extra["winner"], s.extra["game_points"]) == (winner, points)
        assert s.extra["score"] == score
    assert t.log[-1].extra["game_over"] is True
    assert [s.transfers for s in t.log] == [()] * 5 + [(stake("Ann", "Bo", 10),)]
    assert t.status["bummerl"] == {"Ann": 1, "Bo": 0}
    # Bummerl 2: Ann wins before Bo scores anything: Schneider, Bo pays double.
    t.won("Ann", 3)
    t.won("Ann", 2)
    end = t.won("Ann", 2)
    assert end.transfers == (stake("Bo", "Ann", 20),)
    assert t.status["bummerl"] == {"Ann": 1, "Bo": 2}
    assert t.status["games_won"] == {"Ann": 1, "Bo": 1}
    assert t.status["games_played"] == 2
    assert sum(sum(s.nets.values()) for s in t.log) == 0
    assert sum(s.nets["Ann"] for s in t.log) == 10


def test_schnapsen_without_schneider_double() -> None:
    t = Table(SCHNAPS, ("A", "B"), schneider_double=False)
    t.won("A", 3)
    t.won("A", 3)
    assert t.won("A", 1).transfers == (stake("B", "A", 10),)


# --- two-player Sixty-Six --------------------------------------------------------------------

def test_sixty_six_game_ends_on_the_deal_that_reaches_7() -> None:
    t = Table(SIXTY, ("A", "B"))
    for _ in range(3):
        assert t.won("A", 2).extra["game_over"] is False
    t.won("B", 1)
    assert t.status["score"] == {"A": 6, "B": 1}
    end = t.won("A", 3)  # 6 + 3 = 9: over the target is fine
    assert end.extra["game_over"] is True and end.extra["score"] == {"A": 9, "B": 1}
    assert end.transfers == (stake("B", "A", 10),)  # Sixty-Six: no Schneider double
    assert t.status["score"] == {"A": 0, "B": 0} and t.status["game"] == 2


def test_sixty_six_schneider_double_is_a_preset_option() -> None:
    t = Table(SIXTY, ("A", "B"), schneider_double=True, stake=5, target=3)
    assert t.won("B", 3).transfers == (stake("A", "B", 10),)


def test_dealer_alternates_or_follows_the_winner() -> None:
    t = Table(SIXTY, ("A", "B"))
    assert t.status["dealer"] == "A"
    assert t.won("A", 1).extra["next_dealer"] == "B"
    assert t.won("A", 1).extra["next_dealer"] == "A"
    w = Table(SIXTY, ("A", "B"), dealer_rule="winner")
    assert w.won("A", 1).extra["next_dealer"] == "A"
    assert w.won("B", 1).extra["next_dealer"] == "B"
    assert w.won(None, 0).extra["next_dealer"] == "A"  # a drawn deal passes as usual


def test_deal_may_name_its_dealer() -> None:
    t = Table(SIXTY, ("A", "B"))
    s = t.deal(dealer="B", ending="scored", winner="A", game_points=1)
    assert s.extra["dealer"] == "B" and s.extra["next_dealer"] == "A"
    with pytest.raises(RuleError, match=r"^dealer: Z is not playing at this table$"):
        t.deal(dealer="Z", ending="scored", winner="A", game_points=1)


def test_draw_carry_gives_the_next_winner_one_extra_per_draw() -> None:
    t = Table(SIXTY, ("A", "B"), draw_carry=True)
    drawn = dict(ending="exhausted", points={"A": 55, "B": 65}, tricks={"A": 6, "B": 6},
                 last_trick="A")
    assert t.deal(**drawn).extra["carry"] == 1
    assert t.deal(**drawn).extra["carry"] == 2
    s = t.won("B", 1)
    assert s.extra["scored"] == {"A": 0, "B": 3} and s.extra["carry"] == 0
    off = Table(SIXTY, ("A", "B"))
    off.deal(**drawn)
    assert off.won("B", 1).extra["scored"] == {"A": 0, "B": 1}


def test_one_match_ends_the_table() -> None:
    t = Table(SIXTY, ("A", "B"), one_match=True, target=3)
    t.won("A", 2)
    end = t.won("A", 1)
    assert end.transfers == (stake("B", "A", 10),)
    assert t.status["finished"] is True and t.status["games_won"] == {"A": 1, "B": 0}
    with pytest.raises(RuleError, match=r"^round: this table's game is over"):
        t.won("B", 1)


def test_stake_zero_moves_nothing() -> None:
    t = Table(SIXTY, ("A", "B"), stake=0, target=1)
    s = t.won("A", 1)
    assert s.extra["game_over"] is True and s.transfers == ()


@pytest.mark.parametrize(("options", "message"), [
    ({"target": 0}, "target: 0 must be 1 to 99"),
    ({"stake": -1}, "stake: -1 is below 0"),
    ({"dealer_rule": "loser"}, "dealer_rule: loser is not one of alternate, winner"),
    ({"dealer_cap": 6}, "dealer_cap: unknown option"),
    ({"target": "7"}, 'target: "7" is not a whole number'),
])
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as caught:
        SIXTY.make_options(options)
    assert str(caught.value) == message


def test_three_player_dealer_cap_must_stay_below_target() -> None:
    with pytest.raises(RuleError, match=r"^dealer_cap: 7 must be 0 to 6 \(below the target\)$"):
        THREE.make_options({"dealer_cap": 7})


# --- three-player ----------------------------------------------------------------------------

def test_three_player_game_to_its_end() -> None:
    t = Table(THREE, ("A", "B", "C"))
    assert THREE.players_of is not None
    assert THREE.players_of(t.state) == ("B", "C") and t.status["dealer"] == "A"
    s1 = t.deal(ending="claim", by="C", points={"C": 70, "B": 20}, tricks={"C": 4, "B": 2})
    assert s1.extra["sits_out"] == "A"
    assert s1.extra["scored"] == {"A": 2, "B": 0, "C": 2}  # the dealer scores as the winner
    assert THREE.players_of(t.state) == ("A", "C")  # B deals
    t.won("A", 3)  # A 2 + 3 = 5, B 3 (dealer), C 2
    t.won("B", 3)  # dealer C: B 6, C 2 + 3 = 5
    assert t.status["score"] == {"A": 5, "B": 6, "C": 5}
    s4 = t.won("C", 2)  # dealer A: C 7 reaches the target; A 5 + 2 is capped at 6
    assert s4.extra["scored"] == {"A": 1, "B": 0, "C": 2}
    assert s4.extra["reached"] == ["C"] and s4.extra["game_over"] is False
    assert s4.transfers == ()
    assert t.status["out"] == ["C"]
    # the play-off: A and B play two-player deals, the dealer plays
    assert THREE.players_of(t.state) == ("A", "B") and t.status["dealer"] == "B"
    with pytest.raises(RuleError, match=r"^winner: C has reached the target and is out"):
        t.won("C", 1)
    s5 = t.won("B", 1)  # B 7: the game ends, A is last and pays each of the others
    assert s5.extra["game_over"] is True
    assert s5.extra["game_winner"] == "C" and s5.extra["game_loser"] == "A"
    assert s5.extra["scored"] == {"A": 0, "B": 1, "C": 0}
    assert s5.transfers == (stake("A", "C", 10), stake("A", "B", 10))
    assert s5.nets == {"A": -20, "B": 10, "C": 10}
    assert t.status["dealer"] == "A"  # the loser deals the next game's first hand
    assert t.status["score"] == {"A": 0, "B": 0, "C": 0} and t.status["out"] == []
    assert t.status["games_won"] == {"A": 0, "B": 0, "C": 1}
    assert t.status["games_lost"] == {"A": 1, "B": 0, "C": 0}


def test_three_player_dealer_cannot_pass_the_cap() -> None:
    t = Table(THREE, ("A", "B", "C"))
    t.won("B", 3)  # dealer A: A 3, B 3
    t.won("C", 2)  # dealer B: B 5, C 2
    t.won("B", 1)  # dealer C: B 6, C 3
    s = t.won("C", 3)  # dealer A at 3 → 6; C 6
    assert s.extra["scored"] == {"A": 3, "B": 0, "C": 3}
    s = t.won("A", 3)  # dealer B at 6: stays at 6; A 9 reaches the target
    assert s.extra["scored"] == {"A": 3, "B": 0, "C": 0}
    assert s.extra["reached"] == ["A"]
    t3 = Table(THREE, ("A", "B", "C"))
    t3.won("C", 3)  # dealer A: A 3, C 3
    t3.won("A", 2)  # dealer B: A 5, B 2
    t3.won("B", 3)  # dealer C: B 5, C 6
    assert t3.status["score"] == {"A": 5, "B": 5, "C": 6}
    s = t3.won("C", 3)  # dealer A at 5: 3 more would be 8, capped at 6
    assert s.extra["scored"]["A"] == 1


def test_three_player_deal_naming_the_dealer_is_refused() -> None:
    t = Table(THREE, ("A", "B", "C"))
    with pytest.raises(RuleError) as caught:
        t.deal(ending="claim", by="A", points={"A": 70, "B": 20}, tricks={"A": 4, "B": 2})
    assert str(caught.value) == "by: A deals this hand and sits out"
    with pytest.raises(RuleError) as caught:
        t.deal(ending="claim", by="B", points={"A": 70, "B": 20}, tricks={"A": 4, "B": 2})
    assert str(caught.value) == "tricks.A: A deals this hand and sits out"
    with pytest.raises(RuleError, match=r"^winner: A deals this hand and sits out$"):
        t.won("A", 1)


def test_three_player_one_match() -> None:
    t = Table(THREE, ("A", "B", "C"), one_match=True, target=2, dealer_cap=1)
    t.won("B", 2)  # B out; A (dealer) 1
    end = t.won("A", 1)  # play-off A v C: A 2
    assert end.transfers == (stake("C", "B", 10), stake("C", "A", 10))
    assert t.status["finished"] is True
    with pytest.raises(RuleError, match=r"^round: "):
        t.won("A", 1)


# --- four-hand -------------------------------------------------------------------------------

def test_four_hand_one_match() -> None:
    """Every engine's parse refuses a deal at a finished table (the service relies on it)."""
    t = Table(FOUR, ("A", "B", "C", "D"), one_match=True, target=1)
    t.deal(points={"A": 70, "B": 60})
    assert t.status["finished"] is True
    with pytest.raises(RuleError, match=r"^round: this table's game is over"):
        t.deal(points={"A": 70, "B": 60})


def test_four_hand_game() -> None:
    t = Table(FOUR, ("A", "B", "C", "D"))
    s = t.deal(points={"A": 70, "B": 60})
    assert (s.extra["winner"], s.extra["game_points"]) == (["A", "C"], 1)
    s = t.deal(points={"D": 101, "C": 29})
    assert (s.extra["winner"], s.extra["game_points"]) == (["B", "D"], 2)
    s = t.deal(points={"C": 65, "B": 65})
    assert (s.extra["winner"], s.extra["game_points"]) == (None, 0)
    s = t.deal(points={"C": 130, "D": 0})
    assert s.extra["game_points"] == 3
    assert t.status["sides"] == {"A+C": 4, "B+D": 2}
    assert t.status["score"] == {"A": 4, "B": 2, "C": 4, "D": 2}
    s = t.deal(points={"A": 120, "B": 10})
    assert s.extra["game_over"] is False
    end = t.deal(points={"A": 99, "D": 31})
    assert end.extra["game_over"] is True and end.extra["game_winner"] == ["A", "C"]
    assert end.transfers == (stake("B", "A", 10), stake("D", "C", 10))
    assert end.nets == {"A": 10, "B": -10, "C": 10, "D": -10}
    assert t.status["games_won"] == {"A": 1, "B": 0, "C": 1, "D": 0}
    assert t.status["side_games_won"] == {"A+C": 1, "B+D": 0}  # the tally the app shows


def test_four_hand_draw_carry_and_dealer() -> None:
    t = Table(FOUR, ("A", "B", "C", "D"), draw_carry=True)
    assert t.deal(points={"A": 65, "B": 65}).extra["next_dealer"] == "B"
    s = t.deal(points={"B": 66, "A": 64})
    assert s.extra["scored"] == {"A": 0, "B": 2, "C": 0, "D": 2}
    w = Table(FOUR, ("A", "B", "C", "D"), dealer_rule="winner")
    assert w.deal(points={"A": 70, "B": 60}).extra["next_dealer"] == "C"
    assert w.deal(points={"A": 70, "B": 60}).extra["next_dealer"] == "A"
    assert w.deal(points={"A": 50, "B": 80}).extra["next_dealer"] == "B"


def test_four_hand_ten_of_trumps_wins_at_once() -> None:
    t = Table(FOUR, ("A", "B", "C", "D"), ten_of_trumps_bonus=True, stake=5)
    s = t.deal(points={"A": 70, "B": 60}, ten_of_trumps="D")
    assert s.extra["scored"] == {"A": 1, "B": 1, "C": 1, "D": 1}
    assert s.extra["ten_of_trumps"] == ["B", "D"]
    t.deal(points={"B": 130, "A": 0}, ten_of_trumps="B")  # B+D: 1 + 1 + 3 = 5
    t.deal(points={"B": 70, "A": 60}, ten_of_trumps="C")  # B+D 6, A+C 2
    t.deal(ending="scored", winner="A", game_points=3, ten_of_trumps="A")  # A+C 6
    assert t.status["sides"] == {"A+C": 6, "B+D": 6}
    # A+C takes the 10 of trumps (7: game) though B+D win the deal
    end = t.deal(points={"A": 40, "B": 90}, ten_of_trumps="C")
    assert end.extra["game_over"] is True and end.extra["game_winner"] == ["A", "C"]
    assert end.extra["scored"] == {"A": 1, "B": 0, "C": 1, "D": 0}
    assert end.transfers == (stake("B", "A", 5), stake("D", "C", 5))


@pytest.mark.parametrize(("obj", "message", "options"), [
    ({"points": {"A": 70, "C": 60}}, "points: A and C are partners; give one player of each side",
     {}),
    ({"points": {"A": 70}}, "points: has no entry for B or D", {}),
    ({"points": {"A": 70, "B": 61}}, "points: 131 in all; a deal holds 130 (120 in the cards + "
     "10 for the last trick)", {}),
    ({"points": {"A": 70, "E": 60}}, "points.E: E is not playing at this table", {}),
    ({"points": {"A": -5, "B": 135}}, "points.A: -5 is below 0", {}),
    ({"points": {"A": 70, "B": 60}, "ten_of_trumps": "A"},
     "ten_of_trumps: A: this table does not score the 10 of trumps (preset option "
     "ten_of_trumps_bonus)", {}),
    ({"points": {"A": 70, "B": 60}}, "ten_of_trumps: is missing (who took the 10 of trumps)",
     {"ten_of_trumps_bonus": True}),
    ({"points": {"A": 125, "B": 5}, "ten_of_trumps": "D"},
     "ten_of_trumps: D's side has 5 points, less than the 10 itself",
     {"ten_of_trumps_bonus": True}),
    ({"ending": "scored", "game_points": 1},
     "winner: is missing for 1 game points (null only for a drawn deal)", {}),
    ({"ending": "scored", "winner": "A", "game_points": 1, "points": {"A": 70, "B": 60}},
     "points: does not belong to a deal with ending scored", {}),
    ({"points": {"A": 70, "B": 60}, "winner": "A"},
     "winner: does not belong to a deal with ending played", {}),
    ({"ending": "claim"}, "ending: claim is not one of played, scored", {}),
    ({"points": {"A": 70, "B": 60}, "tricks": {"B": 3, "D": 2}},
     "tricks: B and D are partners; give one player of each side", {}),
])
def test_four_hand_refuses(obj: dict[str, Any], message: str, options: dict[str, Any]) -> None:
    t = Table(FOUR, ("A", "B", "C", "D"), **options)
    with pytest.raises(RuleError) as caught:
        t.deal(**obj)
    assert str(caught.value) == message


def test_seat_counts() -> None:
    with pytest.raises(RuleError, match=r"^seats: 2 players; three-player Sixty-Six takes 3$"):
        THREE.initial(("A", "B"), THREE.make_options({}))
    with pytest.raises(RuleError, match=r"^seats: 3 players; four-hand Sixty-Six takes 4$"):
        FOUR.check_seats(("A", "B", "C"), FOUR.make_options({}))


def test_summaries() -> None:
    t = Table(SIXTY, ("A", "B"), target=1)
    outcome = SIXTY.parse({"ending": "claim", "by": "A", "points": {"A": 68, "B": 40},
                           "tricks": {"A": 4, "B": 3}}, t.state, t.options)
    settlement, _ = SIXTY.settle(t.state, outcome, t.options)
    assert stored_summary(SIXTY.name, SIXTY.to_json(outcome), settlement.extra) == \
        "A claims, 68–40 → A 1; A 1 – B 0; game to A"
    f = Table(FOUR, ("A", "B", "C", "D"))
    hand = FOUR.parse({"points": {"A": 70, "B": 60}}, f.state, f.options)
    settlement, _ = FOUR.settle(f.state, hand, f.options)
    assert stored_summary(FOUR.name, FOUR.to_json(hand), settlement.extra) == \
        "A 70 – B 60 → A+C 1; A 1 – B 0 – C 1 – D 0"


def test_a_deal_inside_a_game_carries_every_field_it_does_not_change() -> None:
    """`apply` builds the next State field by field (cheaper than `replace`); a field it
    does not change, including one added to State later, must come through as it was."""
    from dataclasses import fields

    from ledger.domain.rules import sixty_six_match as match
    from ledger.domain.rules.sixty_six_options import Options

    changed = {"seats", "dealer", "score", "out", "carry", "deals"}
    state = match.new_state(("A", "B"))
    marks = {f.name: object() for f in fields(match.State) if f.name not in changed}
    for name, mark in marks.items():
        object.__setattr__(state, name, mark)
    result = match.draw_or_win(state, Options(), ("A",), 1)
    after = match.apply(state, result, Options(), "A").state
    assert {name: getattr(after, name) for name in marks} == marks
    assert (after.dealer, after.score, after.deals) == ("B", (1, 0), 1)
