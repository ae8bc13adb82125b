"""A Schnapsen swiss cup of 9 players over 4 rounds, played end to end through the CLI:
pre-registrations from a CSV and one at the door, a bye every round, a withdrawal and a late
registration before round 3, a correction of round 2 after round 3 was drawn (which says
round 3 was paired on the old ranking), a match under way in round 4 (no points until its
time is up) and unfinished when it is, and the ranking worked out by hand below.

Each match is one Bummerl (data/tournament/schnapsen.toml: preset single-bummerl, win 2,
draw 1, bye 2; ties by Buchholz with a bye as a virtual opponent, then game-point
difference; pairs within a score group first). `play` enters the loser's
game points (if any) in one deal, then the winner's 3, 3 and 1.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from ledger.service import clock

from ..conftest import Cli

ORDER = "Ada Ben Cid Dee Eli Fay Gus Hal Ivy Jan".split()


def ok(cli: Cli, *args: str) -> str:
    r = cli(*args)
    assert r.exit_code == 0, (args, r.stdout, r.stderr)
    return r.stdout


def draw(cli: Cli) -> dict:
    return json.loads(ok(cli, "tournament", "draw", "Cup", "--json"))


def play(cli: Cli, table: int, winner: str, loser: str, loser_points: int) -> None:
    if loser_points:
        ok(cli, "round", "add", "--table", str(table), "--winner", loser, "--game-points",
           str(loser_points))
    for points in (3, 3, 1):
        ok(cli, "round", "add", "--table", str(table), "--winner", winner, "--game-points",
           str(points))


def play_round(cli: Cli, d: dict, loser_points: list[int]) -> None:
    """At each table the player first in ORDER wins; the loser scores loser_points[i]."""
    for i, t in enumerate(d["tables"]):
        a, b = sorted(t["seats"], key=ORDER.index)
        play(cli, t["id"], a, b, loser_points[i])


def pairs(d: dict) -> list[set[str]]:
    return [set(t["seats"]) for t in d["tables"]]


def test_schnapsen_swiss_cup(cli: Cli, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    ok(cli, "night", "new", "--date", "2026-12-01")
    ok(cli, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "4", "--draw",
       "swiss", "--seed", "golden", "--round-minutes", "40")
    pre = tmp_path / "pre.csv"
    pre.write_text("\ufeffname\nAda\nBen\nCid\nDee\nEli\nFay\nGus\nHal\n", encoding="utf-8")
    assert ok(cli, "tournament", "register", "Cup", "--csv", str(pre)).splitlines()[0] == \
        "Ada: start number 1, plays from round 1"
    assert ok(cli, "tournament", "register", "Cup", "Ivy") == \
        "Ivy: start number 9, plays from round 1\n"  # at the door, a name new to the roster

    # round 1: everyone on 0, paired in the order drawn from the seed; the bye to the last
    r1 = draw(cli)
    assert (pairs(r1), r1["byes"]) == ([{"Eli", "Fay"}, {"Hal", "Ada"}, {"Ivy", "Dee"},
                                        {"Cid", "Gus"}], ["Ben"])
    again = cli("tournament", "draw", "Cup", "--json")  # stored, shown again, not redrawn
    assert json.loads(again.stdout) == r1 and "drawn already" in again.stderr
    play_round(cli, r1, [0, 1, 2, 0])
    # Eli 7:0 Fay, Ada 7:1 Hal, Dee 7:2 Ivy, Cid 7:0 Gus; Ben's bye 2

    # round 2: 2 points: Ben (Buchholz 2: his bye is a virtual opponent on his own 2),
    # Cid Eli (+7), Ada (+6), Dee (+5); 0: Ivy Hal Fay Gus. Five on 2 points: one pairs down
    # (Ada; Dee–Ivy met), three pairs within their score; the bye to the lowest who has had
    # none (Gus)
    r2 = draw(cli)
    assert (pairs(r2), r2["byes"]) == ([{"Eli", "Ben"}, {"Dee", "Cid"}, {"Ada", "Ivy"},
                                        {"Hal", "Fay"}], ["Gus"])
    play_round(cli, r2, [2, 0, 1, 0])
    # Ben 7:2 Eli, Cid 7:0 Dee, Ada 7:1 Ivy, Fay 7:0 Hal (entered wrongly: Hal won); Gus bye

    ok(cli, "tournament", "register", "Cup", "--withdraw", "Ben")  # from round 3 on
    assert ok(cli, "tournament", "register", "Cup", "Jan") == \
        "Jan: start number 10, plays from round 3\n"
    r3 = draw(cli)  # Cid Ada on 4; Eli Gus Dee Fay on 2; Ivy Hal Jan on 0; Jan's bye
    assert (pairs(r3), r3["byes"]) == ([{"Cid", "Ada"}, {"Eli", "Gus"}, {"Dee", "Fay"},
                                        {"Hal", "Ivy"}], ["Jan"])  # no pair across scores

    # the correction: round 2's Hal–Fay match was Hal's; its three deals are corrected
    hal_fay = next(t for t in r2["tables"] if set(t["seats"]) == {"Hal", "Fay"})["id"]
    deals = json.loads(ok(cli, "round", "list", "--table", str(hal_fay), "--json"))
    for d in deals:
        r = cli("round", "correct", str(d["id"]), "--winner", "Hal", "--game-points",
                str(d["extra"]["game_points"]), "--reason", "winner swapped")
        assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[-1] == ("warning: draw: Cup: round 3 was drawn on the "
                                         "ranking after round 2 before a correction changed it")
    after2 = json.loads(ok(cli, "tournament", "standings", "Cup", "--after", "2", "--json"))
    assert [(x["player"], x["points"], x["withdrawn"]) for x in after2] == [
        ("Ben", "4", True), ("Cid", "4", False), ("Ada", "4", False), ("Gus", "2", False),
        ("Eli", "2", False), ("Hal", "2", False), ("Dee", "2", False), ("Ivy", "0", False),
        ("Fay", "0", False)]  # Jan registered for round 3: not yet; Ben ranked, marked
    play_round(cli, r3, [1, 0, 2, 3])
    # Ada 7:1 Cid, Eli 7:0 Gus, Dee 7:2 Fay, Hal 7:3 Ivy; Jan's bye 2

    # round 4: Ada alone on 6 pairs down; Cid Eli Hal Dee on 4 pair among themselves; the
    # bye to Fay (the lowest of those who have had none): two pairs across scores, the fewest
    r4 = draw(cli)
    assert (pairs(r4), r4["byes"]) == ([{"Ada", "Gus"}, {"Cid", "Eli"}, {"Hal", "Dee"},
                                        {"Jan", "Ivy"}], ["Fay"])
    assert ok(cli, "tournament", "start-round", "Cup").startswith(
        "round 4: the clock runs; time is up at ")
    cid_eli = r4["tables"][1]["id"]
    ok(cli, "round", "add", "--table", str(cid_eli), "--winner", "Eli", "--game-points", "3")
    ok(cli, "round", "add", "--table", str(cid_eli), "--winner", "Cid", "--game-points", "2")
    for i, (a, b, lp) in {0: ("Ada", "Gus", 0), 2: ("Dee", "Hal", 1),
                          3: ("Ivy", "Jan", 2)}.items():
        play(cli, r4["tables"][i]["id"], a, b, lp)
    # before time is up, Cid–Eli is under way: no points, no meeting, three rounds each
    playing = json.loads(ok(cli, "tournament", "standings", "Cup", "--json"))
    assert [(x["player"], x["points"], x["rounds"], x["playing"]) for x in playing
            if x["player"] in ("Cid", "Eli")] == [("Cid", "4", 3, True), ("Eli", "4", 3, True)]
    refused = cli("tournament", "draw", "Cup")
    assert refused.exit_code == 2 and refused.stderr == (
        "error: round: all 4 rounds of Cup are drawn\n")
    ends = datetime.fromisoformat(r4_json(cli)["ends_at"])
    monkeypatch.setattr(clock, "now", lambda: ends)
    # time is up at 3:2: "at_time = score": Eli leads, Eli wins the match

    # By hand. Points (win 2, bye 2):
    #   Ada 2+2+2+2 = 8; Eli 2+0+2+2 = 6; Dee 2+0+2+2 = 6; Cid 2+2+0+0 = 4; Hal 0+2+2+0 = 4;
    #   Ben 2(bye)+2 = 4 (withdrawn); Ivy 0+0+0+2 = 2; Gus 0+2(bye)+0+0 = 2;
    #   Fay 0+0+0+2(bye) = 2; Jan 2(bye)+0 = 2
    # Buchholz (the opponents' points; a bye: a virtual opponent on the holder's own points):
    #   Ada: Hal 4 + Ivy 2 + Cid 4 + Gus 2 = 12     Eli: Fay 2 + Ben 4 + Gus 2 + Cid 4 = 12
    #   Dee: Ivy 2 + Cid 4 + Fay 2 + Hal 4 = 12     Cid: Gus 2 + Dee 6 + Ada 8 + Eli 6 = 22
    #   Hal: Ada 8 + Fay 2 + Ivy 2 + Dee 6 = 18     Ben: bye 4 + Eli 6 = 10
    #   Ivy: Dee 6 + Ada 8 + Hal 4 + Jan 2 = 20     Gus: Cid 4 + bye 2 + Eli 6 + Ada 8 = 20
    #   Fay: Eli 6 + Hal 4 + Dee 6 + bye 2 = 18     Jan: bye 2 + Ivy 2 = 4
    # Game-point difference (won − conceded):
    #   Ada +6 +6 +6 +7 = 25; Eli +7 −5 +7 +1 = 10; Dee +5 −7 +5 +6 = 9; Cid +7 +7 −6 −1 = 7;
    #   Hal −6 +7 +4 −6 = −1; Ben +5; Ivy −5 −6 −4 +5 = −10; Gus −7 −7 −7 = −21;
    #   Fay −7 −7 −5 = −19; Jan −5
    # On 6: Eli before Dee (Buchholz 12 each, difference 10 before 9); on 4: Cid (22), Hal
    # (18), Ben (10); on 2: Ivy and Gus (20: difference −10 before −21), Fay (18), Jan (4).
    final = json.loads(ok(cli, "tournament", "standings", "Cup", "--json"))
    assert [(x["rank"], x["player"], x["points"], x["buchholz"], x["game_point_difference"],
             x["rounds"]) for x in final] == [
        (1, "Ada", "8", "12", "25", 4), (2, "Eli", "6", "12", "10", 4),
        (3, "Dee", "6", "12", "9", 4), (4, "Cid", "4", "22", "7", 4),
        (5, "Hal", "4", "18", "-1", 4), (6, "Ben", "4", "10", "5", 2),
        (7, "Ivy", "2", "20", "-10", 4), (8, "Gus", "2", "20", "-21", 4),
        (9, "Fay", "2", "18", "-19", 4), (10, "Jan", "2", "4", "-5", 2)]
    assert ok(cli, "check").startswith("ok")  # the drawn tables are normal tables

    out = tmp_path / "out"
    path = Path(ok(cli, "export", "--tournament", "Cup", "--out", str(out)).strip())
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == ("\ufeffrank,player,points,buchholz,game_point_difference,rounds,"
                        "round1_table,round1_opponents,round1_place,round1_points,"
                        "round2_table,round2_opponents,round2_place,round2_points,"
                        "round3_table,round3_opponents,round3_place,round3_points,"
                        "round4_table,round4_opponents,round4_place,round4_points")
    assert lines[1] == "1,Ada,8,12,25,4,2,Hal,1,2,7,Ivy,1,2,9,Cid,1,2,13,Gus,1,2"
    assert lines[6] == "6,Ben,4,10,5,2,bye,,,2,5,Eli,1,2,,,,,,,,"
    assert lines[10] == "10,Jan,2,4,-5,2,,,,,,,,,bye,,,2,16,Ivy,2,0"


def r4_json(cli: Cli) -> dict:
    return json.loads(ok(cli, "tournament", "draw", "Cup", "--round", "4", "--json"))
