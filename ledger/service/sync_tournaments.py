"""A venue's tournaments in `tally sync --to`: each tournament — its plan (the
tournament's row: game, rounds, method, points, seed, schedule), its registrations and each
round's draw and seats — goes after the nights its tables are on, in its own write
transaction, exactly once: found in the league by its name and its night's uid, an entry by
its start number, a round by its number. A withdrawal or a round's clock started after a
sync is pushed as the change it is. A league tournament of the same name that is another
one, an entry of another player, or a round drawn again after it was sent is refused in one
line, and nothing of that tournament is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..domain.rules import RuleError
from ..store import sync_rows
from ..store import sync_tournament_rows as rows
from ..store.db import Connection


def push_tournament(d: Connection, t: dict[str, Any], player: Callable[[int], int],
                    moved: Callable[[str], None]) -> None:
    """The venue's tournament `t` (`sync_tournament_rows.facts`) into the league `d`;
    `player` gives the league's player for a venue's, `moved` counts what is written."""
    name = t["name"]
    there = rows.tournament_named(d, name)
    if there is None:
        night = sync_rows.night_by_uid(d, t["uid"])
        if night is None:  # (its night goes first; a night refused stops the run before)
            raise _differs(name)
        tid = int(sync_rows.insert(d, "tournament", {
            "night_id": night["id"], **{c: t[c] for c in rows.TOURNAMENT}}) or 0)
        moved("tournaments")
        there = {"entries": {}, "round_rows": {}, "seats": {}}
    elif (there["uid"], there["created_at"]) != (t["uid"], t["created_at"]):
        raise RuleError("sync", "sync_tournament_taken", name=name)
    else:
        tid = there["id"]
    for number, e in t["entries"].items():
        pid, held = player(e["player_id"]), there["entries"].get(number)
        if held is None:
            sync_rows.insert(d, "tournament_entry", {
                "tournament_id": tid, **{c: e[c] for c in rows.ENTRY}, "player_id": pid})
            moved("tournament entries")
        elif held["player_id"] != pid:
            raise _differs(name)
        elif (held["from_round"], held["withdrawn_from"]) != (e["from_round"],
                                                              e["withdrawn_from"]):
            d.execute("UPDATE tournament_entry SET from_round = :f, withdrawn_from = :w "
                      "WHERE tournament_id = :t AND number = :n",
                      {"f": e["from_round"], "w": e["withdrawn_from"], "t": tid, "n": number})
            moved("tournament changes")
    for number, r in t["round_rows"].items():
        seats = {player(p): at for p, at in t["seats"].get(number, {}).items()}
        held = there["round_rows"].get(number)
        if held is None:
            sync_rows.insert(d, "tournament_round", {"tournament_id": tid,
                                                     **{c: r[c] for c in rows.ROUND}},
                             returning=False)
            _seats(d, name, tid, number, seats)
            moved("tournament rounds")
        elif (held["seed"], held["redraws"], there["seats"].get(number, {})) != (
                r["seed"], r["redraws"], seats):
            raise RuleError("sync", "sync_tournament_redrawn", name=name, round=number)
        elif (held["started_at"], held["basis"]) != (r["started_at"], r["basis"]):
            d.execute("UPDATE tournament_round SET started_at = :s, basis = :b "
                      "WHERE tournament_id = :t AND number = :n",
                      {"s": r["started_at"], "b": r["basis"], "t": tid, "n": number})
            moved("tournament changes")


def _seats(d: Connection, name: str, tid: int, number: int,
           seats: dict[int, tuple[str, int] | None]) -> None:
    values = []
    for pid, at in seats.items():
        table = None if at is None else rows.table_id(d, *at)
        if at is not None and table is None:
            raise _differs(name)
        values.append({"tournament_id": tid, "round": number, "player_id": pid,
                       "table_id": table})
    sync_rows.insert_many(d, "tournament_seat", values)


def _differs(name: str) -> RuleError:
    return RuleError("sync", "sync_tournament_differs", name=name)
