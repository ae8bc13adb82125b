"""Exports, backup, restore and import."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..domain import money
from ..domain.chain import content_text, night_head
from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..io import exports
from ..io.csv_runs import Runs
from ..io.disk import cause
from ..store import chain_rows, export_rows, repo
from ..store.db import WriteFault
from ..store.migrate import current_revision, migrate, schema_problem
from ..text.i18n import language, t
from ..text.summaries import reason_text, render
from .deals import Deals
from .night_end import NightEnd
from .standings import standings_of
from .store import Store
from .verdict_export import CONFIRM, CONFIRM_TEXT, confirm_rows


class Archive:
    """Takes the settlements of `NightEnd` (for the settlement file) and `Deals` (to
    import a file of deals)."""

    def __init__(self, store: Store, night_end: NightEnd, deals: Deals) -> None:
        self.store = store
        self.night_end = night_end
        self.deals = deals

    # ---- exports ------------------------------------------------------------------------

    def export(self, out: Path, night_id: int | None = None, fmt: str = "csv",
               rate: str | None = None, currency: str | None = None) -> list[Path]:
        """Write standings, deals, transfers, settlement, chain and revisions files; returns
    their paths."""
        if fmt not in ("csv", "json"):
            raise RuleError("format", "not_csv_json", value=show(fmt))
        with self.store.read() as s:
            if night_id is not None:
                n = repo.night_row(session=s, night_id=night_id)
                if n is None:
                    raise RuleError("night", "no_such", id=night_id)
                nights = [n]
                tag = f"{n.date}-night{night_id}"
            else:
                nights = list(reversed(repo.nights(session=s)))
                tag = f"all-{nights[-1].date}" if nights else "all"
            tables = repo.tables(session=s, night_id=night_id)
            per_table = repo.nets_by_table(session=s, night_id=night_id)
            seated = repo.seats_by_table(session=s)
            names = repo.player_names(session=s)
            ranked = standings_of(s, per_table, night_id=night_id)
        the_rate = money.parse_rate(rate) if rate else None
        code = money.parse_currency(currency) if currency else None
        if the_rate is None and night_id is not None and nights[0].rate:
            the_rate, code = Decimal(nights[0].rate), nights[0].currency
        code = code or "EUR"

        # one column per table for a night; per game over several nights
        if night_id is not None:
            columns = {t.id: f"table {t.number} {t.game}" for t in tables}
        else:
            columns = {t.id: t.game for t in tables}
        heads = list(dict.fromkeys(columns.values()))
        by_player: dict[str, dict[str, int]] = {}
        for tid in columns:  # a table a player sat at is a net of 0 until chips move there
            for pid, _ in seated.get(tid, ()):
                by_player.setdefault(names[pid], {}).setdefault(columns[tid], 0)
        for (pid, tid), v in per_table.items():
            cell = by_player.setdefault(names[pid], {})
            cell[columns[tid]] = cell.get(columns[tid], 0) + v
        ends = self.night_end
        settlements = (ends.all_settlements(rate, currency, nets=per_table) if night_id is None
                       else {night_id: ends.settlement(night_id, rate=rate, currency=currency)})
        # a player's money is their net at each night's rate (the settlement's), summed
        paid_money: dict[str, Decimal] = {}
        for st in settlements.values():
            for name, amount in (st.player_money or {}).items():
                paid_money[name] = paid_money.get(name, Decimal(0)) + amount
        standing_rows = [
            [r.rank, r.player, r.net,
             paid_money.get(r.player, money.to_money(r.net, the_rate, code)) if the_rate
             else None, r.deals, *[by_player.get(r.player, {}).get(h, "") for h in heads]]
            for r in ranked]
        settle_rows = []
        for n in nights:
            st = settlements[n.id or 0]
            for item in st.open:
                settle_rows.append([n.id, n.date, item.payer, item.payee, item.amount,
                                    item.money, st.currency, "open"])
            for paid in st.paid:
                settle_rows.append([n.id, n.date, paid.payer, paid.payee, paid.amount,
                                    paid.money, st.currency, "paid"])
        kinds = {"record": "recorded", "correct": "corrected", "resettle": "re-settled",
                 "void": "void", "confirm": "confirmed", "dispute": "disputed"}
        # all the files or none (a full disk, a folder that cannot be made)
        with exports.batch(out) as files:
            standings_file = files.write(f"standings-{tag}", [*exports.STANDINGS, *heads],
                                         standing_rows, fmt)
            settlement_file = files.write(f"settlement-{tag}", exports.SETTLEMENT, settle_rows,
                                          fmt)
            # English writes the stored sentences and the engines' reasons (which the
            # rendered English equals: tests/test_summaries.py), at no cost to a decade's
            # export; another language renders them from the facts
            said = language() != "en"
            with self.store.read() as s:  # the big two stream from the database to their files
                moves = export_rows.moves_by_revision(session=s, night_id=night_id)
                deals = Runs(export_rows.deal_rows(session=s, night_id=night_id, moves=moves,
                                                   kinds=kinds,
                                                   summary=summary_of if said else None,
                                                   void=void_summary),
                             *export_rows.DEAL_RUN)
                deals_file = files.write(f"deals-{tag}", exports.DEALS, deals, fmt,
                                         exports.DEALS_TEXT)
                transfers = Runs(export_rows.transfer_rows(session=s, night_id=night_id,
                                                           moves=moves,
                                                           reason=reason_text if said else None),
                                 *export_rows.TRANSFER_RUN)
                transfers_file = files.write(f"transfers-{tag}", exports.TRANSFERS, transfers,
                                             fmt, exports.TRANSFERS_TEXT)
            with self.store.read() as s:
                chain_file = files.write(f"chain-{tag}", exports.CHAIN,
                                         _chain_rows(chain_rows.table_heads(s, night_id),
                                                     {n.id: n.date for n in nights}), fmt)
                revisions_file = files.write(
                    f"revisions-{tag}", exports.REVISIONS,
                    _revision_rows(chain_rows.revision_rows(s, night_id),
                                   {n.id: n.date for n in nights}), fmt)
                confirmed = confirm_rows(s, night_id, {n.id or 0: n.date for n in nights})
            written = [standings_file, deals_file, transfers_file, settlement_file, chain_file,
                       revisions_file]
            if confirmed is not None:  # only where a table confirms its deals
                written.append(files.write(f"confirm-{tag}", CONFIRM, confirmed, fmt,
                                           CONFIRM_TEXT))
        return written

    # ---- backup / restore -------------------------------------------------------------------

    def db_file(self) -> Path | None:
        """The ledger's file (None: it is on a server)."""
        return self.store.db.path

    def where(self) -> tuple[str, str]:
        """(engine, the database for people: a path, or a URL without its password)."""
        return self.store.db.engine, self.store.db.where

    def backup(self, dest: Path, force: bool = False) -> Path:
        """A consistent copy of the ledger as a SQLite file, even while the app is open
        (SQLite's online backup; from a server, its rows copied in one snapshot). Written
        beside `dest` and renamed into place, so a failure (a full disk) leaves nothing."""
        if dest.is_dir():
            raise RuleError("path", "backup_folder", path=dest)
        if dest.exists() and not force:
            raise RuleError("path", "exists_force", path=dest)
        exports.make_folder(dest.parent, "path")
        tmp = exports.part_path(dest)
        try:
            self.store.db.backup_to(tmp)
            if force:
                tmp.replace(dest)
            else:  # a link fails if `dest` appeared meanwhile: never overwrite without --force
                _link_new(tmp, dest)
        except FileExistsError:
            raise RuleError("path", "exists_force", path=dest) from None
        except (OSError, WriteFault) as exc:
            why = exc.why if isinstance(exc, WriteFault) else cause(exc, dest)
            raise RuleError("path", "nothing_written", path=dest, why=why) from None
        finally:
            from ..store.sqlite.files import remove_files

            remove_files(tmp)
        return dest

    def restore(self, source: Path, force: bool = False) -> Path | None:
        """Replace this database with a backup after checking it as `check` does, on a
        Tally schema. The current ledger is kept beside it first, under a new name, taken
        while holding the write lock that the replacement is made under: a write another
        program commits meanwhile is either in the kept copy or refused, never lost.
        Returns where the old database was kept (None if it held no data)."""
        if not source.is_file():
            raise RuleError("path", "not_a_file", path=source)
        with tempfile.TemporaryDirectory() as tmpdir:
            trial = Path(tmpdir) / "restore.sqlite3"
            _check_backup(source, trial)
            kept = self.store.db.replace_with(trial, force, beside=source)
        return kept

    # ---- import ----------------------------------------------------------------------------

    def import_jsonl(self, path: Path, table_id: int, author: str | None = None) -> list[int]:
        """One deal per line (calc contract objects); all the file or nothing."""
        from ..io.reading import read_file
        from .calc import read_json_object

        objs: list[dict[str, Any]] = []
        lines: list[int] = []
        # read at once (capped while reading), cut where iterating the file would
        # (universal newlines)
        text = read_file(path, "file").replace("\r\n", "\n").replace("\r", "\n")
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            try:
                objs.append(read_json_object(line))
            except RuleError as exc:
                raise RuleError(f"line {number}", exc.code, **exc.values) from None
            lines.append(number)
        if not objs:
            raise RuleError("file", "no_deals_in", path=path)
        return self.deals.import_tables([(table_id, objs)], author, line_numbers=[lines])[0]


def _check_backup(source: Path, trial: Path) -> None:
    """Copy `source` to `trial`, upgrade it and check it; refuse (RuleError) what is not a
    whole Tally ledger: an empty file, a file that is not SQLite, a SQLite file of another
    program (or one with tables of another beside Tally's), a newer schema, damage, stored
    transfers that differ from the rules."""
    from ..store.sqlite import files as backup_files  # a backup is a SQLite file
    from ..store.sqlite.db import SqliteDatabase
    from .integrity import Integrity

    if source.stat().st_size == 0:
        raise RuleError("path", "backup_empty", path=source)
    try:
        unread = backup_files.trial_copy(source, trial)  # the source is never opened
    except OSError as exc:
        raise RuleError("path", "cannot_read_why", path=source, why=cause(exc, source)) from None
    if unread == "not_sqlite":
        raise RuleError("path", "not_sqlite", path=source)
    if unread is not None:  # a SQLite file that cannot be read: cut short, broken
        raise RuleError("path", "damaged", path=source, why=unread)
    db = SqliteDatabase(trial)
    try:
        if current_revision(db) is None:
            raise RuleError("path", "no_revision", path=source)
        migrate(db)
        problem = schema_problem(db)
        if problem:
            raise RuleError("path", "not_backup_why", path=source, why=problem)
        damage, broken = backup_files.damage(db)
        if damage != "ok" or broken:
            if damage != "ok" or broken is None:
                raise RuleError("path", "damaged", path=source, why=damage)
            raise RuleError("path", "damaged_row", path=source, table=broken[0], parent=broken[2])
        problems = Integrity(Store(db)).check()
        if problems:
            from ..text.problems import problem_text

            why = problem_text(problems[0])
            raise RuleError("path", "fails_check", path=source, why=why)
    except RuleError as exc:  # name the file the user gave, not the trial copy
        values = {k: str(v).replace(str(trial), str(source)) for k, v in exc.values.items()}
        if exc.code.startswith("db_"):  # SQLite's own fault with the file: not Tally's
            fault = RuleError(exc.field, exc.code, **values)
            raise RuleError("path", "not_tally_db", path=source, why=fault) from None
        raise RuleError("path", exc.code, **values) from None
    finally:
        db.dispose()


def _link_new(tmp: Path, dest: Path) -> None:
    """Put `tmp` at `dest` only if nothing is there (FileExistsError otherwise)."""
    try:
        os.link(tmp, dest)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links (FAT on a USB stick)
        if dest.exists():
            raise FileExistsError(dest) from None
        tmp.replace(dest)


def void_summary(reason: str) -> str:
    """A void deal's summary with its reason, as the table screen says it ("void misdeal")."""
    return t("table.void", reason=reason).strip()


def summary_of(game: str, outcome: str | None, extra: str | None, kind: str, stored: str,
               seats: list[str]) -> str:
    """A deal's summary in the language in use, from its stored facts (JSON text)."""
    import json

    return render(game, json.loads(outcome) if outcome else None, json.loads(extra or "{}"),
                  stored, kind, seats)


def _chain_rows(heads: list[tuple[int, int, str, int, str | None]], dates: dict[Any, str]
                ) -> list[list[Any]]:
    """The chain file's rows: each table's head beside its night's (`chain.night_head`)."""
    by_night: dict[int, list[tuple[int, str]]] = {}
    for nid, number, _, _, head in heads:
        by_night.setdefault(nid, []).append((number, head or ""))
    tops = {nid: night_head(h) if any(x for _, x in h) else "" for nid, h in by_night.items()}
    return [[nid, dates.get(nid, ""), tops[nid], number, game, n, head or ""]
            for nid, number, game, n, head in heads]


def _revision_rows(links: Iterator[tuple[int, int, chain_rows.Link]], dates: dict[Any, str]
                   ) -> Iterator[list[Any]]:
    """The revisions file's rows: each revision's content beside its stored hash."""
    for nid, number, link in links:
        c = link.content
        yield [nid, dates.get(nid, ""), number, c.deal, c.seq, c.kind, link.hash or "",
               content_text(c)]
