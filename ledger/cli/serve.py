"""`tally serve`: the club room (the app for every table's tablet, a live board for the
room). Thin: the server is `tui.serve`, imported only when this command runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..service import RuleError
from ..text.i18n import t
from .context import ctx_of


def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="Address to listen on: 127.0.0.1 is this computer "
                                      "only; 0.0.0.0 lets tablets on the network in.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    night: Annotated[int | None, typer.Option(help="The night to serve (else the latest "
                                              "open one).")] = None,
    lang: Annotated[str | None, typer.Option(help="Language of the app, the board and the "
                                             "phones: en or ja (else English, and each "
                                             "phone in its browser's language).")] = None,
    keep_keys: Annotated[bool, typer.Option("--keep-keys", help="Keep the keys of the last "
                                            "serve of the night (the default now).")]
    = False,
    new_keys: Annotated[bool, typer.Option("--new-keys", help="Make new keys (the old links "
                                           "and printed codes stop working).")] = False,
    print_codes: Annotated[bool, typer.Option("--print-codes", help="Write a printable sheet "
                                              "of each table's QR code next to the "
                                              "database.")] = False,
    table_codes: Annotated[bool, typer.Option("--table-codes", help="Also print a QR code "
                                              "for each table's own entry URL.")] = False,
    max_tabs: Annotated[int, typer.Option(help="Browser tabs (each an app process) open at "
                                          "once on this server.")] = 12,
    max_tabs_per_address: Annotated[int, typer.Option(help="Browser tabs open at once from "
                                                      "one device (client address).")] = 4,
    offline_file: Annotated[Path | None, typer.Option(
        "--offline-file", help="Record into this file (the venue's ledger) and send its deals "
        "to the --db league's server whenever it can be reached.")] = None,
) -> None:
    """Serve the app to every table's browser and a live board for the room."""
    if lang is not None and lang not in ("en", "ja"):
        raise RuleError("--lang", "cli.bad_lang", lang=repr(lang))
    if not 0 < port < 65536:
        raise RuleError("--port", "not_port", value=port)
    lo, hi = 1, 1000
    for name, value in (("--max-tabs", max_tabs), ("--max-tabs-per-address",
                                                   max_tabs_per_address)):
        if not lo <= value <= hi:
            raise RuleError(name, "not_between", value=value, lo=lo, hi=hi)
    root = ctx_of(ctx)
    service, db, outbox = root.service, root.db_path, None
    if offline_file is not None:
        service, db, outbox = _offline(str(db), offline_file)
    from tui.serve.run import run

    run(service, db, host=host, port=port, night=night, lang=lang,
        keep_keys=keep_keys, table_codes=table_codes, max_tabs=max_tabs,
        per_address=max_tabs_per_address, new_keys=new_keys, print_codes=print_codes,
        outbox=outbox)


def _offline(league: str, path: Path) -> tuple[Any, Path, Any]:
    """The venue's file the room records into, having pulled what it should know from the
    league (if it can be reached now), and its outbox to the league."""
    from ..service import Tally

    if not league.startswith(("postgresql://", "postgres://")):
        raise RuleError("--offline-file", "offline_needs_server", db=league)
    local = Tally.open(path)
    try:
        local.sync_from(league)
    except RuleError as exc:
        if exc.field != "database":  # a refusal: said before the room opens
            raise
        typer.echo(t("serve.league_away"))
    return local, path, local.outbox(league)


def register(app: typer.Typer) -> None:
    app.command()(serve)
