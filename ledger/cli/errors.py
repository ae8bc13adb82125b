"""Every refusal is one line `error: <field>: <what is wrong>` on stderr and exit status 2."""

from __future__ import annotations

import sqlite3
import sys
from typing import Any, NoReturn

import typer
from typer._click import exceptions as cx  # Typer vendors click (pyproject pins it)
from typer.core import TyperGroup

from ..i18n.errors import render_error
from ..rules import RuleError

EXIT_BAD_INPUT = 2


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
        try:
            code = super().main(*args, **kwargs)
        except RuleError as exc:
            typer.echo(f"error: {_one_line(render_error(exc))}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        except cx.ClickException as exc:
            typer.echo(f"error: {usage_message(exc)}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except sqlite3.Error as exc:  # the file went bad, or stayed locked past the timeout
            typer.echo(f"error: database: {_one_line(str(exc))}", err=True)
            sys.exit(1)
        except BrokenPipeError:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)
