"""`tally sync --to URL`: push what another ledger (a league's server, or a file) does not
hold yet of this one — nights, tables, seats, every deal with every revision, payments,
plans and tournaments (`sync_tournaments`) — exactly once.

Each night goes in its own write transaction on the target, so a run stopped at any point
leaves whole nights and the next run carries on; what the target holds is found by global
identity (`ledger.store.sync_rows`), so a re-run moves nothing. Before a night is written,
each of its tables' hash chains is verified here, and every revision the target holds
already must have the same hash there: a table edited after it was recorded, or one that
would rewrite the league's history, is refused in one line and nothing of its night is
written. Corrections and voids made after a sync are pushed as the new revisions they are.

Players: a venue's player is the league's player it was matched to before (remembered in
the league, `peer_player`), or the same player in a copy of the venue's ledger (added at the
same moment under the same name: `sync_rows.births`); else, when the league has no player
of that name nor one that looks like it, a new one of the same name; else the sync is
refused naming the player, until `--map "Ann=14"` says which league player it is (never
merged silently by name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..domain.chain import first_broken
from ..domain.rules import RuleError
from ..domain.rules.lookalike import looks_like
from ..store import chain_rows, sync_rows, sync_tournament_rows
from ..store.db import Connection, Database, stamp
from ..store.engine import open_database
from ..store.migrate import migrate
from ..store.renames import rename_player
from ..store.sums import rederive
from .clock import now
from .store import Store
from .sync_tournaments import push_tournament


@dataclass
class Synced:
    """What one run moved (each a count of rows new at the target)."""

    source: str
    target: str
    moved: dict[str, int] = field(default_factory=dict)

    def add(self, what: str, n: int = 1) -> None:
        self.moved[what] = self.moved.get(what, 0) + n

    @property
    def nothing(self) -> bool:
        return not any(self.moved.values())


def parse_map(values: list[str]) -> dict[str, int]:
    """`--map "Ann=14"` options as {venue name: league player id}."""
    out: dict[str, int] = {}
    for value in values:
        name, _, number = value.rpartition("=")
        if not name or not number.isdigit():
            raise RuleError("--map", "sync_map_bad", value=value)
        out[name] = int(number)
    return out


class Sync:
    def __init__(self, store: Store) -> None:
        self.store = store

    def sync_to(self, target: str | Path, mapping: Mapping[str, int] | None = None) -> Synced:
        """Push what `target` does not hold of this ledger; what moved, per kind."""
        if not str(target).strip():
            raise RuleError("--to", "sync_to_missing")
        dst = open_database(target)
        if dst.location == self.store.db.location:
            raise RuleError("--to", "sync_same", where=dst.where)
        try:
            dst.prepare()
            migrate(dst)
            with self.store.write() as s:
                me = sync_rows.ledger_id(s)
                sync_rows.give_uids(s)
            with dst.transaction(write=True) as d:  # its own nights (a copy's: the same)
                sync_rows.give_uids(d)
                theirs = sync_rows.ledger_id(d)
            with self.store.read() as s:
                pulled = {mine: lid for lid, mine in sync_rows.matched(s, theirs).items()}
                nights = sync_rows.nights(s)
                names = sync_rows.players(s)
                renamed = sync_rows.renamed_players(s)
                born = sync_rows.births(s)
            done = Synced(self.store.db.where, dst.where)
            alike = _alike(self.store, dst, nights)
            for night in nights:
                if night["uid"] in alike:
                    continue  # held alike already: its rows are not read
                with self.store.read() as s:
                    facts = _night_facts(s, night)
                with dst.transaction(write=True) as d:
                    pushing = _Push(dst, d, me, names, renamed, dict(mapping or {}), done,
                                    born, pulled)
                    pushing.night(night, facts)
            with self.store.read() as s:
                tours = sync_tournament_rows.tournaments(s)
            with dst.transaction() as d:  # those held alike already: not written again
                held = {t["name"]: sync_tournament_rows.tournament_named(d, t["name"])
                        for t in tours}
            tours = [t for t in tours if (there := held[t["name"]]) is None
                     or sync_tournament_rows.digest(there) != sync_tournament_rows.digest(t)]
            for tour in tours:  # after the nights their tables are on
                with dst.transaction(write=True) as d:
                    pushing = _Push(dst, d, me, names, renamed, dict(mapping or {}), done,
                                    born, pulled)
                    push_tournament(d, tour, pushing.player, pushing.moved)
            return done
        finally:
            dst.dispose()


def _alike(store: Store, dst: Database, nights: list[dict[str, Any]]) -> set[str]:
    """The uids of the nights the target holds as the venue does (`sync_rows.digest`),
    read in one transaction at each end."""
    with store.read() as s:
        mine = {n["uid"]: sync_rows.digest(s, n["id"]) for n in nights}
    with dst.transaction() as d:
        found = {uid: sync_rows.night_by_uid(d, uid) for uid in mine}
        return {uid for uid, there in found.items()
                if there is not None and sync_rows.digest(d, there["id"]) == mine[uid]}


def _night_facts(s: Connection, night: dict[str, Any]) -> dict[str, Any]:
    """A night's tables (each with its revisions, verified) payments and plans."""
    tables = sync_rows.tables_of(s, night["id"])
    for t in tables:
        links = chain_rows.table_chain(s, t["id"])
        broken = first_broken([x.content for x in links], [x.hash for x in links])
        if broken is not None:
            at = links[broken].content
            raise RuleError("sync", "sync_chain_broken", table=t["number"], date=night["date"],
                            deal=at.deal, revision=at.seq)
        t["revisions"] = sync_rows.revisions_of(s, t["id"])
        t["states"] = sync_rows.states_of(s, t["id"])
    return {"tables": tables, "payments": sync_rows.payments_of(s, night["id"]),
            "plans": sync_rows.plans_of(s, night["id"])}


class _Push:
    """One night into the target, inside its write transaction."""

    def __init__(self, target: Database, d: Connection, me: str, names: dict[int, str],
                 renamed: dict[int, int], asked: dict[str, int], done: Synced,
                 born: dict[int, tuple[str, str]], pulled: dict[int, int]) -> None:
        self.target = target
        self.pulled = pulled  # {venue player: league player} as a pull tied them
        self.d, self.me, self.names, self.renamed, self.asked = d, me, names, renamed, asked
        self.done, self.born = done, born
        self.known = sync_rows.matched(d, me)
        self.theirs: dict[tuple[str, str], int] | None = None  # the league's, when asked
        self.changed = False

    def player(self, pid: int) -> int:
        """The target's player for the venue's player `pid` (matched once, remembered)."""
        name = self.names[pid]
        if pid in self.known:
            mine = self.known[pid]
            if pid in self.renamed and sync_rows.players(self.d).get(mine) != name:
                self.rename(mine, name)
            return mine
        league = sync_rows.players(self.d)
        if self.pulled.get(pid) in league:  # tied by `sync --from`
            theirs = self.pulled[pid]
            sync_rows.remember(self.d, self.me, pid, theirs)
            self.known[pid] = theirs
            return theirs
        if self.theirs is None:
            self.theirs = {b: i for i, b in sync_rows.births(self.d).items()}
        twin = self.theirs.get(self.born[pid])
        if twin is not None and league[twin] == name:  # the same player, in a copy
            self.asked.setdefault(name, twin)
        if name in self.asked:
            theirs = self.asked[name]
            if league.get(theirs) != name:
                raise RuleError("--map", "sync_map_unknown", name=name, id=theirs)
        else:
            same = next((i for i, n in league.items() if n == name), None)
            other = looks_like(name, league.values())
            if same is not None or other is not None:
                shown = name if same is not None else str(other)
                number = same if same is not None else next(
                    i for i, n in league.items() if n == other)
                raise RuleError("player", "sync_player_ambiguous", name=name, other=shown,
                                id=number)
            theirs = int(sync_rows.insert(self.d, "player",
                                          {"name": name, "created_at": stamp(now())}) or 0)
            self.done.add("players")
        sync_rows.remember(self.d, self.me, pid, theirs)
        self.known[pid] = theirs
        return theirs

    def rename(self, theirs: int, name: str) -> None:
        """The venue renamed a player the league has: the league renames them too, before
        the revisions recorded under the new name go in (those before are there already)."""
        if name in sync_rows.players(self.d).values():
            raise RuleError("player", "sync_rename_taken", name=name)
        rename_player(session=self.d, player_id=theirs, name=name, now=now())
        self.moved("renames")

    def old_names(self, seats: list[int], pending: list[dict[str, Any]]) -> None:
        """Refuse to push a revision recorded under a seated player's earlier name: the
        league would read it under the name it has now."""
        for pid in seats:
            last = self.renamed.get(pid)
            if last is not None and any(r["id"] <= last for r in pending):
                name = self.names[pid]
                raise RuleError("player", "sync_renamed", name=name)

    def moved(self, what: str, n: int = 1) -> None:
        if n:
            self.done.add(what, n)
            self.changed = True

    def night(self, night: dict[str, Any], facts: dict[str, Any]) -> None:
        there = sync_rows.night_by_uid(self.d, night["uid"])
        if there is None:
            values = {c: night[c] for c in sync_rows.NIGHT}
            nid = int(sync_rows.insert(self.d, "night", {
                **values, "origin": night["origin"] or self.me}) or 0)
            self.moved("nights")
        else:
            nid = there["id"]
            if any(there[c] != night[c] for c in ("closed_at", "rate", "currency")):
                self.d.execute("UPDATE night SET closed_at = :c, rate = :r, currency = :y "
                               "WHERE id = :n", {"c": night["closed_at"], "r": night["rate"],
                                                 "y": night["currency"], "n": nid})
                self.moved("night changes")
        held = sync_rows.table_ids(self.d, nid)
        for t in facts["tables"]:
            self.table(nid, night["date"], t, held.get(t["number"]))
        paid = self.payments(nid, facts["payments"])
        self.plans(nid, facts["plans"], paid)
        if self.changed:
            rederive(self.d, [nid])

    def table(self, nid: int, date: str, t: dict[str, Any], there: dict[str, Any] | None
              ) -> None:
        held = sync_rows.held(self.d, there["id"]) if there is not None else {}
        self.old_names(t["seats"], [r for r in t["revisions"]
                                    if (r["number"], r["seq"]) not in held])
        seats = [self.player(p) for p in t["seats"]]
        if there is None:
            tid = int(sync_rows.insert(self.d, "game_table", {
                "night_id": nid, **{c: t[c] for c in sync_rows.TABLE}}) or 0)
            for i, pid in enumerate(seats):
                sync_rows.insert(self.d, "seat", {"table_id": tid, "position": i,
                                                  "player_id": pid}, returning=False)
            self.moved("tables")
        else:
            tid = there["id"]
            if (there["game"], there["options"], there["seats"]) != (t["game"], t["options"],
                                                                     seats):
                raise RuleError("sync", "sync_table_differs", table=t["number"], date=date)
        pending = []
        for r in t["revisions"]:
            key = (r["number"], r["seq"])
            if key not in held:
                pending.append(r)
            elif held[key] != r["hash"]:
                raise RuleError("sync", "sync_revision_differs", table=t["number"], date=date,
                                deal=key[0], revision=key[1])
        if pending:
            self.revisions(tid, pending, t["states"])

    def revisions(self, tid: int, pending: list[dict[str, Any]],
                  states: dict[int, tuple[Any, ...]]) -> None:
        """The table's revisions the target lacks, in the venue's order (so its chain reads
        the same there), with their new deals and transfers: ids reserved at once, the rows
        sent in a statement per kind (one round trip each on a server)."""
        deals = sync_rows.deal_ids(self.d, tid)
        made = {r["number"]: r["deal_at"] for r in pending if r["number"] not in deals}
        new_deals, rev_ids = self.target.reserve_many(self.d, [("deal", len(made)),
                                                               ("revision", len(pending))])
        deals.update(zip(sorted(made), new_deals, strict=True))
        sync_rows.insert_many(self.d, "deal", [
            {"id": deals[n], "table_id": tid, "number": n, "created_at": made[n]}
            for n in sorted(made)])
        sync_rows.insert_many(self.d, "revision", [
            {"id": rid, "deal_id": deals[r["number"]], **{c: r[c] for c in sync_rows.REVISION}}
            for rid, r in zip(rev_ids, pending, strict=True)])
        sync_rows.insert_many(self.d, "transfer", [
            {"revision_id": rid, "payer_id": self._maybe(a), "payee_id": self._maybe(b),
             "amount": x, "reason": why}
            for rid, r in zip(rev_ids, pending, strict=True) for a, b, x, why in r["transfers"]])
        self.moved("deals", len(made))
        self.moved("revisions", len(pending))
        # where the table stands after each deal, as the venue's fold left it
        sync_rows.put_states(self.d, [(deals[n], m) for n, m in states.items()])

    def _maybe(self, pid: int | None) -> int | None:
        return None if pid is None else self.player(pid)  # None: the pot

    def payments(self, nid: int, payments: list[dict[str, Any]]) -> dict[int, int]:
        """Push the payments the target lacks (by place); {venue id: target id}."""
        have = sync_rows.count_of(self.d, "payment", nid)
        for p in payments[len(have):]:
            have.append(int(sync_rows.insert(self.d, "payment", {
                "night_id": nid, "payer_id": self.player(p["payer_id"]),
                "payee_id": self.player(p["payee_id"]), "amount": p["amount"],
                "created_at": p["created_at"], "author": p["author"]}) or 0))
            self.moved("payments")
        return {p["id"]: t for p, t in zip(payments, have, strict=False)}

    def plans(self, nid: int, plans: list[dict[str, Any]], paid: dict[int, int]) -> None:
        have = sync_rows.count_of(self.d, "settle_plan", nid)
        for p in plans[len(have):]:
            plan = sync_rows.insert(self.d, "settle_plan", {
                "night_id": nid, "mode": p["mode"],
                "after_payment": paid.get(p["after_payment"], 0),
                "created_at": p["created_at"], "author": p["author"]})
            for i, (table, a, b, x) in enumerate(p["lines"]):
                sync_rows.insert(self.d, "plan_line", {
                    "plan_id": plan, "position": i, "table_number": table,
                    "payer_id": self.player(a), "payee_id": self.player(b), "amount": x},
                    returning=False)
            self.moved("plans")
