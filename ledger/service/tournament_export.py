"""`tally export --tournament NAME`: the ranking as a CSV (BOM, formula-safe, as every
export of `ledger.io.exports`): rank, player, points, the tie-break values, rounds played,
and each round's table (or `bye`), opponents, place and points (a match under way: place
`playing`, no points — the row is provisional)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..domain.tournament.ranking import Standing
from .tournament_views import figure

HEAD = ["rank", "player", "points"]


def header(standing: Sequence[Standing], rounds: int) -> list[str]:
    breaks = [name for name, _ in standing[0].tie_breaks[1:]] if standing else []
    cells = HEAD + breaks + ["rounds"]
    for k in range(1, rounds + 1):
        cells += [f"round{k}_table", f"round{k}_opponents", f"round{k}_place",
                  f"round{k}_points"]
    return cells


def cells(x: Standing, rounds: int) -> list[Any]:
    row: list[Any] = [x.rank, x.player, figure(x.points),
                      *[figure(v) for _, v in x.tie_breaks[1:]], x.rounds]
    for k in range(rounds):
        r = x.results[k] if k < len(x.results) else None
        if r is None:
            row += ["", "", "", ""]
        elif r.table is None:
            row += ["bye", "", "", figure(r.points)]
        elif r.playing:  # under way: provisional, no place and no points yet
            row += [r.table, " ".join(r.opponents), "playing", ""]
        else:
            row += [r.table, " ".join(r.opponents), r.place, figure(r.points)]
    return row


def export(out: Path, name: str, standing: Sequence[Standing], rounds: int) -> Path:
    from ..io import exports

    stem = "tournament-" + (re.sub(r"[^\w-]+", "-", name).strip("-") or "tournament")
    with exports.batch(out) as files:  # whole or not at all, as every export
        return files.write(stem, header(standing, rounds),
                           [cells(x, rounds) for x in standing], "csv")
