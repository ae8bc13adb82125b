"""Reading fields of a contract JSON object, each failure a RuleError naming the field."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import RuleError, show
from .names import MAX_NAME, name_key, refuse_control, refuse_lookalike, visible

_MISSING = object()
_ALWAYS = ("game", "players")  # every contract object may carry these


def check_keys(obj: Mapping[str, Any], allowed: Collection[str]) -> None:
    """Refuse keys the game does not know (a typo must not be silently ignored)."""
    for key in obj:
        if key not in allowed and key not in _ALWAYS:
            raise RuleError(str(key), "unknown_field")


def get_int(obj: Mapping[str, Any], key: str, lo: int, hi: int, *, default: Any = _MISSING,
            field: str | None = None) -> int:
    """An integer in lo..hi (booleans and floats refused)."""
    name = field or key
    value = obj.get(key, default)
    if value is _MISSING:
        raise RuleError(name, "missing")
    return check_int(name, value, lo, hi)


def check_int(name: str, value: Any, lo: int, hi: int) -> int:
    if type(value) is not int:
        raise RuleError(name, "not_whole", value=show(value))
    if value < lo:
        raise RuleError(name, "below", value=value, lo=lo)
    if value > hi:
        raise RuleError(name, "above", value=value, hi=hi)
    return value


def get_bool(obj: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = obj.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise RuleError(key, "not_bool", value=show(value))
    return value


def get_choice(obj: Mapping[str, Any], key: str, choices: Collection[str], *,
               default: Any = _MISSING) -> str:
    value = obj.get(key, default)
    if type(value) is str and value in choices:  # as written by a program
        return value
    if value is _MISSING:
        raise RuleError(key, "missing_one_of", choices=", ".join(choices))
    if not isinstance(value, str) or value.strip().lower() not in choices:
        raise RuleError(key, "not_one_of", value=show(value), choices=", ".join(choices))
    return value.strip().lower()


def player_name(value: Any, field: str, seats: Collection[str]) -> str:
    """A seated player's name (by `name_key`: trimmed, NFC, no format characters;
    case-sensitive)."""
    if not isinstance(value, str):
        raise RuleError(field, "not_player", value=show(value))
    name = name_key(value)
    if name not in seats:
        raise RuleError(field, "not_at_table", value=show(value))
    return name


def get_player(obj: Mapping[str, Any], key: str, seats: Collection[str], *,
               optional: bool = False) -> str | None:
    value = obj.get(key)
    if value is None:
        if optional:
            return None
        raise RuleError(key, "missing")
    return player_name(value, key, seats)


def get_mapping(obj: Mapping[str, Any], key: str, *, optional: bool = True) -> dict[str, Any]:
    value = obj.get(key)
    if value is None:
        if optional:
            return {}
        raise RuleError(key, "missing")
    if not isinstance(value, Mapping):
        raise RuleError(key, "not_object", value=show(value))
    return dict(value)


def player_map(obj: Mapping[str, Any], key: str, seats: Collection[str], *,
               optional: bool = True) -> dict[str, Any]:
    """An object keyed by seated players' names (keys trimmed; duplicates refused)."""
    raw = get_mapping(obj, key, optional=optional)
    out: dict[str, Any] = {}
    for name, value in raw.items():
        clean = name_key(name) if isinstance(name, str) else None
        if clean not in seats:  # the usual case passes without building the field's name
            clean = player_name(name, f"{key}.{name}", seats)
        if clean in out:
            raise RuleError(key, "twice", value=show(clean))
        out[clean] = value
    return out


def read_players(value: Any, field: str = "players") -> tuple[str, ...]:
    """The contract's `players`: a list of unique, non-empty names (by `name_key`, so a
    look-alike of a name already listed appears twice)."""
    if not isinstance(value, list) or not value:
        raise RuleError(field, "not_names", value=show(value))
    from .lookalike import fold

    names: list[str] = []
    folded: set[str] = set()
    for item in value:
        name = name_key(item) if isinstance(item, str) else ""
        if isinstance(item, str):
            refuse_control(item, field)
        if not name or not visible(name):
            raise RuleError(field, "not_player", value=show(item))
        if len(name) > MAX_NAME:
            raise RuleError(field, "too_long", value=show(name), n=MAX_NAME)
        if name == "pot":
            raise RuleError(field, "pot_reserved")
        if name in names or fold(name) in folded:
            raise RuleError(field, "twice", value=show(name))
        refuse_lookalike(name, names, field)
        names.append(name)
        folded.add(fold(name))
    return tuple(names)
