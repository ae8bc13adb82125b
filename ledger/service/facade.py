"""`Tally`: the one object the CLI and the app hold. It makes each use case with the
collaborators it needs (the store, and the few use cases another one calls) and hands out
their operations under the names the callers use; it holds no logic of its own."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path

from ..store.db import Connection, Database
from ..store.engine import open_database
from ..store.migrate import migrate
from .archive import Archive
from .deals import Deals
from .games import games, setup_facts
from .integrity import Integrity
from .league import League
from .night_end import NightEnd
from .nights import Nights
from .players import Players
from .scoreboard import Scoreboards, running_totals
from .stamps import Stamps
from .standings import Standings
from .store import Store
from .tournament import Tournaments
from .tournament_now import TournamentNow


class Tally:
    """The ledger service over one database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        store = Store(db)
        players = Players(store)
        nights = Nights(store)
        deals = Deals(store)
        standings = Standings(store)
        scoreboards = Scoreboards(store)
        stamps = Stamps(store)
        night_end = NightEnd(store, nights)
        archive = Archive(store, night_end, deals)
        integrity = Integrity(store)
        league = League(store)
        tournaments = Tournaments(store)
        tournament_now = TournamentNow(store)
        self._store = store
        # the games, the roster
        self.games = games
        self.setup_facts = setup_facts
        self.add_player = players.add
        self.add_players = players.add_many
        self.rename_player = players.rename
        self.players = players.all
        # nights and tables
        self.new_night = nights.new
        self.nights = nights.all
        self.night = nights.one
        self.close_night = nights.close
        self.new_table = nights.new_table
        self.table = nights.table
        self.delete_table = nights.delete_table
        self.delete_night = nights.delete_night
        self.night_notices = nights.night_notices
        self.table_notices = nights.table_notices
        # deals
        self.add_deal = deals.add_deal
        self.add_deals = deals.add_deals
        self.import_tables = deals.import_tables
        self.preview_deal = deals.preview_deal
        self.status_before = deals.status_before
        self.form_facts = deals.form_facts
        self.form_facts_source = deals.form_facts_source
        self.quick_json = deals.quick_json
        self.table_of_deal = deals.table_of_deal
        self.deal_of_form = deals.deal_of_form
        self.save_of_form = deals.save_of_form
        self.correct_deal = deals.correct_deal
        self.void_deal = deals.void_deal
        self.correction_effects = deals.correction_effects
        self.chain_notices = deals.chain_notices
        self.undo_last = deals.undo_last
        self.deals = deals.deals
        self.recent_deals = deals.recent_deals
        self.deal = deals.deal
        self.history = deals.history
        # standings and the end of the night
        self.standings = standings.standings
        self.scoreboard = scoreboards.scoreboard
        self.running_totals = running_totals
        self.table_stamp = stamps.table_stamp
        self.set_rate = night_end.set_rate
        self.table_nets = night_end.table_nets
        self.settlement = night_end.settlement
        self.all_settlements = night_end.all_settlements
        self.pay = night_end.pay
        self.replan = night_end.replan
        self.close_night_settled = night_end.close_night_settled
        # files
        self.export = archive.export
        self.db_file = archive.db_file
        self.where = archive.where
        self.backup = archive.backup
        self.restore = archive.restore
        self.import_jsonl = archive.import_jsonl
        # integrity
        self.check = integrity.check
        # the league
        self.new_season = league.new_season
        self.seasons = league.seasons
        self.season = league.season
        self.league = league.league
        self.export_league = league.export_league
        # tournaments
        self.new_tournament = tournaments.new
        self.tournament = tournaments.one
        self.tournaments = tournaments.all
        self.register = tournaments.register
        self.withdraw = tournaments.withdraw
        self.draw = tournaments.draw
        self.tournament_rounds = tournaments.rounds
        self.start_round = tournaments.start_round
        self.tournament_standings = tournaments.standings
        self.tournament_notices = tournaments.notices
        self.tournament_table_notices = tournaments.table_notices
        self.tournament_rules = tournaments.rules
        self.export_tournament = tournaments.export
        self.tournament_playing = tournament_now.playing
        self.tournament_at_time = tournament_now.at_time

    @classmethod
    def open(cls, location: str | Path) -> Tally:
        """The ledger in a SQLite file, or on a PostgreSQL server (`postgresql://…`),
        made or upgraded as needed. What keeps it from opening (not SQLite, a folder,
        read-only, a full disk, a server that cannot be reached, a refused password) is
        one RuleError the store says."""
        db = open_database(location)
        db.prepare()
        migrate(db)
        return cls(db)

    def _read(self) -> AbstractContextManager[Connection]:
        """One read transaction (for tests that look at the rows)."""
        return self._store.read()

    def _write(self) -> AbstractContextManager[Connection]:
        """One write transaction (for tests that set rows up)."""
        return self._store.write()
