"""`tally rating`: each player's rating from every table of every night, kept as
a cache of each night's ratings (`rating_mark`, `rating_night`) and made again from the
first night whose fingerprint changed: a correction ten nights back re-rates ten nights.

The numbers are `ledger.domain.rating`'s; this module reads the tables, keeps the cache,
answers the report and tells `check` where the cache differs from a rating made afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from ..domain.rules import RuleError
from ..domain.rules.errors import Said, show
from ..store import rating_rows, repo
from .store import Store

if TYPE_CHECKING:
    from ..domain.rating import Key, NightInput, Rating, RatingOptions
    from ..store.db import Connection
    from ..store.rating_rows import KeptRating, TableRow


RATING = ["rank", "player", "game", "rating", "mu", "sigma", "games", "last", "change",
          "provisional"]  # the columns of rating.csv
Kept = dict[tuple[int, str, int], tuple[float, float, int]]  # (night, game, player): mu, …


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One line of `tally rating`: a player's rating (over every game when `game` is "")."""

    rank: int
    player: str
    game: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    last: str  # the date of the last night played
    change: float  # of the ordinal, over that night
    provisional: bool


@dataclass(frozen=True, slots=True)
class RatingReport:
    rows: tuple[RatingRow, ...]
    rerated: tuple[int, ...]  # the nights rated again to answer (their ids)


def two(x: float) -> Decimal:
    """A rating figure as shown: to 2 decimals (a Decimal, so a sheet reads a number)."""
    return Decimal(f"{x:.2f}")


def rating_cells(r: RatingRow) -> list[object]:
    return [r.rank, r.player, r.game, two(r.ordinal), two(r.mu), two(r.sigma), r.games,
            r.last, two(r.change), "yes" if r.provisional else "no"]


def night_inputs(tables: Sequence[TableRow]) -> list[NightInput]:
    """The tables, grouped by night (they come in night order)."""
    from ..domain.rating import NightInput, TableResult, counts

    out: list[NightInput] = []
    for t in tables:
        if not counts(TableResult(t.table_id, t.game, t.seats, t.nets)):
            continue
        if not out or out[-1].night_id != t.night_id:
            out.append(NightInput(t.night_id, t.date, ()))
        night = out[-1]
        out[-1] = night._replace(tables=(*night.tables,
                                         TableResult(t.table_id, t.game, t.seats, t.nets)))
    return out


def _stale_from(nights: Sequence[NightInput], prints: Sequence[str],
                marks: dict[int, tuple[str, str]]) -> int:
    """The index of the first night whose kept fingerprint is not the derived one."""
    for i, (night, fp) in enumerate(zip(nights, prints, strict=True)):
        if marks.get(night.night_id, ("", ""))[1] != fp:
            return i
    return len(nights)


def _flat(night_id: int, changed: dict[Key, Rating]) -> list[KeptRating]:
    return [rating_rows.KeptRating(night_id, g, p, r.mu, r.sigma, r.games)
            for (g, p), r in sorted(changed.items())]


class Ratings:
    def __init__(self, store: Store) -> None:
        self.store = store
        # night id: (the fingerprint of the night before, its players, their ratings before
        # it), so a board read on every deal reads the nights before once (`night_rating`)
        self._before: dict[int, tuple[str, frozenset[int], dict[int, tuple[float, float,
                                                                           int]]]] = {}

    def options(self) -> RatingOptions:
        from ..config.rating import rating_options

        return rating_options()

    def refresh(self) -> list[int]:
        """Bring the kept ratings up to the deals; returns the ids of the nights rated
        again (none when nothing was recorded since, or every fingerprint still matches).

        Only the nights from the first one with a revision after the watermark are read
        again (all of them when the options changed, or when more revisions came than
        those after the watermark's id: a server's transaction that took an older id and
        committed late)."""
        options = self.options()
        with self.store.read() as s:
            seen = rating_rows.watermark(session=s)
            now = rating_rows.revisions_now(session=s)
        if seen == (*now, options.key()):
            return []
        with self.store.write() as s:  # again inside the write: another may have done it
            return self._rerate(s, options)

    def _rerate(self, s: Connection, options: RatingOptions) -> list[int]:
        from ..domain.rating import Rating, fingerprints
        from .rating_cores import rate_all

        key = options.key()
        seen = rating_rows.watermark(session=s)
        now = rating_rows.revisions_now(session=s)
        if seen == (*now, key):
            return []
        marks = rating_rows.marks(session=s)
        since: tuple[str, int] | None = None  # the first night that may differ; None: all
        if seen is not None and seen[2] == key:
            changed, new = rating_rows.changed_since(session=s, revision_id=seen[0])
            if new == now[1] - seen[1] and changed:
                since = min(changed)
        before = [] if since is None else sorted(
            (n for n in marks if (marks[n][0], n) < since), key=lambda n: (marks[n][0], n))
        if since is None:
            self.store.db.large_read(s)
        nights = [n for n in night_inputs(rating_rows.table_results(
            session=s, since=since[0] if since else None))
            if since is None or (n.date, n.night_id) >= since]
        prints = fingerprints(nights, options, marks[before[-1]][1] if before else "")
        first = _stale_from(nights, prints, marks)
        keep = {*before, *(x.night_id for x in nights[:first])}
        todo = nights[first:]
        rating_rows.replace(session=s, drop=[n for n in marks if n not in keep], nights=[],
                            rows=[])
        state = {} if not keep or not todo else {
            (r.game, r.player_id): Rating(r.mu, r.sigma, r.games)
            for r in rating_rows.state_before(  # of the players to rate: all they read
                session=s, date=todo[0].date, night_id=todo[0].night_id,
                players={p for n in todo for t in n.tables for p in t.seats})}
        rated = rate_all(todo, options, state)
        rating_rows.replace(session=s, drop=[], nights=[(n.night_id, n.date, fp)
                                    for n, fp in zip(todo, prints[first:], strict=True)],
                            rows=(r for n, c in zip(todo, rated, strict=True)
                                  for r in _flat(n.night_id, c)),
                            bulk=self.store.db.bulk_insert)
        rating_rows.set_watermark(session=s, revision_id=now[0], revisions=now[1],
                                  options=key)
        return [n.night_id for n in todo]

    def rating(self, *, venue: str | None = None, season: str | None = None,
               game: str | None = None) -> RatingReport:
        """Every rated player's rating now (or, with `season`, after its last night, for
        the players of its nights; with `venue`, for the players of that venue's nights):
        over every game, or at one game (`game`, or every game apart when the options say
        `games = "each"`), highest ordinal first."""
        from ..domain.rating import ACROSS, Rating, ordinal, provisional

        lo = hi = None
        if season is not None:
            from .league import League

            chosen = League(self.store).season(season)
            lo, hi = chosen.date_from, chosen.date_to
        if game is not None:
            from ..domain.rules import game_named

            game = game_named(game, "--game").name
        options = self.options()
        rerated = self.refresh()
        scope = game if game is not None else ACROSS if options.games == "across" else None
        with self.store.read() as s:
            latest = rating_rows.latest(session=s, game=scope, until=hi)
            at = None if venue is None else rating_rows.players_at(
                session=s, venue=self._venue(s, venue), game=scope, until=hi)
            names = repo.player_names(session=s)
        start = ordinal(Rating(options.mu, options.sigma, 0))
        before = {(r.game, r.player_id): ordinal(Rating(r.mu, r.sigma, 0))
                  for r in latest if r.back == 2}
        lines = []
        for r in latest:
            key = (r.game, r.player_id)
            if r.back != 1 or (lo is not None and r.date < lo) or (at is not None
                                                                    and key not in at):
                continue
            now = Rating(r.mu, r.sigma, r.games)
            lines.append((names.get(r.player_id, f"#{r.player_id}"), r.game, now, r.date,
                          ordinal(now) - before.get(key, start)))
        lines.sort(key=lambda x: (-ordinal(x[2]), x[0].casefold(), x[1]))
        out: list[RatingRow] = []
        for name, g, rt, last, change in lines:
            tied = out and out[-1].ordinal == ordinal(rt)  # sorted: a tie is the one before
            rank = out[-1].rank if tied else len(out) + 1
            out.append(RatingRow(rank, name, g, rt.mu, rt.sigma, ordinal(rt), rt.games, last,
                                 change, provisional(rt, options)))
        return RatingReport(tuple(out), tuple(rerated))

    def night_rating(self, night_id: int) -> tuple[RatingRow, ...]:
        """The rating over every game after night `night_id` of each player rated at it,
        and what that night did to it (`change`), highest first: the room's board, "rating
        after tonight". Cheap on every saved deal: the cache is brought up to the deals by
        its watermark (`refresh`: tonight's tables only, after a deal tonight), tonight's
        rows are read by their key, and the ratings before the night are read again only
        when the fingerprint of the night before (chained: every night before) changed."""
        from ..domain.rating import ACROSS, Rating, ordinal, provisional

        options = self.options()
        self.refresh()
        with self.store.read() as s:
            tonight = rating_rows.of_night(session=s, night_id=night_id, game=ACROSS)
            if not tonight:
                return ()
            date = tonight[0].date
            mark = rating_rows.mark_before(session=s, date=date, night_id=night_id)
            who = frozenset(r.player_id for r in tonight)
            memo = self._before.get(night_id)
            if memo is None or memo[:2] != (mark, who):
                memo = (mark, who, rating_rows.before_night(session=s, date=date,
                                                            night_id=night_id, game=ACROSS))
                self._before[night_id] = memo
        start = ordinal(Rating(options.mu, options.sigma, 0))
        lines = []
        for r in tonight:
            now = Rating(r.mu, r.sigma, r.games)
            was = memo[2].get(r.player_id)
            change = ordinal(now) - (start if was is None else ordinal(Rating(*was)))
            lines.append((-ordinal(now), r.name.casefold(), r.name, now, change))
        lines.sort(key=lambda x: x[:2])
        out: list[RatingRow] = []
        for _, _, name, rt, change in lines:
            tied = out and out[-1].ordinal == ordinal(rt)
            out.append(RatingRow(out[-1].rank if tied else len(out) + 1, name, ACROSS, rt.mu,
                                 rt.sigma, ordinal(rt), rt.games, date, change,
                                 provisional(rt, options)))
        return tuple(out)

    def rating_trend(self, *, season: str | None = None) -> dict[str, tuple[float, ...]]:
        """Each player's rating over every game (the ordinal) after each night they were
        rated in, from their first night up to the season's last (None: every night), in
        night order: the season screen's trend. A player with no night in the season is
        left out."""
        from ..domain.rating import ACROSS, Rating, ordinal

        lo = hi = None
        if season is not None:
            from .league import League

            chosen = League(self.store).season(season)
            lo, hi = chosen.date_from, chosen.date_to
        self.refresh()
        with self.store.read() as s:
            rows = rating_rows.history(session=s, game=ACROSS, until=hi)
        out: dict[str, list[float]] = {}
        last: dict[str, str] = {}
        for r in rows:
            out.setdefault(r.name, []).append(ordinal(Rating(r.mu, r.sigma, r.games)))
            last[r.name] = r.date
        return {p: tuple(v) for p, v in out.items() if lo is None or last[p] >= lo}

    def export_rating(self, out: Path, report: RatingReport, fmt: str = "csv", *,
                      season: str | None = None) -> Path:
        """Write `rating.csv` (after a season: `rating-<season>.csv`; or .json); returns
        its path."""
        from ..io import exports

        tag = ""
        if season is not None:
            from .league import League

            name = League(self.store).season(season).name.lower()
            tag = "-".join(p for p in "".join(c if c.isalnum() else "-" for c in name
                                              ).split("-") if p)

        if fmt not in ("csv", "json"):
            raise RuleError("format", "not_csv_json", value=show(fmt))
        with exports.batch(out) as files:  # whole or not at all, as every export
            return files.write(f"rating-{tag}" if tag else "rating", RATING,
                               [rating_cells(r) for r in report.rows], fmt)

    def _venue(self, s: Connection, venue: str) -> str:
        """The venue as its nights name it, or a RuleError listing the venues."""
        at = " ".join(venue.split())
        known = sorted({n.venue for n in repo.nights(session=s) if n.venue})
        if at not in known:
            raise RuleError("--venue", "not_venue_here", value=show(venue),
                            known=", ".join(known) or Said("w.none_yet"))
        return at

    def compared(self) -> tuple[Kept, Kept]:
        """The kept ratings of each night whose fingerprint still matches the deals (a
        night rated before a later deal is out of date, not wrong: the next `tally rating`
        rates it again) and those made afresh from the first night, by (night, game,
        player id): what `check` compares (`Integrity.rating_problems`)."""
        from ..domain.rating import fingerprints
        from .rating_cores import rate_all

        options = self.options()
        with self.store.read() as s:
            marks = rating_rows.marks(session=s)
            kept_rows = rating_rows.kept(session=s)
            if not marks and not kept_rows:  # never rated here: nothing to compare
                return {}, {}
            self.store.db.large_read(s)
            nights = night_inputs(rating_rows.table_results(session=s))
        prints = fingerprints(nights, options)
        valid = nights[:_stale_from(nights, prints, marks)]
        ids = {n.night_id for n in valid}
        want = {(r.night_id, r.game, r.player_id): (r.mu, r.sigma, r.games)
                for n, c in zip(valid, rate_all(valid, options), strict=True)
                for r in _flat(n.night_id, c)}
        have = {(r.night_id, r.game, r.player_id): (r.mu, r.sigma, r.games)
                for r in kept_rows if r.night_id in ids or r.night_id not in marks}
        return have, want
