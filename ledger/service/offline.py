"""A room that keeps playing when the league's server is away: `tally serve --db
postgresql://… --offline-file club.sqlite3` records every deal into the venue's file and
sends it to the league whenever the league can be reached (`Outbox.send`, run every few
seconds by the room), by `sync --to`: each revision exactly once, in the order it was made,
a run cut at any point carried on by the next.

Why record into the file always, rather than into the league until it goes away: a save
never has to be moved from one ledger to the other in the middle of a night (the moment of
the switch is where a deal would be doubled or lost), the file is the table's one recorder
(its nights' origin in the league, which refuses to write to them), and the room's pages
read one ledger whatever the network does. The league holds each deal within a few seconds
while it can be reached.

What is still to send is counted from a mark kept in the file (`ledger_setting`): the
newest revision when the last sync that went through began; everything after it (but the
re-settlements a correction makes) is a deal to send.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..domain.rules import RuleError
from ..store import sync_rows
from .store import Store
from .sync import Sync

MARK = "sent_revision"  # the ledger_setting key of the mark


@dataclass(frozen=True, slots=True)
class OutboxState:
    """`pending`: deals recorded here that the league may not hold yet; `away`: the last
    try could not reach it; `refused`: the last try was refused (the league said why)."""

    pending: int
    away: bool = False
    refused: RuleError | None = None

    @property
    def local(self) -> bool:
        """Recording locally with deals to send (what the board and the phones say)."""
        return self.away and self.pending > 0


class Outbox:
    def __init__(self, store: Store, league: str | Path) -> None:
        self.store = store
        self.league = league
        self.last = OutboxState(0)

    def pending(self) -> int:
        with self.store.read() as s:
            return sync_rows.unsent(s, MARK)

    def _mark(self) -> str | None:
        with self.store.read() as s:
            return sync_rows.setting(s, MARK)

    def send(self) -> OutboxState:
        """One try: push what the league lacks; the state after it."""
        with self.store.read() as s:
            top = sync_rows.newest_revision(s)
        try:
            Sync(self.store).sync_to(self.league)
        except RuleError as exc:
            away = exc.field == "database"  # the league's server cut off, not a refusal
            self.last = OutboxState(self.pending(), away=away, refused=None if away else exc)
            return self.last
        if top > int(self._mark() or 0):  # (no write when nothing new went: a quiet file)
            with self.store.write() as s:
                sync_rows.put_setting(s, MARK, str(top))
        left = self.pending()
        self.last = OutboxState(left)
        return self.last


class Offline:
    def __init__(self, store: Store) -> None:
        self.store = store

    def outbox(self, league: str | Path) -> Outbox:
        """What this ledger has to send to `league`, and the way to send it."""
        if not str(league).strip():
            raise RuleError("--db", "offline_league")
        return Outbox(self.store, league)
