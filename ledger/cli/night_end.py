"""`tally settle`, `tally pay`, `tally export`, `tally backup|restore`, `tally import`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..service import RuleError
from ..text.i18n import t
from .context import ctx_of, echo_json, warn


def _money_text(value: object, currency: str | None) -> str:
    from ..text.i18n.formats import money_text

    return "" if value is None or currency is None else money_text(value, currency)  # type: ignore[arg-type]


def settle(
    ctx: typer.Context,
    night: Annotated[int | None, typer.Option(help="The night to settle.")] = None,
    nets: Annotated[str | None, typer.Option(help="'-': nets as JSON on stdin "
                                             "(a night scored on paper).")] = None,
    mode: Annotated[str | None, typer.Option(
        help="fewest (whole night) or direct (each table); default: the plan in use.")] = None,
    replan: Annotated[bool, typer.Option(
        "--replan", help="Make the plan afresh from what is still owed, and keep it.")] = False,
    rate: Annotated[str | None, typer.Option(help="Money per chip, e.g. 10 or 0.05.")] = None,
    currency: Annotated[str | None, typer.Option(help="JPY, EUR, …")] = None,
    why: Annotated[bool, typer.Option("--why", help="Explain each transfer.")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Who still pays whom to settle a night: the plan in use, the fewest transfers until
    payment starts."""
    if (night is None) == (nets is None):
        raise RuleError("settle", "one_of_settle")
    if nets is not None:
        from ..service.night_end import settle_nets
        from .context import read_nets, read_stdin_json

        if nets != "-":
            raise RuleError("--nets", "nets_dash", value=nets)
        payments = settle_nets(read_nets(read_stdin_json("nets")))
        if as_json:
            echo_json([{"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments])
        else:
            for p in payments:
                typer.echo(t("cli.settle.pays", payer=p.payer, payee=p.payee, n=p.amount))
        return
    assert night is not None
    service = ctx_of(ctx).service
    if replan:
        service.replan(night, mode)  # type: ignore[arg-type]
        mode = None
    st = service.settlement(night, mode, rate, currency)  # type: ignore[arg-type]
    warn(service.night_verdict_notices(night))  # said before the plan is used
    if as_json:
        echo_json({
            "night": st.night_id, "date": st.date, "mode": st.mode,
            "rate": None if st.rate is None else str(st.rate), "currency": st.currency,
            "nets": st.nets,
            "money": None if st.player_money is None else {
                k: str(v) for k, v in st.player_money.items()},
            "kept": st.kept, "proposal": st.proposal, "drift": st.drift,
            "changed_deals": [{"table": a, "deal": b} for a, b in st.changed_deals],
            "open": [{"from": i.payer, "to": i.payee, "amount": i.amount, "planned": i.planned,
                      "table": i.table, "money": None if i.money is None else str(i.money),
                      "why": i.why.text()} for i in st.open],
            "paid": [{"from": p.payer, "to": p.payee, "amount": p.amount, "at": p.at}
                     for p in st.paid], "chain": service.night_head(night)})
        return
    from ..text.i18n import language
    from ..text.i18n.formats import date_text, rate_text
    from ..text.summaries import why_text

    head = t("cli.settle.head", id=st.night_id, date=date_text(st.date),
             mode=t(f"cli.settle.mode.{st.mode}"))
    if st.rate is not None and st.currency is not None:
        head += t("cli.settle.rate", rate=rate_text(st.rate, st.currency))
    typer.echo(head)
    if st.proposal:
        other = "direct" if st.mode == "fewest" else "fewest"
        typer.echo(t("cli.settle.proposal", other=t(f"cli.settle.mode.{other}"),
                     id=st.night_id, mode=st.mode))
    if not st.open and not st.drift:
        typer.echo(t("cli.settle.all_settled"))
    for i in st.open:
        where = ("" if st.mode == "fewest" else t("cli.settle.at_table", table=i.table)
                 if i.table is not None else t("cli.settle.across"))
        money = _money_text(i.money, st.currency)
        said = (t("cli.settle.still_owes", payer=i.payer, payee=i.payee, n=i.amount,
                  of=i.planned)
                if i.amount < i.planned else
                t("cli.settle.pays", payer=i.payer, payee=i.payee, n=i.amount))
        typer.echo(said + (f" = {money}" if money else "") + where)
        if why:  # English: the ledger's own sentences, as scripts have always read them
            text = i.why.text() if language() == "en" else why_text(i.why, plain=True)
            typer.echo("    " + text.replace("\n", "\n    "))
    if st.paid:
        typer.echo(t("cli.settle.paid") + "; ".join(f"{p.payer} → {p.payee} {p.amount}"
                                                     for p in st.paid))
    if st.drift:
        typer.echo(t("cli.settle.drift") + ", ".join(
            f"{name} {change:+d}" for name, change in st.drift.items()))
        if st.changed_deals:
            from ..text.stale_plan import stale_plan_text

            typer.echo(stale_plan_text("cli.settle.stale", st.changed_deals,
                                       len(st.table_nets)))
        typer.echo(t("cli.settle.replan", id=st.night_id))
    chain = service.night_head(night)
    if chain is not None:  # the night's history as this ledger holds it
        from ..text.chain_head import short_head

        typer.echo(t("cli.settle.chain", id=st.night_id, head=short_head(chain)))


def pay(ctx: typer.Context, night: Annotated[int, typer.Option()],
        payer: Annotated[str, typer.Option("--from", help="Who paid.")],
        payee: Annotated[str, typer.Option("--to", help="Who was paid.")],
        amount: Annotated[int | None, typer.Option(help="Chips (default: all owed).")] = None,
        mode: Annotated[str | None, typer.Option(
            help="The plan paid by: fewest or direct (default: the plan in use, else "
                 "fewest). The first payment keeps that plan.")] = None,
        undo: Annotated[bool, typer.Option("--undo", help="Take back a payment marked "
                                           "by mistake.")] = False) -> None:
    """Mark a line of the night's plan paid; prints the amount marked."""
    from ..service import name_key

    # names as the roster spells them, so a look-alike ("Ann" + zero-width space) is Ann
    typer.echo(ctx_of(ctx).service.pay(night, name_key(payer), name_key(payee), amount,
                                       undo=undo, mode=mode))  # type: ignore[arg-type]


def export(ctx: typer.Context,
           night: Annotated[int | None, typer.Option()] = None,
           all_: Annotated[bool, typer.Option("--all")] = False,
           out: Annotated[Path | None, typer.Option(help="Folder (default ./exports).")] = None,
           fmt: Annotated[str, typer.Option("--format", help="csv or json.")] = "csv",
           rate: Annotated[str | None, typer.Option()] = None,
           currency: Annotated[str | None, typer.Option()] = None,
           season: Annotated[str | None, typer.Option(help="A season's league file.")] = None,
           date_from: Annotated[str | None, typer.Option("--from", help="League file from "
                                                         "this date.")] = None,
           date_to: Annotated[str | None, typer.Option("--to", help="League file to this "
                                                       "date.")] = None,
           tournament: Annotated[str | None, typer.Option(help="A tournament's ranking "
                                                          "file.")] = None,
           rating: Annotated[bool, typer.Option("--rating", help="The rating file "
                                                "(rating.csv; with --season, as after "
                                                "it).")] = False) -> None:
    """Write standings, deals, transfers and settlement files (or, for a season or a range
    of dates, the league file); prints their paths."""
    from ..service import exports_dir

    if tournament is not None:
        if night is not None or all_ or season or date_from or date_to or fmt != "csv":
            raise RuleError("export", "tn_export_alone")
        typer.echo(ctx_of(ctx).service.export_tournament(exports_dir(out), tournament))
        return

    if rating:
        if night is not None or all_ or date_from or date_to:
            raise RuleError("export", "rating_export_alone")
        service = ctx_of(ctx).service
        ratings = service.rating(season=season)
        typer.echo(service.export_rating(exports_dir(out), ratings, fmt, season=season))
        return
    league = season is not None or date_from is not None or date_to is not None
    if league and (night is not None or all_):
        raise RuleError("export", "export_either")
    if league:
        service = ctx_of(ctx).service
        report = service.league(date_from=date_from, date_to=date_to, season=season)
        typer.echo(service.export_league(exports_dir(out), report, fmt))
        return
    if (night is None) == (not all_):
        raise RuleError("export", "export_scope")
    for path in ctx_of(ctx).service.export(exports_dir(out), night, fmt, rate, currency):
        typer.echo(path)


def backup(ctx: typer.Context, path: Path,
           force: Annotated[bool, typer.Option("--force")] = False) -> None:
    """Copy the database to PATH (safe while the app is open)."""
    typer.echo(ctx_of(ctx).service.backup(path, force))


def restore(ctx: typer.Context, path: Path,
            force: Annotated[bool, typer.Option("--force")] = False) -> None:
    """Replace the database with a backup, after checking it."""
    kept = ctx_of(ctx).service.restore(path, force)
    typer.echo(f"restored {path}" + (f"; the previous database is kept at {kept}"
                                     if kept else ""))


def import_(ctx: typer.Context, file: Path,
            table: Annotated[int, typer.Option(help="The table's id.")],
            author: Annotated[str | None, typer.Option()] = None) -> None:
    """Record every deal of a JSON-lines file (all or nothing); prints how many."""
    ids = ctx_of(ctx).service.import_jsonl(file, table, author)
    typer.echo(len(ids))



def register(app: typer.Typer) -> None:
    app.command()(settle)
    app.command()(pay)
    app.command()(export)
    app.command()(backup)
    app.command()(restore)
    app.command("import")(import_)
