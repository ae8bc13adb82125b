"""Properties of the Sixty-Six family (Hypothesis): game points stay 0–3, stakes sum to zero,
a game ends exactly on the deal that reaches the target, outcomes round-trip through JSON."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ledger.domain.rules import GAMES
from ledger.domain.rules.game import Game
from ledger.domain.rules.sixty_six_deal import MARRIAGES_MAX, SCHNAPSEN, SIXTY_SIX, Rules
from ledger.domain.rules.transfers import Transfer

SETTINGS = settings(max_examples=200, deadline=None)
TWO = {"sixty-six": SIXTY_SIX, "schnapsen": SCHNAPSEN}
SEATS = {"sixty-six": ("A", "B"), "schnapsen": ("A", "B"), "sixty-six-three": ("A", "B", "C"),
         "sixty-six-four": ("A", "B", "C", "D")}


def _lo(rules: Rules, tricks: int) -> int:
    return rules.least(tricks)


def _hi(rules: Rules, tricks: int) -> int:
    return rules.most(tricks) + MARRIAGES_MAX if tricks else 0


def _between(draw: Any, lo: int, hi: int) -> int:
    assume(lo <= hi)
    return draw(st.integers(lo, hi))


def _position(draw: Any, rules: Rules, players: tuple[str, str], total: int,
              points_total: int | None = None) -> tuple[dict[str, int], dict[str, int]]:
    a, b = players
    ta = draw(st.integers(0, total))
    tb = total - ta
    if points_total is not None:
        pa = _between(draw, max(_lo(rules, ta), points_total - _hi(rules, tb)),
                      min(_hi(rules, ta), points_total - _lo(rules, tb)))
        pb = points_total - pa
    else:
        pair_hi = rules.most(total) + MARRIAGES_MAX
        pa = _between(draw, _lo(rules, ta), min(_hi(rules, ta), pair_hi - _lo(rules, tb)))
        pb = _between(draw, max(_lo(rules, tb), rules.least(total) - pa),
                      min(_hi(rules, tb), pair_hi - pa))
    assume(1 not in (pa, pb))  # no trick makes 1 (refused)
    return {a: pa, b: pb}, {a: ta, b: tb}


@st.composite
def two_player_deal(draw: Any, rules: Rules, players: tuple[str, str]) -> dict[str, Any]:
    """A valid two-player deal in contract JSON."""
    ending = draw(st.sampled_from(["claim", "close", "exhausted", "scored"]))
    if ending == "scored":
        winner = draw(st.sampled_from([None, *players]))
        points = draw(st.integers(0, 3)) if winner else 0
        return {"ending": "scored", "winner": winner, "game_points": points}
    if ending == "exhausted":
        total = 120 + 20 * draw(st.integers(0, 5))
        points, tricks = _position(draw, rules, players, rules.tricks, total)
        last = draw(st.sampled_from([p for p in players if tricks[p]]))
        return {"ending": ending, "points": points, "tricks": tricks, "last_trick": last}
    points, tricks = _position(draw, rules, players, draw(st.integers(0, rules.tricks)))
    by = draw(st.sampled_from(players))
    obj: dict[str, Any] = {"ending": ending, "by": by, "points": points, "tricks": tricks}
    if ending == "claim":
        if rules.last_trick and sum(tricks.values()) == rules.tricks:
            obj["last_trick"] = draw(st.sampled_from([p for p in players if tricks[p]]))
        return obj
    opponent = next(p for p in players if p != by)
    at_t = draw(st.integers(0, min(tricks[opponent], rules.close_limit)))
    at_p = _between(draw, _lo(rules, at_t), min(_hi(rules, at_t), points[opponent]))
    assume(at_p != 1)
    obj["at_close"] = {"points": {opponent: at_p}, "tricks": {opponent: at_t}}
    obj["closer_won"] = draw(st.booleans()) if points[by] >= 66 else False
    return obj


@st.composite
def four_hand_deal(draw: Any, seats: tuple[str, ...], bonus: bool, loser: bool = False
                   ) -> dict[str, Any]:
    """A valid four-hand deal in contract JSON."""
    one, two = draw(st.sampled_from(seats[0::2])), draw(st.sampled_from(seats[1::2]))
    if draw(st.booleans()):
        winner = draw(st.sampled_from([None, *seats]))
        obj: dict[str, Any] = {"ending": "scored", "winner": winner,
                               "game_points": draw(st.integers(0, 3)) if winner else 0}
        if bonus:
            obj["ten_of_trumps"] = draw(st.sampled_from(seats))
        return obj
    low = 10 if bonus else 0
    first = draw(st.integers(0, 130).filter(lambda p: p not in (1, 129)))
    obj = {"points": {one: first, two: 130 - first}}
    if loser and first in (0, 130):  # the loser's scale asks a side with 0 points its tricks
        obj["tricks"] = {one if first == 0 else two: draw(st.integers(0, 1))}
    if bonus:
        eligible = [p for p in seats if (first if p in seats[0::2] else 130 - first) >= low]
        obj["ten_of_trumps"] = draw(st.sampled_from(eligible))
    return obj


def deal_for(draw: Any, name: str, state: Any, options: Any) -> dict[str, Any]:
    game = GAMES[name]
    if name == "sixty-six-four":
        return draw(four_hand_deal(state.seats, options.ten_of_trumps_bonus,
                                   options.four_hand_scale == "loser"))
    players = game.players_of(state) if game.players_of else state.seats
    rules = TWO.get(name, SIXTY_SIX)
    return draw(two_player_deal(rules, (players[0], players[1])))


@st.composite
def table_options(draw: Any, name: str) -> dict[str, Any]:
    target = draw(st.integers(1, 8))
    options = {"target": target, "stake": draw(st.integers(0, 20)),
               "schneider_double": draw(st.booleans()), "draw_carry": draw(st.booleans()),
               "dealer_rule": draw(st.sampled_from(["alternate", "winner"])),
               "one_match": draw(st.booleans())}
    if name == "sixty-six-three":
        options["dealer_cap"] = draw(st.integers(0, target - 1))
    if name == "sixty-six-four":
        options["ten_of_trumps_bonus"] = draw(st.booleans())
        options["four_hand_scale"] = draw(st.sampled_from(["hoyle", "loser"]))
    if name == "schnapsen":
        options["close_judged"] = draw(st.sampled_from(["at_close", "whole_deal"]))
    return options


VARIANTS = st.sampled_from(sorted(SEATS))


# --- properties -------------------------------------------------------------------------------

@SETTINGS
@given(st.data(), VARIANTS)
def test_game_points_always_0_to_3(data: st.DataObject, name: str) -> None:
    game = GAMES[name]
    options = game.make_options({})
    state = game.initial(SEATS[name], options)
    obj = deal_for(data.draw, name, state, options)
    settlement, _ = game.settle(state, game.parse(obj, state, options), options)
    points, winner = settlement.extra["game_points"], settlement.extra["winner"]
    assert 0 <= points <= 3
    assert (winner is None) == (points == 0)
    assert settlement.transfers == () or settlement.extra["game_over"]


@SETTINGS
@given(st.data(), VARIANTS)
def test_round_trip(data: st.DataObject, name: str) -> None:
    game = GAMES[name]
    options = game.make_options({"ten_of_trumps_bonus": data.draw(st.booleans())}
                                if name == "sixty-six-four" else {})
    state = game.initial(SEATS[name], options)
    obj = deal_for(data.draw, name, state, options)
    if data.draw(st.booleans()):
        obj["dealer"] = state.dealer
    outcome = game.parse(obj, state, options)
    again = game.parse(json.loads(json.dumps(game.to_json(outcome))), state, options)
    assert again == outcome
    assert game.to_json(again) == game.to_json(outcome)


class Model:
    """An independent reckoning of game scores, game ends and stakes."""

    def __init__(self, name: str, seats: tuple[str, ...], options: Any) -> None:
        self.name, self.seats, self.o = name, seats, options
        self.sides = [(seats[0], seats[2]), (seats[1], seats[3])] if len(seats) == 4 else \
            [(s,) for s in seats]
        self.reset()

    def reset(self) -> None:
        self.score = {side: 0 for side in self.sides}
        self.out: list[tuple[str, ...]] = []

    def side(self, name: str) -> tuple[str, ...]:
        return next(s for s in self.sides if name in s)

    def add(self, side: tuple[str, ...], points: int) -> bool:
        """Add points; True if this ended the game."""
        if side in self.out or points <= 0:
            return False
        self.score[side] += points
        if self.score[side] >= self.o.target:
            self.out.append(side)
        return len(self.out) == len(self.sides) - 1

    def stakes(self) -> tuple[Transfer, ...]:
        loser = next(s for s in self.sides if s not in self.out)
        amount = self.o.stake * (2 if self.o.schneider_double and self.score[loser] == 0 else 1)
        if amount == 0:
            return ()
        return tuple(Transfer(p, w, amount, "stake") for side in self.out
                     for p, w in zip(loser, side, strict=True))


@SETTINGS
@given(st.data(), VARIANTS)
def test_games_end_exactly_at_the_target_and_stakes_sum_to_zero(data: st.DataObject,
                                                                name: str) -> None:
    game: Game = GAMES[name]
    options = game.make_options(data.draw(table_options(name)))
    state = game.initial(SEATS[name], options)
    model = Model(name, state.seats, options)
    carry = 0
    for _ in range(data.draw(st.integers(1, 25))):
        if state.finished:
            break
        dealer = state.dealer
        in_game = [s for s in state.seats if model.side(s) not in model.out]
        obj = deal_for(data.draw, name, state, options)
        settlement, state = game.settle(state, game.parse(obj, state, options), options)
        extra = settlement.extra
        over = False
        if "ten_of_trumps" in extra:
            over = model.add(model.side(extra["ten_of_trumps"][0]), 1)
        winner, points = extra["winner"], extra["game_points"]
        if winner is None:
            carry += 1 if options.draw_carry else 0
        else:
            side = model.side(winner if isinstance(winner, str) else winner[0])
            before = model.score.get((dealer,), 0)
            over = over or model.add(side, points + carry)
            carry = 0
            if name == "sixty-six-three" and len(in_game) == 3 and not over:
                cap = options.dealer_cap
                over = model.add((dealer,), max(0, min(points, cap - before)))
        assert extra["game_over"] is over
        assert sum(settlement.nets.values()) == 0
        if over:
            assert settlement.transfers == model.stakes()
            if name == "sixty-six-three":
                loser = next(s for s in model.sides if s not in model.out)
                assert state.dealer == loser[0]
            model.reset()
            carry = 0
            assert state.finished is options.one_match
        else:
            assert settlement.transfers == ()
            shown = {s: model.score[model.side(s)] for s in state.seats}
            if name == "schnapsen":
                shown = {s: options.target - v for s, v in shown.items()}
            assert dict(game.status(state, options)["score"]) == shown
