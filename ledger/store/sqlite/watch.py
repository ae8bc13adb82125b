"""Has anyone written to the database since we last looked? (`PRAGMA data_version`)

SQLite changes a connection's `data_version` whenever another connection, in this process
or any other, commits to the file; asking costs a few microseconds and no disk read. The
app's screens and the club-room board poll it to show deals saved on other devices
without reading the ledger again when nothing changed.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path


class DataVersion:
    """A watch on one SQLite file, on a connection of its own (which never writes: its
    own commits would not count). A look (in a worker) and `close` (the app stopping) may
    come from two threads at once: one at a time (closing a sqlite3 connection while another
    thread runs a statement on it can crash the process)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None
        self._seen: int | None = None
        self._lock = threading.Lock()

    def version(self) -> int:
        with self._lock:
            if self._conn is None:
                self._conn = sqlite3.connect(self.path, isolation_level=None,
                                             check_same_thread=False)
            return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def changed(self) -> bool:
        """True if a commit landed since the last call (the first call only looks)."""
        now = self.version()
        seen, self._seen = self._seen, now
        return seen is not None and now != seen

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
