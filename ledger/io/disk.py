"""What a failed file operation means, said in a few words a user can act on.

The operating system's own text ("[Errno 28] No space left on device: '/mnt/x/…part'") names
a temporary file and an errno; a refusal names the file the user asked for and the cause:
a full disk, a read-only medium, a folder that may not be written, a file in the way.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

_CAUSES = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "it is on a read-only medium",
    errno.EACCES: "no permission to write there",
    errno.EPERM: "no permission to write there",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "it is a folder",
    errno.ENOENT: "its folder does not exist",
    errno.ENAMETOOLONG: "the name is too long",
}


def cause(exc: OSError, path: Path | None = None) -> str:
    """Why `exc` happened, in a few words (`the disk is full`)."""
    if exc.errno in (errno.EACCES, errno.EPERM) and path is not None and read_only_medium(path):
        return _CAUSES[errno.EROFS]
    if exc.errno in _CAUSES:
        return _CAUSES[exc.errno]
    return (exc.strerror or type(exc).__name__).lower()


def read_only_medium(path: Path) -> bool:
    """Whether the file system holding `path` (or its nearest existing folder) is mounted
    read-only: a permission error there is the medium's, not the folder's."""
    probe = Path(path).absolute()
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:
        return bool(os.statvfs(probe).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def writable_folder(path: Path) -> bool:
    """Whether new files can be made beside `path` (SQLite makes its -wal and -shm there).
    Root may write anywhere but on a read-only medium."""
    folder = Path(path).absolute().parent
    return os.access(folder, os.W_OK) and not read_only_medium(folder)


FULL_BELOW = 64 * 1024  # bytes free: less than a WAL's few pages and its -shm


def full(path: Path) -> bool:
    """Whether the file system holding `path` has (next to) no room left: SQLite reports
    a write that meets ENOSPC in its -wal or -shm as "disk I/O error", not as full."""
    probe = Path(path).absolute()
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:
        st = os.statvfs(probe)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < FULL_BELOW

