"""End of the night: settlement, payments, exports (byte for byte), backup, restore, import."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from ledger.domain.rules import RuleError
from ledger.service import Tally
from tests.checked import checked

from .conftest import Cli, raw, table_counts

SEATS = ["Ann", "Bea", "春子", '=HYPERLINK("x")', "Dan"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


@pytest.fixture
def night(service: Tally) -> tuple[Tally, int]:
    for name in SEATS:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    table = service.new_table(night, "crazy-solo", SEATS)
    first = service.add_deal(table, SOLO)
    service.add_deal(table, {"contract": "alone", "caller": "春子", "trump": "hearts",
                             "team_points": 52})
    service.correct_deal(first, {**SOLO, "team_points": 80}, reason="recount")
    service.set_rate(night, "10", "jpy")
    service.pay(night, "Ann", "Dan")
    return service, table


BOM = "\ufeff"
GOLDEN = {
    "standings-2026-11-29-night1.csv":
        "rank,player,net,money,deals,table 1 crazy-solo\r\n"
        "1,Bea,105,1050,2,105\r\n"
        "2,Dan,65,650,2,65\r\n"
        "3,\"'=HYPERLINK(\"\"x\"\")\",-15,-150,2,-15\r\n"
        "3,Ann,-15,-150,2,-15\r\n"
        "5,春子,-140,-1400,2,-140\r\n",
    "deals-2026-11-29-night1.csv":
        "night,date,table,game,deal,revision,status,player,net,summary\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,corrected,Ann,-40,\"Solo ♣ Bea + Dan, 80 → 40\"\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,corrected,Bea,80,\"Solo ♣ Bea + Dan, 80 → 40\"\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,corrected,春子,-40,\"Solo ♣ Bea + Dan, 80 → 40\"\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,corrected,\"'=HYPERLINK(\"\"x\"\")\",-40,"
        "\"Solo ♣ Bea + Dan, 80 → 40\"\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,corrected,Dan,40,\"Solo ♣ Bea + Dan, 80 → 40\"\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,recorded,Ann,25,\"Alone ♥ 春子, 52 → -25\"\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,recorded,Bea,25,\"Alone ♥ 春子, 52 → -25\"\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,recorded,春子,-100,\"Alone ♥ 春子, 52 → -25\"\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,recorded,\"'=HYPERLINK(\"\"x\"\")\",25,"
        "\"Alone ♥ 春子, 52 → -25\"\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,recorded,Dan,25,\"Alone ♥ 春子, 52 → -25\"\r\n",
    "transfers-2026-11-29-night1.csv":
        "night,date,table,game,deal,revision,from,to,amount,reason\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,春子,Bea,40,solo\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,\"'=HYPERLINK(\"\"x\"\")\",Bea,40,solo\r\n"
        "1,2026-11-29,1,crazy-solo,1,2,Ann,Dan,40,solo\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,春子,Ann,25,alone\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,春子,Bea,25,alone\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,春子,\"'=HYPERLINK(\"\"x\"\")\",25,alone\r\n"
        "1,2026-11-29,1,crazy-solo,2,1,春子,Dan,25,alone\r\n",
    "settlement-2026-11-29-night1.csv":
        "night,date,from,to,amount,money,currency,status\r\n"
        "1,2026-11-29,\"'=HYPERLINK(\"\"x\"\")\",Dan,15,150,JPY,open\r\n"
        "1,2026-11-29,春子,Bea,105,1050,JPY,open\r\n"
        "1,2026-11-29,春子,Dan,35,350,JPY,open\r\n"
        "1,2026-11-29,Ann,Dan,15,150,JPY,paid\r\n",
}


def test_export_is_byte_for_byte(night: tuple[Tally, int], tmp_path: Path) -> None:
    service, _ = night
    *paths, chain, revisions = service.export(tmp_path / "out", night_id=1)
    assert [p.name for p in paths] == list(GOLDEN)
    for path in paths:
        assert path.read_bytes() == (BOM + GOLDEN[path.name]).encode("utf-8"), path.name
    # and each table's hash chain: its head depends on when the deals were saved
    head = service.night_head(1)
    assert chain.name == "chain-2026-11-29-night1.csv"
    lines = chain.read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == BOM + "night,date,night_head,table,game,revisions,table_head"
    assert [x.split(",")[:3] for x in lines[1:-1]] == [["1", "2026-11-29", head]]  # 1 table
    assert revisions.name == "revisions-2026-11-29-night1.csv"
    lines = revisions.read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == BOM + "night,date,table,deal,revision,kind,hash,content"


def test_formula_names_are_written_as_text(night: tuple[Tally, int], tmp_path: Path) -> None:
    service, _ = night
    text = (tmp_path / "standings-2026-11-29-night1.csv")
    service.export(tmp_path, night_id=1)
    import csv

    rows = list(csv.reader(text.read_text(encoding="utf-8-sig").splitlines()))
    names = [r[1] for r in rows[1:]]
    assert "'=HYPERLINK(\"x\")" in names
    assert not any(n.startswith(("=", "+", "-", "@")) for n in names)
    from ledger.io.exports import safe_cell

    assert [safe_cell(x) for x in ("+1", "-x", "@a", "\tb", "\rc", "ok", -5)] == [
        "'+1", "'-x", "'@a", "'\tb", "'\rc", "ok", -5]


def test_json_export(night: tuple[Tally, int], tmp_path: Path) -> None:
    service, _ = night
    paths = service.export(tmp_path, night_id=1, fmt="json")
    data = json.loads(paths[0].read_text(encoding="utf-8"))
    assert data[0] == {"rank": 1, "player": "Bea", "net": 105, "money": "1050", "deals": 2,
                       "table 1 crazy-solo": 105}


def test_settlement_marks_paid_and_closes(night: tuple[Tally, int]) -> None:
    service, _ = night
    st = service.settlement(1)
    assert [(i.payer, i.payee, i.amount, str(i.money)) for i in st.open] == [
        ('=HYPERLINK("x")', "Dan", 15, "150"), ("春子", "Bea", 105, "1050"),
        ("春子", "Dan", 35, "350")]
    assert [(p.payer, p.payee, p.amount) for p in st.paid] == [("Ann", "Dan", 15)]
    with pytest.raises(RuleError, match="night: 1 has 3 open settlement item"):
        service.close_night_settled(1)
    with pytest.raises(RuleError, match="amount: 40 is not between 1 and 35"):
        service.pay(1, "春子", "Dan", 40)
    assert service.pay(1, "春子", "Dan", 20) == 20  # part of it
    assert [(i.payer, i.payee, i.amount) for i in service.settlement(1).open][-1] == (
        "春子", "Dan", 15)
    for item in service.settlement(1).open:
        service.pay(1, item.payer, item.payee)
    assert service.settlement(1).open == ()
    assert service.close_night_settled(1) == 0


def test_direct_mode_settles_each_table(service: Tally) -> None:
    for name in ("Ann", "Bea", "Chie", "Dan"):
        service.add_player(name)
    night = service.new_night("2026-11-29")
    t1 = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Chie"])
    t2 = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Dan"])
    service.add_deal(t1, {"contract": "alone", "caller": "Ann", "trump": "clubs",
                          "team_points": 70})  # Ann +40, Bea −20, Chie −20
    service.add_deal(t2, {"contract": "alone", "caller": "Bea", "trump": "clubs",
                          "team_points": 70})  # Bea +40, Ann −20, Dan −20
    fewest = service.settlement(night)
    assert [(i.payer, i.payee, i.amount) for i in fewest.open] == [
        ("Chie", "Ann", 20), ("Dan", "Bea", 20)]
    direct = service.settlement(night, "direct")
    assert [(i.table, i.payer, i.payee, i.amount) for i in direct.open] == [
        (1, "Bea", "Ann", 20), (1, "Chie", "Ann", 20), (2, "Ann", "Bea", 20),
        (2, "Dan", "Bea", 20)]
    assert direct.open[0].why.text().startswith("Bea pays Ann 20 chips for table 1.")


def test_backup_restore_same_standings_clean_check(night: tuple[Tally, int],
                                                   tmp_path: Path) -> None:
    service, table = night
    before = service.standings()
    backup = service.backup(tmp_path / "backup.sqlite3")
    service.add_deal(table, {"contract": "pass"})
    service.add_player("Late")
    with pytest.raises(RuleError, match="holds data; use --force"):
        service.restore(backup)
    kept = service.restore(backup, force=True)
    assert kept is not None and kept.exists()
    again = Tally.open(service.db.location)
    assert again.standings() == before
    assert again.check() == []
    assert "Late" not in [p.name for p in again.players()]
    assert "Late" in [p.name for p in Tally.open(kept).players()]


def test_restore_refuses_a_damaged_backup(night: tuple[Tally, int], tmp_path: Path) -> None:
    service, _ = night
    bad = service.backup(tmp_path / "bad.sqlite3")
    con = sqlite3.connect(bad)
    con.execute("UPDATE transfer SET amount = 1 WHERE id = (SELECT max(id) FROM transfer)")
    con.commit()
    con.close()
    with pytest.raises(RuleError, match="fails check: table 1 deal 1: stored transfers differ"):
        service.restore(bad, force=True)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(RuleError, match="is not a Tally database"):
        service.restore(junk, force=True)


def test_import_is_all_or_nothing_with_line_numbers(cli: Cli, tmp_path: Path) -> None:
    cli("player", "add", "Ann", "Bea", "Chie", "Dan", "Eve")
    cli("night", "new", "--date", "2026-11-29")
    cli("table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
        "Ann,Bea,Chie,Dan,Eve")
    lines = [json.dumps({**SOLO, "team_points": 40 + i % 60}) for i in range(600)]
    lines[499] = json.dumps({**SOLO, "team_points": 121})
    bad = tmp_path / "night.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = table_counts(cli.db)
    r = cli("import", str(bad), "--table", "1")
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", "error: line 500: team_points: 121 is above 120\n")
    assert table_counts(cli.db) == before
    lines[499] = "{not json"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("import", str(bad), "--table", "1")
    assert r.stderr.startswith("error: line 500: not valid JSON")
    lines[499] = json.dumps({"game": "crazy-solo", "players": ["Ann", "Bea", "Chie", "Dan",
                                                              "Eve"], "contract": "pass"})
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    r = cli("import", str(good), "--table", "1")
    assert (r.exit_code, r.stdout) == (0, "600\n")
    assert cli("check").exit_code == 0


def test_import_counts_lines_as_the_file_has_them(cli: Cli, tmp_path: Path) -> None:
    """CRLF and lone CR end a line; U+2028 inside a JSON string (valid JSON) does not."""
    cli("player", "add", "Ann", "Bea", "Chie", "Dan", "Eve")
    cli("night", "new", "--date", "2026-11-29")
    cli("table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
        "Ann,Bea,Chie,Dan,Eve")
    good = json.dumps({**SOLO, "team_points": 70}, ensure_ascii=False)
    odd = json.dumps({**SOLO, "team_points": 70, "x": "a\u2028b"}, ensure_ascii=False)
    assert "\u2028" in odd
    file = tmp_path / "night.jsonl"
    file.write_bytes(f"{good}\r\n{odd}\r{good}\n".encode())
    r = cli("import", str(file), "--table", "1")
    assert (r.exit_code, r.stderr) == (2, "error: line 2: x: unknown field\n")
    file.write_bytes(f"{good}\r\n\r\n{good}\r{good}".encode())
    assert (cli("import", str(file), "--table", "1").stdout) == "3\n"


def test_settle_nets_from_paper(cli: Cli) -> None:
    r = cli("settle", "--nets", "-", input={"Chie": -35, "Dan": 35, "Ann": 0})
    assert (r.exit_code, r.stdout) == (0, "Chie pays Dan 35\n")
    r = cli("settle", "--nets", "-", input={"Chie": -35, "Dan": 30})
    assert (r.exit_code, r.stderr) == (2, "error: nets: sum to -5, not 0\n")
    r = cli("settle", "--nets", "-", input={"Chie": "x", "Dan": 30})
    assert (r.exit_code, r.stderr) == (2, "error: nets.Chie: x is not a whole number\n")


def test_cli_settle_text_and_export(night: tuple[Tally, int], cli: Cli, tmp_path: Path) -> None:
    r = cli("settle", "--night", "1")
    *lines, chain = r.stdout.splitlines()
    assert lines == ["Night 1 · 2026-11-29 · fewest · 1 chip = ¥10",
                     '=HYPERLINK("x") pays Dan 15 = ¥150',
                     "春子 pays Bea 105 = ¥1,050",
                     "春子 pays Dan 35 = ¥350",
                     "paid: Ann → Dan 15"]
    head = night[0].night_head(1)  # the night's hash chain, short
    assert chain == f"chain: night 1 · {head[:4]} {head[4:8]} {head[8:12]}"
    r = cli("export", "--night", "1", "--out", str(tmp_path / "x"))
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 6  # and the chain's two files
    r = cli("export")
    assert (r.exit_code, r.stderr) == (2, "error: export: give exactly one of --night N and "
                                          "--all\n")


# ---- payments ------------------------------------------------------------------

FOUR = ["Ann", "Dan", "Eve", "Zoë"]
# nets Ann −235, Dan +525, Eve −375, Zoë +85; fewest: Ann→Dan 150, Ann→Zoë 85, Eve→Dan 375
FRAGILE = [{"contract": "alone", "caller": "Ann", "trump": "hearts", "team_points": 34},
           {"contract": "alone", "caller": "Dan", "trump": "clubs", "team_points": 115},
           {"contract": "alone", "caller": "Eve", "trump": "clubs", "team_points": 2}]


@pytest.fixture
def fragile(service: Tally) -> tuple[Tally, int, int]:
    """A night whose fewest plan a part payment used to reshuffle; (service, night, table)."""
    for name in FOUR:
        service.add_player(name)
    night = service.new_night("2026-11-29")
    table = service.new_table(night, "crazy-solo", FOUR)
    service.add_deals(table, FRAGILE)
    return service, night, table


@pytest.fixture
def two_tables(service: Tally) -> tuple[Tally, int]:
    """Ann +40, Bea −20, Chie −20 at table 1; Bea +40, Ann −20, Dan −20 at table 2."""
    for name in ("Ann", "Bea", "Chie", "Dan"):
        service.add_player(name)
    night = service.new_night("2026-11-29")
    t1 = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Chie"])
    t2 = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Dan"])
    service.add_deal(t1, {"contract": "alone", "caller": "Ann", "trump": "clubs",
                          "team_points": 70})
    service.add_deal(t2, {"contract": "alone", "caller": "Bea", "trump": "clubs",
                          "team_points": 70})
    return service, night


def _lines(st: object) -> list[tuple[object, ...]]:
    return [(i.table, i.payer, i.payee, i.amount) for i in st.open]  # type: ignore[attr-defined]


def _owes(st: object) -> dict[str, int]:
    """What each player still pays (−) or receives (+) by the open items."""
    out: dict[str, int] = {}
    for i in st.open:  # type: ignore[attr-defined]
        out[i.payer] = out.get(i.payer, 0) - i.amount
        out[i.payee] = out.get(i.payee, 0) + i.amount
    return {k: v for k, v in sorted(out.items()) if v}


def test_item4_direct_mode_counts_payments_made_under_fewest(service: Tally) -> None:
    """Fewest pairs Dan with Ann, who never sat together; once Dan has paid Ann, direct
    mode must not still tell Dan to pay Bea."""
    for name in ("Ann", "Bea", "Chie", "Dan", "Eve"):
        service.add_player(name)
    night = service.new_night("2026-11-29")
    t1 = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Chie"])
    t2 = service.new_table(night, "crazy-solo", ["Bea", "Dan", "Eve"])
    service.add_deal(t1, {"contract": "alone", "caller": "Ann", "trump": "clubs",
                          "team_points": 70})  # Ann +40, Bea −20, Chie −20
    service.add_deal(t2, {"contract": "alone", "caller": "Bea", "trump": "clubs",
                          "team_points": 70})  # Bea +40, Dan −20, Eve −20
    assert _lines(service.settlement(night)) == [
        (None, "Chie", "Bea", 20), (None, "Dan", "Ann", 20), (None, "Eve", "Ann", 20)]
    assert _lines(service.settlement(night, "direct")) == [
        (1, "Bea", "Ann", 20), (1, "Chie", "Ann", 20), (2, "Dan", "Bea", 20),
        (2, "Eve", "Bea", 20)]
    assert service.pay(night, "Dan", "Ann") == 20  # under the fewest plan
    left = {"Ann": 20, "Bea": 20, "Chie": -20, "Eve": -20}  # the nets after the payment
    assert _owes(service.settlement(night)) == left
    direct = service.settlement(night, "direct")
    assert _owes(direct) == left  # Dan is told to pay nobody
    assert direct.proposal and "Dan" not in {i.payer for i in direct.open}


def test_item4_pay_marks_a_direct_item(two_tables: tuple[Tally, int], cli: Cli) -> None:
    service, night = two_tables
    r = cli("pay", "--night", str(night), "--from", "Bea", "--to", "Ann", "--mode", "direct")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "20\n", "")
    st = service.settlement(night)  # the plan in use is now direct
    assert st.mode == "direct"
    assert _lines(st) == [(1, "Chie", "Ann", 20), (2, "Ann", "Bea", 20), (2, "Dan", "Bea", 20)]
    assert _owes(st) == {"Bea": 40, "Chie": -20, "Dan": -20}
    fewest = service.settlement(night, "fewest")  # the other mode: what a re-plan would give
    assert fewest.proposal and _owes(fewest) == _owes(st)
    r = cli("settle", "--night", str(night), "--mode", "direct")
    assert r.stdout.splitlines()[:-1] == ["Night 1 · 2026-11-29 · direct",
                                          "Chie pays Ann 20 (table 1)",
                                          "Ann pays Bea 20 (table 2)",
                                          "Dan pays Bea 20 (table 2)",
                                          "paid: Bea → Ann 20"]
    assert r.stdout.splitlines()[-1].startswith("chain: night 1 · ")


def test_item5_concurrent_pay_marks_once(fragile: tuple[Tally, int, int]) -> None:
    """Four processes mark "Eve pays Dan" at the same moment: one marks the 375 owed, the
    others are told she owes nothing; never 4 × 375."""
    import multiprocessing

    service, night, _ = fragile
    service.db.dispose()
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(4)
    results = ctx.Queue()
    procs = [ctx.Process(target=_pay_at_once, args=(service.db.location, night, barrier,
                                                    results)) for _ in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    got = sorted(results.get(timeout=5) for _ in procs)
    assert got[0] == "375" and all(g.startswith("to: Eve owes Dan nothing") for g in got[1:])
    paid = service.settlement(night).paid
    assert [(p.payer, p.payee, p.amount) for p in paid] == [("Eve", "Dan", 375)]
    assert service.check() == []


def _pay_at_once(path: Path, night: int, barrier: Any, results: Any) -> None:
    service = Tally.open(path)
    barrier.wait(timeout=30)
    try:
        results.put(str(service.pay(night, "Eve", "Dan")))
    except RuleError as exc:
        results.put(str(exc))


def test_item6_part_payment_leaves_every_other_line(fragile: tuple[Tally, int, int]) -> None:
    service, night, _ = fragile
    before = service.settlement(night)
    assert _lines(before) == [(None, "Ann", "Dan", 150), (None, "Ann", "Zoë", 85),
                              (None, "Eve", "Dan", 375)]
    assert service.pay(night, "Eve", "Dan", 330) == 330
    after = service.settlement(night)
    assert _lines(after) == [(None, "Ann", "Dan", 150), (None, "Ann", "Zoë", 85),
                             (None, "Eve", "Dan", 45)]  # Eve still owes Dan 45
    assert [i.planned for i in after.open] == [150, 85, 375]
    assert after.kept and after.drift == {}
    service.pay(night, "Ann", "Zoë", 5)
    assert _lines(service.settlement(night))[:2] == [(None, "Ann", "Dan", 150),
                                                     (None, "Ann", "Zoë", 80)]
    # re-planning is a separate, explicit step: the nets left settled afresh
    replanned = service.replan(night)
    assert _lines(replanned) == [(None, "Ann", "Dan", 195), (None, "Ann", "Zoë", 35),
                                 (None, "Eve", "Zoë", 45)]
    assert _owes(replanned) == {"Ann": -230, "Dan": 195, "Eve": -45, "Zoë": 80}
    assert service.pay(night, "Eve", "Zoë") == 45


def test_item6_a_correction_after_the_plan_shows_the_difference(
        fragile: tuple[Tally, int, int], cli: Cli) -> None:
    service, night, table = fragile
    service.pay(night, "Eve", "Dan", 330)
    deal = service.deals(table)[2].id
    service.correct_deal(deal, {**FRAGILE[2], "team_points": 12}, reason="recount")
    st = service.settlement(night)  # the lines stand; the change is shown, not spread
    assert _lines(st) == [(None, "Ann", "Dan", 150), (None, "Ann", "Zoë", 85),
                          (None, "Eve", "Dan", 45)]
    assert st.drift == {"Ann": -20, "Dan": -20, "Eve": 60, "Zoë": -20}
    with pytest.raises(RuleError, match="night: 1 has 3 open settlement item"):
        service.close_night_settled(night)
    r = cli("settle", "--night", str(night))
    assert r.stdout.splitlines()[-4:-1] == [  # then the chain's line
        "changed since the plan was made: Ann -20, Dan -20, Eve +60, Zoë -20",
        "the plan was made before deal 3 was corrected", "re-plan: tally settle --night 1 --replan"]
    r = cli("settle", "--night", str(night), "--replan")
    assert r.exit_code == 0 and "changed since" not in r.stdout
    assert _owes(service.settlement(night)) == {"Ann": -255, "Dan": 175, "Eve": 15, "Zoë": 65}


def test_item7_rate_shown_exactly_and_money_sums_per_player(
        fragile: tuple[Tally, int, int], cli: Cli, tmp_path: Path) -> None:
    service, night, _ = fragile
    service.set_rate(night, "0.0175", "EUR")
    st = service.settlement(night)
    # Ann pays 150 (€2.63) and 85 (€1.49), each rounded on its own; her money is one
    # amount, her net at the rate: 235 × 0.0175 = €4.1125, €4.11
    assert [str(i.money) for i in st.open] == ["2.63", "1.49", "6.56"]
    assert st.player_money == {"Ann": Decimal("-4.11"), "Dan": Decimal("9.19"),
                               "Eve": Decimal("-6.56"), "Zoë": Decimal("1.49")}
    r = cli("settle", "--night", str(night))
    assert r.stdout.splitlines()[0] == "Night 1 · 2026-11-29 · fewest · 1 chip = €0.0175"
    standings = service.export(tmp_path, night_id=night)[0].read_text(encoding="utf-8-sig")
    assert standings.splitlines()[1:] == [  # the same money as the settlement's
        "1,Dan,525,9.19,3,525", "2,Zoë,85,1.49,3,85", "3,Ann,-235,-4.11,3,-235",
        "4,Eve,-375,-6.56,3,-375"]
    service.set_rate(night, "0.125", "EUR")
    r = cli("settle", "--night", str(night), "--json")
    data = json.loads(r.stdout)
    assert data["rate"] == "0.125" and data["money"]["Ann"] == "-29.38"
    assert cli("settle", "--night", str(night)).stdout.startswith(
        "Night 1 · 2026-11-29 · fewest · 1 chip = €0.125\n")


def test_item15_check_covers_payments(fragile: tuple[Tally, int, int], cli: Cli) -> None:
    service, night, _ = fragile
    service.pay(night, "Eve", "Dan", 330)
    assert cli("check").exit_code == 0
    con = raw(cli.db)
    try:
        con.execute("UPDATE payment SET amount = 1000000")
        con.execute("INSERT INTO payment (night_id, payer_id, payee_id, amount, created_at) "
                    "SELECT night_id, payer_id, payer_id, 5, created_at FROM payment")
        for amount in (0, 5):
            con.execute("INSERT INTO payment (night_id, payer_id, payee_id, amount, "
                        "created_at) SELECT night_id, payee_id, payer_id, ?, created_at "
                        "FROM payment WHERE id = 1", (amount,))
        con.commit()
    finally:
        con.close()
    r = cli("check")
    assert (r.exit_code, r.stdout) == (1, (
        "problem: payment 1: Eve → Dan 1000000 is more than the 375 the plan left owed\n"
        "problem: payment 2: Eve pays Eve\n"
        "problem: payment 3: Dan → Eve 0 is not a whole number of chips other than 0\n"
        "problem: payment 4: Dan → Eve 5 pays no line of plan 1\n"))


def test_item15_check_covers_payments_made_before_plans_were_kept(
        fragile: tuple[Tally, int, int], cli: Cli) -> None:
    """A database from before kept plans has payments with no plan: each must still be no
    more than the payer lost and the payee won; a payment taken back passes."""
    service, night, _ = fragile
    service.pay(night, "Eve", "Dan", 100)
    service.pay(night, "Eve", "Dan", 40, undo=True)
    assert service.check() == []
    con = raw(cli.db)
    try:
        con.execute("DELETE FROM plan_line")
        con.execute("DELETE FROM settle_plan")
        con.execute("INSERT INTO payment (night_id, payer_id, payee_id, amount, created_at) "
                    "SELECT night_id, payer_id, payee_id, 1000000, created_at FROM payment "
                    "WHERE id = 1")
        con.execute("UPDATE night SET rate = 'lots'")
        con.commit()
    finally:
        con.close()
    assert checked(service) == [
        "night 1: rate: lots is not a number",
        "payment 3: Eve → Dan 1000000 is more than Eve lost or Dan won that night (375)"]


def test_item15_a_payment_taken_back_after_a_replan_passes_check(
        fragile: tuple[Tally, int, int]) -> None:
    service, night, _ = fragile
    service.pay(night, "Eve", "Dan", 330)
    service.replan(night)
    service.pay(night, "Eve", "Dan", 30, undo=True)  # marked by mistake, found out later
    st = service.settlement(night)
    assert st.drift == {"Dan": 30, "Eve": -30}  # Eve owes 30 more than the new plan says
    assert service.check() == []
    with pytest.raises(RuleError, match="amount: 301 is not between 1 and the 300 marked"):
        service.pay(night, "Eve", "Dan", 301, undo=True)
