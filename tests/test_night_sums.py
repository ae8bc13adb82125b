"""Issue 25: per-night per-player sums (`night_sum`) kept with each deal's revision.

Every revision moves them in its own transaction (a new deal, a correction and the later
deals it re-settles, a void, an undo, an import, the bulk path), `db copy` derives them on
the target, an upgrade fills them, `check` re-derives them from the stored transfers, and
the night's, every night's and the league's standings read them. Each test compares the
kept rows with the tables' own standings (their last checkpoints: not these rows)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.service import Tally
from ledger.service.moving import upgrade
from ledger.text.i18n import set_language
from ledger.text.problems import problem_text
from tests.checked import checked
from tests.conftest import raw

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]


def solo(caller: str, partner: str, points: int) -> dict[str, object]:
    return {"contract": "solo", "caller": caller, "partner": partner, "trump": "clubs",
            "team_points": points}


def sixty(winner: str, points: int) -> dict[str, object]:
    return {"ending": "scored", "winner": winner, "game_points": points}


def kept(db: Any) -> dict[tuple[int, str, str], tuple[int, int]]:
    """The `night_sum` rows, by (night, game, player name)."""
    con = raw(db)
    try:
        return {(r[0], r[1], r[2]): (r[3], r[4]) for r in con.execute(
            "SELECT s.night_id, s.game, p.name, s.net, s.deals FROM night_sum s "
            "JOIN player p ON p.id = s.player_id")}
    finally:
        con.close()


def from_tables(service: Tally) -> dict[tuple[int, str, str], tuple[int, int]]:
    """The same sums from each table's own standings (its last checkpoint)."""
    out: dict[tuple[int, str, str], tuple[int, int]] = {}
    for night in service.nights():
        for t in service.night(night.id).tables:
            for row in service.standings(table_id=t.id):
                net, deals = out.get((night.id, t.game, row.player), (0, 0))
                out[(night.id, t.game, row.player)] = (net + row.net, deals + row.deals)
    return out


def sql(db: Any, statement: str, *params: object) -> None:
    con = raw(db)
    try:
        con.execute(statement, params)
        con.commit()
    finally:
        con.close()


def club(service: Tally) -> tuple[int, int, int]:
    """A night with a Crazy Solo table and a Sixty-Six table (Ann sits at both)."""
    service.add_players(FIVE)
    night = service.new_night("2026-11-29", "Club")
    solo_table = service.new_table(night, "crazy-solo", FIVE)
    duel = service.new_table(night, "sixty-six", ["Ann", "Bea"])
    return night, solo_table, duel


def played(service: Tally) -> int:
    """`club`, played: at the Crazy Solo table one deal kept and one voided, at the
    Sixty-Six table three deals (Ann's); the night's id."""
    night, table, duel = club(service)
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40)])
    service.void_deal(ids[1], "misdeal")
    service.add_deals(duel, [sixty("Ann", 3), sixty("Ann", 3), sixty("Ann", 1)])
    return night


def test_each_revision_moves_the_sums_with_it(db_path: Path) -> None:
    service = Tally.open(db_path)
    night, table, _ = club(service)
    assert kept(db_path) == {(night, "crazy-solo", p): (0, 0) for p in FIVE} | {
        (night, "sixty-six", p): (0, 0) for p in ("Ann", "Bea")}  # seated: 0 and 0
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40),
                                    solo("Chie", "Ann", 90)])
    assert kept(db_path) == from_tables(service)
    assert kept(db_path)[(night, "crazy-solo", "Bea")] != (0, 3)
    assert kept(db_path)[(night, "crazy-solo", "Bea")][1] == 3
    service.correct_deal(ids[0], solo("Dan", "Bea", 20), reason="recount")
    assert kept(db_path) == from_tables(service)
    service.void_deal(ids[1], "misdeal")
    assert kept(db_path) == from_tables(service)
    assert kept(db_path)[(night, "crazy-solo", "Eve")][1] == 2  # the void is no deal
    service.undo_last(table)
    assert kept(db_path) == from_tables(service)
    assert kept(db_path)[(night, "crazy-solo", "Chie")][1] == 1
    service.correct_deal(ids[1], solo("Ann", "Eve", 40), reason="it stood")  # un-void
    assert kept(db_path)[(night, "crazy-solo", "Chie")][1] == 2
    assert kept(db_path) == from_tables(service)
    assert service.check() == []


def test_a_correction_re_derives_the_later_deals_sums(db_path: Path) -> None:
    """Ann wins the game (7 points) at deal 3; corrected, deal 1 gives Bea the 3 points,
    so deal 3 no longer ends it and its re-settled revision pays nothing."""
    service = Tally.open(db_path)
    night, _, duel = club(service)
    ids = service.add_deals(duel, [sixty("Ann", 3), sixty("Ann", 3), sixty("Ann", 1)])
    before = kept(db_path)[(night, "sixty-six", "Ann")]
    assert before[0] > 0 and before == from_tables(service)[(night, "sixty-six", "Ann")]
    assert service.correct_deal(ids[0], sixty("Bea", 3), reason="recount") == 2
    assert kept(db_path)[(night, "sixty-six", "Ann")] == (0, 3)
    assert kept(db_path)[(night, "sixty-six", "Bea")] == (0, 3)
    assert kept(db_path) == from_tables(service)
    assert service.check() == []


def test_check_re_derives_the_sums_and_names_a_wrong_row(db_path: Path) -> None:
    service = Tally.open(db_path)
    night, table, _ = club(service)
    service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40)])
    net, deals = kept(db_path)[(night, "crazy-solo", "Bea")]
    sql(db_path, "UPDATE night_sum SET net = net + 5 WHERE player_id = "
        "(SELECT id FROM player WHERE name = 'Bea') AND game = 'crazy-solo'")
    assert checked(service) == [
        f"night {night} crazy-solo Bea: kept sums {net + 5} chips over {deals} deals, "
        f"but the stored transfers give {net} over {deals}"]
    set_language("ja")
    assert [problem_text(p) for p in service.check()] == [
        f"夜 {night} crazy-solo Bea：保存された合計は {net + 5} チップ・{deals} ディールですが、"
        f"保存された支払いからは {net}・{deals} になります"]
    set_language("en")
    sql(db_path, "DELETE FROM night_sum WHERE game = 'crazy-solo' AND player_id = "
        "(SELECT id FROM player WHERE name = 'Bea')")
    sql(db_path, "INSERT INTO night_sum (night_id, game, player_id, net, deals) "
        "VALUES (?, 'sixty-six', (SELECT id FROM player WHERE name = 'Eve'), 0, 0)", night)
    assert checked(service) == [
        f"night {night} crazy-solo Bea: no kept sums, but the stored transfers give {net} "
        f"chips over {deals} deals",
        f"night {night} sixty-six Eve: kept sums 0 chips over 0 deals for no seat or transfer"]


def test_standings_and_the_league_read_the_kept_sums(db_path: Path) -> None:
    """Proof that they read the rows, not the transfers: a row changed behind Tally's back
    shows in them (and `check` says so)."""
    service = Tally.open(db_path)
    night, table, duel = club(service)
    service.add_deals(table, [solo("Bea", "Dan", 73)])
    service.add_deals(duel, [sixty("Ann", 3), sixty("Ann", 3), sixty("Ann", 1)])
    right = {r.player: (r.net, r.deals) for r in service.standings(night_id=night)}
    ann = kept(db_path)[(night, "crazy-solo", "Ann")][0] + \
        kept(db_path)[(night, "sixty-six", "Ann")][0]
    assert right["Ann"] == (ann, 4)
    assert right == {r.player: (r.net, r.deals) for r in service.standings()}
    league = {r.player: (r.net, r.deals) for r in service.league().rows}
    assert league == right
    sql(db_path, "UPDATE night_sum SET net = net + 100 WHERE game = 'sixty-six' AND "
        "player_id = (SELECT id FROM player WHERE name = 'Bea')")
    assert {r.player: r.net for r in service.standings(night_id=night)}["Bea"] == \
        right["Bea"][0] + 100
    assert {r.player: r.net for r in service.standings()}["Bea"] == right["Bea"][0] + 100
    assert {r.player: r.net for r in service.league().rows}["Bea"] == right["Bea"][0] + 100
    assert {r.player: r.net for r in service.standings(table_id=duel)}["Bea"] == \
        right["Bea"][0] - kept(db_path)[(night, "crazy-solo", "Bea")][0]  # its checkpoint
    assert len(service.check()) == 1


def test_an_upgrade_fills_the_sums_of_a_ledger_made_before(db_path: Path) -> None:
    service = Tally.open(db_path)
    night = played(service)
    second = service.new_night("2026-12-06", "Café Nord")
    service.new_table(second, "crazy-solo", FIVE)  # seated, no deal yet
    made = kept(db_path)
    service.db.dispose()
    sql(db_path, "DROP TABLE rating_night")  # 0012's ratings
    sql(db_path, "DROP TABLE rating_mark")
    sql(db_path, "DROP TABLE rating_watermark")
    sql(db_path, "DROP TABLE player_night")  # the ledger as 0009 left it (0011 adds
    sql(db_path, "DROP TABLE night_sum")  # the players' nights from these sums)
    for undo in ("DROP TABLE peer_player", "DROP TABLE ledger_setting",  # before 0014
                 "DROP INDEX ix_night_uid", "ALTER TABLE night DROP COLUMN origin",
                 "ALTER TABLE night DROP COLUMN uid", "ALTER TABLE revision DROP COLUMN hash"):
        sql(db_path, undo)  # and 0013
    sql(db_path, "UPDATE alembic_version SET version_num = '0009_form_key'")
    upgrade(db_path)  # `tally db upgrade`
    upgraded = Tally.open(db_path)
    assert kept(db_path) == made == from_tables(upgraded)
    assert made[(second, "crazy-solo", "Eve")] == (0, 0)
    assert made[(night, "crazy-solo", "Eve")][1] == 1
    assert upgraded.check() == []


def test_a_table_removed_takes_its_seats_rows(db_path: Path) -> None:
    service = Tally.open(db_path)
    night, table, duel = club(service)
    service.add_deals(table, [solo("Bea", "Dan", 73)])
    service.delete_table(duel)
    assert kept(db_path) == from_tables(service)
    assert (night, "sixty-six", "Ann") not in kept(db_path)
    assert service.check() == []
    empty = service.new_night("2026-12-06")
    service.new_table(empty, "sixty-six", ["Ann", "Bea"])
    service.delete_night(empty)
    assert {k[0] for k in kept(db_path)} == {night}


def test_the_bulk_path_writes_what_add_deals_writes(db_path: Path, tmp_path: Path) -> None:
    """`import_tables` (COPY on a server) and `add_deals` give the same deals, states and
    sums, and a later deal and a correction go on from them."""
    service = Tally.open(db_path)
    _, table, duel = club(service)
    deals = [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40), solo("Chie", "Ann", 90)]
    ids = service.import_tables([(table, deals), (duel, [sixty("Ann", 3), sixty("Ann", 3)])])
    assert [len(x) for x in ids] == [3, 2]
    other = Tally.open(tmp_path / "by-add-deals.sqlite3")
    _, o_table, o_duel = club(other)
    other.add_deals(o_table, deals)
    other.add_deals(o_duel, [sixty("Ann", 3), sixty("Ann", 3)])
    assert {(k[1], k[2]): v for k, v in kept(db_path).items()} == \
        {(k[1], k[2]): v for k, v in kept(tmp_path / "by-add-deals.sqlite3").items()}
    assert [(d.number, d.nets) for d in service.deals(table)] == \
        [(d.number, d.nets) for d in other.deals(o_table)]
    service.add_deal(table, solo("Dan", "Eve", 73))
    service.correct_deal(ids[0][0], solo("Dan", "Bea", 20), reason="recount")
    assert kept(db_path) == from_tables(service)
    assert service.check() == []


def test_the_league_added_up_by_the_store_is_the_league_of_its_nights(db_path: Path) -> None:
    """`tally league` (chips, the table alone) sums per player in SQL; it ranks as the
    league of the per-night results does, over ranges, games and venues."""
    service = Tally.open(db_path)
    night = played(service)
    second = service.new_night("2026-12-06", "Café Nord")
    service.add_deals(service.new_table(second, "crazy-solo", FIVE),
                      [solo("Eve", "Chie", 90), solo("Dan", "Ann", 20)])
    service.new_table(second, "sixty-six", ["Chie", "Dan"])  # no deal: nobody's night
    for scope in ({}, {"date_from": "2026-12-01"}, {"game": "sixty-six"},
                  {"venue": "Café Nord"}, {"date_to": "2026-11-29", "game": "crazy-solo"}):
        summed = service.league(nights=False, **scope)
        assert summed.rows == service.league(**scope).rows
        assert summed.results == ()
    rows = {r.player: (r.nights, r.deals) for r in service.league(nights=False).rows}
    assert rows["Ann"] == (2, 1 + 3 + 2) and rows["Bea"] == (2, 6)
    assert rows["Chie"] == (2, 3)  # one deal the first night, two the second
    assert night != second
