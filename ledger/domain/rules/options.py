"""Turning a preset mapping into a game's frozen options dataclass, with precise errors."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import RuleError, show

T = TypeVar("T")

# Every integer option is bounded where it enters (a preset file, `--set`, a stored table),
# so no option can later overflow SQLite's integers or make a deal's arithmetic absurd
# (`--set multiplier_plain=150000000000000000`). Ranges are by option name: the same name
# means the same thing in every game. The low end None leaves it to the game's `validate`,
# which words its own rule ("is negative"); an option not listed gets DEFAULT_INT_RANGE.
DEFAULT_INT_RANGE = (-1_000_000, 1_000_000)
INT_OPTION_RANGES: dict[str, tuple[int | None, int]] = {
    "multiplier_plain": (1, 1_000),
    "multiplier_hearts": (1, 1_000),
    "round_to": (1, 1_000),
    "start_chips": (None, 1_000_000),
    "fee_base": (None, 10_000),
    "fee_step": (None, 10_000),
    "trick_unit": (None, 10_000),
    "mizuten_bonus": (None, 10_000),
    "ooba_multiplier": (1, 1_000),
    "zetsuba_multiplier": (1, 1_000),
    "rounds": (1, 1_000),
    "stake": (None, 1_000_000),
}


def check_range(key: str, value: int) -> int:
    """`value` within the option's sane range (INT_OPTION_RANGES), else a RuleError."""
    lo, hi = INT_OPTION_RANGES.get(key, DEFAULT_INT_RANGE)
    if lo is not None and value < lo:
        raise RuleError(key, "below", value=value, lo=lo)
    if value > hi:
        raise RuleError(key, "above", value=value, hi=format(hi, ','))
    return value


def _coerce(key: str, hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise RuleError(key, "not_bool", value=show(value))
    if hint is int:
        if type(value) is int:
            return check_range(key, value)
        raise RuleError(key, "not_whole", value=show(value))
    if hint is str:
        if isinstance(value, str):
            return value
        raise RuleError(key, "not_text", value=show(value))
    if origin is tuple:
        (item, _ellipsis) = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise RuleError(key, "not_list", value=show(value))
        if item is str:  # lists of ranks or names: accept 10 as "10"
            value = [str(v) if type(v) is int else v for v in value]
        return tuple(_coerce(key, item, v) for v in value)
    raise TypeError(f"unsupported option type {hint!r}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def options_from_mapping(cls: type[T], raw: Mapping[str, Any]) -> T:
    """Build `cls` from `raw`; unknown keys and wrong types are RuleErrors naming the key.

    Keys missing from `raw` take the dataclass defaults. `cls.validate()` runs if present.
    """
    hints = _hints(cls)  # type: ignore[arg-type]  # (mypy: a class is not Hashable)
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in raw:
        if key not in names:
            raise RuleError(str(key), "unknown_option")
    values = {k: _coerce(k, hints[k], v) for k, v in raw.items()}
    options = cls(**values)
    validate = getattr(options, "validate", None)
    if validate is not None:
        validate()
    return options


def options_to_json(options: Any) -> dict[str, Any]:
    """The options as plain JSON (tuples become lists)."""
    out = {}
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out
