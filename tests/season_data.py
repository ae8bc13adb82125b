"""A small season for the league tests (tests/test_league.py, tests/tui/test_season.py).

Autumn 2026 runs 2026-09-01 … 2026-11-30 and holds three Crazy Solo nights at five seats;
one night before it and one after must not count. Inside it: a deal voided (night 1), a
deal corrected (night 2), Eve missing night 2 (Flo sits in), three players tied at a night
and Ann and Cid tied over the season (+5 each).

Nets per night, worked by hand from crazy-solo.md §5 (rounding to 5, Alone collects from
everyone, a Gang of 3 pays the caller twice and the partner once):

    night 1 (09-05)  solo Bea+Dan, T 73 (A 25): Bea +50 Dan +25, Ann Cid Eve −25
                     alone Cid, T 70 (A 20): voided, counts nothing
    night 2 (09-12)  alone Ann, T 65 (A 10): Ann +40, Bea Cid Dan Flo −10
                     solo Dan+Flo, T 73 corrected to 52 (A −15): Dan −30 Flo −15,
                     Ann Bea Cid +15
                     night: Ann +55, Bea +5, Cid +5, Dan −40, Flo −25
    night 3 (09-19)  solo Eve+Cid, T 73 (A 25): Eve +50 Cid +25, Ann Bea Dan −25
                     all passed
"""

from __future__ import annotations

from ledger.service import Tally

PLAYERS = ["Ann", "Bea", "Cid", "Dan", "Eve", "Flo"]
FIVE = ["Ann", "Bea", "Cid", "Dan", "Eve"]
SEASON = ("Autumn 2026", "2026-09-01", "2026-11-30")


def build(service: Tally) -> dict[str, int]:
    """The nights of the season (and one either side); returns their ids by date."""
    for name in PLAYERS:
        service.add_player(name)
    nights: dict[str, int] = {}

    def night(day: str, seats: list[str], deals: list[dict[str, object]]) -> list[int]:
        nights[day] = service.new_night(day, "Club")
        table = service.new_table(nights[day], "crazy-solo", seats)
        return service.add_deals(table, deals)

    night("2026-08-29", FIVE, [{"contract": "alone", "caller": "Ann", "trump": "clubs",
                                "team_points": 90}])
    _, wrong = night("2026-09-05", FIVE, [
        {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
         "team_points": 73},
        {"contract": "alone", "caller": "Cid", "trump": "clubs", "team_points": 70}])
    service.void_deal(wrong, "wrong table")
    _, miscounted = night("2026-09-12", ["Ann", "Bea", "Cid", "Dan", "Flo"], [
        {"contract": "alone", "caller": "Ann", "trump": "clubs", "team_points": 65},
        {"contract": "solo", "caller": "Dan", "partner": "Flo", "trump": "clubs",
         "team_points": 73}])
    service.correct_deal(miscounted, {"contract": "solo", "caller": "Dan", "partner": "Flo",
                                      "trump": "clubs", "team_points": 52},
                         reason="recounted")
    night("2026-09-19", FIVE, [
        {"contract": "solo", "caller": "Eve", "partner": "Cid", "trump": "clubs",
         "team_points": 73},
        {"contract": "pass"}])
    night("2026-12-05", FIVE, [{"contract": "alone", "caller": "Dan", "trump": "clubs",
                                "team_points": 90}])
    return nights
