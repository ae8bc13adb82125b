"""Where a table stands after each deal is stored (`deal_state`: the engine's state, the
deals played, each seat's net), so recording, previewing, the table's status and its
standings read one row instead of the whole table; corrections rewrite the rows after them,
and `tally check` verifies every one against the fold."""

from __future__ import annotations

from pathlib import Path

from ledger.domain.replay import encode_mark, encode_state
from ledger.service import Tally
from ledger.service.tables import fold, load_table
from tests.checked import checked
from tests.conftest import raw


def solo(caller: str, partner: str, points: int) -> dict[str, object]:
    return {"contract": "solo", "caller": caller, "partner": partner, "trump": "clubs",
            "team_points": points}


def stored_states(db: Path, table: int) -> list[str]:
    con = raw(db)
    try:
        return [r[0] for r in con.execute(
            "SELECT s.state FROM deal d JOIN deal_state s ON s.deal_id = d.id "
            "WHERE d.table_id = ? ORDER BY d.number", (table,))]
    finally:
        con.close()


def folded_states(service: Tally, table: int) -> list[str]:
    with service._read() as s:
        steps, _ = fold(s, load_table(s, table))
    return [encode_state(x.state) for x in steps]


def stored_marks(db: Path, table: int) -> list[tuple[str, int, str]]:
    con = raw(db)
    try:
        return [tuple(r) for r in con.execute(
            "SELECT s.state, s.played, s.nets FROM deal d JOIN deal_state s "
            "ON s.deal_id = d.id WHERE d.table_id = ? ORDER BY d.number", (table,))]
    finally:
        con.close()


def folded_marks(service: Tally, table: int) -> list[tuple[str, int, str]]:
    with service._read() as s:
        steps, _ = fold(s, load_table(s, table))
    return [encode_mark(x.mark) for x in steps]


def sql(db: Path, statement: str, *params: object) -> None:
    con = raw(db)
    try:
        con.execute(statement, params)
        con.commit()
    finally:
        con.close()


def test_each_deal_stores_the_state_after_it(crazy_table: tuple[Tally, int],
                                             db_path: Path) -> None:
    service, table = crazy_table
    service.add_deal(table, solo("Bea", "Dan", 73))
    service.add_deals(table, [solo("Ann", "Eve", 40), {"contract": "pass"}])
    states = stored_states(db_path, table)
    assert states == folded_states(service, table)
    assert stored_marks(db_path, table) == folded_marks(service, table)
    assert stored_marks(db_path, table)[-1] == (
        '{"seats":["Ann","Bea","Chie","Dan","Eve"],"dealer":"Dan","deals":3}', 3,
        "[" + ",".join(str(r) for r in _nets(service, table)) + "]")
    assert service.check() == []


def _nets(service: Tally, table: int) -> list[int]:
    """Each seat's net summed from the stored transfers (the deal list), in seat order."""
    nets = dict.fromkeys(service.table(table).seats, 0)
    for deal in service.deals(table):
        for seat, net in deal.nets.items():
            nets[seat] += net
    return list(nets.values())


def test_a_table_s_standings_come_from_its_last_row(crazy_table: tuple[Tally, int],
                                                    db_path: Path) -> None:
    service, table = crazy_table
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40),
                                    solo("Chie", "Ann", 90)])
    service.void_deal(ids[1], "misdeal")
    from_row = service.standings(table_id=table)
    nets = dict(zip(service.table(table).seats, _nets(service, table), strict=True))
    assert [(r.player, r.net, r.deals) for r in from_row] == sorted(
        [(p, n, 2) for p, n in nets.items()], key=lambda x: (-x[1], x[0]))
    assert service.table(table).deals == 2
    sql(db_path, "DELETE FROM deal_state")  # the sums over the transfers say the same
    assert service.standings(table_id=table) == from_row
    assert service.table(table).deals == 2


def test_a_correction_rewrites_the_states_after_it(crazy_table: tuple[Tally, int],
                                                   db_path: Path) -> None:
    service, table = crazy_table
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40),
                                    solo("Chie", "Ann", 90)])
    before = stored_states(db_path, table)
    service.void_deal(ids[0], "misdeal")
    after = stored_states(db_path, table)
    assert after == folded_states(service, table) and after != before
    assert stored_marks(db_path, table) == folded_marks(service, table)
    assert after[0] == '{"seats":["Ann","Bea","Chie","Dan","Eve"],"dealer":"Ann","deals":0}'
    service.correct_deal(ids[1], solo("Ann", "Eve", 70), reason="recount")
    assert stored_marks(db_path, table) == folded_marks(service, table)
    assert service.check() == []


def test_reads_take_the_stored_state_and_check_finds_a_wrong_one(
        crazy_table: tuple[Tally, int], db_path: Path) -> None:
    """Proof that the table's state comes from the stored row, not from a fold: a state
    changed behind the service's back shows, and `check` reports it."""
    service, table = crazy_table
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40)])
    assert service.table(table).status["dealer"] == "Chie"
    sql(db_path, "UPDATE deal_state SET state = replace(state, '\"dealer\":\"Chie\"', "
        "'\"dealer\":\"Eve\"') WHERE deal_id = ?", ids[1])
    assert service.table(table).status["dealer"] == "Eve"
    assert checked(service) == [f"table {table} deal 2: stored state differs from the replay"]
    service.void_deal(ids[1], "undo")  # a correction re-derives the states from deal 2 on
    assert service.check() == []
    sql(db_path, "UPDATE deal_state SET nets = '[0,0,0,0,0]', played = 9 WHERE deal_id = ?",
        ids[0])
    assert checked(service) == [f"table {table} deal 1: stored state differs from the replay"]


def test_a_table_from_before_the_states_is_folded_once_then_kept(
        crazy_table: tuple[Tally, int], db_path: Path) -> None:
    service, table = crazy_table
    ids = service.add_deals(table, [solo("Bea", "Dan", 73), solo("Ann", "Eve", 40),
                                    solo("Chie", "Ann", 90)])
    sql(db_path, "DELETE FROM deal_state")  # as migration 0006 leaves an older database
    assert service.table(table).status["dealer"] == "Dan"  # folded
    assert service.table(table).deals == 3
    assert service.status_before(table, ids[2])["dealer"] == "Chie"
    assert service.preview_deal(table, solo("Bea", "Dan", 73), ids[1]).nets == \
        service.preview_deal(table, solo("Bea", "Dan", 73)).nets
    assert service.check() == []  # no state stored is not a problem
    service.add_deal(table, solo("Dan", "Eve", 73))
    assert stored_marks(db_path, table) == folded_marks(service, table)
    assert len(stored_marks(db_path, table)) == 4


def test_a_stored_state_without_its_deal_is_an_orphan(crazy_table: tuple[Tally, int],
                                                      db_path: Path) -> None:
    service, table = crazy_table
    service.add_deal(table, solo("Bea", "Dan", 73))
    con = raw(db_path)
    con.execute("PRAGMA foreign_keys=OFF")
    con.execute("INSERT INTO deal_state (deal_id, state, played, nets) "
                "VALUES (99, '{}', 0, '[]')")
    con.commit()
    con.close()
    assert checked(service) == ["stored state without deal: 99"]
