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
        raise RuleError(f"--{flag.replace('_', '-')}",
                        f"{show(text)} is not a whole number") from None


def pairs(flag: str, text: Any, *, numbers: bool = True, sep: str = ",") -> dict[str, Any]:
    """`"A=3,B=4"` → {"A": 3, "B": 4} (values as ints unless `numbers` is false)."""
    out: dict[str, Any] = {}
    for item in str(text).split(sep):
        if not item.strip():
            continue
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise RuleError(f"--{flag.replace('_', '-')}",
                            f"{show(item.strip())} is not NAME=VALUE")
        out[key.strip()] = as_int(flag, value) if numbers else value.strip()
    return out


def names(text: Any) -> list[str]:
    return [n.strip() for n in str(text).split(",") if n.strip()]
