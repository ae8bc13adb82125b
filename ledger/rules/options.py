"""Turning a preset mapping into a game's frozen options dataclass, with precise errors."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import RuleError, show

T = TypeVar("T")


def _coerce(key: str, hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise RuleError(key, f"{show(value)} is not true or false")
    if hint is int:
        if type(value) is int:
            return value
        raise RuleError(key, f"{show(value)} is not a whole number")
    if hint is str:
        if isinstance(value, str):
            return value
        raise RuleError(key, f"{show(value)} is not text")
    if origin is tuple:
        (item, _ellipsis) = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise RuleError(key, f"{show(value)} is not a list")
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
    hints = _hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in raw:
        if key not in names:
            raise RuleError(str(key), "unknown option")
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
