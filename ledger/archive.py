"""Exports, backup, restore and import (mixed into `Tally`)."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import exports, money
from .rules import RuleError
from .rules.errors import show
from .store import export_rows, repo
from .store.db import Connection, Database

if TYPE_CHECKING:
    from .night_end import NightSettlement
    from .views import StandingRow


class ArchiveMixin:
    db: Database
    _read: Callable[[], AbstractContextManager[Connection]]
    standings: Callable[..., list[StandingRow]]
    _standings_of: Callable[..., list[StandingRow]]
    settlement: Callable[..., NightSettlement]
    all_settlements: Callable[..., dict[int, NightSettlement]]
    add_deals: Callable[..., list[int]]

    # ---- exports ------------------------------------------------------------------------

    def export(self, out: Path, night_id: int | None = None, fmt: str = "csv",
               rate: str | None = None, currency: str | None = None) -> list[Path]:
        """Write standings, deals, transfers and settlement files; returns their paths."""
        if fmt not in ("csv", "json"):
            raise RuleError("format", f"{show(fmt)} is not csv or json")
        with self._read() as s:
            if night_id is not None:
                n = repo.night_row(session=s, night_id=night_id)
                if n is None:
                    raise RuleError("night", f"{night_id} does not exist")
                nights = [n]
                tag = f"{n.date}-night{night_id}"
            else:
                nights = list(reversed(repo.nights(session=s)))
                tag = f"all-{nights[-1].date}" if nights else "all"
            tables = repo.tables(session=s, night_id=night_id)
            per_table = repo.nets_by_table(session=s, night_id=night_id)
            names = repo.player_names(session=s)
            ranked = self._standings_of(s, per_table, night_id=night_id)
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
        for (pid, tid), v in per_table.items():
            cell = by_player.setdefault(names[pid], {})
            cell[columns[tid]] = cell.get(columns[tid], 0) + v
        standing_rows = [
            [r.rank, r.player, r.net,
             money.to_money(r.net, the_rate, code) if the_rate else None, r.deals,
             *[by_player.get(r.player, {}).get(h, "") for h in heads]]
            for r in ranked]
        settlements = (self.all_settlements(rate, currency, nets=per_table) if night_id is None else
                       {night_id: self.settlement(night_id, rate=rate, currency=currency)})
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
                 "void": "void"}
        standings_file = exports.write(out, f"standings-{tag}", [*exports.STANDINGS, *heads],
                                       standing_rows, fmt)
        settlement_file = exports.write(out, f"settlement-{tag}", exports.SETTLEMENT,
                                        settle_rows, fmt)
        with self._read() as s:  # the big two stream from the database to their files
            moves = export_rows.moves_by_revision(session=s, night_id=night_id)
            deals_file = exports.write(out, f"deals-{tag}", exports.DEALS, export_rows.deal_rows(
                session=s, night_id=night_id, moves=moves, kinds=kinds), fmt, exports.DEALS_TEXT)
            transfers_file = exports.write(out, f"transfers-{tag}", exports.TRANSFERS,
                                           export_rows.transfer_rows(session=s, night_id=night_id,
                                                                     moves=moves), fmt,
                                           exports.TRANSFERS_TEXT)
        return [standings_file, deals_file, transfers_file, settlement_file]

    # ---- backup / restore -------------------------------------------------------------------

    def db_file(self) -> Path:
        return self.db.path

    def backup(self, dest: Path, force: bool = False) -> Path:
        """SQLite's online backup: a consistent copy even while the app is open."""
        if dest.exists() and not force:
            raise RuleError("path", f"{dest} exists; use --force to overwrite it")
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".part")
        _copy_db(self.db_file(), tmp)
        tmp.replace(dest)
        return dest

    def restore(self, source: Path, force: bool = False) -> Path | None:
        """Replace this database with a backup after checking it; the current file is kept
        beside it first. Returns where the old database was kept (None if it was empty)."""
        from .service import Tally

        if not source.is_file():
            raise RuleError("path", f"{source} is not a file")
        target = self.db_file()
        with tempfile.TemporaryDirectory() as tmpdir:
            trial = Path(tmpdir) / "restore.sqlite3"
            try:
                _copy_db(source, trial)
                checked = Tally.open(trial)
                problems = checked.check()
                checked.db.dispose()
            except RuleError:
                raise
            except Exception as exc:  # any damage: sqlite3, SQLAlchemy (migrating) or Alembic
                raise RuleError("path", f"{source} is not a Tally database "
                                f"({type(exc).__name__})") from None
            if problems:
                raise RuleError("path", f"{source} fails check: {problems[0]}")
            # any deal has seated players, so an empty roster and no night mean no data
            has_data = bool(self.players()) or bool(self.nights())  # type: ignore[attr-defined]
            if has_data and not force:
                raise RuleError("database", f"{target} holds data; use --force to replace it "
                                "(it is kept beside it first)")
            kept = None
            if has_data:
                stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
                kept = target.with_name(f"{target.stem}.before-restore-{stamp}{target.suffix}")
                _copy_db(target, kept)
            self.db.dispose()
            _copy_db(trial, target, fresh=False)
        return kept

    # ---- import ----------------------------------------------------------------------------

    def import_jsonl(self, path: Path, table_id: int, author: str | None = None) -> list[int]:
        """One deal per line (calc contract objects); all the file or nothing."""
        from .calc import read_json_object
        from .reading import read_file

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
                raise RuleError(f"line {number}", exc.message) from None
            lines.append(number)
        if not objs:
            raise RuleError("file", f"{path} holds no deals")
        return self.add_deals(table_id, objs, author, line_numbers=lines)


def _copy_db(source: Path, dest: Path, *, fresh: bool = True) -> None:
    """Copy a SQLite database with the online backup API (safe while it is in use).

    `fresh`: start `dest` from nothing; otherwise its content is replaced in place, under
    SQLite's locks, so another connection never sees half a database."""
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            extra = dest.with_name(dest.name + suffix)
            if extra.exists():
                extra.unlink()
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(dest)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()

