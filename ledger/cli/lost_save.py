"""A save whose connection was lost: the CLI asks the database, by the save's
form key, whether it went through, as soon as the database answers again, and says which.

Every `round add` carries a key (`--form-key`, else a new one), stored with the deal's
revision; the lookup is by that key, never a guess from the table's last deal. Saved: the
deal's id on stdout as ever, and a line on stderr naming its number (exit 0). Not saved, or
the database still out of reach after `RECONNECT_S`: one line, exit 2; the second names the
key, so running the same command again with `--form-key` saves it exactly once.
"""

from __future__ import annotations

import secrets

import typer

from ..service import RuleError, Tally
from ..text.i18n import t

RECONNECT_S = 10.0  # how long a command waits for the database to answer again


def new_form_key() -> str:
    return secrets.token_hex(12)


def after_lost_save(service: Tally, key: str) -> int:
    """The id of the deal the lost save made, said on stderr; else the refusal to print."""
    where = service.where()[1]
    try:
        found = service.save_of_form(key, wait=RECONNECT_S)
    except RuleError:
        raise RuleError("database", "lost_unknown", where=where, key=key) from None
    if found.deal_id is None:
        raise RuleError("database", "lost_not_saved", where=where)
    typer.echo(t("cli.lost_saved", n=found.number), err=True)
    return found.deal_id
