"""Only the command asked for is built: `tally standings --night 7` makes the click command
of `standings` alone, not of all twenty commands and groups (Typer builds each one's
parameters from its signature and annotations at every start: ~35 ms of a process that, on
a league's server, should take well under 0.3 s).

The root keeps its own options and callback; a command line that names no command (`tally`,
`tally --help`) or a name Tally does not know gets the whole tree, so the help lists every
command and an unknown one is refused by it. tests/test_one_command.py checks that each
command's help and refusals read the same through the tree of one command as through the
whole tree, and that the root options taking a value are the ones `ROOT_VALUES` skips.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import typer

ROOT_VALUES = frozenset({"--db", "--lang"})  # the root's options that take a value


def command_named(args: Sequence[str]) -> str | None:
    """The command (or group) a command line names: its first word that is not a root
    option or a root option's value (None: it names none)."""
    words = iter(args)
    for word in words:
        if word == "--":
            return None
        if word in ROOT_VALUES:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def name_of(info: typer.models.CommandInfo) -> str:
    """A command's name as Typer gives it (its function's name, `_` as `-`)."""
    if info.name:
        return info.name
    assert info.callback is not None
    return info.callback.__name__.lower().replace("_", "-")


def for_args(app: typer.Typer, args: Sequence[str]) -> typer.Typer:
    """`app` with only the command or group that `args` name (else `app` itself)."""
    name = command_named(args)
    if name is None:
        return app
    commands = [c for c in app.registered_commands if name_of(c) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not commands and not groups:
        return app
    one = copy.copy(app)
    one.registered_commands, one.registered_groups = commands, groups
    return one
