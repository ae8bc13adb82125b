"""`tally calc`: one deal's outcome JSON in, its settlement JSON out (calc-contract.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import presets
from .rules import RuleError
from .rules.errors import show
from .rules.fields import read_players
from .rules.game import Game
from .rules.transfers import Settlement

MAX_INPUT = 1_000_000  # characters; a deal is a few hundred


def read_json_object(text: str, field: str = "input") -> dict[str, Any]:
    """Parse a JSON object, refusing anything else with a one-line RuleError."""
    if len(text) > MAX_INPUT:
        raise RuleError(field, f"{len(text)} characters is more than one deal ({MAX_INPUT})")
    try:
        obj = json.loads(text)
    except RecursionError:
        raise RuleError(field, "JSON nested too deeply") from None
    except ValueError as exc:
        msg = getattr(exc, "msg", str(exc))
        where = f" at line {exc.lineno} column {exc.colno}" if hasattr(exc, "lineno") else ""
        raise RuleError(field, f"not valid JSON ({msg}{where})") from None
    if not isinstance(obj, dict):
        raise RuleError(field, f"{show(obj)} is not a JSON object")
    return obj


def settlement_json(game: Game, settlement: Settlement) -> dict[str, Any]:
    """The contract's output object."""
    out: dict[str, Any] = {
        "game": game.name,
        "net": settlement.nets,
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": t.amount, "reason": t.reason}
            for t in settlement.transfers
        ],
    }
    for key, value in settlement.extra.items():
        out.setdefault(key, value)
    return out


def calc(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Settle one deal with the game's default preset; nothing is recorded."""
    if "game" not in obj:
        raise RuleError("game", "is missing")
    game, options = presets.load(obj["game"])
    if "players" not in obj:
        raise RuleError("players", "is missing")
    players = read_players(obj["players"])
    game.check_seats(players, options)
    state = game.initial(players, options)
    outcome = game.parse(obj, state, options)
    settlement, _ = game.settle(state, outcome, options)
    return settlement_json(game, settlement)
