"""What every command shares: the database chosen with `--db` / `TALLY_DB`, opened lazily."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..config.paths import resolve_db

if TYPE_CHECKING:
    from ..service import Tally


@dataclass
class Ctx:
    db_option: str | None = None
    demo: bool = False  # `--demo`: the demo night's own database
    lang: str | None = None  # `--lang` (already in use: ledger.cli.errors.choose_language)
    _service: Tally | None = field(default=None, repr=False)

    @property
    def db_path(self) -> Path | str:
        """The database: a SQLite file's path, or a PostgreSQL URL."""
        if self.demo:
            from ..service.demo import default_demo_db

            return default_demo_db()
        return resolve_db(self.db_option)[0]

    @property
    def service(self) -> Tally:
        if self._service is None:
            if self.demo:
                from ..service.demo import open_demo

                self._service = open_demo()[0]
            else:
                from ..service import Tally

                self._service = Tally.open(self.db_path)
        return self._service


def warn(notices: Sequence[Any]) -> None:
    """Each warning as one line on stderr, `warning: <field>: <text>` (the command goes
    on, exit 0: a warning is not a refusal)."""
    from ..text.i18n.errors import render_notice

    for notice in notices:
        typer.echo(f"warning: {render_notice(notice)}", err=True)


def heads(*words: str) -> list[str]:
    """Column names of a printed table in the language in use (English: the words as
    given; JSON output keeps its English keys whatever the language)."""
    from ..text.i18n import t

    return [t(f"cli.h.{word}", default=word) for word in words]


def ctx_of(ctx: typer.Context) -> Ctx:
    root = ctx.find_root()
    if not isinstance(root.obj, Ctx):
        root.obj = Ctx()
    return root.obj


def echo_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=None) + "\n")


def read_stdin_json(field: str = "input") -> dict[str, Any]:
    from ..domain.rules import RuleError
    from ..io.reading import read_stdin
    from ..service.calc import read_json_object

    if sys.stdin is None or sys.stdin.isatty():
        raise RuleError(field, "give the deal as JSON on standard input, or with flags",
                        "stdin_or_flags")
    text = read_stdin(sys.stdin, field)  # capped while reading; a leading BOM dropped
    if not text.strip():
        raise RuleError(field, "is empty (give the deal as JSON on stdin, or with flags)",
                        "stdin_empty")
    return read_json_object(text, field)


def read_nets(raw: Any) -> Any:
    """`settle --nets -`: names by `name_key` ("Ann" and "Ann " are one player, refused
    as a duplicate) and each whole number within MAX_CHIPS; `settle_nets` checks the rest."""
    from ..domain.rules import RuleError
    from ..domain.rules.names import clean_nets
    from .errors import MAX_CHIPS

    nets = clean_nets(raw, "nets")
    if isinstance(nets, dict):
        for name, value in nets.items():
            if type(value) is int and abs(value) > MAX_CHIPS:
                raise RuleError(f"nets.{name}", f"{value} is beyond ±{MAX_CHIPS:,} chips",
                                "beyond_chips", value=value, max=format(MAX_CHIPS, ','))
    return nets
