"""A Crazy Solo mix evening of 15 at tables of five over 3 rounds, through the CLI: a
withdrawal after round 1 (round 2 seats 14: tables of 5, 5 and 4), a late registration for
round 3, a correction of a round-2 deal after round 3 was drawn, and the ranking worked out
by hand below (data/tournament/chips.toml: places 5-3-2-1-0, ties share; then net chips; a
round is one deal for each seat). Rounds 1 and 2 stop after two deals a table: their draws
are forced (`--force`, the matches scored as they stand); round 3 is played out.

Every deal is an Alone in clubs (crazy-solo.md section 5): T = 73 gives A = 25, T = 52 gives
A = −15, T = 68 gives A = 15, T = 47 gives A = −25; the caller collects A from every other
player at the table (so 73 then 47 by one caller moves nothing).
"""

from __future__ import annotations

import json

from ..conftest import Cli
from .test_schnapsen_swiss import ok

PLAYERS = "Ann Bob Cat Dan Eve Fin Gil Hana Ian Jo Kai Lea Max Nia Oto".split()


def alone(cli: Cli, table: int, caller: str, points: int, trump: str = "clubs") -> str:
    return ok(cli, "round", "add", "--table", str(table), "--contract", "alone", "--caller",
              caller, "--trump", trump, "--points", str(points)).strip()


def draw(cli: Cli, *more: str) -> dict:
    return json.loads(ok(cli, "tournament", "draw", "Solo", "--json", *more))


def repeats(before: list[list[str]], now: list[list[str]]) -> int:
    met = {frozenset((a, b)) for t in before for a in t for b in t if a != b}
    return sum(frozenset((a, b)) in met for t in now for i, a in enumerate(t) for b in t[i + 1:])


def test_crazy_solo_mix_evening(cli: Cli) -> None:
    ok(cli, "night", "new", "--date", "2026-12-02")
    ok(cli, "tournament", "new", "Solo", "--game", "crazy-solo", "--rounds", "3", "--draw",
       "mix", "--table-size", "5", "--seed", "golden")
    ok(cli, "tournament", "register", "Solo", *PLAYERS)

    d1 = draw(cli)
    seats1 = [t["seats"] for t in d1["tables"]]
    assert seats1 == [["Bob", "Cat", "Ann", "Oto", "Nia"], ["Jo", "Dan", "Hana", "Lea", "Eve"],
                      ["Max", "Ian", "Gil", "Kai", "Fin"]]
    for t in d1["tables"]:  # seat 1 Alone 73, then seat 2 Alone 52
        alone(cli, t["id"], t["seats"][0], 73)
        alone(cli, t["id"], t["seats"][1], 52)

    ok(cli, "tournament", "register", "Solo", "--withdraw", "Oto")
    refused = cli("tournament", "draw", "Solo")  # two deals of five: under way
    assert (refused.exit_code, refused.stdout, refused.stderr) == (2, "", (
        "error: round: round 1: not finished at table 1 (Bob – Cat – Ann – Oto – Nia), "
        "2 (Jo – Dan – Hana – Lea – Eve), 3 (Max – Ian – Gil – Kai – Fin); finish it, let "
        "time run out, or --force to score it as it stands\n"))
    assert [x["points"] for x in json.loads(ok(cli, "tournament", "standings", "Solo",
                                                "--json"))] == ["0"] * 15  # nothing played
    forced = cli("tournament", "draw", "Solo", "--force", "--json")
    assert forced.exit_code == 0 and forced.stderr.splitlines()[0] == (
        "warning: draw: round 1, table 1: scored as it stands (Bob +115 – Cat −85 – Ann −10 – "
        "Oto −10 – Nia −10)")
    d2 = json.loads(forced.stdout)
    seats2 = [t["seats"] for t in d2["tables"]]
    assert seats2 == [["Lea", "Eve", "Nia", "Ian", "Bob"], ["Fin", "Hana", "Ann", "Gil", "Jo"],
                      ["Max", "Cat", "Dan", "Kai"]]
    # 14 players from three round-1 tables of 4, 5 and 5: a table of five holds two pairs of
    # earlier table-mates at least (2+2+1 from three tables), a table of four one, so 5
    # repeated meetings is the fewest possible: the mix found it
    assert repeats(seats1, seats2) == 5
    first = []
    for t in d2["tables"]:
        first.append(alone(cli, t["id"], t["seats"][0], 73))
        alone(cli, t["id"], t["seats"][1], 52)

    ok(cli, "tournament", "register", "Solo", "Pia")  # late: from round 3
    d3 = draw(cli, "--force")
    assert [t["seats"] for t in d3["tables"]] == [
        ["Eve", "Kai", "Max", "Lea", "Ann"], ["Gil", "Nia", "Fin", "Bob", "Dan"],
        ["Jo", "Cat", "Pia", "Hana", "Ian"]]
    # the correction: Lea's round-2 Alone was in hearts with 80 (A = (80−60)×3 = 60)
    r = cli("round", "correct", first[0], "--contract", "alone", "--caller", "Lea", "--trump",
            "hearts", "--points", "80")
    assert (r.exit_code, r.stderr) == (0, "")  # a mix draw is not made on the ranking
    for t in d3["tables"]:  # seat 3 Alone 68
        alone(cli, t["id"], t["seats"][2], 68)
    under_way = json.loads(ok(cli, "tournament", "standings", "Solo", "--json"))
    assert {(x["player"], x["rounds"], x["playing"]) for x in under_way if x["player"] in (
        "Jo", "Pia")} == {("Jo", 2, True), ("Pia", 0, True)}  # round 3 counts nothing yet
    for t in d3["tables"]:  # four deals more (one per seat): seats 1 and 2, 73 then 47
        for seat in (0, 1):
            alone(cli, t["id"], t["seats"][seat], 73)
            alone(cli, t["id"], t["seats"][seat], 47)

    # By hand. Round 1 at each table: seat 1 +100 +15 = 115 (5 points), seat 2 −25 −60 = −85
    # (0), seats 3–5 −25 +15 = −10, three tied for places 2–4: (3+2+1)/3 = 2 each.
    # Round 2, tables 1 and 2 as round 1, except Lea's corrected deal: Lea +240 +15 = 255 (5),
    # Eve −60 −60 = −120 (0), Nia Ian Bob −60 +15 = −45 (2 each). Table 3 of four: Max
    # +75 +15 = 90 (5), Cat −25 −45 = −70 (4th: 1), Dan and Kai −25 +15 = −10 (places 2–3:
    # (3+2)/2 = 2.5 each).
    # Round 3 at each table: seat 3 (Max, Fin, Pia) +60 (5), the four others −15
    # ((3+2+1+0)/4 = 1.5 each).
    #   Max   5 + 5 + 5     = 15    115 + 90 + 60   = 265
    #   Fin   2 + 5 + 5     = 12    −10 + 115 + 60  = 165
    #   Lea   2 + 5 + 1.5   = 8.5   −10 + 255 − 15  = 230
    #   Jo    5 + 2 + 1.5   = 8.5   115 − 10 − 15   = 90
    #   Bob   5 + 2 + 1.5   = 8.5   115 − 45 − 15   = 55
    #   Kai   2 + 2.5 + 1.5 = 6     −10 − 10 − 15   = −35
    #   Ann   2 + 2 + 1.5   = 5.5   −10 − 10 − 15   = −35   (Gil the same: shared 7th)
    #   Nia   2 + 2 + 1.5   = 5.5   −10 − 45 − 15   = −70
    #   Pia   5 (round 3 only) = 5  +60
    #   Dan   0 + 2.5 + 1.5 = 4     −85 − 10 − 15   = −110
    #   Hana  2 + 0 + 1.5   = 3.5   −10 − 85 − 15   = −110
    #   Eve   2 + 0 + 1.5   = 3.5   −10 − 120 − 15  = −145  (Ian 0 + 2 + 1.5, −85 − 45 − 15:
    #                                                         shared 13th)
    #   Cat   0 + 1 + 1.5   = 2.5   −85 − 70 − 15   = −170
    #   Oto   2 (round 1 only) = 2  −10
    rows = json.loads(ok(cli, "tournament", "standings", "Solo", "--json"))
    assert [(x["rank"], x["player"], x["points"], x["chips"], x["rounds"]) for x in rows] == [
        (1, "Max", "15", "265", 3), (2, "Fin", "12", "165", 3), (3, "Lea", "8.50", "230", 3),
        (4, "Jo", "8.50", "90", 3), (5, "Bob", "8.50", "55", 3), (6, "Kai", "6", "-35", 3),
        (7, "Ann", "5.50", "-35", 3), (7, "Gil", "5.50", "-35", 3), (9, "Nia", "5.50", "-70", 3),
        (10, "Pia", "5", "60", 1), (11, "Dan", "4", "-110", 3), (12, "Hana", "3.50", "-110", 3),
        (13, "Eve", "3.50", "-145", 3), (13, "Ian", "3.50", "-145", 3),
        (15, "Cat", "2.50", "-170", 3), (16, "Oto", "2", "-10", 1)]
    shown = ok(cli, "--lang", "ja", "tournament", "standings", "Solo").splitlines()
    assert shown[0].split() == ["#", "プレイヤー", "得点", "チップ", "ラウンド"]
    assert ok(cli, "check").startswith("ok")
