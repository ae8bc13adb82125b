"""Every refusal is one line `error: <field>: <what is wrong>` on stderr and exit status 2."""

from __future__ import annotations

import errno
import json
import re
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from ..service import RuleError
from ..service.inputs import MAX_CHIPS
from ..text.i18n import t
from ..text.i18n.errors import render_error
from .compat_typer import click_exceptions as cx  # the click Typer vendors
from .compat_typer import click_types as ct

EXIT_BAD_INPUT = 2
MAX_ID = 2**63 - 1  # SQLite's largest INTEGER: an id above it cannot even be looked up
_DIGITS = re.compile(r"[+-]?[0-9]+", re.ASCII)
CHIP_PARAMS = frozenset({"amount"})  # the integer parameters that are chips, not ids


class Refused(cx.BadParameter):
    """A parameter refused by Tally's own types, with the catalogue code that says why."""

    def __init__(self, message: str, code: str, values: dict[str, object], param: Any,
                 ctx: Any) -> None:
        super().__init__(message, ctx=ctx, param=param)
        self.code, self.values = code, values


class WholeNumber(ct.IntParamType):
    """An integer parameter bounded where it enters: an id (1 to MAX_ID) or chips."""

    def __init__(self, lo: int, hi: int, what: str, code: str) -> None:
        self.lo, self.hi, self.what, self.code = lo, hi, what, code

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and not _DIGITS.fullmatch(value.strip()):
            # int() takes "５", "٥" and "1_0": a number typed is ASCII digits, nothing else
            shown = json.dumps(value, ensure_ascii=not value.isprintable())
            raise Refused(f"{shown} is not a whole number (digits 0-9)",
                          "not_digits", {"value": shown}, param, ctx)
        number = super().convert(value, param, ctx)
        if not self.lo <= number <= self.hi:
            raise Refused(f"{number} is not {self.what} ({self.lo} to {self.hi})", self.code,
                          {"value": number, "lo": self.lo, "hi": self.hi}, param, ctx)
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
                raise Refused(f"{_bytes_of(text)} is not valid UTF-8 text", "not_utf8_bytes",
                              {"value": _bytes_of(text)}, param, ctx) from None
        return text


def _bytes_of(text: str) -> str:
    """The bytes typed, shown in ASCII (`Ann\\xff`), as a terminal cannot show them."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate that is not an escaped byte
        raw = text.encode("utf-8", "backslashreplace")
    return raw.decode("ascii", "backslashreplace")


_ID = WholeNumber(1, MAX_ID, "an id", "not_id")
_CHIPS = WholeNumber(1, MAX_CHIPS, "a chip amount", "not_chip_amount")
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


def _one_line(text: str) -> str:
    return " ".join(text.split())


def usage_message(exc: cx.ClickException) -> RuleError:
    """A click refusal as a RuleError (`field: what is wrong`), coded where Tally knows the
    words; click's own sentences (`'x' is not a valid integer.`) stay click's English."""
    if isinstance(exc, cx.NoSuchOption):
        return RuleError(str(exc.option_name), "no_such_option")
    if isinstance(exc, cx.MissingParameter) and exc.param is not None:
        name = exc.param.opts[0] if getattr(exc.param, "opts", None) else exc.param.name
        return RuleError(str(name), "missing")
    if isinstance(exc, cx.BadParameter) and exc.param is not None:
        name = exc.param.opts[0] if getattr(exc.param, "opts", None) else exc.param.name
        if isinstance(exc, Refused):
            return RuleError(str(name), exc.code, **exc.values)
        return RuleError(str(name), "words", text=_one_line(exc.message))
    if isinstance(exc, cx.BadOptionUsage):
        return RuleError(str(exc.option_name), "words", text=_one_line(exc.message))
    message = _one_line(exc.format_message())
    unknown = re.fullmatch(r"No such command '(.*)'\.", message)
    if unknown:
        return RuleError("command", "no_such_command", name=unknown.group(1))
    return RuleError("usage", "words", text=message)


def choose_language(args: Any) -> None:
    """`--lang en|ja` (anywhere before `--`), else the saved setting, else the locale.

    An unknown value is left to the `--lang` option itself to refuse (in English then)."""
    from ..text.i18n import LANGUAGES, set_language
    from ..text.i18n.lang import choose, saved_language

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

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        # the language first, so that even a refusal of the command line itself is in it
        choose_language(args[0] if args else kwargs.get("args"))
        bound_params(self)
        from .help_text import localize_help

        localize_help(self)
        try:
            code = super().main(*args, **kwargs)
        except RuleError as exc:
            typer.echo(f"error: {_one_line(render_error(exc))}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except typer.Abort:
            typer.echo(f"error: {t('err.aborted')}", err=True)
            sys.exit(1)
        except cx.ClickException as exc:
            typer.echo(f"error: {_one_line(render_error(usage_message(exc)))}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except BrokenPipeError:
            sys.exit(1)
        except OSError as exc:  # a path the system refuses (a name too long, …): one line
            typer.echo(f"error: {os_error_line(exc)}", err=True)
            sys.exit(EXIT_BAD_INPUT if exc.errno in BAD_PATH else 1)
        sys.exit(code if isinstance(code, int) else 0)


BAD_PATH = frozenset({errno.ENAMETOOLONG, errno.ENOENT, errno.ENOTDIR, errno.EISDIR,
                      errno.ELOOP})


def os_error_line(exc: OSError) -> str:
    """`path: <the path, shortened>: <why>`: a 4,200-character path is not echoed whole."""
    why = (exc.strerror or type(exc).__name__).lower()  # "file name too long"
    name = str(exc.filename) if exc.filename is not None else ""
    shown = name if len(name) <= 80 else f"{name[:40]}…{name[-30:]}"
    return f"path: {shown}: {why}" if name else f"path: {why}"
