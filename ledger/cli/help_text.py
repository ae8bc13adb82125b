"""`--help` in the language in use: command and option texts from the catalogue.

The English help stays where Typer users look for it, in the code (`help=`, docstrings);
`cli.help.<command path>[.<parameter>]` in the catalogues says the same in each language
(tests/test_cli_help.py checks the English entries are the code's texts and every one has its
Japanese). The language is chosen from argv and the locale before the command tree is read
(`errors.choose_language`), so the tree is given its texts before click formats anything.
Click's own headings ("Usage:", "Options") are not in any catalogue Tally can reach (click
asks `gettext` of the process locale, not `--lang`), so a formatter of Tally's says them,
through click's public hooks: `Context.formatter_class` and the `HelpFormatter` methods.
Japanese lines are wrapped by display width with kinsoku (`i18n.typography`), as click's
own wrapping counts characters and breaks only at spaces.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..text.i18n import language, text
from ..text.i18n.typography import wrap
from ..text.textwidth import width
from .compat_typer import click_core, click_formatting

HELP_OPTION = "Show this message and exit."  # click's text for --help
REQUIRED = "[required]"  # Typer's mark after a required option's help
_HEADINGS = {"Options": "cli.heading.options", "Arguments": "cli.heading.arguments",
             "Commands": "cli.heading.commands"}


def help_key(path: Sequence[str], param: str | None = None) -> str:
    """`cli.help.round.add`, `cli.help.round.add.table`; the root command is `tally`."""
    key = "cli.help." + (".".join(path) or "tally")
    return f"{key}.{param}" if param else key


def walk(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the tree with its path of names (the root's is empty)."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from walk(sub, (*path, name))


def localize_help(root: Any) -> None:
    """Give every command and option of the tree its help in the language in use."""
    lang = language()
    for path, command in walk(root):
        command.context_class = TallyContext
        if lang == "en":
            continue  # the code's own English, byte for byte
        said = text(help_key(path), lang) if command.help else None
        if said:
            command.help = said
            command.short_help = said.split("。")[0] + ("。" if "。" in said else "")
        for param in command.params:
            said = text(help_key(path, param.name), lang) if getattr(param, "help", None) \
                else None
            if said:
                param.help = said


class TallyFormatter(click_formatting.HelpFormatter):
    """Click's help layout, with its headings and Japanese line breaking in the language
    in use."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None and language() != "en":
            prefix = f"{text('cli.heading.usage')} "
        super().write_usage(prog, args, prefix)

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        key = _HEADINGS.get(name)
        said = text(key) if key and language() != "en" else None
        with super().section(said or name):
            yield

    def write_text(self, text_: str) -> None:
        if language() == "en":
            super().write_text(text_)
            return
        indent = " " * self.current_indent
        for paragraph in text_.split("\n\n"):
            for line in wrap(" ".join(paragraph.split()), self.width - self.current_indent):
                self.write(f"{indent}{line}\n")

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        if language() == "en":
            super().write_dl(rows, col_max, col_spacing)
            return
        rows = [(first, _said(second)) for first, second in rows]
        first_col = min(max((width(f) for f, _ in rows), default=0), col_max) + col_spacing
        indent = " " * self.current_indent
        for first, second in rows:
            self.write(f"{indent}{first}")
            if not second:
                self.write("\n")
                continue
            if width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - width(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap(second, max(self.width - first_col - 2 - self.current_indent, 10))
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(" " * (first_col + self.current_indent) + line + "\n")


def _said(help_: str) -> str:
    """Click's and Typer's own words in a help row, in the language in use."""
    if help_ == HELP_OPTION:
        return text("cli.heading.help_option") or help_
    if help_.endswith(REQUIRED):
        return help_[: -len(REQUIRED)] + f"[{text('cli.heading.required')}]"
    return help_


class TallyContext(click_core.Context):
    formatter_class = TallyFormatter
