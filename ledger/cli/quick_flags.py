"""The quick-entry flags of every game, declared once for `round add` and `round correct`.

`with_quick_flags(command)` gives a command the flags as Typer options and hands it the
ones given as one mapping, `flags`; the table's game reads those it knows and refuses
others (`Tally.quick_json`).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer

Flag = Annotated[str | None, typer.Option(show_default=False)]


def _switch(name: str) -> Any:
    """An on-only flag (`--split`): off means not given."""
    return Annotated[bool, typer.Option(f"--{name}")]


# (name, annotation, default) in --help order: Crazy Solo; Hachi-Hachi; the Sixty-Six family
QUICK: tuple[tuple[str, Any, Any], ...] = (
    *((name, Flag, None) for name in (
        "dealer", "contract", "caller", "partner", "trump", "called_card", "points",
        "gang_points", "payers", "bids", "start", "indicator")),
    ("mizuten", _switch("mizuten"), False),
    *((name, Flag, None) for name in ("declare", "tricks", "roles", "aces", "hands")),
    ("split", _switch("split"), False),
    ("ending", Flag, None), ("by", Flag, None),
    ("closer_won", Annotated[bool | None, typer.Option("--closer-won/--closer-lost")], None),
    *((name, Flag, None) for name in (
        "at_close_points", "at_close_tricks", "last_trick", "winner", "game_points",
        "ten_of_trumps")),
)
NAMES = tuple(name for name, _, _ in QUICK)
SWITCHES = tuple(name for name, _, default in QUICK if default is False)


def given(values: Mapping[str, Any]) -> dict[str, Any]:
    """The quick flags actually given (a switch left off counts as not given).

    >>> given({"points": "73", "caller": None, "split": False, "mizuten": True})
    {'points': '73', 'mizuten': True}
    """
    return {k: v for k, v in values.items() if k in NAMES and v is not None
            and not (v is False and k in SWITCHES)}


def with_quick_flags(command: Callable[..., None]) -> Callable[..., None]:
    """`command(..., flags)` as a Typer command taking every quick flag as an option."""
    signature = inspect.signature(command, eval_str=True)
    own = [p for p in signature.parameters.values() if p.name != "flags"]
    extra = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                               annotation=kind) for name, kind, default in QUICK]

    @functools.wraps(command)
    def run(**values: Any) -> None:
        command(**{p.name: values[p.name] for p in own}, flags=given(values))

    del run.__wrapped__  # Typer reads the signature below, not the command's
    run.__signature__ = signature.replace(parameters=[*own, *extra])  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in [*own, *extra]}
    return run
