"""The use cases: the only API the CLI and the TUI call.

Every write is one SQLite transaction started with BEGIN IMMEDIATE, so a deal row, its
revision and its transfers land together or not at all, and two writers queue instead of
failing. Money is never stored as a running total: standings are sums over transfers.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import presets
from .archive import ArchiveMixin
from .conflicts import check_new, check_revision
from .league_service import LeagueMixin
from .names import clean_name, clean_text, name_key
from .night_end import NightEndMixin
from .payment_check import payment_problems
from .rules import RuleError, game_named
from .rules.errors import show
from .rules.fields import read_players
from .rules.game import Game, Options, State
from .rules.transfers import POT, Settlement
from .store import repo
from .store.db import Connection, Database, open_problem
from .store.migrate import migrate
from .views import (
    DealView,
    NightView,
    PlayerView,
    Preview,
    StandingRow,
    TableView,
    TransferView,
)


@lru_cache(maxsize=256)
def _frozen_options(game: str, text: str) -> Options:
    """A table's frozen options from their stored JSON. Options are immutable and
    `make_options` is pure, so a process reads each distinct text once (`check` and the
    night screen load every table). A key the table predates keeps its legacy value
    (`Game.stored_options`), so a table settles as it did when its deals were recorded."""
    return game_named(game).stored_options(json.loads(text))


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class _Table:
    """A table's rules and seats, loaded once per use case."""

    id: int
    night_id: int
    number: int
    game: Game
    preset: str
    options: Options
    options_text: str  # as stored (JSON); parsed only for a TableView
    seats: tuple[str, ...]
    seat_ids: dict[str, int]


@dataclass(frozen=True, slots=True)
class _Step:
    """One deal of a table's fold: its current revision and what it settles now."""

    deal_id: int
    number: int
    kind: str
    outcome: dict[str, Any] | None
    stored: tuple[Any, ...]
    settlement: Settlement | None
    summary: str


class Tally(NightEndMixin, ArchiveMixin, LeagueMixin):
    """The ledger service over one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    def open(cls, path: str | Path) -> Tally:
        """The ledger in a SQLite file (made, or upgraded, as needed)."""
        db = Database(path)
        try:
            db.path.parent.mkdir(parents=True, exist_ok=True)
            migrate(db)
        except (sqlite3.Error, OSError) as exc:  # not SQLite, a folder, read-only, disk full
            raise RuleError("db", open_problem(db.path, exc)) from None
        return cls(db)

    # ---- sessions ---------------------------------------------------------------------

    def _read(self) -> AbstractContextManager[Connection]:
        """One read transaction: a consistent view of the database."""
        return self.db.transaction()

    def _write(self) -> AbstractContextManager[Connection]:
        """One transaction: committed if the block ends, rolled back if it raises."""
        return self.db.transaction(write=True)

    # ---- players -------------------------------------------------------------------------

    def add_player(self, name: object) -> int:
        return self.add_players([name])[0]

    def add_players(self, names: Sequence[object]) -> list[int]:
        """Add members in one transaction: all of them, or none if any is refused."""
        cleaned = [clean_name(name) for name in names]
        with self._write() as s:
            ids = []
            for clean in cleaned:  # an earlier name of the same call counts as a clash
                clash = repo.player_by_name_folded(session=s, name=clean)
                if clash:
                    raise RuleError("name", f"{show(clean)} is already in the roster as "
                                    f"{show(clash[1])}")
                ids.append(repo.add_player(session=s, name=clean, now=_now()))
            return ids

    def rename_player(self, old: object, new: object) -> None:
        new_name = clean_name(new, "new name")
        with self._write() as s:
            pid = self._player_id(s, old, "name")
            clash = repo.player_by_name_folded(session=s, name=new_name)
            if clash and clash[0] != pid:
                raise RuleError("new name", f"{show(new_name)} is already in the roster")
            repo.rename_player(session=s, player_id=pid, name=new_name)

    def players(self) -> list[PlayerView]:
        with self._read() as s:
            return [PlayerView(i, n) for i, n in repo.players(session=s)]

    def _player_id(self, s: Connection, name: object, field: str) -> int:
        if not isinstance(name, str):
            raise RuleError(field, f"{show(name)} is not a name")
        key = name_key(name)
        found = repo.player_by_name_folded(session=s, name=key) if key else None
        if not found or found[1] != key:
            raise RuleError(field, f"{show(name)} is not in the roster (tally player add)")
        return found[0]

    # ---- nights -------------------------------------------------------------------------

    def new_night(self, on: str | None = None, venue: str | None = None) -> int:
        day = on or date.today().isoformat()
        try:
            day = date.fromisoformat(day).isoformat()
        except ValueError:
            raise RuleError("date", f"{show(on)} is not a date (YYYY-MM-DD)") from None
        if venue is not None:
            venue = " ".join(clean_text(venue, "venue").split()) or None  # type: ignore[union-attr]
        with self._write() as s:
            return repo.add_night(session=s, date=day, venue=venue, now=_now())

    def nights(self) -> list[NightView]:
        with self._read() as s:
            return [NightView(n.id or 0, n.date, n.venue, n.closed_at is not None)
                    for n in repo.nights(session=s)]

    def night(self, night_id: int) -> NightView:
        with self._read() as s:
            n = repo.night_row(session=s, night_id=night_id)
            if n is None:
                raise RuleError("night", f"{night_id} does not exist")
            tables = tuple(self._table_view(s, t.id or 0) for t in repo.tables(
                session=s, night_id=night_id))
            return NightView(night_id, n.date, n.venue, n.closed_at is not None, tables)

    def close_night(self, night_id: int) -> None:
        with self._write() as s:
            self._open_night(s, night_id)
            repo.close_night(session=s, night_id=night_id, now=_now())

    def _open_night(self, s: Connection, night_id: int) -> None:
        n = repo.night_row(session=s, night_id=night_id)
        if n is None:
            raise RuleError("night", f"{night_id} does not exist")
        if n.closed_at is not None:
            raise RuleError("night", f"{night_id} ({n.date}) is closed")

    # ---- tables ---------------------------------------------------------------------------

    def new_table(self, night_id: int, game: str, seats: Sequence[str], preset: str = "default",
                  overrides: Mapping[str, Any] | None = None) -> int:
        engine, options = presets.load(game, preset, overrides)
        names = read_players(list(seats), "seats")
        engine.check_seats(names, options)
        with self._write() as s:
            self._open_night(s, night_id)
            ids = [self._player_id(s, n, "seats") for n in names]
            return repo.add_table(session=s, night_id=night_id, game=engine.name, preset=preset,
                                  options=engine.options_json(options), seat_ids=ids, now=_now())

    def _load_table(self, s: Connection, table_id: int, seat_rows: Sequence[tuple[int, str]]
                    | None = None) -> _Table:
        row = repo.table_row(session=s, table_id=table_id)
        if row is None:
            raise RuleError("table", f"{table_id} does not exist")
        game = game_named(row.game)
        options = _frozen_options(game.name, row.options)
        if seat_rows is None:
            seat_rows = repo.seats(session=s, table_id=table_id)
        return _Table(table_id, row.night_id, row.number, game, row.preset, options,
                      row.options, tuple(n for _, n in seat_rows), {n: i for i, n in seat_rows})

    def _table_view(self, s: Connection, table_id: int) -> TableView:
        t = self._load_table(s, table_id)
        steps, state = self._fold(s, t)
        return TableView(t.id, t.night_id, t.number, t.game.name, t.preset, t.seats,
                         json.loads(t.options_text), sum(1 for x in steps if x.kind != "void"),
                         dict(t.game.status(state, t.options)))

    def table(self, table_id: int) -> TableView:
        with self._read() as s:
            return self._table_view(s, table_id)

    # ---- the fold -----------------------------------------------------------------------

    def _fold(self, s: Connection, t: _Table, *, replace: Mapping[int, dict[str, Any] | None]
              | None = None, summaries: bool = True) -> tuple[list[_Step], State]:
        """Replay the table's deals from the start. `replace` swaps a deal's outcome
        (None: void) to see what a correction does to it and to every later deal;
        `summaries=False` leaves each step's summary empty (check needs none)."""
        state = t.game.initial(t.seats, t.options)
        steps = []
        for row in repo.current_revisions(session=s, table_id=t.id):
            deal_id, number, kind, raw = row[0], row[1], row[4], row[5]
            outcome_json = json.loads(raw) if raw is not None else None
            if replace and deal_id in replace:
                outcome_json = replace[deal_id]
                kind = "void" if outcome_json is None else "correct"
            if outcome_json is None:
                steps.append(_Step(deal_id, number, "void", None, row, None, "void"))
                continue
            try:
                outcome = t.game.parse(outcome_json, state, t.options)
            except RuleError as exc:
                raise RuleError(f"deal {number}: {exc.field}", exc.message) from None
            settlement, state = t.game.settle(state, outcome, t.options)
            steps.append(_Step(deal_id, number, kind, outcome_json, row, settlement,
                               t.game.summary(outcome, settlement) if summaries else ""))
        return steps, state

    def _outcome_for(self, t: _Table, state: State, obj: Mapping[str, Any]
                     ) -> tuple[dict[str, Any], Settlement, str, State]:
        """Validate a deal's JSON at a table; return its stored form, settlement, summary
        and the table's state after it. The stored form replays to the same outcome (every
        engine's `parse(to_json(o)) == o`), so the state need not be parsed a second time."""
        if not isinstance(obj, Mapping):
            raise RuleError("input", f"{show(obj)} is not a JSON object")
        obj = dict(obj)
        for key in ("preset", "options"):  # calc takes them; a table's options are frozen
            if key in obj:
                raise RuleError(key, f"a table's options are frozen when it is created "
                                f"(table {t.id}: preset {t.preset}, see tally table show)")
        if "game" in obj and game_named(obj.pop("game")) is not t.game:
            raise RuleError("game", f"this table plays {t.game.name}")
        if "players" in obj:
            given = read_players(obj.pop("players"))
            allowed = {t.seats}
            if t.game.players_of is not None:
                allowed.add(t.game.players_of(state))
            if given not in allowed:
                raise RuleError("players", f"{', '.join(given)} are not this table's seats "
                                f"({', '.join(t.seats)})")
        try:  # every engine's parse refuses a deal at a finished table; say it plainly
            outcome = t.game.parse(obj, state, t.options)
        except RuleError:
            if t.game.status(state, t.options).get("finished"):
                raise RuleError("table", f"{t.id} is finished; start a new table") from None
            raise
        settlement, after = t.game.settle(state, outcome, t.options)
        return t.game.to_json(outcome), settlement, t.game.summary(outcome, settlement), after

    def _transfer_rows(self, t: _Table, settlement: Settlement
                       ) -> list[tuple[int | None, int | None, int, str]]:
        ids = t.seat_ids
        return [(ids.get(x.payer), ids.get(x.payee), x.amount, x.reason)
                for x in settlement.transfers]

    # ---- deals ---------------------------------------------------------------------------

    def preview_deal(self, table_id: int, obj: Mapping[str, Any],
                     deal_id: int | None = None) -> Preview:
        """What a deal would settle (for a new deal, or as a correction of `deal_id`)."""
        with self._read() as s:
            t = self._load_table(s, table_id)
            state = self._state_before(s, t, deal_id)
            stored, settlement, summary, _ = self._outcome_for(t, state, obj)
            return replace(_preview(settlement, summary), outcome=stored, game=t.game.name,
                           seats=tuple(t.seats))

    def _state_before(self, s: Connection, t: _Table, deal_id: int | None) -> State:
        if deal_id is None:
            return self._fold(s, t)[1]
        state = t.game.initial(t.seats, t.options)
        for row in repo.current_revisions(session=s, table_id=t.id):
            if row[0] == deal_id:
                return state
            if row[5] is not None:
                outcome = t.game.parse(json.loads(row[5]), state, t.options)
                state = t.game.settle(state, outcome, t.options)[1]
        raise RuleError("deal", f"{deal_id} is not a deal of table {t.id}")

    def status_before(self, table_id: int, deal_id: int) -> dict[str, Any]:
        """The table's status just before `deal_id` (a form correcting a deal shows the
        table as it stood then: who started, who dealt and played, the score)."""
        with self._read() as s:
            t = self._load_table(s, table_id)
            return dict(t.game.status(self._state_before(s, t, deal_id), t.options))

    def quick_json(self, table_id: int, flags: Mapping[str, Any],
                   deal_id: int | None = None) -> dict[str, Any]:
        """Scorer-typed flags (`points="73"`) turned into the table's contract JSON."""
        with self._read() as s:
            t = self._load_table(s, table_id)
            if t.game.quick is None:
                raise RuleError("flags", f"{t.game.name} takes JSON on stdin only")
            return t.game.quick(flags, self._state_before(s, t, deal_id))

    def table_of_deal(self, deal_id: int) -> int:
        with self._read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", f"{deal_id} does not exist")
            return int(row[11])

    def add_deal(self, table_id: int, obj: Mapping[str, Any], author: str | None = None, *,
                 expect_number: int | None = None) -> int:
        """Record a deal; returns its id. With `expect_number` (the number a form showed)
        it is refused (`StaleDeal`) if another device recorded that deal first."""
        return self.add_deals(table_id, [obj], author, expect_number=expect_number)[0]

    def add_deals(self, table_id: int, objs: Sequence[Mapping[str, Any]],
                  author: str | None = None, *, line_numbers: Sequence[int] | None = None,
                  expect_number: int | None = None) -> list[int]:
        """Record several deals in one transaction: all of them or none. With
        `line_numbers`, an error names the line its deal came from; with `expect_number`,
        the first must take that number (checked in the same transaction)."""
        clean_text(author, "author")
        with self._write() as s:
            t = self._load_table(s, table_id)
            self._open_night(s, t.night_id)
            check_new(expect_number, repo.next_deal_number(session=s, table_id=t.id))
            _, state = self._fold(s, t)
            new: list[repo.NewDeal] = []
            for i, obj in enumerate(objs):
                try:
                    stored, settlement, summary, state = self._outcome_for(t, state, obj)
                except RuleError as exc:
                    if line_numbers is not None:
                        raise RuleError(f"line {line_numbers[i]}: {exc.field}",
                                        exc.message) from None
                    raise
                new.append((stored, summary, dict(settlement.extra),
                            self._transfer_rows(t, settlement)))
            return repo.add_deals(session=s, table_id=t.id, now=_now(), author=author,
                                  deals=new)

    def correct_deal(self, deal_id: int, obj: Mapping[str, Any] | None, *,
                     reason: str | None = None, author: str | None = None,
                     expect_revision: int | None = None) -> int:
        """A new revision of a deal (None voids it); later deals re-settle. Returns the
        number of later deals whose transfers changed. With `expect_revision` (the revision
        a form opened) it is refused (`StaleDeal`) if the deal changed since."""
        if obj is None and not (reason and reason.strip()):
            raise RuleError("reason", "a void needs a reason")
        clean_text(author, "author")
        clean_text(reason, "reason")
        with self._write() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", f"{deal_id} does not exist")
            t = self._load_table(s, row[11])
            self._open_night(s, t.night_id)
            if expect_revision is not None:
                check_revision(expect_revision, row[1], row[3],
                               repo.next_deal_number(session=s, table_id=t.id))
            stored: dict[str, Any] | None = None
            if obj is not None:
                state = self._state_before(s, t, deal_id)
                stored, _, _, _ = self._outcome_for(t, state, obj)
            elif row[4] == "void":
                raise RuleError("deal", f"{deal_id} is already void")
            steps, _ = self._fold(s, t, replace={deal_id: stored})
            changed = 0
            now = _now()
            for step in steps:
                if step.deal_id == deal_id:
                    self._append(s, t, step, "void" if stored is None else "correct", now,
                                 author, reason)
                elif step.settlement is not None and self._differs(s, t, step):
                    self._append(s, t, step, "resettle", now, author,
                                 f"re-settled after deal {row[1]} changed")
                    changed += 1
            return changed

    def void_deal(self, deal_id: int, reason: str, author: str | None = None, *,
                  expect_revision: int | None = None) -> int:
        return self.correct_deal(deal_id, None, reason=reason, author=author,
                                 expect_revision=expect_revision)

    def undo_last(self, table_id: int, author: str | None = None) -> int | None:
        """Void the table's last deal that is not void yet (kept in history as 'undo')."""
        for deal in reversed(self.deals(table_id)):
            if not deal.void:
                self.void_deal(deal.id, "undo", author)
                return deal.id
        return None

    def _append(self, s: Connection, t: _Table, step: _Step, kind: str, now: datetime,
                author: str | None, reason: str | None) -> None:
        settlement = step.settlement
        repo.add_revision(session=s, deal_id=step.deal_id, kind=kind, outcome=step.outcome,
                          summary=step.summary if settlement else "void",
                          extra=dict(settlement.extra) if settlement else {}, now=now,
                          author=author, reason=reason,
                          transfers=self._transfer_rows(t, settlement) if settlement else [])

    def _differs(self, s: Connection, t: _Table, step: _Step,
                 stored: Sequence[tuple[Any, ...]] | None = None) -> bool:
        """Whether the step's stored transfers (read now unless given) differ from what
        the rules settle."""
        assert step.settlement is not None
        if stored is None:
            stored = repo.transfers_of(session=s, revision_ids=[step.stored[2]])[step.stored[2]]
        rules = self._transfer_rows(t, step.settlement)
        if list(stored) == rules:  # stored in the order settled: the usual, quick answer
            return False
        return sorted(stored, key=repr) != sorted(rules, key=repr)

    def deals(self, table_id: int) -> list[DealView]:
        with self._read() as s:
            t = self._load_table(s, table_id)
            rows = repo.current_revisions(session=s, table_id=table_id)
            return self._deal_views(s, t, rows)

    def _deal_views(self, s: Connection, t: _Table, rows: Sequence[tuple[Any, ...]]
                    ) -> list[DealView]:
        names = {v: k for k, v in t.seat_ids.items()}
        moves = repo.transfers_of(session=s, revision_ids=[r[2] for r in rows])
        out = []
        for r in rows:
            transfers = tuple(TransferView(names.get(a, POT) if a else POT,
                                           names.get(b, POT) if b else POT, n, why)
                              for a, b, n, why in moves[r[2]])
            nets = {p: 0 for p in t.seats}
            for x in transfers:
                if x.payer != POT:
                    nets[x.payer] -= x.amount
                if x.payee != POT:
                    nets[x.payee] += x.amount
            out.append(DealView(r[0], t.id, r[1], r[3], r[4], r[6],
                                json.loads(r[5]) if r[5] else None, json.loads(r[7] or "{}"),
                                transfers, nets, str(r[8])[:19], r[9], r[10], t.game.name,
                                tuple(t.seats)))
        return out

    def deal(self, deal_id: int) -> DealView:
        with self._read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", f"{deal_id} does not exist")
            return self._deal_views(s, self._load_table(s, row[11]), [row])[0]

    def history(self, deal_id: int) -> list[DealView]:
        """Every revision of a deal, oldest first."""
        with self._read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", f"{deal_id} does not exist")
            t = self._load_table(s, row[11])
            revs = repo.revisions_of(session=s, deal_id=deal_id)
            rows = [(deal_id, row[1], r.id, r.seq, r.kind, r.outcome, r.summary, r.extra,
                     r.created_at, r.author, r.reason, t.id) for r in revs]
            return self._deal_views(s, t, rows)

    # ---- standings ----------------------------------------------------------------------

    def standings(self, *, night_id: int | None = None, table_id: int | None = None
                  ) -> list[StandingRow]:
        """Players ranked by net over the scope (all nights if neither is given)."""
        with self._read() as s:
            if night_id is not None and repo.night_row(session=s, night_id=night_id) is None:
                raise RuleError("night", f"{night_id} does not exist")
            if table_id is not None and repo.table_row(session=s, table_id=table_id) is None:
                raise RuleError("table", f"{table_id} does not exist")
            nets = repo.nets_by_table(session=s, night_id=night_id, table_id=table_id)
            return self._standings_of(s, nets, night_id=night_id, table_id=table_id)

    def _standings_of(self, s: Connection, nets: Mapping[tuple[int, int], int], *,
                      night_id: int | None = None, table_id: int | None = None
                      ) -> list[StandingRow]:
        """`standings` from nets already summed (`repo.nets_by_table` of the same scope)."""
        played = repo.deals_played(session=s, night_id=night_id, table_id=table_id)
        seated = repo.seated_players(session=s, night_id=night_id, table_id=table_id)
        names = repo.player_names(session=s)
        total: dict[int, int] = {}
        deals: dict[int, int] = {}
        for pid, _tid in seated | set(nets) | set(played):
            total.setdefault(pid, 0)
            deals.setdefault(pid, 0)
        for (pid, _tid), n in nets.items():
            total[pid] += n
        for (pid, _tid), n in played.items():
            deals[pid] += n
        return rank_rows([(names[p], total[p], deals[p]) for p in total])

    # ---- integrity --------------------------------------------------------------------------

    def check(self) -> list[str]:
        """Re-derive every transfer from the stored outcomes and presets; list what differs.

        Tables are independent folds, so a big database is replayed by one process per
        core (`_check_workers`); the problems come back in table order either way."""
        problems: list[str] = []
        with self._read() as s:
            problems += repo.orphans(session=s)
            for rid, pot in repo.unbalanced_revisions(session=s):
                problems.append(f"revision {rid}: does not sum to zero (pot {pot:+d}) "
                                "or has an amount that is not positive")
            problems += payment_problems(s)  # payments, kept plans, rates
            table_ids = [row.id or 0 for row in repo.tables(session=s)]
        workers = _check_workers(len(table_ids))
        if workers < 2:
            return problems + [p for _, p in self._check_tables(table_ids)]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        parts = [table_ids[i::workers] for i in range(workers)]  # interleaved: even loads
        # fork: the workers start at once, with the rules already imported (and only from a
        # single-threaded process, see _check_workers); each opens its own connections
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")
                                 ) as pool:
            found = [x for part in pool.map(_check_part, [self.db.path] * workers, parts)
                     for x in part]
        order = {tid: i for i, tid in enumerate(table_ids)}
        found.sort(key=lambda x: order[x[0]])  # stable: a table's own problems keep order
        return problems + [p for _, p in found]

    def _check_tables(self, table_ids: Sequence[int]) -> list[tuple[int, str]]:
        """(table id, problem) for the tables whose replay differs from what is stored."""
        problems: list[tuple[int, str]] = []
        with self._read() as s:
            seats = repo.seats_by_table(session=s)
            for tid in table_ids:
                try:
                    t = self._load_table(s, tid, seats.get(tid, ()))
                    steps, _ = self._fold(s, t, summaries=False)
                except (RuleError, ValueError, KeyError) as exc:
                    problems.append((tid, f"table {tid}: cannot be replayed ({exc})"))
                    continue
                stored = repo.transfers_of(session=s, revision_ids=[x.stored[2] for x in steps])
                for step in steps:
                    if step.settlement is None:
                        if stored[step.stored[2]]:
                            problems.append((tid, f"table {t.id} deal {step.number}: void but "
                                             "has transfers"))
                    elif self._differs(s, t, step, stored[step.stored[2]]):
                        problems.append((tid, f"table {t.id} deal {step.number}: stored "
                                         "transfers differ from the rules"))
        return problems


PARALLEL_CHECK_TABLES = 200  # fewer tables replay faster than extra processes start


def _check_workers(tables: int) -> int:
    """How many processes `check` uses: one per core (at most 4) for a big SQLite file,
    when this process can fork safely (POSIX, no other thread running: the command line,
    not the app, whose workers are threads)."""
    import threading

    if (tables < PARALLEL_CHECK_TABLES or not hasattr(os, "fork")
            or threading.active_count() > 1):
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)
    return max(1, min(cores, 4))


def _check_part(path: Path, table_ids: list[int]) -> list[tuple[int, str]]:
    """`Tally._check_tables` in a worker process, on its own connections."""
    service = Tally(Database(path))
    try:
        return service._check_tables(table_ids)
    finally:
        service.db.dispose()


def rank_rows(rows: Sequence[tuple[str, int, int]]) -> list[StandingRow]:
    """Rank by net, highest first; equal nets share a rank (1, 2, 2, 4)."""
    ordered = sorted(rows, key=lambda r: (-r[1], r[0].lower(), r[0]))
    out: list[StandingRow] = []
    for i, (name, net, deals) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].net == net else i + 1
        out.append(StandingRow(rank, name, net, deals))
    return out


def _preview(settlement: Settlement, summary: str) -> Preview:
    return Preview(summary, tuple(TransferView(x.payer, x.payee, x.amount, x.reason)
                                  for x in settlement.transfers),
                   settlement.nets, dict(settlement.extra))
