"""`Tally`: the one object the CLI and the app hold. It makes each use case with the
collaborators it needs (the store, and the few use cases another one calls) and hands out
their operations under the names the callers use; it holds no logic of its own.

A use case is made (and its module imported) the first time one of its operations is
asked for: a command pays only for what it calls (`tally standings --night N` imports the
standings, not the archive, the settlement, the tournaments and the league: ~80 ms of a
whole process that should take well under 0.3 s on a league's server). Each operation,
once looked up, is kept on the instance, so it is looked up once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from importlib import import_module
from pathlib import Path
from typing import Any

from ..store.db import Connection, Database
from ..store.engine import open_database
from ..store.migrate import migrate
from .store import Store

# each use case: its module, its class, and the use cases it takes besides the store
PARTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "players": ("players", "Players", ()),
    "nights": ("nights", "Nights", ()),
    "deals": ("deals", "Deals", ()),
    "standings": ("standings", "Standings", ()),
    "scoreboards": ("scoreboard", "Scoreboards", ()),
    "stamps": ("stamps", "Stamps", ()),
    "night_end": ("night_end", "NightEnd", ("nights",)),
    "archive": ("archive", "Archive", ("night_end", "deals")),
    "integrity": ("integrity", "Integrity", ()),
    "chains": ("chain_check", "Chains", ()),
    "sync": ("sync", "Sync", ()),
    "league": ("league", "League", ()),
    "ratings": ("rating", "Ratings", ()),
    "player_ratings": ("player_rating", "PlayerRatings", ("ratings",)),
    "tournaments": ("tournament", "Tournaments", ()),
    "tournament_now": ("tournament_now", "TournamentNow", ()),
}
# plain functions handed out as they are: (module, name)
FUNCTIONS: dict[str, tuple[str, str]] = {
    "games": ("games", "games"),
    "setup_facts": ("games", "setup_facts"),
    "running_totals": ("scoreboard", "running_totals"),
}
# every operation: (the use case, its method)
OPERATIONS: dict[str, tuple[str, str]] = {
    # the roster
    "add_player": ("players", "add"),
    "add_players": ("players", "add_many"),
    "rename_player": ("players", "rename"),
    "players": ("players", "all"),
    # nights and tables
    "new_night": ("nights", "new"),
    "nights": ("nights", "all"),
    "night": ("nights", "one"),
    "close_night": ("nights", "close"),
    "new_table": ("nights", "new_table"),
    "table": ("nights", "table"),
    "delete_table": ("nights", "delete_table"),
    "delete_night": ("nights", "delete_night"),
    "night_notices": ("nights", "night_notices"),
    "table_notices": ("nights", "table_notices"),
    # deals
    **{name: ("deals", name) for name in (
        "add_deal", "add_deals", "import_tables", "preview_deal", "status_before",
        "form_facts", "form_facts_source", "quick_json", "table_of_deal", "deal_of_form",
        "form_saved", "save_of_form", "correct_deal", "void_deal", "correction_effects",
        "chain_notices", "undo_last",
        "deals", "recent_deals", "deal", "history")},
    # standings and the end of the night
    "standings": ("standings", "standings"),
    "scoreboard": ("scoreboards", "scoreboard"),
    "table_stamp": ("stamps", "table_stamp"),
    **{name: ("night_end", name) for name in (
        "set_rate", "table_nets", "settlement", "all_settlements", "pay", "replan",
        "close_night_settled")},
    # files
    **{name: ("archive", name) for name in (
        "export", "db_file", "where", "backup", "restore", "import_jsonl")},
    # integrity
    "check": ("integrity", "check"),
    "night_head": ("chains", "night_head"),
    "sync_to": ("sync", "sync_to"),
    # the league
    **{name: ("league", name) for name in (
        "new_season", "seasons", "season", "league", "export_league")},
    # ratings
    "rating": ("ratings", "rating"),
    "export_rating": ("ratings", "export_rating"),
    "refresh_ratings": ("ratings", "refresh"),
    "night_rating": ("ratings", "night_rating"),
    "rating_trend": ("ratings", "rating_trend"),
    "player_rating": ("player_ratings", "player_rating"),
    # tournaments
    "new_tournament": ("tournaments", "new"),
    "tournament": ("tournaments", "one"),
    "tournaments": ("tournaments", "all"),
    "register": ("tournaments", "register"),
    "withdraw": ("tournaments", "withdraw"),
    "draw": ("tournaments", "draw"),
    "tournament_rounds": ("tournaments", "rounds"),
    "start_round": ("tournaments", "start_round"),
    "tournament_standings": ("tournaments", "standings"),
    "tournament_notices": ("tournaments", "notices"),
    "tournament_table_notices": ("tournaments", "table_notices"),
    "tournament_rules": ("tournaments", "rules"),
    "tournament_unfinished": ("tournaments", "unfinished"),
    "tournament_table": ("tournaments", "table_id"),
    "tournament_withdrawn": ("tournaments", "withdrawn_unplayed"),
    "export_tournament": ("tournaments", "export"),
    # what a tournament is doing now: for the room's screens
    "tournament_playing": ("tournament_now", "playing"),
    "tournament_at_time": ("tournament_now", "at_time"),
}


class Tally:
    """The ledger service over one database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._store = Store(db)
        self._parts: dict[str, Any] = {}
        self._making = threading.RLock()  # two of the app's workers ask at once: one each

    def _part(self, name: str) -> Any:
        """The use case `name`, made on first use (one per facade, shared by the use
        cases that take it)."""
        with self._making:
            part = self._parts.get(name)
            if part is None:
                module, cls, takes = PARTS[name]
                make = getattr(import_module(f".{module}", __package__), cls)
                part = make(self._store, *(self._part(t) for t in takes))
                self._parts[name] = part
            return part

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name in OPERATIONS:
            part, method = OPERATIONS[name]
            value = getattr(self._part(part), method)
        elif name in FUNCTIONS:
            module, function = FUNCTIONS[name]
            value = getattr(import_module(f".{module}", __package__), function)
        else:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self.__dict__[name] = value  # found once: the next look-up is the instance's own
        return value

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *OPERATIONS, *FUNCTIONS})

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
