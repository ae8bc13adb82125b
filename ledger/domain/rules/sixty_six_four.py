"""Four-hand (partnership) Sixty-Six (shared/rules/sixty-six.md section 6).

Seats 1+3 play against 2+4. There is no stock, no closing and no marriages: every deal is
played out and holds 130 card points (120 in the cards + 10 for the last trick). The pack
(option `pack`) is the seed's 24 cards 9–A, 6 each (the default), or Hoyle's 32 cards 7–A,
8 each; the 7s, 8s and 9s count nothing, so both hold 120 and the checks below, derived from
the pack, come out the same. No trick makes 1, so a side has 0 or at least 2 (refused when
entered). A side with 66 or more scores, on Hoyle's scale (`four_hand_scale = "hoyle"`), 66–99
→ 1, 100–129 → 2, all 130 → 3; on the seed's 1-2-3 scale judged on the losing side (`loser`), 1
when the losers have 33+, 2 under 33 with a trick, 3 with no trick (a side with 0 points says
its `tricks`: a trick of the zero cards is a trick); 65–65 scores nothing (with `draw_carry`
the next deal's winner gets 1 extra per drawn deal). With `ten_of_trumps_bonus` the side that
took the 10 of trumps scores 1 game point besides, counted first: a side at 6 that takes it
wins the game at once, whoever wins the deal. Each loser pays one winner (seat 2 → seat 1,
seat 4 → seat 3, or the other way round).

    {"points": {"A": 70, "B": 60}}                 one player of each side, any one
    {"points": {"C": 101, "B": 29}, "ten_of_trumps": "D"}
    {"points": {"A": 130, "B": 0}, "tricks": {"B": 0}}   a side's tricks (any player of it)
    {"ending": "scored", "winner": "C", "game_points": 2}   quick entry (winner: either partner)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NotRequired

from . import fields as F
from .errors import RuleError, show
from .game import FormFacts, Game
from .options import options_to_json
from .sixty_six_deal import scale
from .sixty_six_form import four_hand_facts
from .sixty_six_match import (
    MatchExtra,
    MatchStatus,
    Named,
    Result,
    Side,
    State,
    check_dealer,
    check_open,
    draw_or_win,
    label,
    new_state,
    settled,
    side_of,
    sides_of,
    status_of,
)
from .sixty_six_options import LEGACY_FOUR, FourOptions, make_four
from .sixty_six_quick import FOUR_FLAGS, make_quick
from .transfers import Settlement

LAST_TRICK = 10
WIN_AT = 66
SCHNEIDER_AT = 100
KEYS = ("ending", "points", "tricks", "ten_of_trumps", "winner", "game_points", "dealer")
ENDINGS = ("played", "scored")


@dataclass(frozen=True, slots=True)
class Pack:
    """A four-hand pack: its cards' values (highest first); four hands share it."""

    cards: tuple[int, ...]

    @property
    def hand(self) -> int:
        """Cards dealt to each player, and so tricks in a deal."""
        return len(self.cards) // 4

    @property
    def deal_points(self) -> int:
        """What a deal holds: every card's points and the last trick's 10."""
        return sum(self.cards) + LAST_TRICK


_COUNTING = (11,) * 4 + (10,) * 4 + (4,) * 4 + (3,) * 4 + (2,) * 4  # A 10 K Q J
PACKS = {24: Pack(_COUNTING + (0,) * 4), 32: Pack(_COUNTING + (0,) * 12)}  # 9–A / 7–A
DEAL_POINTS = PACKS[24].deal_points  # 130 with either pack


def pack_of(options: FourOptions) -> Pack:
    """The table's pack (`pack` option)."""
    return PACKS[options.pack]


@dataclass(frozen=True, slots=True)
class Hand:
    """A four-hand deal. Names are kept as the scorer gave them (any player of a side)."""

    ending: str  # "played" or "scored" (quick entry)
    points: tuple[tuple[str, int], ...] = ()  # (a player of seats 1+3, points), (2+4, points)
    tricks: tuple[tuple[str, int], ...] = ()  # a side's tricks, by any player of it (optional)
    ten_of_trumps: str | None = None  # a player of the side that took the 10 of trumps
    winner: str | None = None  # quick entry: a player of the winning side; None: drawn
    game_points: int | None = None  # quick entry, 0–3
    dealer: str | None = None


def check_seats(seats: tuple[str, ...], options: FourOptions) -> None:
    """Four-hand Sixty-Six takes exactly four seats (partners sit opposite)."""
    if len(seats) != 4:
        raise RuleError("seats", "ss.four_players", n=len(seats))


def initial(seats: tuple[str, ...], options: FourOptions) -> State:
    """A new table: the first seat deals; seats 1+3 against 2+4, both sides at 0."""
    check_seats(seats, options)
    return new_state(seats)


def game_points(points: int) -> int:
    """A side's game points for its card points in a deal.

    >>> [game_points(p) for p in (65, 66, 99, 100, 129, 130)]
    [0, 1, 1, 2, 2, 3]
    """
    if points >= DEAL_POINTS:
        return 3
    if points >= SCHNEIDER_AT:
        return 2
    return 1 if points >= WIN_AT else 0


def parse(obj: Mapping[str, Any], state: State, options: FourOptions) -> Hand:
    """Validate a four-hand deal's contract JSON (see the module docstring)."""
    check_open(state)
    F.check_keys(obj, KEYS)
    seats = state.seats
    dealer = check_dealer(obj, state) if obj.get("dealer") is not None else None
    ending = F.get_choice(obj, "ending", ENDINGS) if obj.get("ending") is not None else "played"
    for key in ("winner", "game_points") if ending == "played" else ("points", "tricks"):
        if obj.get(key) is not None:
            raise RuleError(key, "ss.not_this_ending", ending=ending)
    if ending == "played":
        points = _parse_points(obj, seats, pack_of(options))
        tricks = _parse_tricks(obj, seats, pack_of(options), points, options)
        winner, score = None, None
    else:
        points, tricks = (), ()
        winner = F.get_player(obj, "winner", seats, optional=True)
        if obj.get("game_points") is None and winner is not None:
            raise RuleError("game_points", "ss.side_scored_missing", name=winner)
        score = F.get_int(obj, "game_points", 0, 3, default=0)
        if winner is None and score:
            raise RuleError("winner", "ss.game_points_missing", n=score)
        winner = winner if score else None
    ten = _parse_ten(obj, seats, options, points)
    return Hand(ending, points=points, tricks=tricks, ten_of_trumps=ten, winner=winner,
                game_points=score, dealer=dealer)


def _one_per_side(raw: Mapping[str, Any], seats: tuple[str, ...], key: str
                  ) -> Iterator[tuple[Side, str, Any]]:
    """Each entry of `raw` (`key`'s player map) with its side, in order: one player names
    a side, so an entry for a partner of a player already named is refused."""
    named: dict[Side, str] = {}
    for name, value in raw.items():
        side = side_of(seats, name)
        if side in named:
            raise RuleError(key, "ss.partners", name=named[side], other=name)
        named[side] = name
        yield side, name, value


def _parse_points(obj: Mapping[str, Any], seats: tuple[str, ...], pack: Pack
                  ) -> tuple[tuple[str, int], ...]:
    raw = F.player_map(obj, "points", seats, optional=False)
    holds = pack.deal_points
    by_side: dict[Side, tuple[str, int]] = {}
    for side, name, value in _one_per_side(raw, seats, "points"):
        by_side[side] = (name, F.check_int(f"points.{name}", value, 0, holds))
    for side in sides_of(seats):
        if side not in by_side:
            raise RuleError("points", "ss.no_entry_for", name=' or '.join(side))
    pair = tuple(by_side[side] for side in sides_of(seats))
    total = sum(p for _, p in pair)
    if total != holds:
        raise RuleError("points", "ss.four_points", n=total, total=holds, cards=holds - LAST_TRICK,
                        last=LAST_TRICK)
    return pair


def refuse_one_point(hand: Hand) -> None:
    """No trick makes 1 card point (four cards hold 0 or at least 2), so a side with 1 is
    refused where a deal is entered (`Game.check_entered`); a deal stored before this check
    replays as recorded."""
    for name, p in hand.points:
        if p == 1:
            raise RuleError(f"points.{name}", "ss.one_point")


def _parse_tricks(obj: Mapping[str, Any], seats: tuple[str, ...], pack: Pack,
                  points: tuple[tuple[str, int], ...], options: FourOptions
                  ) -> tuple[tuple[str, int], ...]:
    """A side's tricks, where given: a side with points took one; the zero cards (the 9s,
    and the 7s and 8s of the 32-card pack) make at most a trick per four of them. The loser's
    scale needs them for a side with 0 points (any other side took a trick)."""
    raw = F.player_map(obj, "tricks", seats, optional=True) or {}
    scored = {side_of(seats, name): p for name, p in points}
    zero_tricks = pack.cards.count(0) // 4
    by_side: dict[Side, tuple[str, int]] = {}
    for side, name, value in _one_per_side(raw, seats, "tricks"):
        n = F.check_int(f"tricks.{name}", value, 0, pack.hand)
        if n == 0 and scored[side] > 0:
            raise RuleError(f"tricks.{name}", "ss.four_no_trick_points", side="+".join(side),
                            points=scored[side])
        if scored[side] == 0 and n > zero_tricks:
            raise RuleError(f"tricks.{name}", "ss.four_zero_tricks", n=n, most=zero_tricks)
        by_side[side] = (name, n)
    total = sum(n for _, n in by_side.values())
    if total > pack.hand or (len(by_side) == 2 and total != pack.hand):
        raise RuleError("tricks", "ss.tricks_in_all", n=total, tricks=pack.hand)
    if options.four_hand_scale == "loser":
        for side, p in scored.items():
            if p == 0 and side not in by_side:
                raise RuleError("tricks", "ss.four_tricks_missing", side="+".join(side))
    return tuple(by_side[side] for side in sides_of(seats) if side in by_side)


def _parse_ten(obj: Mapping[str, Any], seats: tuple[str, ...], options: FourOptions,
               points: tuple[tuple[str, int], ...]) -> str | None:
    value = obj.get("ten_of_trumps")
    if not options.ten_of_trumps_bonus:
        if value is not None:
            raise RuleError("ten_of_trumps", "ss.no_ten_bonus", name=show(value))
        return None
    if value is None:
        raise RuleError("ten_of_trumps", "ss.ten_missing")
    name = F.player_name(value, "ten_of_trumps", seats)
    side = side_of(seats, name)
    for holder, p in points:
        if holder in side and p < 10:
            raise RuleError("ten_of_trumps", "ss.ten_short", name=name, points=p)
    return name


def loser_game_points(points: int, tricks: int) -> int:
    """The winning side's game points on the loser's scale (`four_hand_scale = "loser"`),
    judged on the losing side's card points and tricks.

    >>> [loser_game_points(p, t) for p, t in ((33, 2), (32, 2), (0, 1), (0, 0))]
    [1, 2, 2, 3]
    """
    return scale(points, tricks)


def _deal_result(hand: Hand, seats: tuple[str, ...], options: FourOptions
                 ) -> tuple[Side | None, int]:
    if hand.ending == "scored":
        return (side_of(seats, hand.winner) if hand.winner else None), hand.game_points or 0
    for name, p in hand.points:
        if p >= WIN_AT:
            if options.four_hand_scale == "hoyle":
                return side_of(seats, name), game_points(p)
            (loser, lost), = ((n, q) for n, q in hand.points if n != name)
            tricks = {side_of(seats, n): t for n, t in hand.tricks}
            took = tricks.get(side_of(seats, loser), 1 if lost else 0)
            return side_of(seats, name), loser_game_points(lost, took)
    return None, 0


def settle(state: State, hand: Hand, options: FourOptions) -> tuple[Settlement, State]:
    """Score the deal (the 10 of trumps first); a game's end makes each loser pay one winner."""
    dealer = hand.dealer or state.dealer
    winner, points = _deal_result(hand, state.seats, options)
    result = draw_or_win(state, options, winner, points)
    bonus = side_of(state.seats, hand.ten_of_trumps) if hand.ten_of_trumps else None
    if bonus is not None:
        result = Result(result.winner, result.game_points, ((bonus, 1), *result.gains),
                        result.carry)
    more: dict[str, Any] = {"ten_of_trumps": label(bonus)} if bonus is not None else {}
    return settled(state, result, options, dealer, **more)


def to_json(hand: Hand) -> dict[str, Any]:
    """The deal as contract JSON (without "game" and "players")."""
    out: dict[str, Any] = {}
    if hand.dealer is not None:
        out["dealer"] = hand.dealer
    if hand.ending == "scored":
        out.update(ending="scored", winner=hand.winner, game_points=hand.game_points)
    else:
        out["points"] = dict(hand.points)
        if hand.tricks:
            out["tricks"] = dict(hand.tricks)
    if hand.ten_of_trumps is not None:
        out["ten_of_trumps"] = hand.ten_of_trumps
    return out


class FourExtra(MatchExtra):
    """Four-hand: the side that scored the 10 of trumps bonus."""

    ten_of_trumps: NotRequired[Named]


class FourStatus(MatchStatus):
    """Four-hand: the score and the match tally by side, the pack and the hand's size."""

    sides: dict[str, int]  # each side, its players joined by "+", and its score
    side_games_won: dict[str, int]  # named as in "sides" (the app never splits a name)
    pack: int
    cards_each: int


def status(state: State, options: FourOptions) -> FourStatus:
    """Running score per side (and per player), dealer, games played, the match tally."""
    base = status_of(state, options, state.seats)
    score = dict(zip(state.seats, state.score, strict=True))
    sides = sides_of(state.seats)
    return {**base, "sides": {"+".join(side): score[side[0]] for side in sides},
            "side_games_won": {"+".join(side): base["games_won"][side[0]] for side in sides},
            "pack": options.pack, "cards_each": pack_of(options).hand}


def form_facts(state: State, options: FourOptions, partial: Mapping[str, Any]) -> FormFacts:
    """The two sides (seats 1+3 and 2+4, each named by its first player), the card points
    a played-out deal holds, and whether the 10 of trumps is asked (its bonus option).

    >>> f = form_facts(initial(("A", "B", "C", "D"), make_four({})), make_four({}), {})
    >>> f.sides, dict(f.totals), "ten_of_trumps" in f.fields
    ((('A', 'C'), ('B', 'D')), {'points': 130}, False)
    """
    pack = pack_of(options)
    return four_hand_facts(state.seats, tuple(sides_of(state.seats)), partial,
                           deal_points=pack.deal_points, ten_bonus=options.ten_of_trumps_bonus,
                           dealer=state.dealer, cards_each=pack.hand,
                           tricks=options.four_hand_scale == "loser")


def setup_facts(options: FourOptions, seats: int | None) -> dict[str, Any]:
    """Who plays with whom, by seat number (0-based): seats 1+3 against 2+4."""
    return {"partners": tuple(tuple(int(s) for s in side) for side in sides_of(tuple("0123")))}


GAME = Game(
    name="sixty-six-four", title="Sixty-Six (four-hand partnership)", min_seats=4, max_seats=4,
    make_options=make_four, options_json=options_to_json, initial=initial, parse=parse,
    settle=settle, to_json=to_json, status=status, check_seats=check_seats,
    quick=make_quick(FOUR_FLAGS), legacy_options=LEGACY_FOUR, form_facts=form_facts,
    check_entered=refuse_one_point, setup_facts=setup_facts, status_type=FourStatus,
    extra_type=FourExtra,
)
