"""Why a kept settlement plan is stale: the deals corrected since it was made, said once for
the CLI and the app."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import listed, plural, t


def stale_plan_text(key: str, changed: Sequence[tuple[int, int]], tables: int) -> str:
    """`key`'s plural sentence naming the deals (table number, deal number) corrected since
    the plan was made: "deal 3", or on a night of several tables "deal 3 at table 2"."""
    labels = [str(deal) if tables <= 1 else t("settle.deal_at_table", deal=deal, table=table)
              for table, deal in changed]
    return plural(key, len(labels), deals=listed(labels))
