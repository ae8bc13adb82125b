"""`tally sync --to URL`: push what another ledger does not hold yet of this one; `tally
verify FILE`: an export's hash chains checked from its files alone."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..text.i18n import t
from .context import ctx_of


def sync(
    ctx: typer.Context,
    target: Annotated[str | None, typer.Option("--to", help="The ledger pushed to: a "
                                               "postgresql:// URL or a file.")] = None,
    source: Annotated[str | None, typer.Option("--from", help="The ledger pulled from (the "
                                               "league's roster, identities and seasons): "
                                               "a postgresql:// URL or a file.")] = None,
    mapping: Annotated[list[str] | None, typer.Option(
        "--map", help="A player the league has already: NAME=ID (repeatable).")] = None,
    venue: Annotated[str | None, typer.Option(
        "--venue", help="With --from: also pull the tournaments planned at this venue.")
    ] = None,
) -> None:
    """Push this ledger's nights, deals, payments, plans and tournaments that the other
    lacks, once; or pull the league's roster, identities and seasons."""
    from ..service import RuleError
    from ..service.inputs import database_path
    from ..service.sync import parse_map

    if (target is None) == (source is None):
        raise RuleError("sync", "sync_one_way")
    given = target if target is not None else source or ""
    where = database_path(given)[0] if given.strip() else ""  # never the default ledger
    service = ctx_of(ctx).service
    if source is not None:
        pulled = service.sync_from(where, parse_map(mapping or []), venue)
        if pulled.nothing:
            typer.echo(t("cli.sync.nothing", target=pulled.source))
            return
        m = pulled.moved
        typer.echo(t("cli.sync.pulled", source=pulled.source, players=m.get("players", 0),
                     matched=m.get("matched", 0), seasons=m.get("seasons", 0),
                     tournaments=m.get("tournaments", 0)))
        return
    done = service.sync_to(where, parse_map(mapping or []))
    if done.nothing:
        typer.echo(t("cli.sync.nothing", target=done.target))
        return
    n = done.moved
    typer.echo(t("cli.sync.done", target=done.target, nights=n.get("nights", 0),
                 tables=n.get("tables", 0), deals=n.get("deals", 0),
                 revisions=n.get("revisions", 0), payments=n.get("payments", 0),
                 plans=n.get("plans", 0), players=n.get("players", 0)))
    if any(k.startswith("tournament") for k in n):
        typer.echo(t("cli.sync.tournaments", tournaments=n.get("tournaments", 0),
                     entries=n.get("tournament entries", 0),
                     rounds=n.get("tournament rounds", 0),
                     changes=n.get("tournament changes", 0)))


def verify(path: Annotated[Path, typer.Argument(
        metavar="FILE", help="An export's chain-….csv (or .json).")]) -> None:
    """Check an export's hash chains without a database; exit 1 if one is broken."""
    from ..service.verify import verify_export
    from ..text.chain_head import short_head

    done = verify_export(path)
    b = done.broken
    if b is not None:
        typer.echo(t(f"cli.verify.{b.what}", night=b.night, table=b.table, deal=b.deal,
                     revision=b.revision))
        raise typer.Exit(1)
    for night, head in done.heads:
        if head:
            typer.echo(t("cli.settle.chain", id=night, head=short_head(head)))
    typer.echo(t("cli.verify.ok", tables=done.tables, revisions=done.revisions))


def register(app: typer.Typer) -> None:
    app.command()(sync)
    app.command()(verify)
