"""Every refusal is one line `error: <field>: <what is wrong>` on stderr and exit status 2."""

from __future__ import annotations

import sqlite3
import sys
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from ..i18n.errors import render_error
from ..rules import RuleError
from .compat_typer import click_exceptions as cx  # the click Typer vendors
from .compat_typer import click_types as ct

EXIT_BAD_INPUT = 2
MAX_ID = 2**63 - 1  # SQLite's largest INTEGER: an id above it cannot even be looked up
MAX_CHIPS = 10**12  # a chip amount typed in (`pay --amount`); a night's nets are far less
CHIP_PARAMS = frozenset({"amount"})  # the integer parameters that are chips, not ids


class WholeNumber(ct.IntParamType):
    """An integer parameter bounded where it enters: an id (1 to MAX_ID) or chips."""

    def __init__(self, lo: int, hi: int, what: str) -> None:
        self.lo, self.hi, self.what = lo, hi, what

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        number = super().convert(value, param, ctx)
        if not self.lo <= number <= self.hi:
            self.fail(f"{number} is not {self.what} ({self.lo} to {self.hi})", param, ctx)
        return number


class Text(ct.StringParamType):
    """A text parameter that is text: bytes that are not UTF-8 reach Python as lone
    surrogates, which no name matches and SQLite cannot store."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        text = super().convert(value, param, ctx)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                self.fail(f"{_bytes_of(text)} is not valid UTF-8 text", param, ctx)
        return text


def _bytes_of(text: str) -> str:
    """The bytes typed, shown in ASCII (`Ann\\xff`), as a terminal cannot show them."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate that is not an escaped byte
        raw = text.encode("utf-8", "backslashreplace")
    return raw.decode("ascii", "backslashreplace")


_ID = WholeNumber(1, MAX_ID, "an id")
_CHIPS = WholeNumber(1, MAX_CHIPS, "a chip amount")
_TEXT = Text()


def bound_params(command: Any) -> None:
    """Give every plain integer and text parameter of every command under `command`
    its bounded type. Done on the built command tree, so a command added later is
    covered without remembering to (tests/robust/test_input_limits.py walks the same tree)."""
    for param in command.params:
        if type(param.type) is ct.IntParamType:
            param.type = _CHIPS if param.name in CHIP_PARAMS else _ID
        elif type(param.type) is ct.StringParamType:
            param.type = _TEXT
    for sub in getattr(command, "commands", {}).values():
        bound_params(sub)


def fail(field: str, message: str) -> NoReturn:
    raise RuleError(field, message)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def usage_message(exc: cx.ClickException) -> str:
    """A click refusal as `field: what is wrong`."""
    if isinstance(exc, cx.NoSuchOption):
        return f"{exc.option_name}: no such option"
    if isinstance(exc, cx.MissingParameter) and exc.param is not None:
        name = exc.param.opts[0] if getattr(exc.param, "opts", None) else exc.param.name
        return f"{name}: is missing"
    if isinstance(exc, cx.BadParameter) and exc.param is not None:
        name = exc.param.opts[0] if getattr(exc.param, "opts", None) else exc.param.name
        return f"{name}: {_one_line(exc.message)}"
    if isinstance(exc, cx.BadOptionUsage):
        return f"{exc.option_name}: {_one_line(exc.message)}"
    message = _one_line(exc.format_message())
    if message.startswith("No such command"):
        return f"command: {message}"
    return f"usage: {message}"


def said(line: str) -> str:
    """`field: message` with the message in the language in use (see ledger.i18n.errors)."""
    from ..i18n import language
    from ..i18n.errors import translate_message

    field, _, message = line.partition(": ")
    return f"{field}: {translate_message(message, language())}" if message else line


def choose_language(args: Any) -> None:
    """`--lang en|ja` (anywhere before `--`), else the saved setting, else the locale.

    An unknown value is left to the `--lang` option itself to refuse (in English then)."""
    from ..i18n import LANGUAGES, set_language
    from ..i18n.lang import choose, saved_language

    argv = list(sys.argv[1:] if args is None else args)
    flag = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            flag = argv[i + 1]
        elif arg.startswith("--lang="):
            flag = arg.split("=", 1)[1]
    lang = choose(flag if flag in LANGUAGES else None, saved_language())
    set_language(lang)


class TallyGroup(TyperGroup):
    """Runs the command line and turns every refusal into one `error:` line."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        kwargs["standalone_mode"] = False
        # the language first, so that even a refusal of the command line itself is in it
        choose_language(args[0] if args else kwargs.get("args"))
        bound_params(self)
        try:
            code = super().main(*args, **kwargs)
        except RuleError as exc:
            typer.echo(f"error: {_one_line(render_error(exc))}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        except cx.ClickException as exc:
            typer.echo(f"error: {said(usage_message(exc))}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except sqlite3.Error as exc:  # the file went bad, or stayed locked past the timeout
            typer.echo(f"error: database: {_one_line(str(exc))}", err=True)
            sys.exit(1)
        except BrokenPipeError:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)
