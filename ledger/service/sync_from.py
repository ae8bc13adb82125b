"""`tally sync --from URL`: pull what a venue should know from the league — the
league's roster and the identities that tie its players to this ledger's, its seasons, and
the tournaments it planned at this venue — in one write transaction here (after the league
hands the planned nights over in one of its own), so a run stopped midway leaves nothing here
and the next one does it all; a re-run moves nothing ("nothing to sync").

A league player is this ledger's player the two ledgers tied before (either one's
`peer_player`: a pull remembers its ties here, a push remembers them there), or the same
player in a copy of this ledger (added at the same moment under the same name); else,
when this ledger has no player of that name nor one that looks like it, a new player of
the same name; else the pull is refused naming the player, until `--map "Ann=14"` says
this ledger's Ann is the league's #14 (never merged silently by name). Presets are the
package's data files (the same in every install of a version): nothing of them is stored,
so nothing is pulled.

A tournament the league planned at this venue (on a night of the league's at a venue this
ledger records its nights at, or `--venue`, that has no table yet) comes with its night and
its registrations; the night is handed to this ledger first (its origin set in the league,
which from then on refuses to write to it), so its rounds are drawn and played here and go
up with the next `sync --to` like any night of this venue.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..domain.rules import RuleError
from ..domain.rules.lookalike import looks_like
from ..store import pull_rows, sync_rows, sync_tournament_rows
from ..store.db import Connection, stamp
from ..store.engine import is_server, open_database
from ..store.migrate import migrate
from .store import Store
from .sync import Synced


class SyncFrom:
    def __init__(self, store: Store) -> None:
        self.store = store

    def sync_from(self, source: str | Path, mapping: Mapping[str, int] | None = None,
                  venue: str | None = None) -> Synced:
        """Pull what this venue should know of `source`; what moved, per kind."""
        return pull(self.store, source, mapping, venue)


def pull(store: Store, source: str | Path, mapping: Mapping[str, int] | None = None,
         venue: str | None = None) -> Synced:
    """Pull the roster, identities, seasons and tournaments of `source` this ledger lacks;
    the tournaments planned at `venue` (and at the venues of this ledger's own nights)."""
    if not str(source).strip():
        raise RuleError("--from", "sync_from_missing")
    if not is_server(source) and not Path(source).is_file():
        raise RuleError("--from", "sync_from_none", where=str(source))
    src = open_database(source)
    if src.location == store.db.location:
        raise RuleError("--from", "sync_from_same", where=src.where)
    try:
        src.prepare()
        migrate(src)
        with store.read() as s:
            venues = pull_rows.own_venues(s) | ({venue} if venue else set())
        with src.transaction(write=True) as d:
            league_id = sync_rows.ledger_id(d)
            sync_rows.give_uids(d)
        done = Synced(src.where, store.db.where)
        asked = dict(mapping or {})
        with store.write() as s, src.transaction() as d:  # a refusal here writes nothing
            me = sync_rows.ledger_id(s)
            pulling = _Pull(s, d, me, league_id, asked, done)
            pulling.players()
            pulling.seasons()
        with src.transaction(write=True) as d:  # the nights planned here become this one's
            pull_rows.claim(d, me, venues)
        with store.write() as s, src.transaction() as d:
            pulling = _Pull(s, d, me, league_id, asked, done)
            pulling.players()  # (each tied now: the ties alone are read)
            pulling.tournaments()
        return done
    finally:
        src.dispose()


class _Pull:
    def __init__(self, s: Connection, d: Connection, me: str, league_id: str,
                 asked: dict[str, int], done: Synced) -> None:
        self.s, self.d, self.me, self.league_id = s, d, me, league_id
        self.asked, self.done = asked, done
        self.tied: dict[int, int] = {}  # {league player: this ledger's}

    def players(self) -> None:
        here = sync_rows.players(self.s)
        by_name = {n: i for i, n in here.items()}
        kept = dict(self.s.execute("SELECT remote_id, player_id FROM peer_player WHERE "
                                   "ledger = :l", {"l": self.league_id}).fetchall())
        tied = pull_rows.ties(self.s, self.d, self.me, self.league_id)
        born_here = {b: i for i, b in sync_rows.births(self.s).items()}
        born_there = sync_rows.births(self.d)
        for p in pull_rows.roster(self.d):
            lid, name = p["id"], p["name"]
            mine = tied.get(lid)
            if mine is None:
                twin = born_here.get(born_there[lid])
                if twin is not None and here.get(twin) == name:
                    mine = twin  # the same player, in a copy of this ledger
            if mine is None:
                mine = self.new_or_asked(lid, name, here, by_name)
            if kept.get(lid) != mine:
                self.s.execute("DELETE FROM peer_player WHERE ledger = :l AND remote_id = :r",
                               {"l": self.league_id, "r": lid})
                sync_rows.remember(self.s, self.league_id, lid, mine)
                self.done.add("matched")
            tied[lid] = mine
        self.tied = tied

    def new_or_asked(self, lid: int, name: str, here: dict[int, str],
                     by_name: dict[str, int]) -> int:
        """This ledger's player for the league's `lid`, by `--map`, or made new."""
        said = next((n for n, i in self.asked.items() if i == lid), None)
        if said is not None:
            if said not in by_name:
                raise RuleError("--map", "sync_from_map_unknown", name=said, id=lid)
            return by_name[said]
        other = name if name in by_name else looks_like(name, here.values())
        if other is not None:
            raise RuleError("player", "sync_from_ambiguous", name=name, id=lid, other=other)
        mine = int(sync_rows.insert(self.s, "player", {
            "name": name, "created_at": self.d_stamp(lid)}) or 0)
        here[mine], by_name[name] = name, mine
        self.done.add("players")
        return mine

    def d_stamp(self, lid: int) -> str:
        """When the league added the player (so a copy of this ledger ties it the same)."""
        at = self.d.execute("SELECT created_at FROM player WHERE id = :p",
                            {"p": lid}).fetchone()[0]
        return at if isinstance(at, str) else stamp(at)

    def seasons(self) -> None:
        here = pull_rows.seasons(self.s)
        for name, season in pull_rows.seasons(self.d).items():
            mine = here.get(name)
            if mine is None:
                pull_rows.put_season(self.s, season, None)
                self.done.add("seasons")
            elif any(mine[c] != season[c] for c in pull_rows.SEASON[1:5]):
                pull_rows.put_season(self.s, season, mine["id"])
                self.done.add("seasons")

    def tournaments(self) -> None:
        """The tournaments of the league's nights handed to this venue, with their nights
        (recorded here from now on) and registrations; their draws are made here."""
        for n in pull_rows.handed(self.d, self.me):
            here = sync_rows.night_by_uid(self.s, n["uid"])
            if here is None:
                nid = int(sync_rows.insert(self.s, "night", {
                    c: n[c] for c in ("uid", "date", "venue", "created_at", "rate",
                                      "currency")}) or 0)
                self.done.add("nights")
            else:
                nid = here["id"]
            for lt in sync_tournament_rows.of_night(self.d, n["uid"]):
                self.tournament(nid, lt)

    def tournament(self, nid: int, lt: dict[str, Any]) -> None:
        name = lt["name"]
        mine = sync_tournament_rows.tournament_named(self.s, name)
        if mine is None:
            tid = int(sync_rows.insert(self.s, "tournament", {
                "night_id": nid, **{c: lt[c] for c in sync_tournament_rows.TOURNAMENT}}) or 0)
            self.done.add("tournaments")
            held: dict[int, Any] = {}
        elif (mine["uid"], mine["created_at"]) != (lt["uid"], lt["created_at"]):
            raise RuleError("sync", "sync_from_tournament_taken", name=name)
        else:
            tid, held = mine["id"], mine["entries"]
        for number, e in lt["entries"].items():
            pid = self.tied[e["player_id"]]
            if number not in held:
                sync_rows.insert(self.s, "tournament_entry", {
                    "tournament_id": tid, **{c: e[c] for c in sync_tournament_rows.ENTRY},
                    "player_id": pid})
                self.done.add("tournament entries")
            elif held[number]["player_id"] != pid:
                raise RuleError("sync", "sync_from_entry_differs", name=name, number=number)
