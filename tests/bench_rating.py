"""Ratings over a federation: a benchmark, not a timed test.

    python -m tests.bench_rating                          # 2 venues × 120 nights, SQLite
    python -m tests.bench_rating --venues 4 --nights 260 --pg   # on a private PostgreSQL
    python -m tests.bench_rating --url postgresql://… --deals 12  # the full federation

`--url` measures a federation loaded before by `tests.bench_rating_federation` (100 venues
× a decade by COPY: see there what it writes and skips): its newest 11 nights imported
through the service first (once), the kept ratings forgotten, then the figures below but
the calibration and `tally check` (the bulk rows have no hash chain and no per-night sums).
Beside each re-rating's wall time, the CPU it took here (with the second core's process)
and in the server's backends: a shared machine stretches the first, not the second.

The nights are generated as `tests/decade.py` makes a decade (four tables a night, every game
family, ~2% of deals corrected or voided; `--deals` a table, fewer than the decade's 30 to
keep the load short: a rating reads each table's nets, not its deals), every venue under its
own roster, imported through the service's bulk path (`Tally.import_tables`). Then:

- the ratings from scratch (`refresh_ratings` on an empty cache), nights re-rated;
- `tally rating` read back: in process (median of 5) and as a whole process (median of 3);
- one new night played, then re-rated (the nights re-rated printed: 1);
- a deal ten nights back voided, then re-rated (printed: that night and the ten after);
- openskill's own answer for 100 random tables beside Tally's: each table's ratings before
  (the cache's, after each player's previous night: a player sits at one table a night) put
  through the library directly, with the teams and ranks worked out here from the nets;
  they must be identical (exit 1 if not);
- calibration: over every table, each two players (or teams) who finished apart and were
  both rated before it, how often the higher rating (ordinal) finished ahead; the decade's
  generator draws every deal without any skill (near 50% is the right answer there), so
  the same figure follows for a synthetic league whose players have a hidden skill.

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__test__ = False


def load(service: Any, venues: int, nights: int, deals: int, seed: int = 1,
         on: str | None = None, roster: bool = True) -> int:
    """The venues' nights into `service` (dated `on` instead, with `roster` False: the
    players there already); the deals imported."""
    from ledger.domain.rules import RuleError
    from tests.decade import members, nights_plan

    done = 0
    for v in range(1, venues + 1):
        rng = random.Random(seed + v)
        names = {m: f"{m} · V{v:03d}" for m in members()}
        if roster:
            service.add_players(list(names.values()))
        for day, venue, tables in nights_plan(rng, nights, list(names), deals):
            nid = service.new_night(on or day, f"{venue} V{v:03d}")
            batch = [(service.new_table(nid, t.game, [names[s] for s in t.seats], t.preset,
                                        t.overrides), rename(t.lines, names)) for t in tables]
            try:
                done += sum(len(ids) for ids in service.import_tables(batch))
            except RuleError:
                pass  # a generated deal today's rules refuse: the night stays empty
    return done


def rename(obj: Any, names: dict[str, str]) -> Any:
    if isinstance(obj, str):
        return names.get(obj, obj)
    if isinstance(obj, list):
        return [rename(x, names) for x in obj]
    if isinstance(obj, dict):
        return {names.get(k, k): rename(x, names) for k, x in obj.items()}
    return obj


def timed(call: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = call()
    return time.perf_counter() - t0, out


def cpu_s(service: Any) -> tuple[float, float]:
    """CPU seconds so far: this process with its ended children, and (on PostgreSQL, the
    server on this machine) the client backends serving this database (not counted: a
    parallel worker of theirs). A machine shared by others stretches the wall time, not
    these."""
    import os
    import resource

    me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                 resource.RUSAGE_CHILDREN))
    own = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    if "postgres" not in type(service.db).__module__:
        return own, 0.0
    with service._read() as s:
        pids = [p for p, in s.execute("SELECT pid FROM pg_stat_activity WHERE datname = "
                                      "current_database() AND backend_type = 'client backend'")]
    tick = os.sysconf("SC_CLK_TCK")
    server = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        server += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return own, server


def with_cpu(service: Any, call: Any) -> tuple[float, Any, str]:
    """`timed`, and the CPU it took (`cpu_s`) as a note."""
    own0, server0 = cpu_s(service)
    wall, out = timed(call)
    own1, server1 = cpu_s(service)
    return wall, out, f"CPU {own1 - own0:.1f} s here + {server1 - server0:.1f} s server"


def teams_ranks(game: str, seats: tuple[int, ...], nets: tuple[int, ...]
                ) -> tuple[list[list[int]], list[int]]:
    """Worked out here, apart from Tally's `match`: partners opposite at four-hand."""
    if game == "sixty-six-four":
        teams, score = [[seats[0], seats[2]], [seats[1], seats[3]]], [nets[0] + nets[2],
                                                                      nets[1] + nets[3]]
    else:
        teams, score = [[p] for p in seats], list(nets)
    return teams, [sorted(score, reverse=True).index(x) + 1 for x in score]


def library_check(service: Any, rng: random.Random, n: int = 100) -> tuple[int, int]:
    """(tables compared, tables identical) of openskill itself against the cache."""
    from openskill.models import PlackettLuce

    from ledger.store import rating_rows

    with service._read() as s:
        tables = [t for t in rating_rows.table_results(session=s) if any(t.nets)]
        kept = rating_rows.kept(session=s)
        marks = rating_rows.marks(session=s)
    order = {nid: i for i, nid in enumerate(sorted(marks, key=lambda k: (marks[k][0], k)))}
    history: dict[int, list[Any]] = {}
    for r in sorted((r for r in kept if r.game == ""), key=lambda r: order[r.night_id]):
        history.setdefault(r.player_id, []).append(r)
    model = PlackettLuce()
    same = 0
    picked = rng.sample(tables, min(n, len(tables)))
    for t in picked:
        def before(p: int, night: int = t.night_id) -> Any:
            rows = [r for r in history[p] if order[r.night_id] < order[night]]
            return model.rating(mu=rows[-1].mu, sigma=rows[-1].sigma) if rows else \
                model.rating()
        teams, ranks = teams_ranks(t.game, t.seats, t.nets)
        rated = model.rate([[before(p) for p in team] for team in teams], ranks=ranks)
        after = {r.player_id: (r.mu, r.sigma) for p in t.seats for r in history[p]
                 if r.night_id == t.night_id}
        same += all((o.mu, o.sigma) == after[p] for team, out in zip(teams, rated, strict=True)
                    for p, o in zip(team, out, strict=True))
    return len(picked), same


def calibration(service: Any) -> tuple[int, int]:
    """(pairs that finished apart, both rated before; pairs the higher ordinal won), over
    the ledger's nights and its kept ratings."""
    from ledger.domain.rating import Rating
    from ledger.service.rating import night_inputs
    from ledger.store import rating_rows

    with service._read() as s:
        nights = night_inputs(rating_rows.table_results(session=s))
        kept = rating_rows.kept(session=s)
    after = {(r.night_id, r.player_id): Rating(r.mu, r.sigma, r.games) for r in kept
             if r.game == ""}
    return calibrate(nights, after)


def calibrate(nights: Any, after: dict[tuple[int, int], Any]) -> tuple[int, int]:
    """Each table's sides that finished apart, all rated before the night: how often the
    higher summed ordinal finished ahead."""
    from ledger.domain.rating import match, ordinal

    now: dict[int, Any] = {}
    pairs = won = 0
    for night in nights:
        for t in night.tables:
            teams, ranks = match(t)
            for i in range(len(teams)):
                for j in range(i + 1, len(teams)):
                    if ranks[i] == ranks[j] or not all(p in now for p in teams[i] + teams[j]):
                        continue
                    a = sum(ordinal(now[p]) for p in teams[i])
                    b = sum(ordinal(now[p]) for p in teams[j])
                    if a == b:
                        continue
                    pairs += 1
                    won += (a > b) == (ranks[i] < ranks[j])
        for t in night.tables:
            for p in t.seats:
                now[p] = after[(night.night_id, p)]
    return pairs, won


def hidden_skills(nights: int, rng: random.Random) -> tuple[int, int]:
    """`calibrate` on a synthetic league whose players have a hidden skill (each table's
    places by skill plus as much luck): what the model finds where there is skill to find
    (the generated decade's deals are drawn without any)."""
    from ledger.domain.rating import ACROSS, NightInput, RatingOptions, TableResult, rate_all

    skill = {p: rng.gauss(0, 1) for p in range(1, 61)}
    made = []
    for n in range(1, nights + 1):
        pool = rng.sample(list(skill), 20)
        tables = []
        for k in range(4):
            seats = tuple(pool[5 * k:5 * k + 5])
            luck = {p: skill[p] + rng.gauss(0, 1) for p in seats}
            order = sorted(seats, key=lambda p: -luck[p])
            nets = dict(zip(order, (40, 10, 0, -20, -30), strict=True))
            tables.append(TableResult(10 * n + k, "crazy-solo", seats,
                                      tuple(nets[p] for p in seats)))
        made.append(NightInput(n, f"n{n:05d}", tuple(tables)))
    rated = rate_all(made, RatingOptions())
    after = {(night.night_id, p): r for night, changed in zip(made, rated, strict=True)
             for (g, p), r in changed.items() if g == ACROSS}
    return calibrate(made, after)


LATE = 11  # the federation's newest nights, imported through the service (`--url`)


def late_nights(service: Any, deals: int) -> int:
    """LATE nights after the federation's last, one a week, imported through the service
    (the correction ten nights back is made on one of them: their revisions' hash chain
    and checkpoints are the service's own); the deals imported."""
    return sum(load(service, 1, 1, deals, seed=200 + k, on=f"2098-{1 + k // 4:02d}-"
                    f"{1 + 7 * (k % 4):02d}", roster=False) for k in range(LATE))


def forget_ratings(service: Any) -> None:
    with service._write() as s:
        for table in ("rating_night", "rating_mark", "rating_watermark"):
            s.execute(f"DELETE FROM {table}")


def peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--venues", type=int, default=2)
    parser.add_argument("--nights", type=int, default=120)
    parser.add_argument("--deals", type=int, default=6, help="deals a table")
    parser.add_argument("--pg", action="store_true", help="on a private PostgreSQL cluster")
    parser.add_argument("--url", help="a federation loaded before "
                                      "(tests.bench_rating_federation)")
    args = parser.parse_args(argv)
    from ledger.service import Tally

    if args.url:
        service = Tally.open(args.url)
        with service._read() as s:
            n, t, d = (s.execute(f"SELECT count(*) FROM {x}").fetchone()[0]
                       for x in ("night", "game_table", "deal"))
        rows = [("engine", "PostgreSQL"),
                ("federation", f"{n:,} nights, {t:,} tables, {d:,} deals")]
        with service._read() as s:
            done = s.execute("SELECT count(*) FROM night WHERE date >= '2098'").fetchone()[0]
        late = 0 if done else late_nights(service, args.deals)  # not again on a second run
        rows.append(("the newest, through the service", f"{LATE} nights, {late:,} deals"
                                                        if late else "imported before"))
        forget_ratings(service)
        return measure(service, args.url, rows, args.nights, args.deals, full=False)
    cluster = None
    if args.pg:
        from tests.pg_cluster import Cluster

        cluster = Cluster(durable=True)
        url: Any = cluster.new_database()
    else:
        url = Path(tempfile.mkdtemp(prefix="tally-rating-")) / "federation.sqlite3"
    try:
        service = Tally.open(url)
        load_s, deals = timed(lambda: load(service, args.venues, args.nights, args.deals))
        rows: list[tuple[str, str]] = [
            ("engine", "PostgreSQL" if args.pg else "SQLite"),
            ("loaded", f"{args.venues} venues × {args.nights} nights, {deals:,} deals "
                       f"in {load_s:.0f} s")]
        return measure(service, url, rows, args.nights, args.deals, full=True)
    finally:
        if cluster is not None:
            cluster.stop()


def measure(service: Any, url: Any, rows: list[tuple[str, str]], nights: int, deals: int, *,
            full: bool) -> int:
    """The figures; with `full` False (a bulk-loaded federation: no hash chain, no
    per-night sums) without the calibration and `tally check`."""
    from tests.bench import run

    scratch_s, rated, cpu = with_cpu(service, service.refresh_ratings)
    rows.append(("rated from scratch", f"{scratch_s:.2f} s, {len(rated):,} nights ({cpu}; "
                                       f"peak {peak_mb():,.0f} MB resident)"))
    reads = [timed(service.rating)[0] for _ in range(5)]
    rows.append(("rating read (in process, median of 5)", f"{statistics.median(reads):.3f} s"))
    # this worktree's Tally (`python -m` from the root), not an installed `tally`
    procs = [run([sys.executable, "-m", "ledger.cli.main", "--db", str(url), "rating"])
             for _ in range(3)]
    if any(p.code for p in procs):
        raise SystemExit(procs[0].stderr[-2000:])
    rows.append(("tally rating (a whole process, median of 3)",
                 f"{statistics.median(p.seconds for p in procs):.3f} s, "
                 f"{len(procs[0].stdout.splitlines()) - 2:,} players"))
    load(service, 1, 1, deals, seed=99, on="2099-01-07", roster=False)  # the newest
    one_s, again, cpu = with_cpu(service, service.refresh_ratings)
    rows.append(("one new night re-rated", f"{one_s:.2f} s, {len(again)} night(s) ({cpu})"))
    with service._read() as s:
        newest = [n for n, in s.execute("SELECT id FROM night ORDER BY date DESC, id DESC "
                                        "LIMIT 11")]
        back = newest[10]
        deal = s.execute(
            "SELECT d.id FROM deal d JOIN game_table t ON t.id = d.table_id JOIN transfer x "
            "ON x.revision_id = (SELECT max(id) FROM revision WHERE deal_id = d.id) "
            "WHERE t.night_id = :n AND t.game = 'crazy-solo' ORDER BY d.id LIMIT 1",
            {"n": back}).fetchone()[0]
    service.void_deal(deal, "benchmark: a correction ten nights back")
    fix_s, fixed, cpu = with_cpu(service, service.refresh_ratings)
    rows.append(("a correction ten nights back re-rated",
                 f"{fix_s:.2f} s, {len(fixed)} nights (from night {fixed[0]}, "
                 f"the 11th newest; {cpu})"))
    compared, same = library_check(service, random.Random(7))
    rows.append(("openskill itself, 100 random tables", f"{same} of {compared} identical"))
    problems: list[Any] = []
    if full:
        pairs, won = calibration(service)
        rows.append(("calibration: the higher-rated finished ahead",
                     f"{won / pairs:.1%} of {pairs:,} pairs (the generator plays no skill)"))
        pairs, won = hidden_skills(nights, random.Random(11))
        rows.append(("the same, a league with hidden skills",
                     f"{won / pairs:.1%} of {pairs:,} pairs ({nights} nights)"))
        check_s, problems = timed(service.check)
        rows.append(("tally check (incl. the rating cache)",
                     f"{check_s:.1f} s, {len(problems)} problems"))
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    service.db.dispose()
    return 0 if same == compared and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
