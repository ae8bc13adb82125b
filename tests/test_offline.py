"""A room that keeps playing while the league's server is away: the venue's file
records every deal, its outbox sends them when the league can be reached; PostgreSQL
stopped and started mid-night: every deal in the league once, in the order it was made,
and the count of deals still to send exact at each step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.service import Tally
from tests.checked import checked

SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]


def deal(points: int) -> dict[str, Any]:
    return {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
            "team_points": points}


def test_the_league_stopped_and_started_mid_night(tmp_path: Path, pg_cluster: Any) -> None:
    league = pg_cluster.new_database()
    here = Tally.open(tmp_path / "club.sqlite3")
    here.add_players(SEATS)
    table = here.new_table(here.new_night("2026-12-01", "Club"), "crazy-solo", SEATS)
    box = here.outbox(league)
    for points in (61, 62):
        here.add_deal(table, deal(points))
    assert box.pending() == 2
    state = box.send()
    assert (state.pending, state.away, state.local) == (0, False, False)
    pg_cluster.stop_server()
    try:
        for points in (63, 64, 65):
            here.add_deal(table, deal(points))
            state = box.send()
            assert (state.pending, state.away, state.local) == (points - 62, True, True)
        first = here.deals(table)[0].id
        here.correct_deal(first, deal(90), reason="recount")  # a correction while away
        assert box.send().pending == 4
    finally:
        pg_cluster.start_server()
    state = box.send()
    assert (state.pending, state.away, state.local) == (0, False, False)
    there = Tally.open(league)
    assert [(d.number, d.outcome["team_points"]) for d in there.deals(1)] == [
        (d.number, d.outcome["team_points"]) for d in here.deals(table)] == [
        (1, 90), (2, 62), (3, 63), (4, 64), (5, 65)]
    assert [h.kind for h in there.history(1)] == [h.kind for h in here.history(first)] == [
        "record", "correct"]
    assert there.night_head(1) == here.night_head(1)  # each chain in the order it was made
    assert checked(there) == []
    assert box.send().pending == 0  # nothing moved again


def test_an_offline_file_needs_the_league_s_server(tmp_path: Path) -> None:
    from tests.conftest import Cli

    here, file = tmp_path / "club.sqlite3", tmp_path / "room.sqlite3"
    r = Cli(here)("serve", "--offline-file", str(file))
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (f"error: --offline-file: needs --db postgresql://… (the league's "
                        f"server), not {here}\n")
    assert not file.exists()
