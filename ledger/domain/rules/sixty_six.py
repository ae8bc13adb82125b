"""The Sixty-Six family: two-player Sixty-Six and Schnapsen here, and the list of all four.

shared/rules/sixty-six.md. A deal scores game points (`sixty_six_deal`); the table adds them
up and the deal that takes a player to the target ends the game and moves the stake
(`sixty_six_match`). Schnapsen counts down from the target (a Bummerl sheet) and, by default,
a loser still at 7 pays two stakes. Chips move only when a game ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import sixty_six_four, sixty_six_three
from .errors import RuleError
from .game import FormFacts, Game
from .sixty_six_deal import SCHNAPSEN, SIXTY_SIX, Deal, Rules, parse_deal
from .sixty_six_match import (
    MatchExtra,
    MatchStatus,
    State,
    check_dealer,
    check_open,
    new_state,
    settled,
    status_of,
)
from .sixty_six_options import LEGACY_SCHNAPSEN, LEGACY_TWO, Options, make_schnapsen, make_two
from .sixty_six_two_player import TWO_PLAYER_DEAL, deal_form, deal_result
from .transfers import Settlement


def check_two_seats(seats: tuple[str, ...], options: Options) -> None:
    """Two-player games take exactly two seats."""
    if len(seats) != 2:
        raise RuleError("seats", "ss.two_players", n=len(seats))


def _engine(rules: Rules, countdown: bool) -> dict[str, Any]:
    """The fold functions of a two-player game with these rules."""

    def initial(seats: tuple[str, ...], options: Options) -> State:
        """A new table: the first seat deals, both at 0 (Schnapsen shows 7 to go)."""
        check_two_seats(seats, options)
        return new_state(seats)

    def parse(obj: Mapping[str, Any], state: State, options: Options) -> Deal:
        """Validate one deal's contract JSON (see `sixty_six_deal`)."""
        check_open(state)
        dealer = check_dealer(obj, state) if obj.get("dealer") is not None else None
        players = (state.seats[0], state.seats[1])
        return parse_deal(obj, rules, players, dealer=dealer)

    def settle(state: State, deal: Deal, options: Options) -> tuple[Settlement, State]:
        """Score the deal; if it takes a player to the target, the loser pays the stake."""
        dealer = deal.dealer or state.dealer
        return settled(state, deal_result(state, deal, rules, options), options, dealer,
                       countdown=countdown)

    def status(state: State, options: Options) -> MatchStatus:
        """Running score, dealer, games played and the match tally."""
        out = status_of(state, options, state.seats, countdown)
        if countdown:
            out["bummerl"] = {s: lost + (schneider if options.schneider_double else 0)
                              for s, lost, schneider in zip(state.seats, state.lost,
                                                            state.schneider, strict=True)}
        return out

    def form_facts(state: State, options: Options, partial: Mapping[str, Any]) -> FormFacts:
        """The fields of the ending chosen so far (`sixty_six_form`)."""
        return deal_form(rules, state, state.seats, partial, countdown=countdown)

    return {"initial": initial, "parse": parse, "settle": settle, "status": status,
            "status_type": MatchStatus, "form_facts": form_facts, "extra_type": MatchExtra}


SIXTY_SIX_GAME = Game(
    name="sixty-six", title="Sixty-Six", min_seats=2, max_seats=2,
    make_options=make_two, check_seats=check_two_seats, legacy_options=LEGACY_TWO,
    **TWO_PLAYER_DEAL, **_engine(SIXTY_SIX, countdown=False),
)

SCHNAPSEN_GAME = Game(
    name="schnapsen", title="Schnapsen", min_seats=2, max_seats=2,
    make_options=make_schnapsen, check_seats=check_two_seats, legacy_options=LEGACY_SCHNAPSEN,
    **TWO_PLAYER_DEAL, **_engine(SCHNAPSEN, countdown=True),
)

GAMES: list[Game[Any, Any, Any]] = [SIXTY_SIX_GAME, SCHNAPSEN_GAME, sixty_six_three.GAME,
                                    sixty_six_four.GAME]
