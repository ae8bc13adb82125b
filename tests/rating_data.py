"""A small league for the rating tests (tests/test_rating.py): three nights, two games,
a four-hand team game at two of them.

Nets per table, worked by hand (crazy-solo.md §5 at five seats; four-hand Sixty-Six: three
deals of 130 to 0 win a game of 7 on Hoyle's scale, each loser pays one winner 10):

    night 1 (10-03)  table 1 crazy-solo, solo Bea+Dan T 73: Bea +50 Dan +25, Ann Cid Eve −25
                     table 2 four-hand Ann Bea Cid Dan: Ann+Cid +10, Bea+Dan −10
    night 2 (10-10)  table 3 crazy-solo, alone Ann T 65: Ann +40, the rest −10;
                     solo Dan+Eve T 73: Dan +50 Eve +25, Ann Bea Cid −25
                     night: Dan +40, Ann +15, Eve +15, Bea −35, Cid −35
    night 3 (10-17)  table 4 four-hand Eve Ann Dan Bea: Eve+Dan +10, Ann+Bea −10
                     table 5 crazy-solo, solo Eve+Cid T 73: Eve +50 Cid +25, Ann Bea Dan −25
"""

from __future__ import annotations

from ledger.service import Tally

PLAYERS = ["Ann", "Bea", "Cid", "Dan", "Eve"]
SHUTOUT = {"points": {"Ann": 130, "Bea": 0}, "tricks": {"Bea": 0}}  # Ann's side takes all
NIGHTS = ("2026-10-03", "2026-10-10", "2026-10-17")


def build(service: Tally) -> dict[str, int]:
    """The three nights; returns the ids of the nights (by date) and of night 2's solo
    deal (`"solo"`), the one a correction changes."""
    for name in PLAYERS:
        service.add_player(name)
    ids: dict[str, int] = {}
    n1 = ids[NIGHTS[0]] = service.new_night(NIGHTS[0], "Club")
    t1 = service.new_table(n1, "crazy-solo", PLAYERS)
    service.add_deal(t1, {"contract": "solo", "caller": "Bea", "partner": "Dan",
                          "trump": "clubs", "team_points": 73})
    t2 = service.new_table(n1, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])
    service.add_deals(t2, [SHUTOUT] * 3)
    n2 = ids[NIGHTS[1]] = service.new_night(NIGHTS[1], "Annex")
    t3 = service.new_table(n2, "crazy-solo", PLAYERS)
    _, ids["solo"] = service.add_deals(t3, [
        {"contract": "alone", "caller": "Ann", "trump": "clubs", "team_points": 65},
        {"contract": "solo", "caller": "Dan", "partner": "Eve", "trump": "clubs",
         "team_points": 73}])
    n3 = ids[NIGHTS[2]] = service.new_night(NIGHTS[2], "Club")
    t4 = service.new_table(n3, "sixty-six-four", ["Eve", "Ann", "Dan", "Bea"])
    service.add_deals(t4, [{"points": {"Eve": 130, "Ann": 0}, "tricks": {"Ann": 0}}] * 3)
    t5 = service.new_table(n3, "crazy-solo", PLAYERS)
    service.add_deal(t5, {"contract": "solo", "caller": "Eve", "partner": "Cid",
                          "trump": "clubs", "team_points": 73})
    return ids
