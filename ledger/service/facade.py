"""`Tally`: the one object the CLI and the app hold. It makes each use case with the
collaborators it needs (the store, and the few use cases another one calls) and hands out
their operations under the names the callers use; it holds no logic of its own.

Every operation is a typed attribute: `Tally.add_deal` is `Deals.add_deal` bound to this
ledger's use case, with its signature (a type checker, an editor and `farm-studio walk`
follow it). A use case is made (and its module imported) the first time one of its
operations is asked for: a command pays only for what it calls (`tally standings --night N`
imports the standings, not the archive, the settlement, the tournaments and the league:
~80 ms of a whole process that should take well under 0.3 s on a league's server). Each
operation, once looked up, is kept on the instance, so it is looked up once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar, overload

from ..store.db import Connection, Database
from ..store.engine import open_database
from ..store.migrate import migrate
from .store import Store

if TYPE_CHECKING:
    from .archive import Archive
    from .chain_check import Chains
    from .deals import Deals
    from .integrity import Integrity
    from .league import League
    from .night_end import NightEnd
    from .nights import Nights
    from .offline import Offline
    from .player_rating import PlayerRatings
    from .players import Players
    from .rating import Ratings
    from .scoreboard import Scoreboards
    from .stamps import Stamps
    from .standings import Standings
    from .sync import Sync
    from .sync_from import SyncFrom
    from .tournament import Tournaments
    from .tournament_now import TournamentNow
    from .verdicts import Verdicts
    from .views import DealView, GameView

U = TypeVar("U")
P = ParamSpec("P")
R = TypeVar("R")


class Part(Generic[U]):
    """A use case: the class `cls` of the module `module` (of this package), made with the
    store and the use cases it `takes`."""

    def __init__(self, module: str, cls: str, takes: tuple[Part[Any], ...] = ()) -> None:
        self.module, self.cls, self.takes = module, cls, takes


class Operation(Generic[P, R]):
    """An attribute of `Tally`: `pick` of its use case, made on first use. Read from an
    instance, it is the use case's bound method (then kept in the instance's own dict)."""

    def __init__(self, part: Part[Any], pick: Callable[[Any], Callable[P, R]]) -> None:
        self.part, self.pick = part, pick
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> Operation[P, R]: ...
    @overload
    def __get__(self, obj: Tally, owner: type) -> Callable[P, R]: ...
    def __get__(self, obj: Tally | None, owner: type) -> Operation[P, R] | Callable[P, R]:
        if obj is None:
            return self
        value = self.pick(obj._part(self.part))
        obj.__dict__[self.name] = value  # found once: the next look-up is the instance's own
        return value


def operation(part: Part[U], pick: Callable[[U], Callable[P, R]]) -> Operation[P, R]:
    """`Tally`'s attribute for `pick(use case)`, typed as the use case's method."""
    return Operation(part, pick)


PLAYERS: Part[Players] = Part("players", "Players")
NIGHTS: Part[Nights] = Part("nights", "Nights")
DEALS: Part[Deals] = Part("deals", "Deals")
STANDINGS: Part[Standings] = Part("standings", "Standings")
SCOREBOARDS: Part[Scoreboards] = Part("scoreboard", "Scoreboards")
STAMPS: Part[Stamps] = Part("stamps", "Stamps")
NIGHT_END: Part[NightEnd] = Part("night_end", "NightEnd", takes=(NIGHTS,))
ARCHIVE: Part[Archive] = Part("archive", "Archive", takes=(NIGHT_END, DEALS))
INTEGRITY: Part[Integrity] = Part("integrity", "Integrity")
CHAINS: Part[Chains] = Part("chain_check", "Chains")
SYNC: Part[Sync] = Part("sync", "Sync")
SYNC_FROM: Part[SyncFrom] = Part("sync_from", "SyncFrom")
OFFLINE: Part[Offline] = Part("offline", "Offline")
VERDICTS: Part[Verdicts] = Part("verdicts", "Verdicts")
LEAGUE: Part[League] = Part("league", "League")
RATINGS: Part[Ratings] = Part("rating", "Ratings")
PLAYER_RATINGS: Part[PlayerRatings] = Part("player_rating", "PlayerRatings",
                                           takes=(RATINGS,))
TOURNAMENTS: Part[Tournaments] = Part("tournament", "Tournaments")
TOURNAMENT_NOW: Part[TournamentNow] = Part("tournament_now", "TournamentNow")


class Tally:
    """The ledger service over one database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._store = Store(db)
        self._parts: dict[str, Any] = {}
        self._making = threading.RLock()  # two of the app's workers ask at once: one each

    def _part(self, part: Part[U]) -> U:
        """The use case `part`, made on first use (one per facade, shared by the use cases
        that take it)."""
        with self._making:
            made: U | None = self._parts.get(part.cls)
            if made is None:
                make = getattr(import_module(f".{part.module}", __package__), part.cls)
                made = make(self._store, *(self._part(t) for t in part.takes))
                self._parts[part.cls] = made
            return made

    # the roster
    add_player = operation(PLAYERS, lambda u: u.add)
    add_players = operation(PLAYERS, lambda u: u.add_many)
    rename_player = operation(PLAYERS, lambda u: u.rename)
    players = operation(PLAYERS, lambda u: u.all)

    # nights and tables
    new_night = operation(NIGHTS, lambda u: u.new)
    nights = operation(NIGHTS, lambda u: u.all)
    night = operation(NIGHTS, lambda u: u.one)
    close_night = operation(NIGHTS, lambda u: u.close)
    new_table = operation(NIGHTS, lambda u: u.new_table)
    table = operation(NIGHTS, lambda u: u.table)
    delete_table = operation(NIGHTS, lambda u: u.delete_table)
    delete_night = operation(NIGHTS, lambda u: u.delete_night)
    night_notices = operation(NIGHTS, lambda u: u.night_notices)
    table_notices = operation(NIGHTS, lambda u: u.table_notices)

    # deals
    add_deal = operation(DEALS, lambda u: u.add_deal)
    add_deals = operation(DEALS, lambda u: u.add_deals)
    import_tables = operation(DEALS, lambda u: u.import_tables)
    preview_deal = operation(DEALS, lambda u: u.preview_deal)
    status_before = operation(DEALS, lambda u: u.status_before)
    form_facts = operation(DEALS, lambda u: u.form_facts)
    form_facts_source = operation(DEALS, lambda u: u.form_facts_source)
    quick_json = operation(DEALS, lambda u: u.quick_json)
    table_of_deal = operation(DEALS, lambda u: u.table_of_deal)
    deal_of_form = operation(DEALS, lambda u: u.deal_of_form)
    form_saved = operation(DEALS, lambda u: u.form_saved)
    save_of_form = operation(DEALS, lambda u: u.save_of_form)
    correct_deal = operation(DEALS, lambda u: u.correct_deal)
    void_deal = operation(DEALS, lambda u: u.void_deal)
    correction_effects = operation(DEALS, lambda u: u.correction_effects)
    chain_notices = operation(DEALS, lambda u: u.chain_notices)
    undo_last = operation(DEALS, lambda u: u.undo_last)
    deals = operation(DEALS, lambda u: u.deals)
    recent_deals = operation(DEALS, lambda u: u.recent_deals)
    deal = operation(DEALS, lambda u: u.deal)
    history = operation(DEALS, lambda u: u.history)

    # the opponents confirm
    confirm_deal = operation(VERDICTS, lambda u: u.confirm_deal)
    dispute_deal = operation(VERDICTS, lambda u: u.dispute_deal)
    verdicts = operation(VERDICTS, lambda u: u.verdicts)
    night_verdicts = operation(VERDICTS, lambda u: u.night_verdicts)
    night_verdict_notices = operation(VERDICTS, lambda u: u.night_verdict_notices)

    # standings and the end of the night
    standings = operation(STANDINGS, lambda u: u.standings)
    scoreboard = operation(SCOREBOARDS, lambda u: u.scoreboard)
    table_stamp = operation(STAMPS, lambda u: u.table_stamp)
    set_rate = operation(NIGHT_END, lambda u: u.set_rate)
    table_nets = operation(NIGHT_END, lambda u: u.table_nets)
    settlement = operation(NIGHT_END, lambda u: u.settlement)
    all_settlements = operation(NIGHT_END, lambda u: u.all_settlements)
    pay = operation(NIGHT_END, lambda u: u.pay)
    replan = operation(NIGHT_END, lambda u: u.replan)
    close_night_settled = operation(NIGHT_END, lambda u: u.close_night_settled)

    # files
    export = operation(ARCHIVE, lambda u: u.export)
    db_file = operation(ARCHIVE, lambda u: u.db_file)
    where = operation(ARCHIVE, lambda u: u.where)
    backup = operation(ARCHIVE, lambda u: u.backup)
    restore = operation(ARCHIVE, lambda u: u.restore)
    import_jsonl = operation(ARCHIVE, lambda u: u.import_jsonl)

    # integrity
    check = operation(INTEGRITY, lambda u: u.check)
    night_head = operation(CHAINS, lambda u: u.night_head)
    sync_to = operation(SYNC, lambda u: u.sync_to)
    sync_from = operation(SYNC_FROM, lambda u: u.sync_from)
    outbox = operation(OFFLINE, lambda u: u.outbox)

    # the league
    new_season = operation(LEAGUE, lambda u: u.new_season)
    seasons = operation(LEAGUE, lambda u: u.seasons)
    season = operation(LEAGUE, lambda u: u.season)
    league = operation(LEAGUE, lambda u: u.league)
    export_league = operation(LEAGUE, lambda u: u.export_league)

    # ratings
    rating = operation(RATINGS, lambda u: u.rating)
    export_rating = operation(RATINGS, lambda u: u.export_rating)
    refresh_ratings = operation(RATINGS, lambda u: u.refresh)
    night_rating = operation(RATINGS, lambda u: u.night_rating)
    rating_trend = operation(RATINGS, lambda u: u.rating_trend)
    player_rating = operation(PLAYER_RATINGS, lambda u: u.player_rating)

    # tournaments
    new_tournament = operation(TOURNAMENTS, lambda u: u.new)
    tournament = operation(TOURNAMENTS, lambda u: u.one)
    tournaments = operation(TOURNAMENTS, lambda u: u.all)
    register = operation(TOURNAMENTS, lambda u: u.register)
    withdraw = operation(TOURNAMENTS, lambda u: u.withdraw)
    draw = operation(TOURNAMENTS, lambda u: u.draw)
    tournament_rounds = operation(TOURNAMENTS, lambda u: u.rounds)
    start_round = operation(TOURNAMENTS, lambda u: u.start_round)
    tournament_standings = operation(TOURNAMENTS, lambda u: u.standings)
    tournament_notices = operation(TOURNAMENTS, lambda u: u.notices)
    tournament_table_notices = operation(TOURNAMENTS, lambda u: u.table_notices)
    tournament_rules = operation(TOURNAMENTS, lambda u: u.rules)
    tournament_unfinished = operation(TOURNAMENTS, lambda u: u.unfinished)
    tournament_table = operation(TOURNAMENTS, lambda u: u.table_id)
    tournament_withdrawn = operation(TOURNAMENTS, lambda u: u.withdrawn_unplayed)
    export_tournament = operation(TOURNAMENTS, lambda u: u.export)

    # what a tournament is doing now: for the room's screens
    tournament_playing = operation(TOURNAMENT_NOW, lambda u: u.playing)
    tournament_at_time = operation(TOURNAMENT_NOW, lambda u: u.at_time)

    # plain functions, handed out as they are
    @staticmethod
    def games() -> tuple[GameView, ...]:
        """Every registered game, in registry order."""
        from .games import games
        return games()

    @staticmethod
    def setup_facts(name: str, seats: int | None = None) -> dict[str, Any]:
        """What the new-table form shows of a game before a table exists."""
        from .games import setup_facts
        return setup_facts(name, seats)

    @staticmethod
    def running_totals(seats: Sequence[str], deals: Sequence[DealView],
                       so_far: dict[str, list[int]] | None = None) -> dict[str, list[int]]:
        """Each seat's total after each deal, from the stored nets."""
        from .scoreboard import running_totals
        return running_totals(seats, deals, so_far)

    @classmethod
    def open(cls, location: str | Path) -> Tally:
        """The ledger in a SQLite file, or on a PostgreSQL server (`postgresql://…`),
        made if new; one of an older schema is refused ("run `tally db upgrade`"). What
        keeps it from opening (not SQLite, a folder, read-only, a full disk, a server that
        cannot be reached, a refused password) is one RuleError the store says."""
        db = open_database(location)
        db.prepare()
        migrate(db, upgrade=False)
        return cls(db)

    def _read(self) -> AbstractContextManager[Connection]:
        """One read transaction (for tests that look at the rows)."""
        return self._store.read()

    def _write(self) -> AbstractContextManager[Connection]:
        """One write transaction (for tests that set rows up)."""
        return self._store.write()
