"""A Crazy Solo mix event of 20 players at tables of five over 3 rounds, through the CLI,
deals entered as the draw numbers its tables (`round add --tournament Mix --table N`): a
registration withdrawn before playing (Uma: not ranked, listed as withdrawn), round 1 left
unfinished at one table (the draw refused in one line, then forced), a withdrawal after
round 1 (Cid: ranked on what he played, marked), round 2 on the clock with one table whose
time runs out (the deal in play is finished, the next refused: chips.toml keeps the default
`after_time = "finish_deal"`; then at_time "score" places it as it stands), and the ranking
after every round worked out by hand below.

data/tournament/chips.toml: places 5-3-2-1-0 by net chips at the table (a table of four
uses 5-3-2-1), ties share the points of the places they span; ranked by points, then net
chips; a round is one deal for each seat. Every deal is an Alone in clubs by the seat named
(crazy-solo.md section 5: A = (T − 60) × 2 rounded to 5 on its absolute value; the caller
collects A from every other player at the table, or pays |A| to each when A < 0):
T = 73 → A = 25, 52 → −15, 68 → 15, 47 → −25, 80 → 40, 75 → 30, 65 → 10, 55 → −10, 70 → 20,
50 → −20. At a table of k the caller's net is (k − 1)A and each other player's −A; so over
a round where seat s calls A_s, seat s nets k·A_s − ΣA.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from ledger.service import clock

from ..conftest import Cli
from .test_schnapsen_swiss import ok

PLAYERS = "Ada Ben Cid Dee Eli Fay Gus Hal Ivy Jan Kit Lou Mia Ned Ola Pam Quin Rex Sue Tom Uma"
START = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)
# T called by seat 1, 2, … in turn
R1 = [73, 52, 68, 47, 80]  # A 25 −15 15 −25 40, ΣA 40
R2 = [75, 65, 55, 70, 50]  # A 30 10 −10 20 −20, ΣA 30
R3 = [47, 73, 73, 52, 68]  # A −25 25 25 −15 15, ΣA 25 (at four: the first four, ΣA 10)


def alone(cli: Cli, table: int, caller: str, points: int):
    return cli("round", "add", "--tournament", "Mix", "--table", str(table), "--contract",
               "alone", "--caller", caller, "--trump", "clubs", "--points", str(points))


def play(cli: Cli, table: dict, calls: list[int], deals: int | None = None) -> None:
    """Seat i calls calls[i], for the first `deals` seats (all by default)."""
    for seat, points in list(zip(table["seats"], calls, strict=False))[:deals]:
        r = alone(cli, table["table"], seat, points)
        assert (r.exit_code, r.stderr) == (0, ""), r.stderr


def draw(cli: Cli, *more: str) -> dict:
    return json.loads(ok(cli, "tournament", "draw", "Mix", "--json", *more))


def seats(d: dict) -> list[list[str]]:
    return [t["seats"] for t in d["tables"]]


def ranking(cli: Cli, *more: str) -> list[tuple]:
    rows = json.loads(ok(cli, "tournament", "standings", "Mix", "--json", *more))
    return [(x["rank"], x["player"], x["points"], x["chips"], x["rounds"])
            + (("playing",) if x["playing"] else ()) + (("withdrawn",) if x["withdrawn"] else ())
            for x in rows]


def repeats(before: list[list[list[str]]], now: list[list[str]]) -> int:
    met = {frozenset((a, b)) for r in before for t in r for a in t for b in t if a != b}
    return sum(frozenset((a, b)) in met for t in now for i, a in enumerate(t) for b in t[i + 1:])


def test_crazy_solo_mix_of_twenty(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock, "now", lambda: START)
    ok(cli, "night", "new", "--date", "2026-12-04")
    ok(cli, "tournament", "new", "Mix", "--game", "crazy-solo", "--rounds", "3", "--draw",
       "mix", "--table-size", "5", "--seed", "twenty", "--round-minutes", "40")
    ok(cli, "tournament", "register", "Mix", *PLAYERS.split())
    ok(cli, "tournament", "register", "Mix", "--withdraw", "Uma")  # before playing at all

    d1 = draw(cli)
    assert [t["table"] for t in d1["tables"]] == [1, 2, 3, 4]
    assert seats(d1) == [["Quin", "Fay", "Tom", "Cid", "Dee"], ["Kit", "Ben", "Sue", "Gus", "Lou"],
                         ["Ada", "Eli", "Mia", "Ned", "Hal"], ["Ola", "Rex", "Ivy", "Jan", "Pam"]]
    for t in d1["tables"][:3]:
        play(cli, t, R1)
    play(cli, d1["tables"][3], R1, 2)  # table 4: two deals of five
    # Round 1, tables 1-3 (k = 5, ΣA = 40): seat 1 5×25 − 40 = 85 (2nd: 3), seat 2 −75 − 40
    # = −115 (4th: 1), seat 3 75 − 40 = 35 (3rd: 2), seat 4 −125 − 40 = −165 (5th: 0), seat 5
    # 200 − 40 = 160 (1st: 5). Table 4 is playing: no points, no round, no chips counted.
    assert ranking(cli) == [
        (1, "Dee", "5", "160", 1), (1, "Hal", "5", "160", 1), (1, "Lou", "5", "160", 1),
        (4, "Ada", "3", "85", 1), (4, "Kit", "3", "85", 1), (4, "Quin", "3", "85", 1),
        (7, "Mia", "2", "35", 1), (7, "Sue", "2", "35", 1), (7, "Tom", "2", "35", 1),
        (10, "Ben", "1", "-115", 1), (10, "Eli", "1", "-115", 1), (10, "Fay", "1", "-115", 1),
        (13, "Ivy", "0", "0", 0, "playing"), (13, "Jan", "0", "0", 0, "playing"),
        (13, "Ola", "0", "0", 0, "playing"), (13, "Pam", "0", "0", 0, "playing"),
        (13, "Rex", "0", "0", 0, "playing"),
        (18, "Cid", "0", "-165", 1), (18, "Gus", "0", "-165", 1), (18, "Ned", "0", "-165", 1)]
    refused = cli("tournament", "draw", "Mix")
    assert (refused.exit_code, refused.stdout, refused.stderr) == (2, "", (
        "error: round: round 1: not finished at table 4 (Ola – Rex – Ivy – Jan – Pam); finish "
        "it, let time run out, or --force to score it as it stands\n"))

    ok(cli, "tournament", "register", "Mix", "--withdraw", "Cid")  # after playing round 1
    forced = cli("tournament", "draw", "Mix", "--force", "--json")
    # table 4 as it stands: Ola +100 +15 = 115 (5), Rex −25 −60 = −85 (0), Ivy Jan Pam
    # −25 +15 = −10 (places 2–4 shared: (3+2+1)/3 = 2 each)
    assert (forced.exit_code, forced.stderr) == (0, (
        "warning: draw: round 1, table 4: scored as it stands (Ola +115 – Rex −85 – Ivy −10 – "
        "Jan −10 – Pam −10)\n"))
    d2 = json.loads(forced.stdout)
    assert [t["table"] for t in d2["tables"]] == [5, 6, 7, 8]  # 19 players: 5, 5, 5, 4
    assert seats(d2) == [["Fay", "Kit", "Hal", "Rex", "Ned"], ["Ivy", "Tom", "Ben", "Sue", "Mia"],
                         ["Jan", "Quin", "Pam", "Ada", "Lou"], ["Gus", "Ola", "Eli", "Dee"]]
    # round 1's groups are 4 (Cid gone), 5, 5 and 5 players: a table of five takes two from
    # one of them, so three repeated meetings is the fewest (Hal–Ned, Ben–Sue, Jan–Pam)
    assert repeats([seats(d1)], seats(d2)) == 3
    after1 = [
        (1, "Dee", "5", "160", 1), (1, "Hal", "5", "160", 1), (1, "Lou", "5", "160", 1),
        (4, "Ola", "5", "115", 1), (5, "Ada", "3", "85", 1), (5, "Kit", "3", "85", 1),
        (5, "Quin", "3", "85", 1), (8, "Mia", "2", "35", 1), (8, "Sue", "2", "35", 1),
        (8, "Tom", "2", "35", 1), (11, "Ivy", "2", "-10", 1), (11, "Jan", "2", "-10", 1),
        (11, "Pam", "2", "-10", 1), (14, "Ben", "1", "-115", 1), (14, "Eli", "1", "-115", 1),
        (14, "Fay", "1", "-115", 1), (17, "Rex", "0", "-85", 1),
        (18, "Cid", "0", "-165", 1, "withdrawn"), (18, "Gus", "0", "-165", 1),
        (18, "Ned", "0", "-165", 1)]
    assert ranking(cli, "--after", "1") == after1
    # round 2 drawn, nothing played: the same figures, each player's match "playing"
    assert ranking(cli) == [(*x[:5], "playing") if x[1] != "Cid" else x for x in after1]

    assert ok(cli, "tournament", "start-round", "Mix") == (
        "round 2: the clock runs; time is up at 2026-12-04 19:40\n")
    for t in d2["tables"][:3]:
        play(cli, t, R2)
    late = d2["tables"][3]
    play(cli, late, [73, 68])  # Gus, Ola: two of four deals in time
    monkeypatch.setattr(clock, "now", lambda: datetime(2026, 12, 4, 19, 40, tzinfo=UTC))
    finished = alone(cli, late["table"], "Eli", 47)  # the deal in play when time ran out
    assert (finished.exit_code, finished.stderr) == (0, "")
    after_time = alone(cli, late["table"], "Dee", 73)
    assert (after_time.exit_code, after_time.stdout, after_time.stderr) == (2, "", (
        "error: table: round 2's time is up at table 8: no deal more is recorded\n"))

    d3 = draw(cli)  # time is up: table 8 scores as it stands, no --force needed
    assert [t["table"] for t in d3["tables"]] == [9, 10, 11, 12]
    assert seats(d3) == [["Tom", "Ned", "Lou", "Ola", "Hal"], ["Gus", "Pam", "Jan", "Mia", "Fay"],
                         ["Rex", "Quin", "Eli", "Sue", "Ben"], ["Dee", "Ada", "Kit", "Ivy"]]
    # a table of five holds a pair from one of round 1's four groups and a pair from one of
    # round 2's four tables: one repeated meeting a table at the fewest, when both are the
    # same pair (a third meeting: Ned–Hal, Pam–Jan, Sue–Ben), else two
    assert repeats([seats(d1), seats(d2)], seats(d3)) == 3
    # Round 2, tables 5–7 (k = 5, ΣA = 30): seat 1 150 − 30 = 120 (5), seat 2 50 − 30 = 20
    # (2), seat 3 −50 − 30 = −80 (1), seat 4 100 − 30 = 70 (3), seat 5 −100 − 30 = −130 (0).
    # Table 8 (k = 4; Gus 25, Ola 15, Eli −25 after time; ΣA = 15): Gus 100 − 15 = 85 (5), Ola
    # 60 − 15 = 45 (3), Dee −15 (2), Eli −100 − 15 = −115 (1).
    #   Ola  5 + 3 = 8   115 + 45 = 160      Gus  0 + 5 = 5   −165 + 85 = −80
    #   Dee  5 + 2 = 7   160 − 15 = 145      Tom  2 + 2 = 4   35 + 20 = 55
    #   Ivy  2 + 5 = 7   −10 + 120 = 110     Rex  0 + 3 = 3   −85 + 70 = −15
    #   Jan  2 + 5 = 7   −10 + 120 = 110     Pam  2 + 1 = 3   −10 − 80 = −90
    #   Ada  3 + 3 = 6   85 + 70 = 155       Mia  2 + 0 = 2   35 − 130 = −95
    #   Hal  5 + 1 = 6   160 − 80 = 80       Ben  1 + 1 = 2   −115 − 80 = −195
    #   Fay  1 + 5 = 6   −115 + 120 = 5      Eli  1 + 1 = 2   −115 − 115 = −230
    #   Kit Quin  3 + 2 = 5   85 + 20 = 105  Ned  0 + 0 = 0   −165 − 130 = −295
    #   Sue  2 + 3 = 5   35 + 70 = 105       Cid  0 (round 1 only)   −165
    #   Lou  5 + 0 = 5   160 − 130 = 30
    assert ranking(cli, "--after", "2") == [
        (1, "Ola", "8", "160", 2), (2, "Dee", "7", "145", 2), (3, "Ivy", "7", "110", 2),
        (3, "Jan", "7", "110", 2), (5, "Ada", "6", "155", 2), (6, "Hal", "6", "80", 2),
        (7, "Fay", "6", "5", 2), (8, "Kit", "5", "105", 2), (8, "Quin", "5", "105", 2),
        (8, "Sue", "5", "105", 2), (11, "Lou", "5", "30", 2), (12, "Gus", "5", "-80", 2),
        (13, "Tom", "4", "55", 2), (14, "Rex", "3", "-15", 2), (15, "Pam", "3", "-90", 2),
        (16, "Mia", "2", "-95", 2), (17, "Ben", "2", "-195", 2), (18, "Eli", "2", "-230", 2),
        (19, "Cid", "0", "-165", 1, "withdrawn"), (20, "Ned", "0", "-295", 2)]
    assert ranking(cli, "--after", "1") == after1  # the ranking after round 1 stays

    for t in d3["tables"]:
        play(cli, t, R3)
    # Round 3, tables 9–11 (k = 5, ΣA = 25): seat 1 −125 − 25 = −150 (0), seats 2 and 3
    # 125 − 25 = 100 (places 1–2 shared: (5+3)/2 = 4 each), seat 4 −75 − 25 = −100 (1), seat
    # 5 75 − 25 = 50 (2). Table 12 (k = 4, ΣA = 10): Dee −100 − 10 = −110 (1), Ada and Kit
    # 100 − 10 = 90 (4 each), Ivy −60 − 10 = −70 (2).
    #   Jan  7 + 4 = 11   110 + 100 = 210    Pam  3 + 4 = 7   −90 + 100 = 10
    #   Ada  6 + 4 = 10   155 + 90 = 245     Sue  5 + 1 = 6   105 − 100 = 5
    #   Quin 5 + 4 = 9    105 + 100 = 205    Eli  2 + 4 = 6   −230 + 100 = −130
    #   Kit  5 + 4 = 9    105 + 90 = 195     Gus  5 + 0 = 5   −80 − 150 = −230
    #   Lou  5 + 4 = 9    30 + 100 = 130     Tom  4 + 0 = 4   55 − 150 = −95
    #   Ola  8 + 1 = 9    160 − 100 = 60     Ben  2 + 2 = 4   −195 + 50 = −145
    #   Ivy  7 + 2 = 9    110 − 70 = 40      Ned  0 + 4 = 4   −295 + 100 = −195
    #   Hal  6 + 2 = 8    80 + 50 = 130      Rex  3 + 0 = 3   −15 − 150 = −165
    #   Fay  6 + 2 = 8    5 + 50 = 55        Mia  2 + 1 = 3   −95 − 100 = −195
    #   Dee  7 + 1 = 8    145 − 110 = 35     Cid  0   −165 (withdrawn after round 1)
    # (the chips sum to 0, as every deal does)
    assert ranking(cli) == [
        (1, "Jan", "11", "210", 3), (2, "Ada", "10", "245", 3), (3, "Quin", "9", "205", 3),
        (4, "Kit", "9", "195", 3), (5, "Lou", "9", "130", 3), (6, "Ola", "9", "60", 3),
        (7, "Ivy", "9", "40", 3), (8, "Hal", "8", "130", 3), (9, "Fay", "8", "55", 3),
        (10, "Dee", "8", "35", 3), (11, "Pam", "7", "10", 3), (12, "Sue", "6", "5", 3),
        (13, "Eli", "6", "-130", 3), (14, "Gus", "5", "-230", 3), (15, "Tom", "4", "-95", 3),
        (16, "Ben", "4", "-145", 3), (17, "Ned", "4", "-195", 3), (18, "Rex", "3", "-165", 3),
        (19, "Mia", "3", "-195", 3), (20, "Cid", "0", "-165", 1, "withdrawn")]
    shown = ok(cli, "tournament", "standings", "Mix").splitlines()
    assert shown[-2].split() == ["20", "Cid", "0", "-165", "1", "withdrawn"]
    assert shown[-1] == "withdrawn before playing (not ranked): Uma"
    assert ok(cli, "check").startswith("ok")
