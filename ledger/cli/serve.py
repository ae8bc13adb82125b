"""`tally serve`: the club room (the app for every table's tablet, a live board for the
room). Thin: the server is `tui.serve`, imported only when this command runs."""

from __future__ import annotations

from typing import Annotated

import typer

from ..domain.rules import RuleError
from .context import ctx_of


def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="Address to listen on: 127.0.0.1 is this computer "
                                      "only; 0.0.0.0 lets tablets on the network in.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    night: Annotated[int | None, typer.Option(help="The night to serve (else the latest "
                                              "open one).")] = None,
    lang: Annotated[str, typer.Option(help="Language of the app and the board: en or ja.")]
    = "en",
    keep_keys: Annotated[bool, typer.Option("--keep-keys", help="Use the keys of the last "
                                            "serve again (printed QR codes stay valid).")]
    = False,
    table_codes: Annotated[bool, typer.Option("--table-codes", help="Also print a QR code "
                                              "for each table's own entry URL.")] = False,
    max_tabs: Annotated[int, typer.Option(help="Browser tabs (each an app process) open at "
                                          "once on this server.")] = 12,
    max_tabs_per_address: Annotated[int, typer.Option(help="Browser tabs open at once from "
                                                      "one device (client address).")] = 4,
) -> None:
    """Serve the app to every table's browser and a live board for the room."""
    if lang not in ("en", "ja"):
        raise RuleError("--lang", f"{lang!r} is not en or ja", "cli.bad_lang", lang=repr(lang))
    if not 0 < port < 65536:
        raise RuleError("--port", f"{port} is not a TCP port", "not_port", value=port)
    for name, value in (("--max-tabs", max_tabs), ("--max-tabs-per-address",
                                                   max_tabs_per_address)):
        lo, hi = 1, 1000
        if not lo <= value <= hi:
            raise RuleError(name, f"{value} is not between {lo} and {hi}", "not_between",
                            value=value, lo=lo, hi=hi)
    from tui.serve.run import run

    root = ctx_of(ctx)
    run(root.service, root.db_path, host=host, port=port, night=night, lang=lang,
        keep_keys=keep_keys, table_codes=table_codes, max_tabs=max_tabs,
        per_address=max_tabs_per_address)


def register(app: typer.Typer) -> None:
    app.command()(serve)
