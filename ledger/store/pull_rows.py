"""The rows `tally sync --from` reads from a league's ledger and writes into a venue's:
the league's roster with the identities that tie its players to this ledger's,
and its seasons. A player is tied by the venue's own remembered match (`peer_player` under
the league's ledger id), or the league's remembered match of this venue's player (made by a
`sync --to`), never by name alone."""

from __future__ import annotations

from typing import Any

from .db import Connection, stamp
from .sync_rows import rows

SEASON = ("name", "date_from", "date_to", "scoring", "points", "created_at")


def roster(session: Connection) -> list[dict[str, Any]]:
    """The ledger's players in the order they were added."""
    return rows(session, "SELECT id, name, created_at FROM player ORDER BY id")


def ties(venue: Connection, league: Connection, venue_id: str, league_id: str
         ) -> dict[int, int]:
    """{the league's player id: the venue's} as either ledger remembers it."""
    found = {theirs: mine for theirs, mine in venue.execute(
        "SELECT remote_id, player_id FROM peer_player WHERE ledger = :l",
        {"l": league_id}).fetchall()}
    for mine, theirs in league.execute(
            "SELECT remote_id, player_id FROM peer_player WHERE ledger = :l",
            {"l": venue_id}).fetchall():
        found.setdefault(theirs, mine)
    return found


def seasons(session: Connection) -> dict[str, dict[str, Any]]:
    """{name: the season's row}."""
    return {r["name"]: r for r in rows(
        session, f"SELECT id, {', '.join(SEASON)} FROM season ORDER BY id")}


def put_season(session: Connection, season: dict[str, Any], there: int | None) -> None:
    """The league's season as this ledger's: added, or the one of its name made the same."""
    values = {c: season[c] for c in SEASON}
    if not isinstance(values["created_at"], str):  # a server's timestamp
        values["created_at"] = stamp(values["created_at"])
    if there is None:
        session.execute(f"INSERT INTO season ({', '.join(SEASON)}) VALUES "
                        f"({', '.join(':' + c for c in SEASON)})", values)
    else:
        session.execute("UPDATE season SET date_from = :date_from, date_to = :date_to, "
                        "scoring = :scoring, points = :points WHERE id = :id",
                        {**values, "id": there})


def own_venues(session: Connection) -> set[str]:
    """The venues this ledger records its own nights at."""
    return {r[0] for r in session.execute(
        "SELECT DISTINCT venue FROM night WHERE origin IS NULL AND venue IS NOT NULL")}


def claim(session: Connection, me: str, venues: set[str]) -> None:
    """Hand the league's nights planned at `venues` that carry a tournament and have no
    table yet to the venue `me`: from now on it records them (the league refuses to)."""
    for (nid,) in session.execute(
            "SELECT n.id FROM night n WHERE n.origin IS NULL AND n.closed_at IS NULL "
            "AND EXISTS (SELECT 1 FROM tournament t WHERE t.night_id = n.id) "
            "AND NOT EXISTS (SELECT 1 FROM game_table g WHERE g.night_id = n.id) "
            "ORDER BY n.id").fetchall() if venues else ():
        venue = session.execute("SELECT venue FROM night WHERE id = :n", {"n": nid}
                                ).fetchone()[0]
        if venue in venues:
            session.execute("UPDATE night SET origin = :me WHERE id = :n AND origin IS NULL",
                            {"me": me, "n": nid})


def handed(session: Connection, me: str) -> list[dict[str, Any]]:
    """The league's nights handed to the venue `me` that carry a tournament."""
    found = rows(session, "SELECT n.id, n.uid, n.date, n.venue, n.created_at, n.rate, "
                 "n.currency FROM night n WHERE n.origin = :me AND EXISTS (SELECT 1 FROM "
                 "tournament t WHERE t.night_id = n.id) ORDER BY n.id", {"me": me})
    for n in found:
        if not isinstance(n["created_at"], str):
            n["created_at"] = stamp(n["created_at"])
    return found
