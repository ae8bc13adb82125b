"""The full federation for the rating benchmark, loaded in minutes instead of the
hour that 6 million deals through the service take on a shared machine.

    python -m tests.bench_rating_federation --url postgresql://… [--venues 100 --nights 520]
    python -m tests.bench_rating --url postgresql://…     # then measure the ratings there

100 venues, a decade of weekly nights each (each venue on its own weekday), ten tables a
night (Crazy Solo and Hachi-Hachi twice, six of the two-, three- and four-hand family), ~12
deals a table: ~52,000 nights, ~520,000 tables, ~6 million deals. Each venue has its own 60
members (`tests.decade.members`, named "<member> · V<venue>" as `bench_rating.load` names
them).

How it is honest. The deals are the generator's (`tests.decade.table_deals`), settled by
the service itself: a pool of template tables per (game, preset, seats) is imported through
`Tally.import_tables` into a scratch SQLite ledger whose players are the seats "P0" … "P5".
Each federation table takes one template of its game, preset and size, and its rows are the
template's rows with the seats re-seated: the player ids mapped by seat position, and the
seat names in the stored outcome, summary and extra replaced by the table's players (the
engines read names only as labels, so the service settles the renamed outcomes to the
renamed transfers). The players are added through the service; the rest goes in with
PostgreSQL COPY, a venue a transaction: `night`, `game_table` (the options as the service
froze them), `seat`, `deal`, `revision` (each deal's one "record") and `transfer`, with the
columns of the service's own bulk path (`ledger.store.bulk`): every field the ratings read
is what the service writes. The foreign keys' triggers are not run row by row
(`session_replication_role = replica`); every reference is counted afterwards instead
(`orphans`: none, or the load fails).

What it skips: the revision hash chain (`hash` is NULL: `tally check` and `verify` would
name every such table), the checkpoints (`deal_state`: a correction there would fold the
table first) and the per-night sums (`night_sum`, `player_night`: `check` would report them
missing); no night is closed and no deal corrected (`tests.bench_rating --url` imports the
newest nights through the service and makes its correction ten nights back on one of them).
The pool repeats: a template's nets come back at other tables with other players (each of
1,300 templates about 400 times across the federation); the ratings are made from every
table in order as for any league.

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any, NamedTuple

__test__ = False

TEMPLATES = 100  # per (game, preset, seats)
TABLES = 10  # a night
SEAT = re.compile(r"\bP([0-5])\b")
AT = "{date} 19:00:00.000000"


class Deal(NamedTuple):
    outcome: str | None
    summary: str
    extra: str
    transfers: tuple[tuple[int | None, int | None, int, str], ...]  # payer/payee: seat
    state: tuple[str, int, str]


class Template(NamedTuple):
    game: str
    preset: str
    options: str  # as the service froze them
    deals: tuple[Deal, ...]


def kinds_of_night(i: int) -> list[str]:
    from tests.decade import games

    available = games()
    solo = ["crazy-solo", "hachihachi-trick"]
    family = [g for g in available if g not in solo]
    return [*solo, *solo, *(family[(3 * i + k) % len(family)] for k in range(TABLES - 4))]


def templates(rng: random.Random, deals: int, per: int = TEMPLATES
              ) -> dict[tuple[str, str, int], list[Template]]:
    """The pool: `per` tables of each game, preset and seat count, imported through the
    service into a scratch ledger and read back as rows by seat position."""
    from ledger.service import Tally
    from tests.decade import LONG, PRESETS, SEATS, games, table_deals

    folder = Path(tempfile.mkdtemp(prefix="tally-templates-"))
    service = Tally.open(folder / "templates.sqlite3")
    seats_all = [f"P{k}" for k in range(6)]
    service.add_players(seats_all)
    night = service.new_night("2016-01-01", "templates")
    keys = [(g, p, n) for g in games() for p in PRESETS.get(g, ("default",))
            for n in range(SEATS[g][0], SEATS[g][1] + 1)]
    made: dict[int, tuple[str, int, str]] = {}
    for game, preset, n in keys:
        batch = []
        for _ in range(per):
            t = table_deals(rng, game, tuple(seats_all[:n]), max(1, int(rng.gauss(deals, 3))),
                            preset, LONG.get(game), fix_rate=0.0)
            tid = service.new_table(night, game, seats_all[:n], preset, t.overrides)
            batch.append((tid, t.lines))
            made[tid] = (game, n, preset)
        service.import_tables(batch)
    pool: dict[tuple[str, str, int], list[Template]] = {}
    with service._read() as s:
        options = dict(s.execute("SELECT id, options FROM game_table").fetchall())
        pos = {(t, p): k for t, k, p in s.execute(
            "SELECT table_id, position, player_id FROM seat").fetchall()}
        moves: dict[int, list[tuple[int | None, int | None, int, str]]] = {}
        for rid, tid, payer, payee, amount, why in s.execute(
                "SELECT x.revision_id, d.table_id, x.payer_id, x.payee_id, x.amount, x.reason "
                "FROM transfer x JOIN revision r ON r.id = x.revision_id "
                "JOIN deal d ON d.id = r.deal_id ORDER BY x.id").fetchall():
            moves.setdefault(rid, []).append((
                None if payer is None else pos[(tid, payer)],
                None if payee is None else pos[(tid, payee)], amount, why))
        rows: dict[int, list[Deal]] = {}
        for tid, rid, outcome, summary, extra, state, played, nets in s.execute(
                "SELECT d.table_id, r.id, r.outcome, r.summary, r.extra, ds.state, ds.played, "
                "ds.nets FROM deal d JOIN revision r ON r.deal_id = d.id "
                "JOIN deal_state ds ON ds.deal_id = d.id ORDER BY d.table_id, d.number"
                ).fetchall():
            rows.setdefault(tid, []).append(Deal(outcome, summary, extra,
                                                 tuple(moves.get(rid, ())),
                                                 (state, played, nets)))
    service.db.dispose()
    for tid, (game, n, preset) in made.items():
        pool.setdefault((game, preset, n), []).append(
            Template(game, preset, options[tid], tuple(rows.get(tid, ()))))
    return pool


def copy_text(x: str) -> str:
    """A text field as COPY's text format writes it."""
    return (x.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
            .replace("\r", "\\r"))


def split(text: str | None) -> list[Any] | None:
    """A template's text for COPY, cut at its seat names ("P0" …): literal, seat, literal …"""
    if text is None:
        return None
    bits: list[Any] = SEAT.split(copy_text(text))
    bits[1::2] = [int(k) for k in bits[1::2]]
    return bits


def filled(bits: list[Any] | None, names: list[str]) -> str:
    """The text with the table's players in their seats (`\\N`: NULL)."""
    if bits is None:
        return "\\N"
    if len(bits) == 1:
        return str(bits[0])
    out = list(bits)
    out[1::2] = [names[k] for k in bits[1::2]]
    return "".join(out)


class Cut(NamedTuple):
    """A template deal cut for COPY."""

    outcome: list[Any] | None
    summary: list[Any] | None
    extra: list[Any] | None
    transfers: tuple[tuple[int | None, int | None, int, str], ...]


def cut(pool: dict[tuple[str, str, int], list[Template]]
        ) -> dict[tuple[str, str, int], list[tuple[Template, tuple[Cut, ...]]]]:
    return {k: [(t, tuple(Cut(split(d.outcome), split(d.summary), split(d.extra),
                              tuple((a, b, n, copy_text(why)) for a, b, n, why in d.transfers))
                          for d in t.deals)) for t in ts] for k, ts in pool.items()}


class Ids:
    def __init__(self, start: dict[str, int]) -> None:
        self.next = dict(start)

    def take(self, table: str) -> int:
        self.next[table] += 1
        return self.next[table]


def venue_rows(rng: random.Random, v: int, nights: int, roster: dict[str, int],
               pool: dict[tuple[str, str, int], list[tuple[Template, tuple[Cut, ...]]]],
               ids: Ids) -> dict[str, list[str]]:
    """One venue's decade as COPY lines, table by table."""
    from tests.decade import SEATS

    out: dict[str, list[str]] = {k: [] for k in COLUMNS}
    presets: dict[tuple[str, int], list[str]] = {}
    for game, preset, n in pool:
        presets.setdefault((game, n), []).append(preset)
    names = list(roster)
    shown = {p: copy_text(p) for p in names}
    first = date(2016, 1, 4) + timedelta(days=v % 7)
    nl = "\\N"
    for i in range(nights):
        day = (first + timedelta(weeks=i)).isoformat()
        at = AT.format(date=day)
        nid = ids.take("night")
        out["night"].append(f"{nid}\t{day}\tClub V{v:03d}\t{at}\n")
        seated = rng.sample(names, len(names))
        for number, game in enumerate(kinds_of_night(i), start=1):
            n = rng.randint(*SEATS[game])
            players, seated = seated[:n], seated[n:]
            t, deals = rng.choice(pool[(game, rng.choice(presets[(game, n)]), n)])
            tid = ids.take("game_table")
            out["game_table"].append(f"{tid}\t{nid}\t{number}\t{game}\t{t.preset}\t"
                                     f"{copy_text(t.options)}\t{at}\n")
            pids = [str(roster[p]) for p in players]
            seen = [shown[p] for p in players]
            out["seat"] += [f"{tid}\t{k}\t{p}\n" for k, p in enumerate(pids)]
            for k, d in enumerate(deals, start=1):
                deal, rev = ids.take("deal"), ids.take("revision")
                out["deal"].append(f"{deal}\t{tid}\t{k}\t{at}\n")
                out["revision"].append(
                    f"{rev}\t{deal}\t1\trecord\t{filled(d.outcome, seen)}\t"
                    f"{filled(d.summary, seen)}\t{filled(d.extra, seen)}\t{at}\t{nl}\t{nl}\t"
                    f"{nl}\n")
                out["transfer"] += [f"{rev}\t{nl if a is None else pids[a]}\t"
                                    f"{nl if b is None else pids[b]}\t{amount}\t{why}\n"
                                    for a, b, amount, why in d.transfers]
    return out


COLUMNS = {
    "night": ["id", "date", "venue", "created_at"],
    "game_table": ["id", "night_id", "number", "game", "preset", "options", "created_at"],
    "seat": ["table_id", "position", "player_id"],
    "deal": ["id", "table_id", "number", "created_at"],
    "revision": ["id", "deal_id", "seq", "kind", "outcome", "summary", "extra", "created_at",
                 "author", "reason", "hash"],
    "transfer": ["revision_id", "payer_id", "payee_id", "amount", "reason"],
}


def load(service: Any, venues: int, nights: int, deals: int = 12, seed: int = 1,
         per: int = TEMPLATES) -> tuple[int, int, int]:
    """The federation into `service`'s (empty, PostgreSQL) ledger; (nights, tables,
    deals) written."""
    from ledger.store.bulk import DEAL, REVISION, TRANSFER
    from tests.decade import members

    assert (COLUMNS["deal"], COLUMNS["revision"], COLUMNS["transfer"]) == (
        DEAL, REVISION, TRANSFER)  # the service's own bulk path's columns
    rng = random.Random(seed)
    t0 = time.perf_counter()
    pool = cut(templates(rng, deals, per))
    print(f"templates: {sum(len(x) for x in pool.values()):,} tables in "
          f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    rosters = [{f"{m} · V{v:03d}": 0 for m in members()} for v in range(1, venues + 1)]
    service.add_players([p for r in rosters for p in r])
    with service._write() as s:
        pid = dict(s.execute("SELECT name, id FROM player").fetchall())
        start = {t: int(s.execute(f"SELECT coalesce(max(id), 0) FROM {t}").fetchone()[0])
                 for t in ("night", "game_table", "deal", "revision")}
    ids = Ids(start)
    counts = [0, 0, 0]
    for v, roster in enumerate(rosters, start=1):
        rows = venue_rows(random.Random(seed * 1000 + v), v, nights,
                          {p: pid[p] for p in roster}, pool, ids)
        with service._write() as s:
            # the rows refer to each other as the service's do (checked after the load,
            # `orphans`); the foreign keys' triggers, a row at a time, are not run
            s.execute("SET LOCAL session_replication_role = replica")
            for table, lines in rows.items():
                with s.conn.cursor().copy(
                        f'COPY "{table}" ({", ".join(COLUMNS[table])}) FROM STDIN') as copy:
                    copy.write("".join(lines))
        counts = [counts[0] + len(rows["night"]), counts[1] + len(rows["game_table"]),
                  counts[2] + len(rows["deal"])]
        if v % 10 == 0:
            print(f"venue {v}: {counts[2]:,} deals, {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr)
    with service._write() as s:
        service.db.reset_sequences(s)
        bad = orphans(s)
        assert not any(bad.values()), bad
    with service._write() as s:
        s.execute("ANALYZE")
    return counts[0], counts[1], counts[2]


ORPHANS = {  # what each row refers to, as the foreign keys say
    "seat → player": "SELECT count(*) FROM seat s LEFT JOIN player p ON p.id = s.player_id "
                     "WHERE p.id IS NULL",
    "seat → game_table": "SELECT count(*) FROM seat s LEFT JOIN game_table g ON "
                         "g.id = s.table_id WHERE g.id IS NULL",
    "game_table → night": "SELECT count(*) FROM game_table g LEFT JOIN night n ON "
                          "n.id = g.night_id WHERE n.id IS NULL",
    "deal → game_table": "SELECT count(*) FROM deal d LEFT JOIN game_table g ON "
                         "g.id = d.table_id WHERE g.id IS NULL",
    "revision → deal": "SELECT count(*) FROM revision r LEFT JOIN deal d ON d.id = r.deal_id "
                       "WHERE d.id IS NULL",
    "transfer → revision": "SELECT count(*) FROM transfer x LEFT JOIN revision r ON "
                           "r.id = x.revision_id WHERE r.id IS NULL",
    "transfer → player": "SELECT count(*) FROM transfer x LEFT JOIN player a ON "
                         "a.id = x.payer_id LEFT JOIN player b ON b.id = x.payee_id WHERE "
                         "(x.payer_id IS NOT NULL AND a.id IS NULL) OR "
                         "(x.payee_id IS NOT NULL AND b.id IS NULL)",
}


def orphans(s: Any) -> dict[str, int]:
    """Rows whose reference is missing, by foreign key (the load skips their triggers)."""
    return {k: int(s.execute(q).fetchone()[0]) for k, q in ORPHANS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="an empty PostgreSQL ledger")
    parser.add_argument("--venues", type=int, default=100)
    parser.add_argument("--nights", type=int, default=520)
    parser.add_argument("--deals", type=int, default=12, help="deals a table")
    parser.add_argument("--templates", type=int, default=TEMPLATES)
    args = parser.parse_args(argv)
    from ledger.service import Tally

    service = Tally.open(args.url)
    t0 = time.perf_counter()
    nights, tables, deals = load(service, args.venues, args.nights, args.deals,
                                 per=args.templates)
    print(f"loaded {nights:,} nights, {tables:,} tables, {deals:,} deals in "
          f"{time.perf_counter() - t0:.0f} s")
    service.db.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
