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

# what each flag is for, in --help (Japanese: `cli.help.round.add.<flag>` in the catalogue)
HELP: dict[str, str] = {
    "dealer": "Who dealt (default: the table's next dealer).",
    "contract": "Crazy Solo: the contract (solo, heart-solo, alone, …, or pass).",
    "caller": "Crazy Solo: who called the contract.",
    "partner": "Crazy Solo: the called partner, if any.",
    "trump": "Crazy Solo: the trump suit (clubs, spades, hearts, diamonds).",
    "called_card": "Crazy Solo: the card called for a partner (AH, 10C, …).",
    "points": ("Crazy Solo: the solo team's card points; Sixty-Six: card points by player, "
               "A=68,B=40."),
    "gang_points": "Crazy Solo: the Gang's card points (instead of --points).",
    "payers": "Crazy Solo: who of the Gang pays whom, caller=A,B;partner=C.",
    "bids": "Crazy Solo: the bids in turn, pass,solo,….",
    "start": "Hachi-Hachi: who leads this round (default: as the table goes).",
    "indicator": "Hachi-Hachi: the turned-up card (QS).",
    "mizuten": "Hachi-Hachi: the round is played Mizuten.",
    "declare": "Hachi-Hachi: each seat's in or out from the start player, in,out,in,….",
    "tricks": "Tricks by player, A=3,B=2.",
    "roles": "Hachi-Hachi: hand roles by player, A=sanbon+kuttsuki.",
    "aces": "Hachi-Hachi: Aces held by a forced-out player, A=1.",
    "hands": "Hachi-Hachi: the seven cards by player, A=7S 7H …;B=….",
    "split": "Hachi-Hachi: the two ins split (no play).",
    "ending": "Sixty-Six: how the deal ended (claim, close, exhausted, scored).",
    "by": "Sixty-Six: who claimed or closed.",
    "closer_won": "Sixty-Six: whether the one who closed made it.",
    "at_close_points": "Sixty-Six: the other's card points at the close, B=0.",
    "at_close_tricks": "Sixty-Six: the other's tricks at the close, B=0.",
    "last_trick": "Sixty-Six: who took the last trick.",
    "winner": "Sixty-Six: the deal's winner, for a paper score (none: drawn).",
    "game_points": "Sixty-Six: the game points won (1, 2 or 3).",
    "ten_of_trumps": "Four-hand: who held the ten of trumps.",
}


def _flag(name: str) -> Any:
    return Annotated[str | None, typer.Option(show_default=False, help=HELP[name])]


def _switch(name: str) -> Any:
    """An on-only flag (`--split`): off means not given."""
    return Annotated[bool, typer.Option(f"--{name}", help=HELP[name])]


# (name, annotation, default) in --help order: Crazy Solo; Hachi-Hachi; the Sixty-Six family
QUICK: tuple[tuple[str, Any, Any], ...] = (
    *((name, _flag(name), None) for name in (
        "dealer", "contract", "caller", "partner", "trump", "called_card", "points",
        "gang_points", "payers", "bids", "start", "indicator")),
    ("mizuten", _switch("mizuten"), False),
    *((name, _flag(name), None) for name in ("declare", "tricks", "roles", "aces", "hands")),
    ("split", _switch("split"), False),
    ("ending", _flag("ending"), None), ("by", _flag("by"), None),
    ("closer_won", Annotated[bool | None, typer.Option("--closer-won/--closer-lost",
                                                      help=HELP["closer_won"])], None),
    *((name, _flag(name), None) for name in (
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
