"""A private, throwaway PostgreSQL cluster for the tests (Debian's PostgreSQL binaries).

One cluster per test process (each xdist worker its own), in a temporary folder, on a Unix
socket only (no TCP port to clash over), fsync off; a template database migrated to
Tally's head once, and a fresh database per test copied from it (`CREATE DATABASE …
TEMPLATE`, a few milliseconds). initdb refuses to run as root: then the cluster's folder
belongs to the `postgres` user and the binaries run as it (`runuser`). Stopped and deleted
when the session ends. Without the binaries the run stops with one line saying what to
install (`conftest.pytest_sessionstart`): never a silent skip.
"""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__test__ = False
PASSWORD_USER, PASSWORD = "venue", "right-one"

MISSING = ("error: PostgreSQL is missing: the tests run a throwaway cluster with its initdb "
           "and pg_ctl; install it (apt-get install -y postgresql)")


def bin_dir() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian's layout), or initdb on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name) if
                   Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class Cluster:
    def __init__(self, durable: bool = False) -> None:
        """`durable`: fsync and full page writes on, as a league's server runs (the
        benchmark; commits not waited for on disk, as SQLite's WAL with synchronous=NORMAL);
        else off (the tests: a throwaway cluster)."""
        self.bin = bin_dir()
        assert self.bin is not None, MISSING
        self.root = Path(tempfile.mkdtemp(prefix="tally-pg-"))
        self.data = self.root / "data"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres")
        self._names = itertools.count(1)
        self.port = 5432
        self.stopped = False
        atexit.register(self.stop)  # a worker that ends before its session's teardown
        self._run("initdb", "-D", str(self.data), "-U", "tally", "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        hba = self.data / "pg_hba.conf"  # one user who must give a password (tests/test_faults)
        hba.write_text(f"local all {PASSWORD_USER} scram-sha-256\n" + hba.read_text())
        self._options = (f"-k {self.root} -p {self.port} -c listen_addresses='' "
                         + ("-c synchronous_commit=off " if durable else "-c fsync=off "
                            "-c synchronous_commit=off -c full_page_writes=off ")
                         + "-c max_connections=400")
        self.start_server()
        self.admin("CREATE DATABASE tally_template")
        self.admin(f"CREATE ROLE {PASSWORD_USER} LOGIN SUPERUSER PASSWORD '{PASSWORD}'")
        from ledger.service import Tally

        service = Tally.open(self.url("tally_template"))
        service.db.dispose()

    def start_server(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o",
                  self._options, "start")

    def stop_server(self) -> None:
        """The server stopped, every session ended at once (`start_server` brings it back:
        tests of a connection lost mid-save). A fast stop, not an immediate one: this
        cluster does not wait for its commits on disk, so a crash would lose them."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def _run(self, tool: str, *args: str) -> None:
        argv = [str(self.bin / tool), *args]
        if self.as_root:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.root)

    def url(self, name: str, user: str = "tally") -> str:
        return f"postgresql://{user}@/{name}?host={self.root}&port={self.port}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(sql)

    def new_database(self, migrated: bool = True) -> str:
        """A new database (a copy of the migrated template, or empty); its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self.admin(f"CREATE DATABASE {name}" + (" TEMPLATE tally_template" if migrated
                                                  else " TEMPLATE template0"))
        return self.url(name)

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
