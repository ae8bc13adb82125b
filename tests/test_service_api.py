"""The facade: `from ledger.service import Tally` keeps every operation the CLI and the app
call, each handed out by the use case that holds it."""

from __future__ import annotations

from ledger.service import Tally

API = ["add_deal", "add_deals", "add_player", "add_players", "all_settlements", "backup",
       "chain_notices", "check", "night_head", "sync_from", "sync_to", "outbox",
       "close_night", "close_night_settled", "correct_deal", "correction_effects", "db_file",
       "deal", "deal_of_form", "deals", "delete_night", "delete_table",
       "export", "export_league", "form_facts", "form_facts_source", "form_saved", "games",
       "history",
       "import_jsonl", "import_tables",
       "league", "new_night", "new_season", "new_table", "night", "night_notices", "nights",
       "pay",
       "players", "preview_deal", "quick_json", "recent_deals", "rename_player", "replan",
       "restore",
       "running_totals", "save_of_form", "scoreboard", "season", "seasons", "set_rate",
       "settlement",
       "setup_facts", "standings",
       "status_before", "table",
       "table_nets", "table_notices", "table_of_deal", "table_stamp", "undo_last", "void_deal",
       "where",
       # a tournament night
       "draw", "export_tournament", "new_tournament", "register", "start_round", "tournament",
       "tournament_notices", "tournament_rounds", "tournament_rules", "tournament_standings",
       "tournament_table", "tournament_table_notices", "tournament_unfinished",
       "tournament_withdrawn", "tournaments", "withdraw",
       # what a tournament is doing now: for the room's screens
       "tournament_at_time", "tournament_playing",
       # ratings
       "export_rating", "night_rating", "player_rating", "rating", "rating_trend",
       "refresh_ratings",
       # the opponents confirm
       "confirm_deal", "dispute_deal", "night_verdict_notices", "night_verdicts", "verdicts"]


def test_the_facade_offers_every_use_case(service: Tally) -> None:
    # the operations are made on first use (ledger.service.facade): dir() lists them all
    offered = sorted(n for n in dir(service) if not n.startswith("_") and n not in ("db", "open"))
    assert offered == sorted(API)
    assert all(callable(getattr(service, n)) for n in API)
    from ledger.service import RuleError, read_json_object  # re-exported for the callers

    assert RuleError and read_json_object


def test_the_use_cases_are_classes_of_their_own_modules(service: Tally) -> None:
    owners = {getattr(service, n).__self__.__class__.__module__ for n in API
              if n not in ("games", "setup_facts", "running_totals")}  # plain functions
    assert owners == {f"ledger.service.{m}" for m in (
        "players", "nights", "deals", "standings", "night_end", "archive", "integrity",
        "league", "rating", "player_rating", "scoreboard", "stamps", "tournament",
        "tournament_now", "chain_check", "sync", "sync_from", "offline", "verdicts")}
    assert Tally.__bases__ == (object,)  # no mixins
