"""The Sixty-Six family's table fold: game points → games → stakes.

A deal scores game points (see the deal modules); this module adds them to the running game,
notices the deal that ends a game, emits that game's stake transfers and starts the next game.
All four variants share it. A *side* is a tuple of seats: one seat in two- and three-player,
partners (seats 1+3, 2+4) in four-hand.

A game ends when every side but one has reached the target: the first side to get there in
two-player and four-hand; in three-player the first to 7 drops out and the game ends when the
second gets there (section 5). The side left over loses and pays the stake to each winner,
pairing the losing side's members with a winning side's members by seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from .errors import RuleError, show
from .sixty_six_options import MatchOptions as Options
from .transfers import Settlement, Transfer

Side = tuple[str, ...]
STAKE = "stake"


@dataclass(frozen=True, slots=True)
class State:
    """A Sixty-Six table between deals. Tuples run in seat order."""

    seats: tuple[str, ...]
    dealer: str  # deals the next hand
    score: tuple[int, ...]  # game points in the current game (partners share theirs)
    out: tuple[str, ...] = ()  # seats that reached the target in this game, in order
    carry: int = 0  # draw_carry: extra game points for the next deal's winner
    deals: int = 0  # deals played in the current game
    games: int = 0  # games finished at this table
    won: tuple[int, ...] = ()  # games won per seat (three-player: first to the target)
    lost: tuple[int, ...] = ()  # games lost (paid for) per seat
    schneider: tuple[int, ...] = ()  # games lost without a game point, per seat
    finished: bool = False  # one_match: the table's one game is over


@dataclass(frozen=True, slots=True)
class Result:
    """What one deal means for the game, before the table applies it."""

    winner: Side | None  # the deal's winning side, None for a drawn deal
    game_points: int  # 0–3 on the deal's scale
    gains: tuple[tuple[Side, int], ...]  # game points added, in the order they count
    carry: int  # the table's carried draw points after this deal


def new_state(seats: tuple[str, ...]) -> State:
    """A fresh table: the first seat deals, every score 0."""
    zeros = (0,) * len(seats)
    return State(seats=seats, dealer=seats[0], score=zeros, won=zeros, lost=zeros,
                 schneider=zeros)


def sides_of(seats: tuple[str, ...]) -> tuple[Side, ...]:
    """Four seats play in partnerships 1+3 against 2+4; otherwise each seat is a side."""
    if len(seats) == 4:
        return ((seats[0], seats[2]), (seats[1], seats[3]))
    return tuple((s,) for s in seats)


def side_of(seats: tuple[str, ...], name: str) -> Side:
    """The side `name` plays on."""
    return next(side for side in sides_of(seats) if name in side)


def active(state: State) -> tuple[str, ...]:
    """Seats still playing the current game (three-player: not yet at the target)."""
    return tuple(s for s in state.seats if s not in state.out)


def check_open(state: State) -> None:
    """Refuse a deal at a table whose one game is over (`one_match`)."""
    if state.finished:
        raise RuleError("round", "ss.one_match_over")


def check_dealer(obj: Mapping[str, Any], state: State) -> str:
    """The optional `dealer` of a deal (a seat still in the game), else the table's dealer."""
    value = obj.get("dealer")
    if value is None:
        return state.dealer
    if not isinstance(value, str) or value.strip() not in state.seats:
        raise RuleError("dealer", "not_at_table", value=show(value))
    name = value.strip()
    if name in state.out:
        raise RuleError("dealer", "ss.out_of_game", name=name)
    return name


def draw_or_win(state: State, options: Options, winner: Side | None,
                game_points: int) -> Result:
    """The usual Result: the winner scores the deal's points plus any carried draw points.

    >>> from dataclasses import replace
    >>> s = replace(new_state(("A", "B")), carry=1)
    >>> draw_or_win(s, Options(draw_carry=True), ("A",), 2).gains
    ((('A',), 3),)
    """
    if winner is None or game_points == 0:
        return Result(None, 0, (), state.carry + (1 if options.draw_carry else 0))
    return Result(winner, game_points, ((winner, game_points + state.carry),), 0)


def next_dealer(seats: tuple[str, ...], players: tuple[str, ...], dealer: str,
                winner: Side | None, rule: str) -> str:
    """The next dealer among `players`: passes left; `winner` rule: to the winning side.

    >>> next_dealer(("A", "B"), ("A", "B"), "A", ("A",), "winner")
    'A'
    >>> next_dealer(("A", "B", "C"), ("A", "C"), "A", None, "alternate")
    'C'
    """
    start = seats.index(dealer) + 1
    order = [s for s in seats[start:] + seats[:start] if s in players]
    if rule == "winner" and winner is not None:
        for seat in order:
            if seat in winner:
                return seat
    return order[0]


@dataclass(frozen=True, slots=True)
class Applied:
    """The fold's answer for one deal."""

    transfers: tuple[Transfer, ...]
    state: State
    scored: dict[str, int]  # game points each seat gained in this deal
    score: dict[str, int]  # running score after the deal (the final score if it ended a game)
    reached: tuple[str, ...]  # seats that reached the target in this deal
    game_winners: tuple[Side, ...]  # when the deal ended a game: its winning sides, in order
    game_loser: Side | None  # and its losing side


def apply(state: State, result: Result, options: Options, dealer: str, *,
          loser_deals_first: bool = False) -> Applied:
    """Add a deal's game points; on the deal that ends a game, emit the stakes and reset."""
    seats, sides = state.seats, sides_of(state.seats)
    score = dict(zip(seats, state.score, strict=True))
    out = list(state.out)
    scored = dict.fromkeys(seats, 0)
    reached: list[str] = []
    over = False
    for side, points in result.gains:
        if over or side[0] in out or points <= 0:
            continue
        for seat in side:
            score[seat] += points
            scored[seat] += points
        if score[side[0]] >= options.target:
            out.extend(side)
            reached.extend(side)
            over = sum(1 for s in sides if s[0] in out) >= len(sides) - 1
    final = dict(score)
    if not over:
        players = tuple(s for s in seats if s not in out)
        after = State(seats=seats, dealer=next_dealer(seats, players, dealer, result.winner,
                                                      options.dealer_rule),
                      score=tuple(score[s] for s in seats), out=tuple(out),
                      carry=result.carry, deals=state.deals + 1, games=state.games,
                      won=state.won, lost=state.lost, schneider=state.schneider,
                      finished=state.finished)  # every field: cheaper than replace()
        return Applied((), after, scored, final, tuple(reached), (), None)

    winners = tuple(sorted((s for s in sides if s[0] in out), key=lambda s: out.index(s[0])))
    loser = next(s for s in sides if s[0] not in out)
    whitewash = score[loser[0]] == 0
    stake = options.stake * (2 if whitewash and options.schneider_double else 1)
    transfers = tuple(Transfer(payer, payee, stake, STAKE)
                      for side in winners for payer, payee in zip(loser, side, strict=True)
                      ) if stake > 0 else ()
    first = winners[0]
    if loser_deals_first:
        dealer_next = loser[0]
    else:
        dealer_next = next_dealer(seats, seats, dealer, result.winner, options.dealer_rule)
    zeros = (0,) * len(seats)
    after = State(
        seats=seats, dealer=dealer_next, score=zeros, out=(), carry=0, deals=0,
        games=state.games + 1,
        won=tuple(n + (s in first) for s, n in zip(seats, state.won, strict=True)),
        lost=tuple(n + (s in loser) for s, n in zip(seats, state.lost, strict=True)),
        schneider=tuple(n + (s in loser and whitewash)
                        for s, n in zip(seats, state.schneider, strict=True)),
        finished=options.one_match,
    )
    return Applied(transfers, after, scored, final, tuple(reached), winners, loser)


def label(side: Side | None) -> str | list[str] | None:
    """A side as output JSON: a name for a one-seat side, a list of names for partners."""
    if side is None:
        return None
    return side[0] if len(side) == 1 else list(side)


def shown(score: Mapping[str, int], options: Options, countdown: bool) -> dict[str, int]:
    """Scores as the table shows them (Schnapsen: what is left to go, counting down)."""
    if countdown:
        return {s: options.target - v for s, v in score.items()}
    return dict(score)


def extra_of(applied: Applied, result: Result, options: Options, dealer: str,
             countdown: bool = False) -> MatchExtra:
    """Settlement.extra for a deal: the contract's winner/game_points plus the table's news."""
    extra: MatchExtra = {
        "winner": label(result.winner),
        "game_points": result.game_points,
        "scored": applied.scored,
        "score": shown(applied.score, options, countdown),
        "dealer": dealer,
        "next_dealer": applied.state.dealer,
        "game_over": applied.game_loser is not None,
    }
    if applied.reached:
        extra["reached"] = list(applied.reached)
    if applied.game_loser is not None:
        extra["game_winner"] = label(applied.game_winners[0])
        extra["game_loser"] = label(applied.game_loser)
    if options.draw_carry:
        extra["carry"] = applied.state.carry
    return extra


def settled(state: State, result: Result, options: Options, dealer: str, *,
            countdown: bool = False, loser_deals_first: bool = False,
            **more: Any) -> tuple[Settlement, State]:
    """`result` applied to the table (`apply`): the deal's transfers (the stakes, on the deal
    that ends a game), its facts (`extra_of`, then the variant's own `more`), the table
    after it."""
    applied = apply(state, result, options, dealer, loser_deals_first=loser_deals_first)
    extra = {**extra_of(applied, result, options, dealer, countdown), **more}
    return Settlement(state.seats, applied.transfers, extra), applied.state


Named = str | list[str] | None  # a side as output JSON (`label`)


class MatchExtra(TypedDict):
    """A Sixty-Six family deal's facts beside its transfers (variants add their own)."""

    winner: Named  # None: a draw
    game_points: int
    scored: dict[str, int]  # game points each seat gained
    score: dict[str, int]  # as shown after the deal
    dealer: str
    next_dealer: str
    game_over: bool
    reached: NotRequired[list[str]]  # seats that reached the target in this deal
    game_winner: NotRequired[Named]
    game_loser: NotRequired[Named]
    carry: NotRequired[int]  # draw_carry


class MatchStatus(TypedDict):
    """What a Sixty-Six family table shows between deals (variants add their own keys)."""

    finished: bool
    dealer: str
    players: list[str]  # who plays the next deal
    target: int
    counting: str  # "up", or "down" (Schnapsen: what each still needs)
    score: dict[str, int]  # as shown (counting down: what is left to go)
    game: int  # the game being played (the last one, once finished)
    games_played: int
    deals_this_game: int
    games_won: dict[str, int]
    games_lost: dict[str, int]
    carry: NotRequired[int]  # draw_carry: game points the next deal's winner also takes
    bummerl: NotRequired[dict[str, int]]  # Schnapsen: Bummerl taken


def status_of(state: State, options: Options, players: tuple[str, ...],
              countdown: bool = False) -> MatchStatus:
    """What a table screen shows between deals (variants add their own keys)."""
    seats = state.seats
    out: MatchStatus = {
        "finished": state.finished,
        "dealer": state.dealer,
        "players": list(players),
        "target": options.target,
        "counting": "down" if countdown else "up",
        "score": shown(dict(zip(seats, state.score, strict=True)), options, countdown),
        "game": state.games + (0 if state.finished else 1),
        "games_played": state.games,
        "deals_this_game": state.deals,
        "games_won": dict(zip(seats, state.won, strict=True)),
        "games_lost": dict(zip(seats, state.lost, strict=True)),
    }
    if options.draw_carry:
        out["carry"] = state.carry
    return out

