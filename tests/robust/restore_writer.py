"""A user adding deals while restores run, as a process of its own.

    python -m tests.robust.restore_writer DB TABLE COUNT

Each deal goes through the real `tally round add --author dN`; the tag of every deal the
command acknowledged (exit 0) is printed, one a line, so the restore test can look for each
one in the kept copies and the restored ledger. A refusal is fine only if it is the one a
restore causes ("was replaced … nothing was written"); any other error is printed to stderr
and counted in the exit status.
"""

from __future__ import annotations

import json
import random
import sys

__test__ = False


def main(argv: list[str]) -> int:
    from typer.testing import CliRunner

    from ledger.cli.main import app
    from tests.robust.writer import solo_deal

    db, table, count = argv[0], argv[1], int(argv[2])
    rng = random.Random(0)
    seats = ["Ann", "Bea", "Chie", "Dan", "Eve"]
    runner = CliRunner()
    failures = 0
    for n in range(count):
        r = runner.invoke(app, ["--db", db, "round", "add", "--table", table, "--author",
                                f"d{n}"], input=json.dumps(solo_deal(rng, seats)))
        if r.exit_code == 0 and not r.stderr:
            print(f"d{n}", flush=True)
        elif not (r.exit_code == 2 and "nothing was written: reopen Tally" in r.stderr):
            failures += 1
            sys.stderr.write(f"exit {r.exit_code}: {r.stderr.strip()} {r.exception!r}\n")
    return failures


if __name__ == "__main__":
    sys.exit(min(main(sys.argv[1:]), 100))
