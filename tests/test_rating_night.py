"""The rating after one night (the room's board, "rating after tonight"; the
phone's log page): each player rated at the night, their rating over every game after it
and what the night did to it, over the small league of tests/rating_data.py; read cheaply
on every saved deal (the ratings before the night read once while the nights before it
are unchanged)."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.service import Tally
from ledger.store import rating_rows

from .rating_data import NIGHTS, build

CORRECTED = {"contract": "solo", "caller": "Dan", "partner": "Eve", "trump": "clubs",
             "team_points": 52}


@pytest.fixture
def league(service: Tally) -> dict[str, int]:
    return build(service)


def _facts(rows: Any) -> list[tuple[Any, ...]]:
    return [(r.rank, r.player, r.mu, r.sigma, r.ordinal, r.games, r.change, r.provisional)
            for r in rows]


def test_the_last_night_is_the_ratings_now(league: dict[str, int], service: Tally) -> None:
    # night 3 is every player's last: its ratings and changes are `tally rating`'s
    tonight = service.night_rating(league[NIGHTS[2]])
    assert _facts(tonight) == _facts(service.rating().rows)
    assert {r.last for r in tonight} == {NIGHTS[2]}


def test_the_first_night_starts_from_zero(league: dict[str, int], service: Tally) -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    start = {p: model.rating() for p in ("Ann", "Bea", "Cid", "Dan", "Eve")}
    # night 1: the solo table (Bea 1st, Dan 2nd, the rest 3rd), then the four-hand table
    a, b, c, d, e = model.rate([[start[p]] for p in ("Ann", "Bea", "Cid", "Dan", "Eve")],
                               ranks=[3, 1, 3, 2, 3])
    (a, c), (b, d) = model.rate([[a[0], c[0]], [b[0], d[0]]], ranks=[1, 2])
    after = {"Ann": a, "Bea": b, "Cid": c, "Dan": d, "Eve": e[0]}
    rows = service.night_rating(league[NIGHTS[0]])
    assert {r.player: (round(r.mu, 9), round(r.sigma, 9), r.games) for r in rows} == {
        p: (round(x.mu, 9), round(x.sigma, 9), 1 if p == "Eve" else 2)
        for p, x in after.items()}
    assert all(abs(r.change - r.ordinal) < 1e-9 for r in rows)  # from μ 25 − 3 × 25/3 = 0
    assert [r.player for r in rows] == sorted(after, key=lambda p: -after[p].ordinal())
    assert all(r.provisional for r in rows)  # fewer than 5 tables
    assert service.night_rating(999) == ()  # no such night: nobody rated


def test_the_nights_before_are_read_once_until_they_change(
        league: dict[str, int], service: Tally, monkeypatch: pytest.MonkeyPatch) -> None:
    n3 = league[NIGHTS[2]]
    reads: list[int] = []
    real = rating_rows.before_night

    def counted(**kw: Any) -> Any:
        reads.append(kw["night_id"])
        return real(**kw)

    monkeypatch.setattr(rating_rows, "before_night", counted)
    first = service.night_rating(n3)
    assert service.night_rating(n3) == first and reads == [n3]
    # a deal tonight: tonight's ratings move, the nights before are not read again
    table = service.night(n3).tables[-1].id
    service.add_deal(table, {"contract": "solo", "caller": "Ann", "partner": "Bea",
                             "trump": "clubs", "team_points": 73})
    again = service.night_rating(n3)
    assert reads == [n3] and _facts(again) == _facts(service.rating().rows) != _facts(first)
    # a correction two nights back changes the ratings before tonight: read again
    service.correct_deal(league["solo"], CORRECTED, reason="recounted")
    fixed = service.night_rating(n3)
    assert reads == [n3, n3] and _facts(fixed) == _facts(service.rating().rows)


def test_the_trend_is_each_nights_rating_after_it(league: dict[str, int],
                                                  service: Tally) -> None:
    after: dict[str, list[float]] = {}
    for day in NIGHTS:
        for r in service.night_rating(league[day]):
            after.setdefault(r.player, []).append(r.ordinal)
    assert service.rating_trend() == {p: tuple(v) for p, v in after.items()}
    service.new_season("First", NIGHTS[0], NIGHTS[0])  # up to the season's last night
    assert service.rating_trend(season="First") == {
        r.player: (r.ordinal,) for r in service.night_rating(league[NIGHTS[0]])}
    service.new_season("Last", NIGHTS[2], NIGHTS[2])  # the nights before it drawn too
    assert service.rating_trend(season="Last") == service.rating_trend()
