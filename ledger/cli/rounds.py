"""`tally round add|list|correct|void|confirm|dispute|history|undo`.

A deal comes as the calc contract's JSON on stdin (`players` optional), or as quick flags
that a scorer types at the table; the table's game reads the flags it knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer

from ..service import ConnectionLost
from ..service.views import DealView
from ..text.i18n import t
from ..text.textwidth import grid
from .context import ctx_of, echo_json, read_stdin_json, warn
from .lost_save import after_lost_save, new_form_key
from .quick_flags import with_quick_flags

app = typer.Typer(no_args_is_help=True)


def _deal_input(ctx: typer.Context, table: int, flags: dict[str, Any],
                deal_id: int | None = None) -> dict[str, Any]:
    if flags:
        return ctx_of(ctx).service.quick_json(table, flags, deal_id)
    return read_stdin_json()


@app.command("add")
@with_quick_flags
def add(
    ctx: typer.Context,
    table: Annotated[int, typer.Option(help="The table's id.")],
    author: Annotated[str | None, typer.Option(help="Who records it.")] = None,
    tournament: Annotated[str | None, typer.Option(
        help="A tournament's name: --table is then the table's number as its draw names "
             "it.")] = None,
    expect_deal: Annotated[int | None, typer.Option(
        help="The deal's number as you see it: refused if the table is past it (another "
             "scorekeeper recorded it first).")] = None,
    form_key: Annotated[str | None, typer.Option(
        help="A key of your own for this save (up to 64 ASCII characters): run again with "
             "the same key, it is saved once.")] = None,
    *, flags: dict[str, Any],
) -> None:
    """Record a deal (JSON on stdin, or quick flags); prints the deal's id."""
    service = ctx_of(ctx).service
    table = service.tournament_table(tournament, table)
    obj = _deal_input(ctx, table, flags)
    key = form_key or new_form_key()  # what a lost answer is looked up by
    try:
        deal_id = service.add_deal(table, obj, author, expect_number=expect_deal,
                                   form_key=key)
    except ConnectionLost:
        deal_id = after_lost_save(service, key)
    typer.echo(deal_id)
    if service.table(table).status.get("finished"):
        rows = service.standings(table_id=table)
        typer.echo(f"table {table} is finished; final standings:", err=True)
        typer.echo(grid(["#", "player", "net"], [[r.rank, r.player, r.net] for r in rows]),
                   err=True)


@app.command("correct")
@with_quick_flags
def correct(
    ctx: typer.Context,
    deal: Annotated[int, typer.Argument(help="The deal's id.")],
    reason: Annotated[str | None, typer.Option(help="Why it changes.")] = None,
    author: Annotated[str | None, typer.Option(help="Who records it.")] = None,
    *, flags: dict[str, Any],
) -> None:
    """Replace a deal's outcome (a new revision; the old one stays in its history)."""
    service = ctx_of(ctx).service
    obj = _deal_input(ctx, service.table_of_deal(deal), flags, deal)
    off_chain = service.chain_notices(deal, obj)  # said, never rewritten
    table = service.table_of_deal(deal)
    changed = service.correct_deal(deal, obj, reason=reason, author=author)
    warn(off_chain)
    if changed:
        typer.echo(f"{changed} later deal{'s' if changed != 1 else ''} re-settled", err=True)
    warn(service.tournament_table_notices(table))  # a later draw made on the old ranking


@app.command("void")
def void(ctx: typer.Context, deal: int,
         reason: Annotated[str, typer.Option(help="Why the deal is void.")],
         author: Annotated[str | None, typer.Option("--author", "--by",
                                                    help="Who records it.")] = None) -> None:
    """Void a deal (kept in its history with no transfers)."""
    service = ctx_of(ctx).service
    off_chain = service.chain_notices(deal, None)
    service.void_deal(deal, reason, author)
    warn(off_chain)


@app.command("confirm")
def confirm(ctx: typer.Context, deal: int,
            by: Annotated[str, typer.Option("--by", help="Who confirms: a player at the table "
                                            "who did not record it.")]) -> None:
    """Confirm a deal at a table whose opponents confirm (preset option confirm)."""
    ctx_of(ctx).service.confirm_deal(deal, by)


@app.command("dispute")
def dispute(ctx: typer.Context, deal: int,
            by: Annotated[str, typer.Option("--by", help="Who disputes: a player at the table "
                                            "who did not record it.")],
            reason: Annotated[str, typer.Option(help="What is wrong.")]) -> None:
    """Dispute a deal, saying why (it counts as saved until it is corrected)."""
    ctx_of(ctx).service.dispute_deal(deal, by, reason)


@app.command("undo")
def undo(ctx: typer.Context, table: Annotated[int, typer.Option()]) -> None:
    """Void the table's last deal (reason: undo); prints its id."""
    from ..service import RuleError

    deal = ctx_of(ctx).service.undo_last(table)
    if deal is None:
        raise RuleError("table", "no_deal_to_undo", table=table)
    typer.echo(deal)


def _revision(d: DealView) -> str:
    """" [rev 2: misdeal]": a corrected or voided deal's revision and why (as the app and
    the CSV say it); nothing for a deal as first recorded."""
    if d.revision <= 1:
        return ""
    return t("cli.rev_why", n=d.revision, reason=d.reason) if d.reason else \
        t("cli.rev", n=d.revision)


def _deal_json(d: DealView) -> dict[str, Any]:
    return {"id": d.id, "number": d.number, "revision": d.revision, "kind": d.kind,
            "summary": d.summary, "outcome": d.outcome, "net": d.nets,
            "transfers": [{"from": x.payer, "to": x.payee, "amount": x.amount,
                           "reason": x.reason} for x in d.transfers],
            "extra": d.extra, "at": d.created_at, "author": d.author, "reason": d.reason}


@app.command("list")
def list_(ctx: typer.Context, table: Annotated[int, typer.Option()],
          as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """A table's deals with each player's net and running totals."""
    service = ctx_of(ctx).service
    deals = service.deals(table)
    verdicts = service.verdicts(table)  # {} unless the table's deals are confirmed
    confirms = service.table(table).options.get("confirm") == "opponent"
    if as_json:
        echo_json([{**_deal_json(d), **({"confirm": verdict_json(verdicts.get(d.id))}
                                        if confirms else {})} for d in deals])
        return
    seats = list(service.table(table).seats)
    running = service.running_totals(seats, deals)
    rows = []
    for d in deals:
        v = verdicts.get(d.id)
        label = d.shown() + ("" if v is not None and d.kind in ("confirm", "dispute")
                             else _revision(d))
        rows.append([d.number, d.id, label, *[d.nets.get(p, 0) for p in seats],
                     *([verdict_text(v)] if confirms else [])])
    rows.append(["", "", t("cli.total"), *[running[p][-1] if running[p] else 0 for p in seats],
                 *([""] if confirms else [])])
    typer.echo(grid(["#", "id", t("cli.col.deal"), *seats,
                     *([t("cli.col.confirm")] if confirms else [])], rows,
                    numeric=[True, True, False, *[True] * len(seats),
                             *([False] if confirms else [])]))


def verdict_json(v: Any) -> dict[str, Any] | None:
    """A deal's confirmation as JSON (None: a void deal)."""
    return None if v is None else {"state": v.state, "recorded_by": v.recorder,
                                   "by": v.by if v.state != "pending" else None,
                                   "reason": v.reason if v.state != "pending" else None}


def verdict_text(v: Any) -> str:
    """"to be confirmed", "confirmed by Bea", "disputed by Bea: 3, not 2"."""
    if v is None:
        return ""
    if v.state == "confirmed":
        return t("confirm.confirmed_by", name=v.by)
    if v.state == "disputed":
        return t("confirm.disputed_by", name=v.by, reason=v.reason)
    return t("confirm.to_confirm")


@app.command("fields")
def fields(
    ctx: typer.Context,
    table: Annotated[int, typer.Option(help="The table's id.")],
    given: Annotated[list[str] | None, typer.Option(
        "--given", help="key=value of the deal so far (e.g. ending=claim).")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """What the table's next deal asks: each field's quick flag and the values it takes."""
    from ..service.inputs import deal_so_far
    from ..text.form_facts import label_text, takes_text

    facts = ctx_of(ctx).service.form_facts(table, deal_so_far(given or []))
    if as_json:
        echo_json(facts.as_json())
        return
    typer.echo(grid([t("cli.col.flag"), t("cli.col.field"), t("cli.col.takes")],
                    [[flags_of(f), label_text(f.label, name="…"), takes_text(f)]
                     for f in facts.form]))
    for key, what in (("forced", facts.forced), ("impossible", facts.impossible)):
        if what:
            typer.echo(t(f"cli.fields.{key}", what=values_text(what)))


def flags_of(spec: Any) -> str:
    """The flag(s) that give a field: its parts' own when they have them (`at_close`)."""
    own = [p.quick_flag for p in spec.parts if p.flag]
    return " ".join(own) if own else spec.quick_flag


def values_text(what: Mapping[str, Any]) -> str:
    """`declarations: Dan=out, Eve=out` / `contract: solo | heart-solo`."""
    def one(value: Any) -> str:
        if isinstance(value, dict):
            return ", ".join(f"{k}={v}" for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return " | ".join(map(str, value))
        return str(value)

    return "; ".join(f"{key}: {one(value)}" for key, value in what.items())


@app.command("history")
def history(ctx: typer.Context, deal: int,
            as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Every revision of a deal, oldest first."""
    from ..text.i18n.formats import time_text

    revs = ctx_of(ctx).service.history(deal)
    if as_json:
        echo_json([_deal_json(d) for d in revs])
        return
    typer.echo(grid([t("cli.col.rev"), t("cli.col.kind"), t("cli.col.at"), t("cli.col.by"),
                     t("cli.col.deal"), t("cli.col.why")],
                    [[d.revision, t(f"cli.kind.{d.kind}"), time_text(d.created_at),
                      d.author or "", d.shown(), d.reason or ""] for d in revs]))
