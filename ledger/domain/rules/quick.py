"""Reading the short forms a scorer types on the command line (`A=3,B=4`, `7`)."""

from __future__ import annotations

from typing import Any

from .errors import RuleError, show


def as_int(flag: str, text: Any) -> int:
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    try:
        return int(str(text).strip())
    except ValueError:
        raise RuleError(f"--{flag.replace('_', '-')}", "not_whole", value=show(text)) from None


def pairs(flag: str, text: Any, *, numbers: bool = True, sep: str = ",") -> dict[str, Any]:
    """`"A=3,B=4"` → {"A": 3, "B": 4} (values as ints unless `numbers` is false)."""
    out: dict[str, Any] = {}
    for item in str(text).split(sep):
        if not item.strip():
            continue
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise RuleError(f"--{flag.replace('_', '-')}", "not_name_value",
                            value=show(item.strip()))
        out[key.strip()] = as_int(flag, value) if numbers else value.strip()
    return out


TRUE_WORDS = ("true", "yes", "y", "1", "on")
FALSE_WORDS = ("false", "no", "n", "0", "off")


def truth(field: str, value: Any, *, true: tuple[str, ...] = (),
          false: tuple[str, ...] = ()) -> bool:
    """A yes or no as a scorer types it (any case), the one reading of such words for every
    game; `true` and `false` add a game's own words (Sixty-Six: the closer "won").

    >>> truth("--split", "Yes"), truth("--split", "0"), truth("--split", True)
    (True, False, True)
    >>> truth("--closer-won", "lost", true=("won",), false=("lost",))
    False
    >>> truth("--split", "maybe")
    Traceback (most recent call last):
    ...
    ledger.domain.rules.errors.RuleError: --split: maybe is not true or false
    """
    if isinstance(value, bool):
        return value
    text = value.strip().lower() if isinstance(value, str) else None
    if text in TRUE_WORDS or text in true:
        return True
    if text in FALSE_WORDS or text in false:
        return False
    raise RuleError(field, "not_bool", value=show(value))


def names(text: Any) -> list[str]:
    return [n.strip() for n in str(text).split(",") if n.strip()]
