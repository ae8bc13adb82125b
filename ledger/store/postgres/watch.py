"""Has anyone written to the database since we last looked? (`LISTEN tally`)

Every write transaction ends with `NOTIFY tally` (`db.PostgresDatabase.commit`), which
the server delivers at commit to every connection listening, at any venue. A `Listen` holds
one such connection; asking it costs no query: the notifications already received are read
off its socket without waiting. The app's screens and the room's board poll it as they
poll SQLite's `data_version`.
"""

from __future__ import annotations

from typing import Any

import psycopg

from ...domain.rules.errors import RuleError

CHANNEL = "tally"  # every write transaction ends with NOTIFY on it (db.py)


class Listen:
    def __init__(self, db: Any) -> None:
        self.db = db
        self._conn: psycopg.Connection | None = None
        self._missed = False  # the connection was lost: its first look again is a change

    def _connection(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed:
            self._conn = self.db.connect()
            self._conn.execute(f"LISTEN {CHANNEL}")
        return self._conn

    def changed(self) -> bool:
        """True if a commit was announced since the last call (the first call only looks).
        A connection lost is made again at the next look (the server may be out of reach
        for a while: every look says no change meanwhile, never an error), and once made
        again counts as a change (what was missed is read again)."""
        fresh = self._conn is None or self._conn.closed
        try:
            conn = self._connection()
            seen = sum(1 for _ in conn.notifies(timeout=0))
        except (psycopg.Error, RuleError):  # lost, or not to be made again yet
            self.close()
            self._missed = True
            return False
        if self._missed:
            self._missed = False
            return True
        return not fresh and seen > 0

    @property
    def reachable(self) -> bool:
        """False from a look that could not reach the server until one that did."""
        return not self._missed

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
