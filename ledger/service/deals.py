"""Deals: record, preview, correct and void them, and read them back.

A new deal starts from where its table stands (the last checkpoint, `tables.mark_now`); a
correction re-settles it and every later deal from the checkpoint before it, appends a
revision to each deal whose transfers change, and rewrites the checkpoints after it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from itertools import pairwise
from typing import Any

from ..domain import rederive
from ..domain.conflicts import check_new, check_revision
from ..domain.replay import Mark, Step, encode_mark, replay
from ..domain.rules import RuleError, game_named
from ..domain.rules.errors import show
from ..domain.rules.fields import read_players
from ..domain.rules.game import FormFacts, State
from ..domain.rules.names import MAX_REASON, clean_text
from ..domain.rules.transfers import POT, Settlement
from ..store import bulk, repo
from ..store.db import Connection
from ..store.rows import Checkpoint, DealRow
from ..text.summaries import stored_summary
from . import clock
from .chip_moves import chip_effects
from .form_use import same_form
from .store import Store
from .tables import (
    Table,
    checkpoint_mark,
    fold,
    load_open_table,
    load_table,
    mark_before,
    state_before,
)
from .tournament_clock import check_in_time
from .views import DealView, FormSave, Notice, Preview, TransferView


def check_form_key(form_key: str | None) -> None:
    if form_key is not None and (len(form_key) > 64 or not form_key.isascii()):
        raise RuleError("form_key", "not_form_key")


class Deals:
    def __init__(self, store: Store) -> None:
        self.store = store

    def preview_deal(self, table_id: int, obj: Mapping[str, Any],
                     deal_id: int | None = None) -> Preview:
        """What a deal would settle (for a new deal, or as a correction of `deal_id`)."""
        with self.store.read() as s:
            t = load_table(s, table_id)
            state = state_before(s, t, deal_id)
            stored, settlement, summary, _ = outcome_for(t, state, obj)
            return replace(preview_of(settlement, summary), outcome=stored, game=t.game.name,
                           seats=tuple(t.seats))

    def form_facts(self, table_id: int, partial: Mapping[str, Any] | None = None,
                   deal_id: int | None = None) -> FormFacts:
        """What a deal form may ask at the table (as it stands, or as it stood before
        `deal_id`), given the outcome filled in so far: the engine's `form_facts`."""
        return self.form_facts_source(table_id, deal_id)(partial)

    def form_facts_source(self, table_id: int, deal_id: int | None = None
                          ) -> Callable[[Mapping[str, Any] | None], FormFacts]:
        """`form_facts` for one form: the table (as it stands, or as it stood before
        `deal_id`) is read once, here; the function returned asks the engine only, never
        the store, so a form may ask it at every change (on the app's thread)."""
        with self.store.read() as s:
            t = load_table(s, table_id)
            state = state_before(s, t, deal_id)

        def facts(partial: Mapping[str, Any] | None = None) -> FormFacts:
            if t.game.form_facts is None:  # the engine has nothing to say: who plays
                return FormFacts(order=t.game.players_of(state) if t.game.players_of
                                 else t.seats)
            return t.game.form_facts(state, t.options, partial or {})

        return facts

    def status_before(self, table_id: int, deal_id: int) -> dict[str, Any]:
        """The table's status just before `deal_id` (a form correcting a deal shows the
        table as it stood then: who started, who dealt and played, the score)."""
        with self.store.read() as s:
            t = load_table(s, table_id)
            return dict(t.game.status(state_before(s, t, deal_id), t.options))

    def quick_json(self, table_id: int, flags: Mapping[str, Any],
                   deal_id: int | None = None) -> dict[str, Any]:
        """Scorer-typed flags (`points="73"`) turned into the table's contract JSON."""
        with self.store.read() as s:
            t = load_table(s, table_id)
            if t.game.quick is None:
                raise RuleError("flags", "json_only", game=t.game.name)
            return t.game.quick(flags, state_before(s, t, deal_id))

    def deal_of_form(self, form_key: str) -> int | None:
        """The deal saved from the form `form_key` (a phone's), if one was."""
        with self.store.read() as s:
            found = repo.deal_of_form(session=s, form_key=form_key)
            return found[0] if found else None

    def form_saved(self, form_key: str, table_id: int, obj: Mapping[str, Any]) -> int | None:
        """The deal the form `form_key` saved, if `obj` is what it saved at `table_id`
        (a retry); None if it saved none; `FormUsed` if it saved another deal."""
        with self.store.read() as s:
            found = repo.deal_of_form(session=s, form_key=form_key)
            return (same_form(s, found, form_key, table_id, [obj], outcome_for) if found
                    else None)

    def save_of_form(self, form_key: str, wait: float = 0.0, pause: float = 0.25) -> FormSave:
        """After a save's connection was lost (`ConnectionLost`): whether the save of the
        form `form_key` went through, asked of the database by that key (never guessed)
        as soon as it can be reached again, trying for up to `wait` seconds, a look every
        `pause`. Past that, the database's own fault (it cannot be reached)."""
        give_up = time.monotonic() + wait
        while True:
            try:
                with self.store.read() as s:
                    found = repo.deal_of_form(session=s, form_key=form_key)
            except RuleError as exc:
                if exc.field not in ("database", "db") or time.monotonic() >= give_up:
                    raise
                time.sleep(pause)
                continue
            return FormSave(found[0], found[2]) if found else FormSave(None, None)

    def table_of_deal(self, deal_id: int) -> int:
        with self.store.read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            return row.table_id

    def add_deal(self, table_id: int, obj: Mapping[str, Any], author: str | None = None, *,
                 expect_number: int | None = None, form_key: str | None = None) -> int:
        """Record a deal; returns its id. With `expect_number` (the number a form showed)
        it is refused (`StaleDeal`) if another device recorded that deal first. With
        `form_key` (the key a phone's form carries), a deal already saved from that form
        is found instead, in the same transaction: a retry returns its id, records nothing."""
        return self.add_deals(table_id, [obj], author, expect_number=expect_number,
                              form_key=form_key)[0]

    def add_deals(self, table_id: int, objs: Sequence[Mapping[str, Any]],
                  author: str | None = None, *, line_numbers: Sequence[int] | None = None,
                  expect_number: int | None = None, form_key: str | None = None
                  ) -> list[int]:
        """Record several deals in one transaction: all of them or none. With
        `line_numbers`, an error names the line its deal came from; with `expect_number`,
        the first must take that number (checked in the same transaction)."""
        clean_text(author, "author")
        check_form_key(form_key)
        with self.store.write() as s:
            if form_key is not None and (done := repo.deal_of_form(session=s,
                                                                   form_key=form_key)):
                return [same_form(s, done, form_key, table_id, objs, outcome_for)]
            t = load_open_table(s, table_id)
            check_new(expect_number, repo.next_deal_number(session=s, table_id=t.id))
            now = clock.now()
            check_in_time(s, t.id, t.number, now, len(objs))
            new = new_deals(s, t, objs, line_numbers)
            return repo.add_deals(session=s, table_id=t.id, now=now, author=author,
                                  deals=new, form_key=form_key)

    def import_tables(self, tables: Sequence[tuple[int, Sequence[Mapping[str, Any]]]],
                      author: str | None = None, *,
                      line_numbers: Sequence[Sequence[int]] | None = None
                      ) -> list[list[int]]:
        """Record each table's deals, all of them at every table or none, through the
        engine's bulk path (`tally import`, a federation's history: on a server the rows
        of the first deals go in while the next are settled); the deal ids per table. The
        deals are checked and settled as `add_deals` does (with `line_numbers`, per table,
        an error names the line its deal came from)."""
        clean_text(author, "author")
        with self.store.write() as s:
            batch = []
            places = {}
            lasts = {}
            for i, (table_id, objs) in enumerate(tables):
                t = load_open_table(s, table_id)
                cp = repo.last_checkpoint(session=s, table_id=t.id)
                batch.append((t.id, len(objs), settled(
                    t, mark_after(s, t, cp), objs, line_numbers[i] if line_numbers else None)))
                places[t.id] = (t.night_id, t.game.name, list(t.seat_ids.values()))
                lasts[t.id] = cp.number if cp else 0
            return bulk.add_deals_at(self.store.db, s, now=clock.now(), author=author,
                                     tables=batch, places=places, lasts=lasts)

    def correct_deal(self, deal_id: int, obj: Mapping[str, Any] | None, *,
                     reason: str | None = None, author: str | None = None,
                     expect_revision: int | None = None, form_key: str | None = None) -> int:
        """A new revision of a deal (None voids it); later deals re-settle. Returns the
        number of later deals re-settled: each that takes a new revision, because its
        transfers or the running score it carries changed (one count, one word: the toast,
        the log, the history and the CSV all say "re-settled"). With `expect_revision` (the revision
        a form opened) it is refused (`StaleDeal`) if the deal changed since. With `form_key`
        (the form's), a correction already saved from that form is found instead: nothing
        is written again (0)."""
        if obj is None and not (reason and reason.strip()):
            raise RuleError("reason", "void_reason")
        clean_text(author, "author")
        clean_text(reason, "reason", MAX_REASON)
        check_form_key(form_key)
        with self.store.write() as s:
            if form_key is not None and repo.deal_of_form(session=s, form_key=form_key):
                return 0  # sent again after a lost answer: it is saved
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            t = load_open_table(s, row.table_id)
            if expect_revision is not None:
                check_revision(expect_revision, row.number, row.seq,
                               repo.next_deal_number(session=s, table_id=t.id))
            if obj is None and row.kind == "void":
                raise RuleError("deal", "already_void", id=deal_id)
            stored, steps = replay_corrected(s, t, row, obj)
            repo.save_checkpoints(session=s, marks=[(x.deal_id, encode_mark(x.mark))
                                                    for x in steps])
            changed = 0
            now = clock.now()
            kept = repo.transfers_of(session=s, revision_ids=[  # the later deals', at once
                x.row.revision_id for x in steps if x.deal_id != deal_id and x.settlement])
            for step in steps:
                if step.deal_id == deal_id:
                    self._append(s, t, step, "void" if stored is None else "correct", now,
                                 author, reason, form_key)
                elif step.settlement is not None and (
                        differs(s, t, step, kept[step.row.revision_id]) or stale(step)):
                    # its transfers, or the running score / state it carries, changed
                    self._append(s, t, step, "resettle", now, author,
                                 f"re-settled after deal {row.number} changed")
                    changed += 1
            return changed

    def correction_effects(self, deal_id: int, obj: Mapping[str, Any] | None
                           ) -> list[rederive.Effect]:
        """What correcting `deal_id` to `obj` (None: void) would change in the later deals:
        records (`ledger.text.effects` words them), from facts only."""
        with self.store.read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            t = load_table(s, row.table_id)
            _, steps = replay_corrected(s, t, row, obj)
            later = [x for x in steps if x.number > row.number]
            effects = rederive.downstream(
                [x.number for x in later], [x.outcome for x in later],
                [json.loads(x.row.extra or "{}") for x in later],
                [dict(x.settlement.extra) if x.settlement else {} for x in later])
            return effects + chip_effects(s, t, later)

    def chain_notices(self, deal_id: int, obj: Mapping[str, Any] | None) -> list[Notice]:
        """The later deals that name someone (a start player) the corrected chain would not
        propose: left as recorded (a named one is what the table did), but said."""
        with self.store.read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            t = load_table(s, row.table_id)
            if t.game.off_chain is None:
                return []
            _, steps = replay_corrected(s, t, row, obj)
        notices = []
        for before, step in pairwise(steps):
            if step.outcome is None:
                continue
            for key, named, proposed in t.game.off_chain(before.mark.state, step.outcome):
                notices.append(Notice(key, f"off_chain.{key}",
                                      {"n": step.number, "named": named, "chain": proposed}))
        return notices

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

    def _append(self, s: Connection, t: Table, step: Step, kind: str, now: datetime,
                author: str | None, reason: str | None, form_key: str | None = None) -> None:
        settlement = step.settlement
        repo.add_revision(session=s, deal_id=step.deal_id, kind=kind, outcome=step.outcome,
                          summary=stored_summary(t.game.name, step.outcome or {},
                                                 settlement.extra, t.seats)
                          if settlement else "void",
                          extra=dict(settlement.extra) if settlement else {}, now=now,
                          author=author, reason=reason,
                          transfers=transfer_rows(t, settlement) if settlement else [],
                          form_key=form_key)

    def deals(self, table_id: int) -> list[DealView]:
        with self.store.read() as s:
            t = load_table(s, table_id)
            rows = repo.current_revisions(session=s, table_id=table_id)
            return deal_views(s, t, rows)

    def recent_deals(self, table_id: int, n: int) -> tuple[int, list[DealView]]:
        """How many deals the table has (void ones too) and its last `n`, read without
        the others (numbers run from 1 without gaps): what a board shows of a table of
        200,000 deals."""
        with self.store.read() as s:
            t = load_table(s, table_id)
            count = repo.next_deal_number(session=s, table_id=table_id) - 1
            rows = repo.current_revisions(session=s, table_id=table_id,
                                          from_number=max(1, count - n + 1))
            return count, deal_views(s, t, rows)

    def deal(self, deal_id: int) -> DealView:
        with self.store.read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            return deal_views(s, load_table(s, row.table_id), [row])[0]

    def history(self, deal_id: int) -> list[DealView]:
        """Every revision of a deal, oldest first."""
        with self.store.read() as s:
            row = repo.current_revision_of(session=s, deal_id=deal_id)
            if row is None:
                raise RuleError("deal", "no_such", id=deal_id)
            t = load_table(s, row.table_id)
            return deal_views(s, t, repo.revisions_of(session=s, deal_id=deal_id))



def new_deals(s: Connection, t: Table, objs: Sequence[Mapping[str, Any]],
              line_numbers: Sequence[int] | None = None) -> list[repo.NewDeal]:
    """The rows of new deals at a table, each settled from where the one before left it
    (starting where the table stands); with `line_numbers`, an error names its line."""
    return deals_after(s, t, repo.last_checkpoint(session=s, table_id=t.id), objs,
                       line_numbers)


def deals_after(s: Connection, t: Table, cp: Checkpoint | None,
                objs: Sequence[Mapping[str, Any]], line_numbers: Sequence[int] | None = None
                ) -> list[repo.NewDeal]:
    """`new_deals` after the table's last checkpoint `cp`, read by the caller (None: no
    deal yet)."""
    return list(settled(t, mark_after(s, t, cp), objs, line_numbers))


def mark_after(s: Connection, t: Table, cp: Checkpoint | None) -> Mark:
    """Where the table stands after its last checkpoint `cp` (None: no deal yet)."""
    mark = checkpoint_mark(t, cp)
    if mark is None:  # none stored yet (an upgraded database): fold once, keep all
        steps, mark = fold(s, t)
        repo.save_checkpoints(session=s, marks=[(x.deal_id, encode_mark(x.mark))
                                                for x in steps])
    return mark


def settled(t: Table, mark: Mark, objs: Sequence[Mapping[str, Any]],
            line_numbers: Sequence[int] | None = None) -> Iterator[repo.NewDeal]:
    """Each new deal's rows, settled from where the one before left it (from `mark`), one
    at a time: an import writes the first while it settles the next (`bulk`). With
    `line_numbers`, an error names the line its deal came from."""
    for i, obj in enumerate(objs):
        try:
            stored, settlement, summary, after = outcome_for(t, mark.state, obj)
        except RuleError as exc:
            if line_numbers is not None:
                raise RuleError(f"line {line_numbers[i]}: {exc.field}", exc.code,
                                **exc.values) from None
            raise
        mark = mark.after(after, settlement)
        yield (stored, summary, dict(settlement.extra), transfer_rows(t, settlement),
               encode_mark(mark))


def outcome_for(t: Table, state: State, obj: Mapping[str, Any]
                 ) -> tuple[dict[str, Any], Settlement, str, State]:
    """Validate a deal's JSON at a table; return its stored form, settlement, summary
    and the table's state after it. The stored form replays to the same outcome (every
    engine's `parse(to_json(o)) == o`), so the state need not be parsed a second time."""
    if not isinstance(obj, Mapping):
        raise RuleError("input", "not_json_object", value=show(obj))
    obj = dict(obj)
    for key in ("preset", "options"):  # calc takes them; a table's options are frozen
        if key in obj:
            raise RuleError(key, "options_frozen", table=t.id, preset=t.preset)
    if "game" in obj and game_named(obj.pop("game")) is not t.game:
        raise RuleError("game", "plays_other", game=t.game.name)
    if "players" in obj:
        given = read_players(obj.pop("players"))
        allowed = {t.seats}
        if t.game.players_of is not None:
            allowed.add(t.game.players_of(state))
        if given not in allowed:
            raise RuleError("players", "not_seats", given=', '.join(given),
                            seats=', '.join(t.seats))
    try:  # every engine's parse refuses a deal at a finished table; say it plainly
        outcome = t.game.parse(obj, state, t.options)
        if t.game.check_entered is not None:
            t.game.check_entered(outcome)
    except RuleError:
        if t.game.status(state, t.options).get("finished"):
            raise RuleError("table", "finished", id=t.id) from None
        raise
    settlement, after = t.game.settle(state, outcome, t.options)
    facts = t.game.to_json(outcome)
    return facts, settlement, stored_summary(t.game.name, facts, settlement.extra, t.seats), after



def transfer_rows(t: Table, settlement: Settlement
                   ) -> list[tuple[int | None, int | None, int, str]]:
    ids = t.seat_ids
    return [(ids.get(x.payer), ids.get(x.payee), x.amount, x.reason)
            for x in settlement.transfers]



def differs(s: Connection, t: Table, step: Step,
             stored: Sequence[tuple[Any, ...]] | None = None) -> bool:
    """Whether the step's stored transfers (read now unless given) differ from what
    the rules settle."""
    assert step.settlement is not None
    if stored is None:
        rid = step.row.revision_id
        stored = repo.transfers_of(session=s, revision_ids=[rid])[rid]
    rules = transfer_rows(t, step.settlement)
    if list(stored) == rules:  # stored in the order settled: the usual, quick answer
        return False
    return sorted(stored, key=repr) != sorted(rules, key=repr)



def deal_views(s: Connection, t: Table, rows: Sequence[DealRow]
                ) -> list[DealView]:
    names = {v: k for k, v in t.seat_ids.items()}
    moves = repo.transfers_of(session=s, revision_ids=[r.revision_id for r in rows])
    out = []
    for r in rows:
        transfers = tuple(TransferView(names.get(a, POT) if a else POT,
                                       names.get(b, POT) if b else POT, n, why)
                          for a, b, n, why in moves[r.revision_id])
        nets = {p: 0 for p in t.seats}
        for x in transfers:
            if x.payer != POT:
                nets[x.payer] -= x.amount
            if x.payee != POT:
                nets[x.payee] += x.amount
        out.append(DealView(r.deal_id, t.id, r.number, r.seq, r.kind, r.summary,
                            json.loads(r.outcome) if r.outcome else None,
                            json.loads(r.extra or "{}"), transfers, nets,
                            str(r.created_at)[:19], r.author, r.reason, t.game.name,
                            tuple(t.seats)))
    return out



def preview_of(settlement: Settlement, summary: str) -> Preview:
    return Preview(summary, tuple(TransferView(x.payer, x.payee, x.amount, x.reason)
                                  for x in settlement.transfers),
                   settlement.nets, dict(settlement.extra))


def stale(step: Step) -> bool:
    """Are the step's stored facts (its running state) not what the fold says? (Never its
    words: the stored summary is history.)"""
    assert step.settlement is not None
    return rederive.facts_are_stale(step.row.extra, step.settlement.extra)


def replay_corrected(s: Connection, t: Table, row: DealRow, obj: Mapping[str, Any] | None
                     ) -> tuple[dict[str, Any] | None, list[Step]]:
    """The deal of `row` as `obj` would record it (None: void), and the steps of it and every
    later deal re-settled from the state before it (the deals before it stand)."""
    before = mark_before(s, t, row.deal_id)
    stored = None if obj is None else outcome_for(t, before.state, obj)[0]
    steps, _ = replay(t.game, t.options, before, repo.current_revisions(
        session=s, table_id=t.id, from_number=row.number), replace={row.deal_id: stored})
    return stored, steps
