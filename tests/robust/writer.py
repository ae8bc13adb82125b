"""One user adding deals with `tally round add`, as a process of its own.

    python -m tests.robust.writer DB TABLE COUNT [SEED]

Each deal goes through the real command (`ledger.cli.main.app`, run in-process so that a
writer spends its time writing rather than starting Python). A refusal or crash is printed
to stderr the way the command prints it, and the exit status is the number of failures, so
the two-writers test and the bench see any error a user would have seen.
"""

from __future__ import annotations

import json
import random
import sys

__test__ = False


def solo_deal(rng: random.Random, seats: list[str]) -> dict[str, object]:
    """A Crazy Solo deal that is valid in any state of the table."""
    caller, partner = rng.sample(seats, 2)
    return {"contract": "solo", "caller": caller, "partner": partner,
            "trump": rng.choice(["clubs", "spades", "diamonds"]),
            "team_points": rng.randint(0, 120)}


def main(argv: list[str]) -> int:
    from typer.testing import CliRunner

    from ledger.cli.main import app

    db, table, count = argv[0], argv[1], int(argv[2])
    rng = random.Random(int(argv[3]) if len(argv) > 3 else 0)
    runner = CliRunner()
    shown = runner.invoke(app, ["--db", db, "table", "show", table, "--json"])
    seats = json.loads(shown.stdout)["seats"]
    failures = 0
    for _ in range(count):
        r = runner.invoke(app, ["--db", db, "round", "add", "--table", table],
                          input=json.dumps(solo_deal(rng, seats)))
        if r.exit_code != 0 or r.stderr:
            failures += 1
            sys.stderr.write(f"exit {r.exit_code}: {r.stderr.strip()} {r.exception!r}\n")
    return failures


if __name__ == "__main__":
    sys.exit(min(main(sys.argv[1:]), 100))
