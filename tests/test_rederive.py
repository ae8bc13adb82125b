"""A correction re-derives everything after it: the running score and state text of every
later deal, in the service, `round list` and the deals CSV; `check` catches stale text."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from ledger.service import Tally
from ledger.text.effects import effect_lines
from tests.checked import checked

from .conftest import Cli


def lines(service: Tally, table: int, effects: Any) -> list[str]:
    """A correction's effects as the app words them."""
    t = service.table(table)
    return effect_lines(effects, t.game, t.seats)


CLAIM = {"ending": "claim", "by": "Zoë", "points": {"Dan": 25, "Zoë": 70},
         "tricks": {"Dan": 2, "Zoë": 3}}
DEALS: list[dict[str, Any]] = [
    CLAIM,
    {"ending": "scored", "winner": "Dan", "game_points": 2},
    {"ending": "scored", "winner": "Zoë", "game_points": 1},
]


def schnapsen(service: Tally) -> int:
    for name in ("Dan", "Zoë"):
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    table = service.new_table(night, "schnapsen", ["Dan", "Zoë"])
    service.add_deals(table, DEALS)
    return table


def test_correcting_deal_1_rewrites_the_running_score_of_every_later_deal(
        service: Tally, cli: Cli, tmp_path: Path) -> None:
    table = schnapsen(service)
    first = service.deals(table)[0]
    assert [d.summary.split("; ")[1] for d in service.deals(table)] == [
        "Dan 7 – Zoë 5", "Dan 5 – Zoë 5", "Dan 5 – Zoë 4"]
    # Dan had 40, not 25: Zoë scores 1, not 2 (no Schneider)
    service.correct_deal(first.id, {**CLAIM, "points": {"Dan": 40, "Zoë": 70}},
                         reason="recount")
    deals = service.deals(table)
    assert [d.summary.split("; ")[1] for d in deals] == [
        "Dan 7 – Zoë 6", "Dan 5 – Zoë 6", "Dan 5 – Zoë 5"]
    assert [d.extra["score"] for d in deals[1:]] == [{"Dan": 5, "Zoë": 6},
                                                     {"Dan": 5, "Zoë": 5}]
    assert [d.kind for d in deals] == ["correct", "resettle", "resettle"]
    assert service.check() == []

    listed = cli("round", "list", "--table", str(table))
    assert listed.exit_code == 0, listed.stderr
    assert "Dan 5 – Zoë 6" in listed.stdout and "Dan 5 – Zoë 4" not in listed.stdout

    out = tmp_path / "exports"
    done = cli("export", "--night", "1", "--out", str(out))
    assert done.exit_code == 0, done.stderr
    text = "".join(p.read_text(encoding="utf-8") for p in out.rglob("*deals*.csv"))
    assert "Dan 5 – Zoë 5" in text and "Dan 5 – Zoë 4" not in text


def test_check_catches_stored_text_that_disagrees_with_the_fold(service: Tally) -> None:
    """A database written before corrections re-derived text: deal 3's old running score."""
    table = schnapsen(service)
    first = service.deals(table)[0]
    service.correct_deal(first.id, {**CLAIM, "points": {"Dan": 40, "Zoë": 70}},
                         reason="recount")
    third = service.deals(table)[2]
    con = sqlite3.connect(service.db.path)
    with con:
        con.execute("UPDATE revision SET summary = ?, extra = ? WHERE deal_id = ? AND "
                    "seq = (SELECT max(seq) FROM revision WHERE deal_id = ?)",
                    ("scored on paper → Zoë 1; Dan 5 – Zoë 4",
                     '{"score": {"Dan": 5, "Zoë": 4}}', third.id, third.id))
    con.close()
    assert checked(service) == [
        f"table {table} deal 3: stored facts or state differ from the rules (a correction "
        "before it was not carried through)"]


def test_a_correction_says_what_it_changes_downstream(service: Tally) -> None:
    table = schnapsen(service)
    third = service.deals(table)[2]
    service.correct_deal(third.id, {"ending": "scored", "winner": "Zoë", "game_points": 3},
                         reason="was 3")
    assert not service.deals(table)[2].extra["game_over"]  # Zoë 5 → 2
    second = service.deals(table)[1]
    # deal 2 was Zoë's 2, not Dan's: Zoë 5 → 3, and deal 3's 3 takes her to 0
    effects = lines(service, table, service.correction_effects(
        second.id, {"ending": "scored", "winner": "Zoë", "game_points": 2}))
    assert effects[0] == "deal 3 now ends the game"
    assert effects[1].startswith("deal 3: ") and "Dan 5 – Zoë 2 → " in effects[1]
    assert effects[2] == "deal 3: chips Dan 0 → −20, Zoë 0 → +20"  # Dan still at 7: doubled
    assert len(effects) == 3
    service.correct_deal(second.id, {"ending": "scored", "winner": "Zoë", "game_points": 2},
                         reason="Zoë's")
    assert lines(service, table, service.correction_effects(
        second.id, {"ending": "scored", "winner": "Dan", "game_points": 2}))[0] == (
        "deal 3 no longer ends the game")


def test_a_correction_says_a_later_stake_that_moves(service: Tally) -> None:
    """Issue 38 item 3: deal 1 was Zoë's, not Dan's: deal 4 still ends the game, but now
    with Dan at 7 (Schneider), so its stake doubles; the preview says so, in chips."""
    for name in ("Dan", "Zoë"):
        service.add_player(name)
    table = service.new_table(service.new_night("2026-11-29", "Club"), "schnapsen",
                              ["Dan", "Zoë"])
    service.add_deals(table, [{"ending": "scored", "winner": w, "game_points": n}
                              for w, n in (("Dan", 1), ("Zoë", 3), ("Zoë", 2), ("Zoë", 2))])
    assert [d.nets for d in service.deals(table)][3] == {"Dan": -10, "Zoë": 10}
    first = service.deals(table)[0]
    assert lines(service, table, service.correction_effects(
        first.id, {"ending": "scored", "winner": "Zoë", "game_points": 1})) == [
        "deal 2: Dan 6 – Zoë 4 → Dan 7 – Zoë 3",
        "deal 3: Dan 6 – Zoë 2 → Dan 7 – Zoë 1",
        "deal 4: Dan 6 – Zoë 0; game to Zoë → Dan 7 – Zoë -1; game to Zoë",
        "deal 4: chips Dan −10 → −20, Zoë +10 → +20"]


def test_a_hachihachi_void_re_derives_the_later_rounds(service: Tally) -> None:
    """Voiding round 1 makes round 2 the first: its round number and start player state."""
    five = ["P1", "P2", "P3", "P4", "P5"]
    for name in five:
        service.add_player(name)
    night = service.new_night("2026-11-29", "Club")
    table = service.new_table(night, "hachihachi-trick", five, "short")
    service.add_deals(table, [
        {"indicator": "2C", "declarations": dict.fromkeys(five, "out")},
        {"indicator": "2C", "declarations": dict.fromkeys(five[1:] + five[:1], "out")}])
    first, second = service.deals(table)
    assert (second.extra["round"], second.extra["start_player"]) == (2, "P2")
    assert lines(service, table, service.correction_effects(first.id, None)) == [
        "deal 2: round 2 → 1"]
    service.void_deal(first.id, "misdeal")
    second = service.deals(table)[1]
    assert second.kind == "resettle" and second.extra["round"] == 1
    assert second.extra["next_start_player"] == "P3"  # as the table played it
    assert service.check() == []
