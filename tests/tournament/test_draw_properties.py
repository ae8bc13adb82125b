"""Properties of the draws: every active player seated exactly once; swiss never repeats a
pair when a pairing without repeats exists (an exhaustive reference for up to 12 players)
and never gives a second bye while someone has had none; mix, planning one round, never
seats more pairs who met before than the random draw it starts from (it keeps that draw
unless it finds better)."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.domain.tournament.draw import (
    meetings,
    mix_draw,
    pair,
    random_draw,
    schedule_draw,
    table_sizes,
)
from ledger.domain.tournament.swiss import swiss_draw

NAMES = [f"P{i:02d}" for i in range(40)]


def matchings(people: list[str]) -> Iterator[list[tuple[str, str]]]:
    """Every perfect matching of an even list (11!! = 10,395 for 12)."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for i, other in enumerate(rest):
        for m in matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *m]


def repeat_free_exists(players: list[str], met: set[tuple[str, str]], had: set[str]) -> bool:
    """By brute force: a bye (to one who has had none, while anyone has had none) and a
    pairing of the rest with no pair that met before."""
    fresh = [p for p in players if p not in had] or players
    byes = fresh if len(players) % 2 else [None]
    for bye in byes:
        rest = [p for p in players if p != bye]
        if any(all(pair(a, b) not in met for a, b in m) for m in matchings(rest)):
            return True
    return False


@st.composite
def histories(draw: st.DrawFn, most: int = 12) -> tuple[list[str], set, set, str]:
    n = draw(st.integers(2, most))
    players = NAMES[:n]
    all_pairs = [pair(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    met = set(draw(st.lists(st.sampled_from(all_pairs), max_size=len(all_pairs))))
    had = set(draw(st.lists(st.sampled_from(players), max_size=n)))
    ranked = draw(st.permutations(players))
    return list(ranked), met, had, draw(st.text("abc", max_size=4))


@settings(max_examples=150)
@given(histories())
def test_swiss_repeats_no_pair_while_a_repeat_free_pairing_exists(h) -> None:
    ranked, met, had, seed = h
    d = swiss_draw(ranked, met, had, seed)
    assert sorted(d.players()) == sorted(ranked)  # everyone exactly once
    assert len(d.byes) == len(ranked) % 2
    if d.byes and any(p not in had for p in ranked):
        assert d.byes[0] not in had  # never a second bye while someone has had none
    repeated = [t for t in d.tables if pair(*t) in met]
    if repeat_free_exists(ranked, met, had):
        assert repeated == []


@settings(max_examples=60)
@given(st.integers(2, 30), st.integers(1, 8), st.text("xyz", max_size=3))
def test_swiss_over_rounds_gives_byes_to_different_players(n: int, rounds: int,
                                                          seed: str) -> None:
    players = NAMES[:n]
    met: set = set()
    had: list[str] = []
    for r in range(rounds):
        d = swiss_draw(players, met, set(had), f"{seed}{r}")
        met |= {pair(*t) for t in d.tables}
        had += d.byes
        assert sorted(d.players()) == sorted(players)
    if n % 2:
        assert len(had) == len(set(had)) == min(rounds, n) or rounds > n


@settings(max_examples=80)
@given(st.integers(3, 40), st.integers(3, 12), st.integers(0, 4), st.text("ab", max_size=3))
def test_random_and_mix_seat_everyone_once(n: int, size: int, rounds: int, seed: str) -> None:
    players = NAMES[:n]
    if n < 3 or table_sizes(n, size, 1)[-1] < 2:
        return
    past = [[list(t) for t in random_draw(players, size, f"{seed}{r}").tables]
            for r in range(rounds)]
    for d in (random_draw(players, size, seed), mix_draw(players, size, seed, meetings(past))):
        seated = [p for t in d.tables for p in t]
        assert sorted(seated) == sorted(players) and not d.byes
        assert max(map(len, d.tables)) - min(map(len, d.tables)) <= 1
        assert max(map(len, d.tables)) <= size


@settings(max_examples=60)
@given(st.integers(6, 30), st.integers(1, 5), st.text("ab", max_size=3))
def test_mix_repeats_no_more_than_the_random_draw_it_starts_from(n: int, rounds: int,
                                                                 seed: str) -> None:
    players = NAMES[:n]
    past = [[list(t) for t in random_draw(players, 5, f"{seed}{r}", 3).tables]
            for r in range(rounds)]
    met = meetings(past)

    def cost(tables) -> int:  # repeated meetings: pairs seated together who met before
        return sum(pair(a, b) in met for t in tables for i, a in enumerate(t)
                   for b in t[i + 1:])

    assert cost(mix_draw(players, 5, seed, met, 3).tables) <= cost(
        random_draw(players, 5, seed, 3).tables)


def test_schedule_seats_the_numbers_and_gives_the_rest_a_bye() -> None:
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    numbers = {p: i + 1 for i, p in enumerate(players)}
    d = schedule_draw([*players[:4], "Eve"], numbers, [[1, 2], [3, 5]], "s")
    assert sorted(map(sorted, d.tables)) == [["Ann", "Bob"], ["Cat", "Eve"]]
    assert d.byes == ("Dan",)
