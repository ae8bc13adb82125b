"""A backup file as restore reads it: copied byte for byte first, never opened in place.

Opening a SQLite file in WAL mode makes (and, read-only, leaves) a `-shm` and a `-wal`
beside it, and cannot even start on a read-only medium, where the `-shm` cannot be made:
a backup on a write-protected stick was refused as "not a SQLite file", and a refused
restore left the two files beside its source. Restore copies the file (and its `-wal`,
if a live ledger was given) into its own temporary folder and opens only the copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite 3 database


def looks_like_sqlite(path: Path) -> bool:
    """Whether the file starts as a SQLite database does (so a failure to read it is
    damage, a file cut short say, not a file of another kind)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def copy_untouched(source: Path, folder: Path) -> Path:
    """Copy `source` (and its -wal, if there is one) into `folder`; the copy's path."""
    copy = folder / "source.sqlite3"
    shutil.copyfile(source, copy)
    wal = source.with_name(source.name + "-wal")
    if wal.is_file():
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    return copy
