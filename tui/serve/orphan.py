"""A tab's app ends when its server does. The server ends an app through its socket
(textual-serve sends "quit"); a server killed outright (kill -9, a crash, the laptop's
lid) says nothing, and its apps lived on (three of them 151 s later). So each app watches
the server's process and ends itself once it is gone; a write of the ledger in flight is
a transaction, committed whole or not at all."""

from __future__ import annotations

import os
import threading
import time

EVERY = 1.0  # seconds between two looks at the server


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, though another user's: the pid was reused
        return False
    return True


def end_with(server_pid: int, every: float = EVERY) -> threading.Thread:
    """Watch `server_pid` in a daemon thread; end this process when it is gone (or when
    this process was handed to another parent: its server is gone)."""
    parent = os.getppid()

    def watch() -> None:
        while alive(server_pid) and os.getppid() in (parent, server_pid):
            time.sleep(every)
        os._exit(0)  # no screen to draw to, nobody to ask: the app's work is committed

    thread = threading.Thread(target=watch, name="tally-orphan-watch", daemon=True)
    thread.start()
    return thread
