"""Tournament use cases: a tournament on a night, registration, each round's draw (stored,
shown, replaced only by a redraw before the round's first deal), the round clock, the
ranking and its export.

Each drawn table is a normal table of the night (`repo.add_table`), so every way of entering
deals, the board and `check` work on it unchanged; the ranking is read from those tables'
stored deals every time it is asked for, so a correction re-ranks by itself. A Swiss round's
draw keeps the ranking it paired (`basis`); when a correction changes the ranking after an
earlier round, `notices` says which later round was drawn on the old one.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..config import confirm, presets
from ..domain.rules import RuleError, game_named
from ..domain.rules.errors import Said, show
from ..domain.rules.names import clean_name
from ..store import removal, repo, tournament_rows
from ..store.db import Connection
from . import clock
from . import tournament_seeding as seeding
from .lookups import Newcomers, open_night, player_id
from .store import Store
from .tournament_views import (
    DrawView,
    TournamentView,
    _withdrawn,
    draws,
    figure,
    table_result,
    tournament_view,
)
from .verdicts import round_notices
from .views import Notice

if TYPE_CHECKING:
    from datetime import datetime

    from ..domain.tournament.draw import Draw
    from ..domain.tournament.ranking import Rules, Standing, TableResult

METHODS = ("random", "mix", "swiss", "schedule")
MAX_ROUNDS = 50
MAX_NAME = 60


def _rules(name: str) -> Rules:
    from ..config.tournament_points import tournament_points

    return tournament_points(name)


class Tournaments:
    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- a tournament -------------------------------------------------------------------

    def new(self, name: object, game: str, rounds: int, method: str,
            table_size: int | None = None, round_minutes: int | None = None,
            points: str | None = None, night: int | None = None, seed: str | None = None,
            schedule: Path | None = None) -> int:
        """A tournament on a night (the newest open one unless `night` says); its id."""
        from ..config.tournament_points import default_points, read_schedule

        if not isinstance(name, str) or not name.strip():
            raise RuleError("name", "not_name", value=show(name))
        clean = " ".join(name.split())
        if len(clean) > MAX_NAME:
            raise RuleError("name", "too_long", value=show(clean), n=MAX_NAME)
        engine = game_named(game, "--game")
        if method not in METHODS:
            raise RuleError("--draw", "tn_not_choice", value=show(method),
                            choices=", ".join(METHODS))
        if not 1 <= rounds <= MAX_ROUNDS:
            raise RuleError("--rounds", "tn_rounds", value=rounds, hi=MAX_ROUNDS)
        two = engine.min_seats == engine.max_seats == 2
        if method == "swiss" and not two:
            raise RuleError("--draw", "tn_swiss_two", game=engine.name)
        if table_size is None:
            if engine.min_seats != engine.max_seats:
                raise RuleError("--table-size", "tn_size_needed", game=engine.name,
                                lo=engine.min_seats, hi=engine.max_seats)
            table_size = engine.max_seats
        if not engine.min_seats <= table_size <= engine.max_seats or (
                method == "swiss" and table_size != 2):
            raise RuleError("--table-size", "tn_size_range", value=table_size, game=engine.name,
                            lo=engine.min_seats, hi=engine.max_seats)
        if method == "mix" and not 3 <= table_size <= 12:
            raise RuleError("--table-size", "tn_mix_size", value=table_size)
        if round_minutes is not None and not 1 <= round_minutes <= 600:
            raise RuleError("--round-minutes", "tn_minutes", value=round_minutes)
        points = points or default_points(engine.name)
        rules = _rules(points)
        presets.load(engine.name, rules.preset)  # the points file's preset is the game's
        plan = None
        if method == "schedule":
            if schedule is None:
                raise RuleError("--schedule", "tn_schedule_needed")
            rows = read_schedule(schedule)
            if len(rows) < rounds:
                raise RuleError("--schedule", "tn_schedule_few", path=schedule, n=len(rows),
                                rounds=rounds)
            plan = json.dumps(rows[:rounds])
        with self.store.write() as s:
            if tournament_rows.tournament_named(session=s, name=clean) is not None:
                raise RuleError("name", "tn_clash", value=show(clean))
            night_id = night if night is not None else _newest_open_night(s)
            open_night(s, night_id)
            return tournament_rows.add_tournament(
                session=s, name=clean, night_id=night_id, game=engine.name, rounds=rounds,
                method=method, table_size=table_size, round_minutes=round_minutes,
                points=points, seed=seed or secrets.token_hex(8), schedule=plan,
                now=clock.now())

    def one(self, name: object) -> TournamentView:
        with self.store.read() as s:
            return _tournament(s, name)

    def all(self) -> list[TournamentView]:
        with self.store.read() as s:
            return [tournament_view(s, r) for r in tournament_rows.tournaments(session=s)]

    # ---- registration -------------------------------------------------------------------

    def register(self, name: object, players: Sequence[object]) -> list[tuple[str, int, int]]:
        """Register players (roster members, or new names added to the roster); each plays
        from the next round to be drawn. Returns (player, start number, first round)."""
        cleaned = [clean_name(p, "player") for p in players]
        if not cleaned:
            raise RuleError("player", "tn_no_player")
        with self.store.write() as s:
            t = _tournament(s, name)
            first = t.drawn + 1
            if first > t.rounds:
                raise RuleError("player", "tn_all_drawn", rounds=t.rounds, name=t.name)
            known = {e.player.casefold() for e in t.entries}
            out = []
            newcomers = Newcomers(s, "player")
            for p in cleaned:
                found = repo.player_by_name_folded(session=s, name=p)
                pid = found[0] if found else repo.add_player(
                    session=s, name=newcomers.admit(p), now=clock.now())
                shown_name = found[1] if found else p
                if shown_name.casefold() in known:
                    raise RuleError("player", "tn_registered", value=show(shown_name))
                known.add(shown_name.casefold())
                number = tournament_rows.add_entry(session=s, tournament_id=t.id, player_id=pid,
                                                   from_round=first, now=clock.now())
                out.append((shown_name, number, first))
            return out

    def withdraw(self, name: object, player: object) -> int:
        """The player plays no more from the next round to be drawn; returns that round."""
        with self.store.write() as s:
            t = _tournament(s, name)
            pid = player_id(s, player, "--withdraw")
            known = repo.player_names(session=s)[pid]
            entry = next((e for e in t.entries if e.player == known), None)
            if entry is None or entry.withdrawn_from is not None:
                raise RuleError("--withdraw", "tn_not_playing", value=show(player), name=t.name)
            tournament_rows.withdraw(session=s, tournament_id=t.id, player_id=pid,
                                     from_round=t.drawn + 1)
            return t.drawn + 1

    # ---- the draw -----------------------------------------------------------------------

    def draw(self, name: object, redraw: bool = False, night: int | None = None,
             force: bool = False, seed_by: str | None = None) -> tuple[DrawView, bool]:
        """The next round's draw, made and stored; or, while the newest round has no deal
        and no clock, that round's stored draw (again: False). `redraw` replaces the newest
        round's draw before its first deal, from a new seed. Refused while the newest
        round has a match neither finished nor out of time, unless `force` (its matches
        then score as they stand: `unfinished` says which, before). Seeding: see seeding."""
        strength = seeding.strengths(self.store, seed_by)
        with self.store.write() as s:
            t = _tournament(s, name)
            made = draws(s, t)
            newest = made[-1] if made else None
            untouched = newest is not None and newest.started_at is None and not any(
                removal.deals_at_table(session=s, table_id=x.table_id) for x in newest.tables)
            where = night if night is not None else _round_night(s, t, made)
            if redraw:
                if newest is None:
                    raise RuleError("--redraw", "tn_nothing_drawn", name=t.name)
                if not untouched:
                    raise RuleError("--redraw", "tn_round_begun", round=newest.round)
                number = newest.round
                redraws = 1 + next(r.redraws for r in tournament_rows.rounds(
                    session=s, tournament_id=t.id) if r.number == number)
                for tid in tournament_rows.drop_seats(session=s, tournament_id=t.id,
                                                      number=number):
                    removal.delete_table(session=s, table_id=tid)
                tournament_rows.bring_forward(session=s, tournament_id=t.id, number=number)
                t = _tournament(s, t.name)
            else:
                if untouched and newest is not None:
                    return newest, False
                number, redraws = t.drawn + 1, 0
                if number > t.rounds:
                    raise RuleError("round", "tn_all_drawn", rounds=t.rounds, name=t.name)
                playing = self._unfinished(s, t, made)
                if playing and not force:
                    raise RuleError("round", "tn_unfinished", round=t.drawn,
                                    tables=_tables_text(playing))
            open_night(s, where)
            seed = f"{t.seed}/{number}/{redraws}"
            drawn, basis = self._make(s, t, number, seed, strength)
            self._store_draw(s, t, number, seed, redraws, basis, drawn, where)
            return draws(s, t)[number - 1], True

    def _make(self, s: Connection, t: TournamentView, number: int, seed: str,
              strength: dict[str, float] | None = None) -> tuple[Draw, str | None]:
        from ..domain.tournament import draw as d

        unrated = seeding.start(self.store, t.method) if strength is not None else 0.0
        players = t.active(number)
        smallest = game_named(t.game).min_seats
        before = draws(s, t)[:number - 1]
        if t.method == "random":
            return d.random_draw(players, t.table_size, seed, smallest), None
        if t.method == "mix":
            met = d.meetings([[x.seats for x in r.tables] for r in before])
            if strength is not None and number == 1:  # spread the strong over the tables
                met = seeding.tiers(players, strength, len(d.table_sizes(len(players),
                                    t.table_size, smallest)), unrated)
            return d.mix_draw(players, t.table_size, seed, met, smallest,
                              t.rounds - number + 1), None
        if t.method == "schedule":
            row = tournament_rows.tournament_named(session=s, name=t.name)
            assert row is not None  # `t` was read from it
            plan = json.loads(row.schedule)[number - 1]
            numbers = {e.player: e.number for e in t.entries}
            return d.schedule_draw(players, numbers, plan, seed, smallest), None
        from ..domain.tournament.swiss import swiss_draw

        standing = self._rank(s, t, number - 1, players)
        order = _seeded_order([x for x in standing if x.player in set(players)], seed)
        if strength is not None:
            order = seeding.by_strength(order, standing, strength, unrated)
        pairs = {d.pair(x.seats[0], x.seats[1]) for r in before for x in r.tables}
        had = {p for r in before for p in r.byes}
        if len(players) < 2:
            raise RuleError("players", "tn_too_few", n=len(players), lo=2)
        points = {x.player: x.points for x in standing}
        return swiss_draw(order, pairs, had, seed, [points[p] for p in order]), _basis(
            standing, players)

    def _store_draw(self, s: Connection, t: TournamentView, number: int, seed: str,
                    redraws: int, basis: str | None, drawn: Draw, night_id: int) -> None:
        rules = _rules(t.points)
        engine, options = presets.load(t.game, rules.preset)
        kept = engine.options_json(options) | confirm.stored(
            rules.confirm or presets.confirm_mode(t.game, rules.preset))
        tournament_rows.add_round(session=s, tournament_id=t.id, number=number, seed=seed,
                                  redraws=redraws, basis=basis, now=clock.now())
        ids = {e.player: player_id(s, e.player, "player") for e in t.entries}
        seats: list[tuple[int, int | None]] = []
        for table in drawn.tables:
            engine.check_seats(tuple(table), options)
            tid = repo.add_table(session=s, night_id=night_id, game=engine.name,
                                 preset=rules.preset, options=kept,
                                 seat_ids=[ids[p] for p in table], now=clock.now())
            seats += [(ids[p], tid) for p in table]
        seats += [(ids[p], None) for p in drawn.byes]
        tournament_rows.add_seats(session=s, tournament_id=t.id, number=number, seats=seats)

    def unfinished(self, name: object) -> list[TableResult]:
        """The newest round's matches under way: neither finished nor out of time."""
        with self.store.read() as s:
            t = _tournament(s, name)
            return self._unfinished(s, t, draws(s, t))

    def _unfinished(self, s: Connection, t: TournamentView, made: Sequence[DrawView]
                    ) -> list[TableResult]:
        if not made:
            return []
        rules = _rules(t.points)
        newest = made[-1]
        return [x for x in self._results(s, t, [newest], rules, drawn=newest.round)[0]
                if not x.counts]

    def _results(self, s: Connection, t: TournamentView, made: Sequence[DrawView],
                 rules: Rules, drawn: int | None = None) -> list[list[TableResult]]:
        """Each round's table results; a round is over once time is up or a later round is
        drawn (`drawn`: the rounds drawn, the tournament's own unless said)."""
        deals = None if game_named(t.game).ends else rules.round_deals
        now, last = clock.now(), t.drawn if drawn is None else drawn
        return [[table_result(s, r.round, x.table_id, deals,
                              r.round < last or time_up(r, now)) for x in r.tables]
                for r in made]

    def table_id(self, name: object | None, table: int) -> int:
        """The ledger's id of the table `table` names: with a tournament's `name`, its
        drawn table of that number (the newest round's first); without, `table` is an id,
        refused with the hint when a tournament draws a table of that number tonight and
        the id is none of its tables (`--table 1` meant as the draw's table 1)."""
        with self.store.read() as s:
            if name is not None:
                t = _tournament(s, name)
                for r in reversed(draws(s, t)):
                    for x in r.tables:
                        if x.number == table:
                            return x.table_id
                raise RuleError("--table", "tn_no_table", name=t.name, table=table)
            if tournament_rows.tournament_of_table(session=s, table_id=table) is not None:
                return table
            for row in reversed(tournament_rows.tournaments(session=s)):
                t = tournament_view(s, row)
                made = draws(s, t)
                if made and any(x.number == table for x in made[-1].tables):
                    raise RuleError("--table", "tn_table_id", table=table, name=t.name)
            return table

    def rounds(self, name: object) -> list[DrawView]:
        """Every drawn round's draw."""
        with self.store.read() as s:
            return draws(s, _tournament(s, name))

    def start_round(self, name: object) -> DrawView:
        """Start the newest round's clock (again: restarts it)."""
        with self.store.write() as s:
            t = _tournament(s, name)
            if t.round_minutes is None:
                raise RuleError("round", "tn_no_clock", name=t.name)
            if not t.drawn:
                raise RuleError("round", "tn_nothing_drawn", name=t.name)
            tournament_rows.start_round(session=s, tournament_id=t.id, number=t.drawn,
                                        now=clock.now())
            return draws(s, t)[-1]

    # ---- the ranking --------------------------------------------------------------------

    def standings(self, name: object, after: int | None = None) -> list[Standing]:
        """The ranking after round `after` (default: every drawn round)."""
        with self.store.read() as s:
            t = _tournament(s, name)
            if after is not None and not 0 <= after <= t.drawn:
                raise RuleError("--after", "tn_after", value=after, hi=t.drawn)
            return self._rank(s, t, t.drawn if after is None else after)

    def _rank(self, s: Connection, t: TournamentView, after: int,
              also: Sequence[str] = ()) -> list[Standing]:
        from ..domain.tournament.ranking import rank

        made = draws(s, t)[:after]
        rules = _rules(t.points)
        results = self._results(s, t, made, rules)
        gone = _withdrawn(t, after)
        # the players registered by then (a late registration is not in an earlier ranking),
        # and `also` (a Swiss draw ranks its late registrations too)
        return rank([e.player for e in t.entries if e.from_round <= max(after, 1)
                     or e.player in also], results, [r.byes for r in made], rules, gone)

    def withdrawn_unplayed(self, name: object, after: int | None = None) -> list[str]:
        """Who withdrew before playing a match (not ranked: listed under "withdrawn")."""
        from ..domain.tournament.ranking import withdrawn_unplayed

        with self.store.read() as s:
            t = _tournament(s, name)
            upto = t.drawn if after is None else after
            made = draws(s, t)[:upto]
            gone = _withdrawn(t, upto)
            return withdrawn_unplayed([e.player for e in t.entries],
                                      [[x.seats for x in r.tables] for r in made],
                                      [r.byes for r in made], gone)

    def notices(self, name: object) -> list[Notice]:
        """Each Swiss round whose draw paired a ranking that corrections have since changed."""
        with self.store.read() as s:
            t = _tournament(s, name)
            return self._stale(s, t) + round_notices(s, [
                (d.round, [x.table_id for x in d.tables]) for d in draws(s, t)])

    def table_notices(self, table_id: int) -> list[Notice]:
        """After a correction at `table_id`: the later draws made on the old ranking."""
        with self.store.read() as s:
            found = tournament_rows.tournament_of_table(session=s, table_id=table_id)
            if found is None:
                return []
            row = next(r for r in tournament_rows.tournaments(session=s)
                       if r.id == found.tournament_id)
            return self._stale(s, tournament_view(s, row))

    def _stale(self, s: Connection, t: TournamentView) -> list[Notice]:
        out = []
        made = draws(s, t)
        for r in tournament_rows.rounds(session=s, tournament_id=t.id):
            paired = [p for x in made[r.number - 1].tables for p in x.seats]
            paired += list(made[r.number - 1].byes)
            if r.basis is not None and r.basis != _basis(
                    self._rank(s, t, r.number - 1, paired), paired):
                out.append(Notice("draw", "tn_old_ranking", {
                    "name": t.name, "round": r.number, "after": r.number - 1}))
        return out

    def export(self, out: Path, name: object, after: int | None = None) -> Path:
        """Write `tournament-<name>.csv` in `out`; returns its path."""
        from .tournament_export import export

        t = self.one(name)
        standing = self.standings(t.name, after)
        return export(out, t.name, standing, t.drawn if after is None else after)

    def rules(self, name: object) -> Rules:
        return _rules(self.one(name).points)


def time_up(d: DrawView, now: datetime) -> bool:
    """Has round `d`'s clock run out?"""
    return d.ends_at is not None and now >= d.ends_at


def _tables_text(tables: Sequence[TableResult]) -> str:
    """"2 (Hana – Fay), 4 (Ann – Bo)": the tables by number, with their seats."""
    return ", ".join(f"{x.number} ({' – '.join(x.seats)})" for x in tables)


def _basis(standing: Sequence[Standing], players: Sequence[str]) -> str:
    """The ranking a Swiss draw paired, as stored: its players in ranking order, each with
    every tie-break value (who registered or withdrew since does not change it)."""
    mine = set(players)
    return json.dumps([[x.player, *[str(figure(v)) for _, v in x.tie_breaks]]
                       for x in standing if x.player in mine], ensure_ascii=False)


def _seeded_order(standing: Sequence[Standing], seed: str) -> list[str]:
    """Players by rank; those sharing a rank in an order drawn from the seed."""
    import random

    rng = random.Random(seed + "/order")
    keyed = [(x.rank, rng.random(), x.player) for x in standing]
    return [p for _, _, p in sorted(keyed)]


def _round_night(s: Connection, t: TournamentView, made: Sequence[DrawView]) -> int:
    """A round's night unless said (`--night`): the newest drawn table's, else the event's."""
    for r in reversed(made):
        row = repo.table_row(session=s, table_id=r.tables[-1].table_id) if r.tables else None
        if row is not None:
            return int(row.night_id)
    return t.night_id


def _newest_open_night(s: Connection) -> int:
    nights = [n for n in repo.nights(session=s) if n.closed_at is None]
    if not nights:
        raise RuleError("--night", "tn_no_night")
    return int(max(nights, key=lambda n: (n.date, n.id)).id)


def _tournament(s: Connection, name: object) -> TournamentView:
    if not isinstance(name, str) or not name.strip():
        raise RuleError("tournament", "tn_not_name", value=show(name))
    row = tournament_rows.tournament_named(session=s, name=" ".join(name.split()))
    if row is None:
        known = [r.name for r in tournament_rows.tournaments(session=s)]
        raise RuleError("tournament", "tn_not_here", value=show(name),
                        known=", ".join(known) or Said("w.tn_none_yet"))
    return tournament_view(s, row)
