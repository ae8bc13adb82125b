"""`tally calc`: one deal's outcome JSON in, its settlement JSON out (calc-contract.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..config import presets
from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.rules.fields import read_players
from ..domain.rules.game import AnyGame
from ..domain.rules.transfers import Settlement

MAX_INPUT = 1_000_000  # characters; a deal is a few hundred
MAX_DEPTH = 32  # nesting levels; a deal object has at most four
_SURROGATE = re.compile("[\ud800-\udfff]")


def read_json_object(text: str, field: str = "input") -> dict[str, Any]:
    """Parse a JSON object, refusing anything else with a one-line RuleError.

    Refused too: NaN and Infinity (not JSON), nesting deeper than MAX_DEPTH, and lone
    surrogates (`"\\ud800"`, or undecodable bytes read with surrogateescape), which are
    not text: no later step could print or store them."""
    if len(text) > MAX_INPUT:
        raise RuleError(field, "too_big", n=len(text), max=MAX_INPUT)
    if _SURROGATE.search(text):
        raise RuleError(field, "not_utf8")
    try:
        obj = _DECODER.decode(text)
    except RecursionError:
        raise RuleError(field, "too_deep") from None
    except _DuplicateKey as exc:
        raise RuleError(field, "json_key_twice", key=show(exc.key)) from None
    except ValueError as exc:
        msg = getattr(exc, "msg", str(exc))
        where = (f" at line {exc.lineno} column {exc.colno}"
                 if isinstance(exc, json.JSONDecodeError) else "")
        why = f"{msg}{where}"
        raise RuleError(field, "bad_json", why=why) from None
    escapes = "\\u" in text
    if escapes or text.count("[") + text.count("{") > MAX_DEPTH:  # else nothing to find
        _check_tree(obj, field, escapes=escapes)
    if not isinstance(obj, dict):
        raise RuleError(field, "not_json_object", value=show(obj))
    return obj


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Every JSON object, at any depth: a key given twice is refused, not last-wins."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return obj


# built once (json.loads builds one at every call given an option)
_DECODER = json.JSONDecoder(parse_constant=_not_json, object_pairs_hook=_unique_keys)


def _check_tree(obj: Any, field: str, *, escapes: bool) -> None:
    """Refuse deep nesting and (when the text had \\u escapes) lone surrogates; no
    recursion, so no input can exhaust the stack here."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items: list[Any] = [*value.keys(), *value.values()]
        elif isinstance(value, list):
            items = value
        else:
            if escapes and isinstance(value, str) and _SURROGATE.search(value):
                raise RuleError(field, "lone_surrogate")
            continue
        if depth > MAX_DEPTH:
            raise RuleError(field, "too_deep_n", n=MAX_DEPTH)
        stack.extend((x, depth + 1) for x in items)


def settlement_json(game: AnyGame, settlement: Settlement) -> dict[str, Any]:
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
    """Settle one deal under the game's default preset, or under the `preset` and `options`
    the input names (as `tally table new --preset NAME --set key=value` would freeze them);
    nothing is recorded."""
    if "game" not in obj:
        raise RuleError("game", "missing")
    obj = dict(obj)
    preset = obj.pop("preset", "default")
    overrides = obj.pop("options", None)
    if not isinstance(preset, str):
        raise RuleError("preset", "not_preset", value=show(preset))
    if overrides is not None and not isinstance(overrides, Mapping):
        raise RuleError("options", "options_object", value=show(overrides))
    game, options = presets.load(obj["game"], preset.strip(), overrides or None,
                                 source="options")
    if "players" not in obj:
        raise RuleError("players", "missing")
    players = read_players(obj["players"])
    game.check_seats(players, options)
    state = game.initial(players, options)
    outcome = game.parse(obj, state, options)
    if game.check_entered is not None:
        game.check_entered(outcome)
    settlement, _ = game.settle(state, outcome, options)
    return settlement_json(game, settlement)
