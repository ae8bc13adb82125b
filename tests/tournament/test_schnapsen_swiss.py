"""A Schnapsen swiss cup of 9 players over 4 rounds, played end to end through the CLI:
pre-registrations from a CSV and one at the door, a bye every round, a withdrawal and a late
registration before round 3, a correction of round 2 after round 3 was drawn (which says
round 3 was paired on the old ranking), a match unfinished when round 4's time is up, and
the ranking worked out by hand below.

Each match is one Bummerl (data/tournament/schnapsen.toml: preset single-bummerl, win 2,
draw 1, bye 2; ties by Buchholz, then game-point difference). `play` enters the loser's
game points (if any) in one deal, then the winner's 3, 3 and 1.
"""

from __future__ import annotations

import json
from pathlib import Path

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


def test_schnapsen_swiss_cup(cli: Cli, tmp_path: Path) -> None:
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

    # round 2: 2 points: Ada Ben Cid Dee Eli; 0: Fay Gus Hal Ivy. Five on 2 points: one
    # pairs down (Ben–Ivy); the bye to the lowest who has had none (Gus)
    r2 = draw(cli)
    assert (pairs(r2), r2["byes"]) == ([{"Cid", "Eli"}, {"Dee", "Ada"}, {"Ben", "Ivy"},
                                        {"Hal", "Fay"}], ["Gus"])
    play_round(cli, r2, [2, 0, 1, 0])
    # Cid 7:2 Eli, Ada 7:0 Dee, Ben 7:1 Ivy, Fay 7:0 Hal (entered wrongly: Hal won); Gus bye

    ok(cli, "tournament", "register", "Cup", "--withdraw", "Ben")  # from round 3 on
    assert ok(cli, "tournament", "register", "Cup", "Jan") == \
        "Jan: start number 10, plays from round 3\n"
    r3 = draw(cli)  # Ada Cid on 4; Dee Eli Fay Gus on 2; Hal Ivy Jan on 0; Jan's bye
    assert (pairs(r3), r3["byes"]) == ([{"Cid", "Ada"}, {"Eli", "Dee"}, {"Gus", "Fay"},
                                        {"Hal", "Ivy"}], ["Jan"])

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
    assert [(x["player"], x["points"]) for x in after2] == [
        ("Ada", "4"), ("Cid", "4"), ("Ben", "4"), ("Eli", "2"), ("Hal", "2"), ("Dee", "2"),
        ("Gus", "2"), ("Ivy", "0"), ("Fay", "0")]  # Jan registered for round 3: not yet
    play_round(cli, r3, [1, 0, 2, 3])
    # Ada 7:1 Cid, Dee 7:0 Eli, Fay 7:2 Gus, Hal 7:3 Ivy; Jan's bye 2

    # round 4: Ada met Hal, Dee and Cid, so she meets Fay; Ivy (0, no bye yet) sits out
    r4 = draw(cli)
    assert (pairs(r4), r4["byes"]) == ([{"Ada", "Fay"}, {"Cid", "Dee"}, {"Hal", "Eli"},
                                        {"Gus", "Jan"}], ["Ivy"])
    assert ok(cli, "tournament", "start-round", "Cup").startswith(
        "round 4: the clock runs; time is up at ")
    cid_dee = r4["tables"][1]["id"]
    ok(cli, "round", "add", "--table", str(cid_dee), "--winner", "Dee", "--game-points", "3")
    ok(cli, "round", "add", "--table", str(cid_dee), "--winner", "Cid", "--game-points", "2")
    # time is up at 3:2: "at_time = score": Dee leads, Dee wins the match
    for i, (a, b, lp) in {0: ("Ada", "Fay", 0), 2: ("Eli", "Hal", 1),
                          3: ("Gus", "Jan", 2)}.items():
        play(cli, r4["tables"][i]["id"], a, b, lp)

    # By hand. Points (win 2, bye 2):
    #   Ada 2+2+2+2 = 8; Dee 2+0+2+2 = 6; Cid 2+2+0+0 = 4; Eli 2+0+0+2 = 4; Hal 0+2+2+0 = 4;
    #   Gus 0+2(bye)+0+2 = 4; Ben 2(bye)+2 = 4 (withdrawn); Fay 0+0+2+0 = 2;
    #   Ivy 0+0+0+2(bye) = 2; Jan 2(bye)+0 = 2
    # Buchholz (the opponents' points, a bye counts none):
    #   Ada: Hal 4 + Dee 6 + Cid 4 + Fay 2 = 16     Dee: Ivy 2 + Ada 8 + Eli 4 + Cid 4 = 18
    #   Cid: Gus 4 + Eli 4 + Ada 8 + Dee 6 = 22     Eli: Fay 2 + Cid 4 + Dee 6 + Hal 4 = 16
    #   Hal: Ada 8 + Fay 2 + Ivy 2 + Eli 4 = 16     Gus: Cid 4 + Fay 2 + Jan 2 = 8
    #   Ben: Ivy 2 = 2     Fay: Eli 4 + Hal 4 + Gus 4 + Ada 8 = 20
    #   Ivy: Dee 6 + Ben 4 + Hal 4 = 14     Jan: Gus 4 = 4
    # Game-point difference (won − conceded):
    #   Ada +6 +7 +6 +7 = 26; Dee +5 −7 +7 +1 = 6; Cid +7 +5 −6 −1 = 5; Eli +7 −5 −7 +6 = 1;
    #   Hal −6 +7 +4 −6 = −1; Gus −7 +0 −5 +5 = −7; Ben 0 +6 = 6; Fay −7 −7 +5 −7 = −16;
    #   Ivy −5 −6 −4 +0 = −15; Jan 0 −5 = −5
    # On 4 points: Cid (Buchholz 22), Eli and Hal (16: difference 1 before −1), Gus (8),
    # Ben (2); on 2: Fay (20), Ivy (14), Jan (4).
    final = json.loads(ok(cli, "tournament", "standings", "Cup", "--json"))
    assert [(x["rank"], x["player"], x["points"], x["buchholz"], x["game_point_difference"],
             x["rounds"]) for x in final] == [
        (1, "Ada", "8", "16", "26", 4), (2, "Dee", "6", "18", "6", 4),
        (3, "Cid", "4", "22", "5", 4), (4, "Eli", "4", "16", "1", 4),
        (5, "Hal", "4", "16", "-1", 4), (6, "Gus", "4", "8", "-7", 4),
        (7, "Ben", "4", "2", "6", 2), (8, "Fay", "2", "20", "-16", 4),
        (9, "Ivy", "2", "14", "-15", 4), (10, "Jan", "2", "4", "-5", 2)]
    assert ok(cli, "check").startswith("ok")  # the drawn tables are normal tables

    out = tmp_path / "out"
    path = Path(ok(cli, "export", "--tournament", "Cup", "--out", str(out)).strip())
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == ("\ufeffrank,player,points,buchholz,game_point_difference,rounds,"
                        "round1_table,round1_opponents,round1_place,round1_points,"
                        "round2_table,round2_opponents,round2_place,round2_points,"
                        "round3_table,round3_opponents,round3_place,round3_points,"
                        "round4_table,round4_opponents,round4_place,round4_points")
    assert lines[1] == "1,Ada,8,16,26,4,2,Hal,1,2,6,Dee,1,2,9,Cid,1,2,13,Fay,1,2"
    assert lines[7] == "7,Ben,4,2,6,2,bye,,,2,7,Ivy,1,2,,,,,,,,"
