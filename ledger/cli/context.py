"""What every command shares: the database chosen with `--db` / `TALLY_DB`, opened lazily."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

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
        from ..service.inputs import database_path

        return database_path(self.db_option)[0]

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
    """The JSON object on standard input (`Tally`'s `read_json_input`)."""
    from ..service.inputs import read_json_input

    return read_json_input(sys.stdin, field)


def read_nets(raw: Any) -> Any:
    """`settle --nets -`: the nets checked by the service (`service.inputs.read_nets`)."""
    from ..service.inputs import read_nets as checked

    return checked(raw)
