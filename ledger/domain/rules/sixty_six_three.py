"""Three-player Sixty-Six (shared/rules/sixty-six.md section 5).

The dealer sits out and the other two play a two-player Sixty-Six deal, recorded exactly as
in two-player (`sixty_six_deal`). The dealer scores the same game points as the deal's
winner, but that cannot take the dealer past `dealer_cap` (6). The deal passes left.
The first to the target leaves the game; the other two play on, now as plain two-player
deals (the dealer plays), until one of them reaches it; the last player pays the stake to
each of the other two and deals the first hand of the next game.

Readings chosen: carried draw points (`draw_carry`) go to the next deal's winner only, not
to the sitting-out dealer; the dealer's share is the deal's own 1–3.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .errors import RuleError
from .game import FormFacts, Game
from .sixty_six_deal import OUT_OF_GAME, SITS_OUT, SIXTY_SIX, Deal, parse_deal
from .sixty_six_match import (
    MatchExtra,
    MatchStatus,
    Result,
    State,
    active,
    check_dealer,
    check_open,
    new_state,
    settled,
    status_of,
)
from .sixty_six_options import LEGACY_TWO, ThreeOptions, make_three
from .sixty_six_two_player import TWO_PLAYER_DEAL, deal_form, deal_result
from .transfers import Settlement


def check_seats(seats: tuple[str, ...], options: ThreeOptions) -> None:
    """Three-player Sixty-Six takes exactly three seats."""
    if len(seats) != 3:
        raise RuleError("seats", "ss.three_players", n=len(seats))


def initial(seats: tuple[str, ...], options: ThreeOptions) -> State:
    """A new table: the first seat deals (and sits out), all at 0."""
    check_seats(seats, options)
    return new_state(seats)


def _players(state: State, dealer: str) -> tuple[str, ...]:
    """Who plays a deal dealt by `dealer`: the two others, or both left in the play-off."""
    left = active(state)
    return tuple(s for s in left if s != dealer) if len(left) == 3 else left


def players_of(state: State) -> tuple[str, ...]:
    """The two who play the next deal (not the dealer while all three are in the game)."""
    return _players(state, state.dealer)


def parse(obj: Mapping[str, Any], state: State, options: ThreeOptions) -> Deal:
    """Validate a deal: a two-player deal between the players of `players_of`."""
    check_open(state)
    dealer = check_dealer(obj, state)
    players = _players(state, dealer)
    why_out = {s: OUT_OF_GAME for s in state.out}
    if len(players) == 2 and dealer not in players:
        why_out[dealer] = SITS_OUT
    named = dealer if obj.get("dealer") is not None else None
    return parse_deal(obj, SIXTY_SIX, (players[0], players[1]), why_out, named)


def _result(state: State, deal: Deal, options: ThreeOptions, dealer: str) -> Result:
    """The deal's result, and the sitting-out dealer's share: its winner's game points,
    capped at `dealer_cap`."""
    result = deal_result(state, deal, SIXTY_SIX, options)
    if result.winner is None or len(active(state)) < 3:
        return result
    score = dict(zip(state.seats, state.score, strict=True))[dealer]
    share = max(0, min(result.game_points, options.dealer_cap - score))
    return replace(result, gains=(*result.gains, ((dealer,), share)))


def settle(state: State, deal: Deal, options: ThreeOptions) -> tuple[Settlement, State]:
    """Score the deal, give the dealer its capped share; the game's end moves the stakes."""
    dealer = deal.dealer or state.dealer
    sits_out = next((s for s in active(state) if s not in _players(state, dealer)), None)
    return settled(state, _result(state, deal, options, dealer), options, dealer,
                   loser_deals_first=True, sits_out=sits_out)


class ThreeExtra(MatchExtra):
    """Three-player: who sat the deal out."""

    sits_out: str | None


class ThreeStatus(MatchStatus):
    """Three-player: who is out of the game, and the sitting-out dealer's cap."""

    out: list[str]
    dealer_cap: int


def status(state: State, options: ThreeOptions) -> ThreeStatus:
    """Running score, dealer (who sits out), who is out of the game, the match tally."""
    return {**status_of(state, options, players_of(state)), "out": list(state.out),
            "dealer_cap": options.dealer_cap}


def form_facts(state: State, options: ThreeOptions, partial: Mapping[str, Any]) -> FormFacts:
    """A two-player deal between `players_of`: the dealer sitting out and anyone out of the
    game cannot be named (`sixty_six_form`)."""
    return deal_form(SIXTY_SIX, state, players_of(state), partial, countdown=False)


GAME = Game(
    name="sixty-six-three", title="Sixty-Six (three players)", min_seats=3, max_seats=3,
    make_options=make_three, initial=initial, parse=parse, settle=settle, status=status,
    check_seats=check_seats, players_of=players_of, legacy_options=LEGACY_TWO,
    form_facts=form_facts, status_type=ThreeStatus, extra_type=ThreeExtra, **TWO_PLAYER_DEAL,
)
