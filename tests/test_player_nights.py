"""Issue 25: each player's night over every game (`player_night`), kept beside the games'
sums (`night_sum`) and moved by the same writes; the league over every game reads it.

Every test compares the kept rows with the games' sums added up per player and night and
dated as the night (`from_games`); the games' sums are themselves compared with the tables'
own standings in `test_night_sums`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.service import Tally
from ledger.service.moving import upgrade
from ledger.store.copy import copy_ledger
from ledger.store.engine import open_database
from ledger.text.i18n import set_language
from ledger.text.problems import problem_text
from tests.checked import checked
from tests.conftest import raw
from tests.test_night_sums import FIVE, club, kept, played, sixty, solo, sql

Nights = dict[tuple[int, str], tuple[str, int, int]]


def kept_nights(db: Any) -> Nights:
    """The `player_night` rows, by (night, player name): (date, net, deals)."""
    con = raw(db)
    try:
        return {(r[0], r[1]): (r[2], r[3], r[4]) for r in con.execute(
            "SELECT n.night_id, p.name, n.date, n.net, n.deals FROM player_night n "
            "JOIN player p ON p.id = n.player_id")}
    finally:
        con.close()


def from_games(db: Any, service: Tally) -> Nights:
    """The games' kept sums added up per player and night, dated as the night."""
    dates = {n.id: n.date for n in service.nights()}
    out: Nights = {}
    for (night, _game, player), (net, deals) in kept(db).items():
        _, x, d = out.get((night, player), ("", 0, 0))
        out[(night, player)] = (dates[night], x + net, d + deals)
    return out


def test_every_write_moves_the_players_night_with_the_games_sums(db_path: Path) -> None:
    service = Tally.open(db_path)
    night, table, duel = club(service)  # Ann sits at both tables
    assert kept_nights(db_path) == {(night, p): ("2026-11-29", 0, 0) for p in FIVE}
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40)])
    service.add_deals(duel, [sixty("Ann", 3), sixty("Ann", 3), sixty("Ann", 1)])
    assert kept_nights(db_path) == from_games(db_path, service)
    ann = kept_nights(db_path)[(night, "Ann")]
    assert ann[2] == 2 + 3 and ann[1] == sum(
        v[0] for k, v in kept(db_path).items() if k[0] == night and k[2] == "Ann")
    service.correct_deal(ids[0], solo("Dan", "Bea", 20), reason="recount")
    assert kept_nights(db_path) == from_games(db_path, service)
    service.void_deal(ids[1], "misdeal")
    assert kept_nights(db_path)[(night, "Eve")][2] == 1
    service.undo_last(duel)
    assert kept_nights(db_path) == from_games(db_path, service)
    assert kept_nights(db_path)[(night, "Ann")][2] == 1 + 2
    second = service.new_night("2026-12-06", "Café Nord")
    later = service.new_table(second, "crazy-solo", FIVE)
    service.import_tables([(later, [solo("Eve", "Chie", 90), solo("Dan", "Ann", 20)])])
    assert kept_nights(db_path) == from_games(db_path, service)
    assert kept_nights(db_path)[(second, "Eve")][0] == "2026-12-06"
    service.add_player("Fumi")
    spare = service.new_table(night, "sixty-six", ["Fumi", "Chie"])  # opened by mistake
    assert kept_nights(db_path)[(night, "Fumi")] == ("2026-11-29", 0, 0)
    service.delete_table(spare)
    assert kept_nights(db_path) == from_games(db_path, service)
    assert (night, "Fumi") not in kept_nights(db_path)
    empty = service.new_night("2026-12-13")
    service.new_table(empty, "sixty-six", ["Ann", "Bea"])
    service.delete_night(empty)
    assert {k[0] for k in kept_nights(db_path)} == {night, second}
    assert service.check() == []


def test_check_names_a_kept_night_that_is_not_its_games_added_up(db_path: Path) -> None:
    service = Tally.open(db_path)
    night, table, _ = club(service)
    service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40)])
    _, net, deals = kept_nights(db_path)[(night, "Bea")]
    sql(db_path, "UPDATE player_night SET net = net + 5 WHERE player_id = "
        "(SELECT id FROM player WHERE name = 'Bea')")
    assert checked(service) == [
        f"night {night} Bea: the kept night over every game is {net + 5} chips over {deals} "
        f"deals, dated 2026-11-29, but the stored transfers give {net} over {deals}, "
        "dated 2026-11-29"]
    set_language("ja")
    assert [problem_text(p) for p in service.check()] == [
        f"夜 {night} Bea：全ゲームの夜の合計は {net + 5} チップ・{deals} ディール（2026-11-29）と"
        f"保存されていますが、保存された支払いからは {net}・{deals}（2026-11-29）になります"]
    set_language("en")
    sql(db_path, "DELETE FROM player_night WHERE player_id = "
        "(SELECT id FROM player WHERE name = 'Bea')")
    other = service.new_night("2026-12-06")
    sql(db_path, "INSERT INTO player_night (night_id, player_id, date, net, deals) "
        "VALUES (?, (SELECT id FROM player WHERE name = 'Eve'), '2026-12-06', 0, 0)", other)
    assert checked(service) == [
        f"night {night} Bea: no kept night over every game, but the stored transfers give "
        f"{net} chips over {deals} deals",
        f"night {other} Eve: a kept night over every game of 0 chips over 0 deals for no "
        "seat or transfer"]


def test_the_league_over_every_game_reads_the_kept_nights(db_path: Path) -> None:
    """Proof that it reads them: a row changed behind Tally's back shows in `tally league`
    over every game (and in a range, at a venue), not in one game's league."""
    service = Tally.open(db_path)
    night, table, duel = club(service)
    service.add_deals(table, [solo("Bea", "Dan", 73)])
    service.add_deals(duel, [sixty("Ann", 3), sixty("Ann", 3), sixty("Ann", 1)])
    right = {r.player: (r.net, r.deals) for r in service.league(nights=False).rows}
    assert right == {r.player: (r.net, r.deals) for r in service.standings(night_id=night)}
    sql(db_path, "UPDATE player_night SET net = net + 100 WHERE player_id = "
        "(SELECT id FROM player WHERE name = 'Bea')")
    for scope in ({}, {"date_from": "2026-11-01"}, {"venue": "Club"}):
        got = {r.player: r.net for r in service.league(nights=False, **scope).rows}
        assert got["Bea"] == right["Bea"][0] + 100
    alone = {r.player: r.net for r in service.league(nights=False, game="sixty-six").rows}
    assert alone["Bea"] == kept(db_path)[(night, "sixty-six", "Bea")][0]


def test_an_upgrade_adds_up_the_nights_of_a_ledger_made_before(db_path: Path) -> None:
    service = Tally.open(db_path)
    night = played(service)
    service.new_table(service.new_night("2026-12-06"), "crazy-solo", FIVE)  # no deal yet
    made = kept_nights(db_path)
    service.db.dispose()
    sql(db_path, "DROP TABLE rating_night")  # the ledger as 0010 left it (0012: ratings)
    sql(db_path, "DROP TABLE rating_mark")
    sql(db_path, "DROP TABLE rating_watermark")
    sql(db_path, "DROP TABLE player_night")
    for undo in ("DROP TABLE peer_player", "DROP TABLE ledger_setting",  # before 0014
                 "DROP INDEX ix_night_uid", "ALTER TABLE night DROP COLUMN origin",
                 "ALTER TABLE night DROP COLUMN uid", "ALTER TABLE revision DROP COLUMN hash"):
        sql(db_path, undo)  # and 0013
    sql(db_path, "UPDATE alembic_version SET version_num = '0010_night_sums'")
    upgrade(db_path)  # `tally db upgrade`
    upgraded = Tally.open(db_path)
    assert kept_nights(db_path) == made == from_games(db_path, upgraded)
    assert made[(night, "Ann")][2] == 1 + 3
    assert upgraded.check() == []


def test_a_copy_makes_the_nights_again_on_the_target(db_path: Path, tmp_path: Path) -> None:
    service = Tally.open(db_path)
    _, table, duel = club(service)
    service.add_deals(table, [solo("Bea", "Dan", 73)])
    service.add_deals(duel, [sixty("Ann", 3)])
    target = tmp_path / "copy.sqlite3"
    dst = open_database(target)
    rows = copy_ledger(service.db, dst, force=True)
    dst.dispose()
    assert rows["player_night"] == len(kept_nights(db_path)) == 5
    assert kept_nights(target) == kept_nights(db_path)
    assert Tally.open(target).check() == []
