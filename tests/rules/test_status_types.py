"""Each engine's `status` and `Settlement.extra` are typed (`Game.status_type`,
`Game.extra_type`, a TypedDict each per game): what a table shows between deals, and the
facts of each deal, must have exactly the keys their type names, each of its type, at
every point of a played table (a key added, renamed or retyped in one place only fails
here)."""

from __future__ import annotations

import random
import types
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from ledger.domain.rules import GAMES
from tests.decade import next_deal

# each game's options that add keys to its status (Schnapsen's Bummerl is its own game)
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "hachihachi-trick": [{}, {"empty_round_pot": "carry"}],
    "sixty-six": [{}, {"draw_carry": True}],
}
SEATS = {2: ("Ann", "Bea"), 3: ("Ann", "Bea", "Cid"), 4: ("Ann", "Bea", "Cid", "Dan"),
         5: ("Ann", "Bea", "Cid", "Dan", "Eve")}


def conforms(value: object, hint: Any) -> bool:
    origin, args = get_origin(hint), get_args(hint)
    if origin is NotRequired:
        return conforms(value, args[0])
    if origin in (Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    return isinstance(value, hint)


def problems(status: Any, status_type: type) -> list[str]:
    hints = get_type_hints(status_type, include_extras=True)
    required = {k for k, h in hints.items() if get_origin(h) is not NotRequired}
    out = [f"missing {k}" for k in sorted(required - set(status))]
    out += [f"undeclared {k}" for k in sorted(set(status) - set(hints))]
    out += [f"{k}: {status[k]!r} is not {hints[k]}" for k in status
            if k in hints and not conforms(status[k], hints[k])]
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_status_is_its_games_type(name: str) -> None:
    game = GAMES[name]
    assert game.status_type is not None, f"{name} declares no status type"
    assert game.extra_type is not None, f"{name} declares no extra type"
    seen: set[str] = set()
    extras: set[str] = set()
    for overrides in VARIANTS.get(name, [{}]):
        options = game.make_options(overrides)
        seats = SEATS[min(max(game.min_seats, 4), game.max_seats)]
        state = game.initial(seats, options)
        rng = random.Random(16)
        for _ in range(60):
            status = game.status(state, options)
            assert problems(status, game.status_type) == [], (name, overrides)
            seen |= set(status)
            got = next_deal(rng, game, options, state, seats)
            if got is None:  # the table's game is over
                break
            settlement, after = game.settle(state, game.parse(got[0], state, options), options)
            assert problems(settlement.extra, game.extra_type) == [], (name, overrides)
            extras |= set(settlement.extra)
            state = after
    # every key the type declares was seen at least once (no stale declaration)
    assert set(get_type_hints(game.status_type)) - seen <= {"carry", "bummerl"} | (
        set() if name == "hachihachi-trick" else {"pot_carried"}), name
    # (keys that only some options or rare rounds add may go unseen in 60 deals)
    assert set(get_type_hints(game.extra_type)) - extras <= {"carry", "counted",
                                                            "ten_of_trumps"}, name


def test_a_wrong_key_or_type_is_named() -> None:
    status_type = GAMES["crazy-solo"].status_type
    assert status_type is not None
    assert problems({"finished": False, "deals": "3", "dealer": "Ann", "x": 1}, status_type) \
        == ["undeclared x", "deals: '3' is not <class 'int'>"]
    assert problems({"finished": False, "dealer": "Ann"}, status_type) == ["missing deals"]
