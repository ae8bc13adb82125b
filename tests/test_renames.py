"""Renaming a seated player keeps every table they sit at whole: the deals recorded under the
old name replay, standings, history, exports and `check` read the new name, and the stored
revisions are not rewritten (`ledger.store.renames`)."""

from __future__ import annotations

from pathlib import Path

from ledger.domain.replay import encode_state
from ledger.service import Tally
from ledger.service.tables import fold, load_table
from tests.conftest import raw


def solo(caller: str, partner: str, points: int) -> dict[str, object]:
    return {"contract": "solo", "caller": caller, "partner": partner, "trump": "clubs",
            "team_points": points}


def stored_outcomes(db: Path) -> list[str]:
    con = raw(db)
    try:
        return [r[0] for r in con.execute("SELECT outcome FROM revision ORDER BY id")]
    finally:
        con.close()


def test_a_renamed_player_s_table_still_replays_and_records(
        crazy_table: tuple[Tally, int], db_path: Path) -> None:
    service, table = crazy_table
    first = service.add_deal(table, solo("Bea", "Dan", 73))
    before = stored_outcomes(db_path)
    service.rename_player("Bea", "Beatrix")
    second = service.add_deal(table, solo("Beatrix", "Dan", 90))
    assert service.check() == []
    assert [d.nets for d in service.deals(table)] == [
        {"Ann": -25, "Beatrix": 50, "Chie": -25, "Dan": 25, "Eve": -25},
        {"Ann": -60, "Beatrix": 120, "Chie": -60, "Dan": 60, "Eve": -60}]
    assert service.deals(table)[0].outcome["caller"] == "Beatrix"
    assert service.deals(table)[0].shown() == "Solo ♣ Beatrix + Dan, 73 → 25"
    assert [(r.player, r.net) for r in service.standings(table_id=table)][:1] == [("Beatrix", 170)]
    assert stored_outcomes(db_path)[:1] == before  # history is not rewritten
    assert second > first


def test_a_deal_from_before_the_rename_is_corrected_under_the_new_name(
        crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    deal = service.add_deal(table, solo("Bea", "Dan", 73))
    service.rename_player("Bea", "Beatrix")
    service.correct_deal(deal, solo("Beatrix", "Dan", 90), reason="miscounted")
    history = service.history(deal)
    assert [h.outcome["caller"] for h in history] == ["Beatrix", "Beatrix"]
    assert [h.nets["Beatrix"] for h in history] == [50, 120]
    assert service.check() == []


def test_names_swapped_through_a_third_are_read_in_the_order_they_were_made(
        crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    service.add_deal(table, solo("Ann", "Bea", 73))  # Ann called Bea
    service.rename_player("Ann", "Xan")
    service.rename_player("Bea", "Ann")   # the old Bea is now called Ann …
    service.rename_player("Xan", "Bea")   # … and the old Ann Bea
    service.add_deal(table, solo("Bea", "Ann", 90))  # the same caller and partner again
    assert [(d.outcome["caller"], d.outcome["partner"]) for d in service.deals(table)] == [
        ("Bea", "Ann"), ("Bea", "Ann")]
    assert service.deals(table)[0].nets == {"Bea": 50, "Ann": 25, "Chie": -25, "Dan": -25,
                                            "Eve": -25}
    assert service.check() == []


def test_the_cached_states_are_rewritten_so_a_new_deal_reads_one_row(
        crazy_table: tuple[Tally, int], db_path: Path) -> None:
    service, table = crazy_table
    for _ in range(3):
        service.add_deal(table, solo("Bea", "Dan", 73))
    service.rename_player("Bea", "Beatrix")
    con = raw(db_path)
    try:
        kept = [r[0] for r in con.execute(
            "SELECT s.state FROM deal_state s JOIN deal d ON d.id = s.deal_id "
            "WHERE d.table_id = ? ORDER BY d.number", (table,))]
    finally:
        con.close()
    with service._read() as s:
        steps, _ = fold(s, load_table(s, table))
    assert kept == [encode_state(x.state) for x in steps]
    assert all('"Beatrix"' in k and '"Bea"' not in k for k in kept)


def test_a_later_player_who_takes_the_old_name_is_not_confused_with_it(
        service: Tally) -> None:
    for name in ["Ann", "Bea", "Chie", "Dan", "Eve", "Fay"]:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    one = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Chie", "Dan", "Eve"])
    service.add_deal(one, solo("Bea", "Dan", 73))
    service.rename_player("Bea", "Beatrix")
    service.rename_player("Fay", "Bea")  # a new member takes the free name
    two = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Chie", "Dan", "Eve"])
    service.add_deal(two, solo("Bea", "Dan", 73))
    assert service.deals(one)[0].outcome["caller"] == "Beatrix"
    assert service.deals(two)[0].outcome["caller"] == "Bea"
    assert service.check() == []


def test_the_cli_lists_and_exports_a_renamed_player_s_deals(cli, tmp_path: Path) -> None:
    assert cli("player", "add", "Ann", "Bea", "Chie", "Dan", "Eve").exit_code == 0
    cli("night", "new", "--date", "2026-11-29", "--venue", "Club")
    cli("table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
        "Ann,Bea,Chie,Dan,Eve")
    cli("round", "add", "--table", "1", "--contract", "solo", "--caller", "Bea", "--partner",
        "Dan", "--trump", "clubs", "--points", "73")
    assert cli("player", "rename", "Bea", "Beatrix").exit_code == 0
    listed = cli("round", "list", "--table", "1")
    assert listed.exit_code == 0, listed.stderr
    assert "Solo ♣ Beatrix + Dan, 73 → 25" in listed.stdout
    assert cli("check").exit_code == 0
    out = tmp_path / "out"
    assert cli("--lang", "ja", "export", "--all", "--out", str(out)).exit_code == 0
    deals = next(out.glob("*deals*.csv")).read_text(encoding="utf-8")
    assert "Beatrix" in deals and ",Bea," not in deals and " Bea " not in deals


def test_the_english_export_says_the_stored_sentence_under_the_new_name(cli, tmp_path: Path
                                                                        ) -> None:
    cli("player", "add", "Ann", "Bea", "Chie", "Dan", "Eve")
    cli("night", "new", "--date", "2026-11-29", "--venue", "Club")
    cli("table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
        "Ann,Bea,Chie,Dan,Eve")
    cli("round", "add", "--table", "1", "--contract", "solo", "--caller", "Bea", "--partner",
        "Dan", "--trump", "clubs", "--points", "73")
    cli("player", "rename", "Bea", "Beatrix")
    out = tmp_path / "out"
    assert cli("export", "--all", "--out", str(out)).exit_code == 0
    deals = next(out.glob("*deals*.csv")).read_text(encoding="utf-8")
    assert deals.count("Solo ♣ Beatrix + Dan, 73 → 25") == 5  # a row per seat
    assert "Bea " not in deals and ",Bea," not in deals
