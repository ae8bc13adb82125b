"""What the games of two-player deals share: two-player Sixty-Six, Schnapsen and
three-player Sixty-Six (whose dealer sits out while the other two play a two-player deal).

Each reads a deal as `sixty_six_deal` does, scores it on its rules' scale into the table's
game (`sixty_six_match`), says it in one line, asks it on the same form (`sixty_six_form`)
and takes the same quick flags. The engines differ only where the rules do: who plays a
deal, the sitting-out dealer's share, Schnapsen's Bummerl count and countdown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .game import FormFacts
from .options import options_to_json
from .sixty_six_deal import Deal, Rules, deal_to_json, refuse_one_point
from .sixty_six_deal import score as score_deal
from .sixty_six_form import two_player_facts
from .sixty_six_match import Result, State, draw_or_win
from .sixty_six_options import Options, scoring
from .sixty_six_quick import TWO_FLAGS, make_quick


def deal_result(state: State, deal: Deal, rules: Rules, options: Options) -> Result:
    """The deal's game points on `rules`' scale and what they do to the game: its winner
    gains them, or, drawn, they are carried (`draw_carry`)."""
    winner, points = score_deal(deal, rules, **scoring(options))
    return draw_or_win(state, options, (winner,) if winner else None, points)


def deal_form(rules: Rules, state: State, players: tuple[str, ...], partial: Mapping[str, Any],
              *, countdown: bool) -> FormFacts:
    """The form of a deal between `players` (`sixty_six_form`): a seat not playing it (the
    dealer sitting out, anyone out of the game) cannot be named.

    >>> from .sixty_six_deal import SIXTY_SIX
    >>> from .sixty_six_match import new_state
    >>> form = deal_form(SIXTY_SIX, new_state(("A", "B", "C")), ("B", "C"), {},
    ...                  countdown=False)
    >>> form.order, form.impossible["winner"]
    (('B', 'C'), ('A',))
    """
    return two_player_facts(rules, players, partial, dealer=state.dealer, countdown=countdown,
                            not_playing=tuple(s for s in state.seats if s not in players))


# the `Game` fields every game of two-player deals has alike
TWO_PLAYER_DEAL: Mapping[str, Any] = {
    "options_json": options_to_json, "to_json": deal_to_json,
    "quick": make_quick(TWO_FLAGS), "check_entered": refuse_one_point,
}
