"""The CLI as the attack tests run it: `tally --db DB …` in-process (its exit code and
output), and the club a test starts from."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.main import app

from .room import SEATS

runner = CliRunner()


def run(db: Path, *args: str, stdin: str | None = None) -> tuple[int, str]:
    done = runner.invoke(app, ["--db", str(db), *args], input=stdin)
    return done.exit_code, done.output


def club(db: Path, *more: tuple[str, ...]) -> Path:
    """`db` with the room's five members, a night on 2026-12-01 and a Crazy Solo table of
    them (table 1), then the commands `more`; each must succeed."""
    for args in (("player", "add", *SEATS), ("night", "new", "--date", "2026-12-01"),
                 ("table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
                  ",".join(SEATS)), *more):
        code, out = run(db, *args)
        assert code == 0, out
    return db
