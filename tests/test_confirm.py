"""The opponents confirm: a table's `confirm = "opponent"` keeps each deal to be
confirmed until a player who did not record it confirms it or disputes it; the state is
read from the revisions (a `confirm` or `dispute` revision), on both engines."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ledger.service import RuleError, Tally
from tests.conftest import Cli

WON = {"ending": "scored", "winner": "Ann", "game_points": 1}
LOST = {"ending": "scored", "winner": "Bea", "game_points": 2}


@pytest.fixture
def night(service: Tally) -> tuple[Tally, int, int]:
    for name in ("Ann", "Bea"):
        service.add_player(name)
    night = service.new_night("2026-12-04", "Club")
    return service, night, service.new_table(night, "schnapsen", ["Ann", "Bea"],
                                                overrides={"confirm": "opponent"})


def states(service: Tally, table: int) -> list[tuple[str, str | None, str | None]]:
    return [(v.state, v.by, v.reason) for _, v in sorted(service.verdicts(table).items())]


def test_a_deal_waits_for_a_player_who_did_not_record_it(night) -> None:
    service, _, table = night
    deal = service.add_deal(table, WON, "Ann")
    assert states(service, table) == [("pending", None, None)]
    with pytest.raises(RuleError) as own:
        service.confirm_deal(deal, "Ann")
    assert (own.value.field, own.value.code) == ("by", "confirm_own")
    with pytest.raises(RuleError) as stranger:
        service.confirm_deal(deal, "Zed")
    assert (stranger.value.field, stranger.value.code) == ("by", "confirm_not_seated")
    assert service.confirm_deal(deal, "bea") is True
    assert service.confirm_deal(deal, "Bea") is False  # a second tap writes nothing
    assert states(service, table) == [("confirmed", "Bea", None)]
    assert [h.kind for h in service.history(deal)] == ["record", "confirm"]
    assert service.check() == []


def test_a_dispute_needs_a_reason_and_counts_in_the_totals(night) -> None:
    service, night_id, table = night
    service.add_deal(table, WON, "Ann")
    deal = service.add_deal(table, LOST, "Ann")
    before = [(r.player, r.net) for r in service.standings(table_id=table)]
    with pytest.raises(RuleError) as bare:
        service.dispute_deal(deal, "Bea", "  ")
    assert (bare.value.field, bare.value.code) == ("reason", "dispute_reason")
    assert service.dispute_deal(deal, "Bea", "it was 3") is True
    assert [(r.player, r.net) for r in service.standings(table_id=table)] == before
    assert [(x.number, x.pending, x.disputed) for x in service.night_verdicts(night_id)] == [
        (1, (1,), (2,))]
    assert [(n.code, n.values) for n in service.night_verdict_notices(night_id)] == [
        ("confirm_pending", {"n": 1, "table": 1, "deals": (1,)}),
        ("confirm_disputed", {"n": 1, "table": 1, "deals": (2,)})]
    assert service.check() == []


def test_a_correction_of_a_confirmed_deal_asks_again(night) -> None:
    service, _, table = night
    deal = service.add_deal(table, WON, "Ann")
    later = service.add_deal(table, LOST, "Ann")
    service.confirm_deal(deal, "Bea")
    service.confirm_deal(later, "Bea")
    service.correct_deal(deal, {**WON, "game_points": 2}, reason="two", author="Ann")
    # the corrected deal asks again; the later one, re-settled, keeps its confirmation
    assert states(service, table) == [("pending", None, None), ("confirmed", "Bea", None)]
    assert service.check() == []


def test_a_table_without_confirm_refuses_a_verdict(night) -> None:
    service, night_id, _ = night
    plain = service.new_table(night_id, "schnapsen", ["Ann", "Bea"])
    deal = service.add_deal(plain, WON, "Ann")
    with pytest.raises(RuleError) as off:
        service.confirm_deal(deal, "Bea")
    assert off.value.code == "confirm_off"
    assert service.verdicts(plain) == {}
    assert "confirm" not in service.table(plain).options


def test_the_option_is_a_tables_and_calc_does_not_take_it(service: Tally) -> None:
    for name in ("Ann", "Bea"):
        service.add_player(name)
    night = service.new_night("2026-12-04")
    table = service.new_table(night, "schnapsen", ["Ann", "Bea"],
                              overrides={"confirm": "opponent"})
    assert service.table(table).options["confirm"] == "opponent"
    with pytest.raises(RuleError) as bad:
        service.new_table(night, "schnapsen", ["Ann", "Bea"], overrides={"confirm": "maybe"})
    assert (bad.value.field, bad.value.code) == ("--set confirm", "not_one_of")


def test_round_list_carries_the_state(night, cli: Cli) -> None:
    service, _, table = night
    first = service.add_deal(table, WON, "Ann")
    second = service.add_deal(table, LOST, "Ann")
    assert cli("round", "confirm", str(first), "--by", "Bea").exit_code == 0
    assert cli("round", "dispute", str(second), "--by", "Bea", "--reason", "3, not 2"
               ).exit_code == 0
    listed = cli("round", "list", "--table", str(table))
    assert listed.exit_code == 0
    lines = [line.rstrip() for line in listed.stdout.splitlines()]
    assert lines[0].split()[-1] == "confirm"
    assert lines[2].endswith("confirmed by Bea")
    assert lines[3].endswith("disputed by Bea: 3, not 2")
    shown = json.loads(cli("round", "list", "--table", str(table), "--json").stdout)
    assert [d["confirm"] for d in shown] == [
        {"state": "confirmed", "recorded_by": "Ann", "by": "Bea", "reason": None},
        {"state": "disputed", "recorded_by": "Ann", "by": "Bea", "reason": "3, not 2"}]
    own = cli("round", "confirm", str(second), "--by", "Ann")
    assert own.exit_code == 2
    assert own.stderr.strip().splitlines()[-1] == (
        "error: by: Ann recorded deal 2: another player at the table confirms it")


def test_settle_says_so_before_the_plan(night, cli: Cli) -> None:
    service, night_id, table = night
    service.add_deal(table, WON, "Ann")
    said = cli("settle", "--night", str(night_id))
    assert said.exit_code == 0
    assert said.stderr.splitlines()[0] == (
        "warning: confirm: 1 deal to confirm at table 1 (deal 1): it counts as saved")
    service.add_deal(table, LOST, "Ann")
    said = cli("settle", "--night", str(night_id))
    assert said.stderr.splitlines()[0] == (
        "warning: confirm: 2 deals to confirm at table 1 (deals 1, 2): they count as saved")
    japanese = cli("--lang", "ja", "settle", "--night", str(night_id))
    assert japanese.stderr.splitlines()[0] == (
        "warning: confirm: 卓 1 に確認待ちのディールが 2 件（ディール 1、2）："
        "保存どおりに数えています")


def test_the_export_writes_a_confirm_file_only_where_a_table_confirms(
        night, tmp_path: Path) -> None:
    service, night_id, table = night
    service.add_deal(table, WON, "Ann")
    deal = service.add_deal(table, LOST, "Ann")
    service.dispute_deal(deal, "Bea", "3, not 2")
    files = service.export(tmp_path / "with", night_id)
    assert [p.name for p in files][-1] == "confirm-2026-12-04-night1.csv"
    with files[-1].open(encoding="utf-8-sig", newline="") as fh:
        assert list(csv.reader(fh)) == [
            ["night", "date", "table", "game", "deal", "state", "recorded_by", "by", "reason"],
            ["1", "2026-12-04", "1", "schnapsen", "1", "pending", "Ann", "", ""],
            ["1", "2026-12-04", "1", "schnapsen", "2", "disputed", "Ann", "Bea", "3, not 2"]]


def test_a_night_without_confirm_exports_the_files_it_always_did(service: Tally,
                                                                  tmp_path: Path) -> None:
    for name in ("Ann", "Bea"):
        service.add_player(name)
    night = service.new_night("2026-12-04")
    table = service.new_table(night, "schnapsen", ["Ann", "Bea"])
    service.add_deal(table, WON, "Ann")
    files = service.export(tmp_path, night)
    assert [p.name.split("-")[0] for p in files] == [
        "standings", "deals", "transfers", "settlement", "chain", "revisions"]
    assert not list(tmp_path.glob("confirm-*"))
