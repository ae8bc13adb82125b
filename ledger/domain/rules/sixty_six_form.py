"""What a Sixty-Six family deal form asks: the engine's form facts for the two-player deal
(Sixty-Six, Schnapsen, three-player Sixty-Six) and for the four-hand partnership.

The fields follow the ending chosen (`sixty_six_deal.ALLOWED`); a claim asks the last trick
only where it carries a bonus (Sixty-Six's 10, not Schnapsen); quick entry asks the game
points unless the deal was drawn. Every number's range comes from the rules: the card points
t tricks can hold, the tricks before a close, the game points of one deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import CHOICE, FLAG, NUMBER, PLAYER, FieldFact, FormFacts
from .sixty_six_deal import (
    ALLOWED,
    CLAIM_AT,
    ENDINGS,
    GAME_POINTS_MAX,
    MARRIAGES_MAX,
    PACK_POINTS,
    Rules,
)

# the order a form asks a two-player deal's fields in
TWO_ORDER = ("ending", "by", "closer_won", "points", "tricks", "at_close", "last_trick",
             "winner", "game_points")
FOUR_ENDINGS = ("played", "scored")


def game_points_field() -> FieldFact:
    """Quick entry: the game points one deal scores, 1 to 3 (a draw is no winner), the
    winner's (one fact on the paper: "Jun 2")."""
    points = tuple(range(1, GAME_POINTS_MAX + 1))
    return FieldFact("game_points", CHOICE, "slot.game-points", choices=points,
                     labels=tuple(f"ss.points_{n}" for n in points), low=1,
                     high=GAME_POINTS_MAX, of="winner")


def winner_field(names: Sequence[str], labels: Sequence[str] = ()) -> FieldFact:
    return FieldFact("winner", PLAYER, "slot.winner", choices=tuple(names),
                     labels=tuple(labels), optional=True, none="ss.drawn_short")


def scored_fields(partial: Mapping[str, Any]) -> tuple[str, ...]:
    """Quick entry asks who scored, then the game points (none for a drawn deal)."""
    drawn = "winner" in partial and partial["winner"] is None
    return ("winner",) if drawn else ("winner", "game_points")


def two_player_fields(rules: Rules, ending: str | None, partial: Mapping[str, Any]
                      ) -> tuple[str, ...]:
    """The fields an ending asks, in form order (the engine's table of what each carries)."""
    if ending not in ENDINGS:
        return ("ending",)
    if ending == "scored":
        return ("ending", *scored_fields(partial))
    allowed = set(ALLOWED[ending])
    if ending == "claim" and not rules.last_trick:
        allowed.discard("last_trick")  # Schnapsen: the last trick decides nothing at a claim
    return ("ending", *(name for name in TWO_ORDER if name in allowed))


def two_player_limits(rules: Rules) -> dict[str, Any]:
    """The numbers a two-player deal is held to (`points_most[t]`: what t tricks can hold
    with every marriage; `points_least[t]`: the least they hold)."""
    return {"tricks": rules.tricks, "close_limit": rules.close_limit, "claim_at": CLAIM_AT,
            "pack_points": PACK_POINTS, "last_trick_bonus": rules.last_trick,
            "marriages_max": MARRIAGES_MAX, "game_points_max": GAME_POINTS_MAX,
            "points_most": tuple(rules.most(t) + MARRIAGES_MAX for t in range(rules.tricks + 1)),
            "points_least": tuple(rules.least(t) for t in range(rules.tricks + 1))}


def exhausted_notes(rules: Rules, ending: Any, tricks: Any, players: tuple[str, ...]
                    ) -> dict[str, tuple[tuple[str, dict[str, Any]], ...]]:
    """What a form says beside the tricks once each player's are given: at "all played"
    they must make every trick of the deal (the refusal the save would give, said as the
    numbers are typed, before the rest of the deal is filled in).

    >>> from .sixty_six_deal import SCHNAPSEN
    >>> exhausted_notes(SCHNAPSEN, "exhausted", {"A": 5, "B": 4}, ("A", "B"))
    {'tricks': (('err.ss.exhausted_tricks', {'n': 9, 'tricks': 10}),)}
    """
    if ending != "exhausted" or not isinstance(tricks, Mapping):
        return {}
    given = [tricks.get(p) for p in players]
    if not all(type(n) is int for n in given) or sum(n for n in given if n) == rules.tricks:
        return {}
    return {"tricks": (("err.ss.exhausted_tricks", {"n": sum(given), "tricks": rules.tricks}),)}


def two_player_facts(rules: Rules, players: tuple[str, ...], partial: Mapping[str, Any], *,
                     dealer: str | None, countdown: bool,
                     not_playing: tuple[str, ...] = ()) -> FormFacts:
    """A two-player deal's form: the fields of the ending chosen so far, each described.

    >>> from .sixty_six_deal import SCHNAPSEN, SIXTY_SIX
    >>> two_player_facts(SIXTY_SIX, ("A", "B"), {"ending": "claim"}, dealer="A",
    ...                  countdown=False).fields
    ('ending', 'by', 'points', 'tricks', 'last_trick')
    >>> two_player_facts(SCHNAPSEN, ("A", "B"), {"ending": "claim"}, dealer="A",
    ...                  countdown=True).fields
    ('ending', 'by', 'points', 'tricks')
    """
    ending = partial.get("ending")
    fields = two_player_fields(rules, ending, partial)
    most = rules.most(rules.tricks) + MARRIAGES_MAX
    by = partial.get("by") if partial.get("by") in players else None
    opponent = tuple(p for p in players if p != by) if by else ()
    specs = {
        "ending": FieldFact("ending", CHOICE, "slot.ending", choices=ENDINGS,
                            labels=tuple(f"ending.{e}" for e in ENDINGS)),
        "by": FieldFact("by", PLAYER, "slot.by_close" if ending == "close" else "slot.by_claim",
                        choices=players),
        "closer_won": FieldFact("closer_won", FLAG, "slot.closer-won",
                                labels=("ss.made_it", "ss.failed")),
        "points": FieldFact("points", NUMBER, "slot.points", each=players, low=0, high=most),
        "tricks": FieldFact("tricks", NUMBER, "slot.tricks", each=players, low=0,
                            high=rules.tricks,
                            total=rules.tricks if ending == "exhausted" else None),
        "at_close": FieldFact("at_close", NUMBER, "slot.at-close", each=opponent, parts=(
            FieldFact("points", NUMBER, "ss.at_close_points", low=0, high=most,
                      flag="--at-close-points"),
            FieldFact("tricks", NUMBER, "ss.at_close_tricks", low=0, high=rules.close_limit,
                      flag="--at-close-tricks"))),
        "last_trick": FieldFact("last_trick", PLAYER, "slot.last-trick", choices=players,
                                optional=ending == "claim"),
        "winner": winner_field(players),
        "game_points": game_points_field(),
    }
    impossible = {key: not_playing for key in ("by", "last_trick", "winner")} \
        if not_playing else {}
    return FormFacts(order=players, fields=fields, choices={"ending": ENDINGS},
                     form=tuple(specs[f] for f in fields), impossible=impossible,
                     limits=two_player_limits(rules),
                     notes=exhausted_notes(rules, ending, partial.get("tricks"), players),
                     facts={"dealer": dealer, "players": players, "countdown": countdown,
                            "not_playing": not_playing})


def four_hand_facts(seats: tuple[str, ...], sides: tuple[tuple[str, ...], ...],
                    partial: Mapping[str, Any], *, deal_points: int, ten_bonus: bool,
                    dealer: str | None, cards_each: int, tricks: bool = False) -> FormFacts:
    """A four-hand deal's form: played (each side's points, making `deal_points`) or
    quick entry (the side that scored, its game points); the 10 of trumps with its bonus;
    with `tricks` (the loser's scale) each side's tricks, making `cards_each`.
    A side is named by its first player; its label joins its players ("Ann+Chie")."""
    ending = partial.get("ending") or "played"  # the contract's default
    heads = tuple(side[0] for side in sides)
    names = tuple("+".join(side) for side in sides)
    ten = ("ten_of_trumps",) if ten_bonus else ()
    asked = ("tricks",) if tricks else ()
    fields = ("ending", "points", *asked, *ten) if ending == "played" else (
        "ending", *scored_fields(partial), *ten)
    specs = {
        "ending": FieldFact("ending", CHOICE, "slot.ending", choices=FOUR_ENDINGS,
                            labels=tuple(f"ending.{e}" for e in FOUR_ENDINGS)),
        "points": FieldFact("points", NUMBER, "slot.points", each=heads, labels=names, low=0,
                            high=deal_points, total=deal_points),
        "tricks": FieldFact("tricks", NUMBER, "slot.tricks", each=heads, labels=names, low=0,
                            high=cards_each, total=cards_each, optional=True),
        "ten_of_trumps": FieldFact("ten_of_trumps", PLAYER, "slot.ten", choices=heads,
                                   labels=names, optional=True),
        "winner": winner_field(heads, names),
        "game_points": game_points_field(),
    }
    totals = {"points": deal_points, **({"tricks": cards_each} if tricks else {})}
    return FormFacts(order=seats, fields=fields, choices={"ending": FOUR_ENDINGS},
                     totals=totals, sides=sides,
                     form=tuple(specs[f] for f in fields),
                     limits={"deal_points": deal_points, "game_points_max": GAME_POINTS_MAX,
                             "cards_each": cards_each},
                     facts={"dealer": dealer})
