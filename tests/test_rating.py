"""Ratings over the small league of tests/rating_data.py: the numbers openskill
itself gives for those tables (and written out), a correction that re-rates only the nights
from its own, `check` finding a tampered cache, the command's words in English and Japanese,
its JSON, its refusals, rating.csv, and the cache kept incrementally equal to a rating made
from scratch."""

from __future__ import annotations

import json
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.domain.rating import (
    ACROSS,
    NightInput,
    RatingOptions,
    TableResult,
    match,
    rate_all,
)
from ledger.domain.rules import RuleError
from ledger.service import Tally
from ledger.service.facade import RATINGS

from .conftest import Cli, raw_sql
from .rating_data import NIGHTS, build

# the league's tables as openskill's teams and ranks, written out by hand from the nets of
# tests/rating_data.py (1 = best; equal nets share a rank)
TABLES = [
    ("crazy-solo", [["Ann"], ["Bea"], ["Cid"], ["Dan"], ["Eve"]], [3, 1, 3, 2, 3]),
    ("sixty-six-four", [["Ann", "Cid"], ["Bea", "Dan"]], [1, 2]),
    ("crazy-solo", [["Ann"], ["Bea"], ["Cid"], ["Dan"], ["Eve"]], [2, 4, 4, 1, 2]),
    ("sixty-six-four", [["Eve", "Dan"], ["Ann", "Bea"]], [1, 2]),
    ("crazy-solo", [["Ann"], ["Bea"], ["Cid"], ["Dan"], ["Eve"]], [3, 3, 2, 3, 1]),
]
# what openskill 6.2's PlackettLuce (its defaults: μ 25, σ 25/3, β 25/6, τ 25/300) gives
# after the three nights, over every game: μ, σ, games (to 6 decimals)
ACROSS_GAMES = {"Eve": (28.145504, 7.900044, 4), "Dan": (26.983008, 7.745558, 5),
                "Cid": (26.086934, 7.804071, 4), "Ann": (22.875729, 7.676728, 5),
                "Bea": (20.981062, 7.716046, 5)}
FOUR_HAND = {"Eve": (27.100702, 8.173994, 1), "Cid": (26.964295, 8.177963, 1),
             "Dan": (25.058813, 8.027455, 2), "Ann": (24.941187, 8.028895, 2),
             "Bea": (21.012598, 8.028895, 2)}


def openskill_itself(game: str | None = None) -> dict[str, tuple[float, float, int]]:
    """The league rated by calling openskill directly, table by table."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    now: dict[str, Any] = {}
    games: dict[str, int] = {}
    for g, teams, ranks in TABLES:
        if game is not None and g != game:
            continue
        rated = model.rate([[now.get(p) or model.rating() for p in t] for t in teams],
                           ranks=ranks)
        for team, out in zip(teams, rated, strict=True):
            for p, r in zip(team, out, strict=True):
                now[p] = r
                games[p] = games.get(p, 0) + 1
    return {p: (r.mu, r.sigma, games[p]) for p, r in now.items()}


@pytest.fixture
def league(service: Tally) -> dict[str, int]:
    return build(service)


def _rows(service: Tally, **kw: Any) -> dict[str, tuple[float, float, int]]:
    return {r.player: (r.mu, r.sigma, r.games) for r in service.rating(**kw).rows}


def test_the_ratings_are_openskills_own(league: dict[str, int], service: Tally) -> None:
    assert _rows(service) == openskill_itself()
    assert _rows(service, game="sixty-six-four") == openskill_itself("sixty-six-four")
    assert _rows(service, game="crazy-solo") == openskill_itself("crazy-solo")
    rounded = {p: (round(m, 6), round(s, 6), g) for p, (m, s, g) in _rows(service).items()}
    assert rounded == ACROSS_GAMES
    four = _rows(service, game="sixty-six-four")
    assert {p: (round(m, 6), round(s, 6), g) for p, (m, s, g) in four.items()} == FOUR_HAND
    rows = service.rating().rows
    assert [r.player for r in rows] == ["Eve", "Dan", "Cid", "Ann", "Bea"]
    assert [r.provisional for r in rows] == [True, False, True, False, False]  # < 5 games
    eve = rows[0]
    assert eve.ordinal == eve.mu - 3 * eve.sigma and eve.last == NIGHTS[2]


def test_the_tables_become_openskills_teams_and_ranks() -> None:
    assert match(TableResult(1, "sixty-six-four", (5, 1, 4, 2), (10, -10, 10, -10))) == (
        [[5, 4], [1, 2]], [1, 2])
    assert match(TableResult(1, "hachihachi-trick", (1, 2, 3, 4), (0, 5, 0, -5))) == (
        [[1], [2], [3], [4]], [2, 1, 2, 4])
    # four players of another game are four sides, not two teams
    assert match(TableResult(1, "crazy-solo", (1, 2, 3, 4), (5, -5, 5, -5)))[0] == [
        [1], [2], [3], [4]]


def test_a_correction_rerates_from_its_own_night_only(league: dict[str, int],
                                                      service: Tally) -> None:
    n1, n2, n3 = (league[d] for d in NIGHTS)
    assert service.refresh_ratings() == [n1, n2, n3]
    assert service.refresh_ratings() == []  # nothing changed: nothing re-rated
    with service._read() as s:
        before = s.execute("SELECT * FROM rating_night WHERE night_id = :n ORDER BY game, "
                           "player_id", {"n": n1}).fetchall()
    service.correct_deal(league["solo"], {"contract": "solo", "caller": "Dan",
                                          "partner": "Eve", "trump": "clubs",
                                          "team_points": 52}, reason="recounted")
    assert service.refresh_ratings() == [n2, n3]
    with service._read() as s:
        after = s.execute("SELECT * FROM rating_night WHERE night_id = :n ORDER BY game, "
                          "player_id", {"n": n1}).fetchall()
    assert [tuple(r) for r in after] == [tuple(r) for r in before]
    # the corrected night: Ann +55, Bea +5, Cid +5, Eve −25, Dan −40
    TABLES[2] = ("crazy-solo", [["Ann"], ["Bea"], ["Cid"], ["Dan"], ["Eve"]], [1, 2, 2, 5, 4])
    try:
        assert _rows(service) == openskill_itself()
    finally:
        TABLES[2] = ("crazy-solo", [["Ann"], ["Bea"], ["Cid"], ["Dan"], ["Eve"]],
                     [2, 4, 4, 1, 2])
    assert service.check() == []


def test_a_revision_committed_late_with_an_older_id_is_not_missed(
        league: dict[str, int], service: Tally, db_path: Any) -> None:
    """On a server, a transaction can take a revision id and commit after a later one: the
    watermark's count of revisions then grew by more than the ids after it, and the next
    rating reads every night."""
    n1, n2, n3 = (league[d] for d in NIGHTS)
    service.refresh_ratings()
    with service._read() as s:
        first = s.execute("SELECT d.id FROM deal d JOIN game_table t ON t.id = d.table_id "
                          "WHERE t.night_id = :n ORDER BY d.id", {"n": n1}).fetchone()[0]
    service.correct_deal(first, {"contract": "solo", "caller": "Bea", "partner": "Dan",
                                 "trump": "clubs", "team_points": 40}, reason="recounted")
    # as if the correction's id had been seen already, its revision not yet committed
    raw_sql(db_path, "UPDATE rating_watermark SET revision_id = (SELECT max(id) FROM "
            "revision), revisions = (SELECT count(*) FROM revision) - 1")
    assert Tally.open(db_path).refresh_ratings() == [n1, n2, n3]
    assert service.check() == []


def test_check_finds_a_tampered_rating_cache(league: dict[str, int], service: Tally,
                                            db_path: Any) -> None:
    service.rating()
    assert service.check() == []
    n3 = league[NIGHTS[2]]
    raw_sql(db_path, f"UPDATE rating_night SET mu = 99.5 WHERE night_id = {n3} AND game = '' "
            "AND player_id = (SELECT id FROM player WHERE name = 'Eve')",
            f"DELETE FROM rating_night WHERE night_id = {n3} AND game = 'crazy-solo' AND "
            "player_id = (SELECT id FROM player WHERE name = 'Bea')",
            "INSERT INTO rating_night (night_id, game, player_id, mu, sigma, games) "
            "VALUES (77, '', 1, 30.0, 5.0, 9)")
    found = Tally.open(db_path).check()
    assert [(p.code, p.values["night"], p.values["game"], p.values["player"]) for p in found
            ] == [("rating_differs", n3, "*", "Eve"), ("rating_missing", n3, "crazy-solo",
                                                      "Bea"), ("rating_extra", 77, "*", "Ann")]
    assert found[0].values["mu"] == 99.5
    assert round(found[0].values["derived_mu"], 6) == ACROSS_GAMES["Eve"][0]
    from ledger.text.problems import problem_text

    assert problem_text(found[2]) == ("night 77 * Ann: a kept rating of μ 30.0 σ 5.0 after 9 "
                                      "games for no table played")


def test_a_cache_behind_the_deals_is_not_a_problem(league: dict[str, int],
                                                   service: Tally) -> None:
    service.rating()
    night = service.new_night("2026-10-24", "Club")
    table = service.new_table(night, "crazy-solo", ["Ann", "Bea", "Cid", "Dan", "Eve"])
    service.add_deal(table, {"contract": "alone", "caller": "Bea", "trump": "clubs",
                             "team_points": 65})
    assert service.check() == []  # out of date, not wrong: the next rating rates it
    assert service.refresh_ratings() == [night]


EN = """\
#  player  rating      μ     σ  games  last        change  note
-  ------  ------  -----  ----  -----  ----------  ------  -----------
1  Eve       4.45  28.15  7.90      4  2026-10-17   +4.95  provisional
2  Dan       3.75  26.98  7.75      5  2026-10-17   +0.84
3  Cid       2.67  26.09  7.80      4  2026-10-17   +2.02  provisional
4  Ann      -0.15  22.88  7.68      5  2026-10-17   -2.23
5  Bea      -2.17  20.98  7.72      5  2026-10-17   -2.04
"""
JA = """\
#  プレイヤー  レーティング      μ     σ  対局  最終             変動  備考
-  ----------  ------------  -----  ----  ----  --------------  -----  ----
1  Eve                 4.45  28.15  7.90     4  2026年10月17日  +4.95  暫定
2  Dan                 3.75  26.98  7.75     5  2026年10月17日  +0.84
3  Cid                 2.67  26.09  7.80     4  2026年10月17日  +2.02  暫定
4  Ann                -0.15  22.88  7.68     5  2026年10月17日  -2.23
5  Bea                -2.17  20.98  7.72     5  2026年10月17日  -2.04
"""


def test_the_command_in_english_and_japanese(league: dict[str, int], cli: Cli) -> None:
    r = cli("rating")
    assert (r.exit_code, r.stdout, r.stderr) == (0, EN, "")
    r = cli("--lang", "ja", "rating")
    assert (r.exit_code, r.stdout, r.stderr) == (0, JA, "")
    four = cli("rating", "--game", "sixty-six-four").stdout.splitlines()
    assert four[3] == "2  Cid       2.43  26.96  8.18      1  2026-10-03   +2.43  provisional"
    # the nights at the Annex: all five played there; a season of the first night alone
    assert cli("rating", "--venue", "Annex").stdout == EN
    cli("season", "new", "First", "--from", NIGHTS[0], "--to", NIGHTS[0])
    first = json.loads(cli("rating", "--season", "First", "--json").stdout)
    # after night 1: Ann and Cid (partners who won, same nets) tie at the top
    assert [(x["rank"], x["player"], x["games"], x["last"]) for x in first] == [
        (1, "Ann", 2, NIGHTS[0]), (1, "Cid", 2, NIGHTS[0]), (3, "Bea", 2, NIGHTS[0]),
        (4, "Dan", 2, NIGHTS[0]), (5, "Eve", 1, NIGHTS[0])]


def test_the_json_shape(league: dict[str, int], cli: Cli) -> None:
    rows = json.loads(cli("rating", "--json").stdout)
    assert list(rows[0]) == ["rank", "player", "game", "mu", "sigma", "ordinal", "games",
                             "last", "change", "provisional"]
    eve = openskill_itself()["Eve"]
    assert rows[0] | {"change": None} == {
        "rank": 1, "player": "Eve", "game": None, "mu": eve[0], "sigma": eve[1],
        "ordinal": eve[0] - 3 * eve[1], "games": 4, "last": NIGHTS[2], "change": None,
        "provisional": True}
    four = json.loads(cli("rating", "--game", "sixty-six-four", "--json").stdout)
    assert {x["game"] for x in four} == {"sixty-six-four"}


@pytest.mark.parametrize(("args", "line"), [
    (["--game", "chess"], "error: --game: chess is not a game here (crazy-solo, "
     "hachihachi-trick, sixty-six, schnapsen, sixty-six-three, sixty-six-four)\n"),
    (["--venue", "Nowhere"], "error: --venue: Nowhere is not a venue here (Annex, Club)\n"),
    (["--season", "Winter"], "error: --season: Winter is not a season here (none yet: "
     "tally season new)\n"),
])
def test_bad_input_is_one_line_and_exit_2(league: dict[str, int], cli: Cli,
                                          args: list[str], line: str) -> None:
    r = cli("rating", *args)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", line)


def test_rating_csv(league: dict[str, int], cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = cli("export", "--rating", "--out", str(out))
    assert (r.exit_code, r.stdout) == (0, f"{out / 'rating.csv'}\n")
    assert (out / "rating.csv").read_bytes() == (
        "\ufeffrank,player,game,rating,mu,sigma,games,last,change,provisional\r\n"
        "1,Eve,,4.45,28.15,7.90,4,2026-10-17,4.95,yes\r\n"
        "2,Dan,,3.75,26.98,7.75,5,2026-10-17,0.84,no\r\n"
        "3,Cid,,2.67,26.09,7.80,4,2026-10-17,2.02,yes\r\n"
        "4,Ann,,-0.15,22.88,7.68,5,2026-10-17,-2.23,no\r\n"
        "5,Bea,,-2.17,20.98,7.72,5,2026-10-17,-2.04,no\r\n").encode()
    cli("season", "new", "Autumn 2026", "--from", NIGHTS[0], "--to", NIGHTS[1])
    r = cli("export", "--rating", "--season", "autumn 2026", "--out", str(out))
    path = out / "rating-autumn-2026.csv"
    assert (r.exit_code, r.stdout) == (0, f"{path}\n")
    assert path.read_bytes().splitlines()[1].startswith(b"1,Dan,,")  # after night 2
    r = cli("export", "--rating", "--all")
    assert (r.exit_code, r.stderr) == (2, "error: export: --rating writes its file alone "
                                          "(no --night, --all or --from/--to)\n")


def test_a_formula_name_is_text_in_rating_csv(service: Tally, tmp_path: Path) -> None:
    for name in ("=cmd", "Bea", "Cid"):
        service.add_player(name)
    table = service.new_table(service.new_night("2026-10-03"), "crazy-solo",
                              ["=cmd", "Bea", "Cid"])
    service.add_deal(table, {"contract": "alone", "caller": "=cmd", "trump": "clubs",
                             "team_points": 90})
    path = service.export_rating(tmp_path, service.rating())
    assert b"\r\n1,'=cmd,," in path.read_bytes()


# ---- the cache kept incrementally is the rating made from scratch --------------------

PLAYER_IDS = st.integers(1, 6)


@st.composite
def nights(draw: st.DrawFn) -> list[NightInput]:
    out = []
    for n in range(draw(st.integers(1, 6))):
        tables = []
        for t in range(draw(st.integers(1, 3))):
            game = draw(st.sampled_from(["crazy-solo", "sixty-six-four", "schnapsen"]))
            size = {"sixty-six-four": 4, "schnapsen": 2}.get(game) or draw(st.integers(3, 5))
            seats = tuple(draw(st.permutations(range(1, 7)))[:size])
            nets = tuple(draw(st.lists(st.integers(-3, 3), min_size=size, max_size=size)))
            tables.append(TableResult(10 * n + t, game, seats, nets))
        out.append(NightInput(n + 1, f"2026-10-{n + 10}", tuple(tables)))
    return out


@given(nights(), st.integers(0, 6))
def test_rating_on_from_a_kept_night_is_rating_from_scratch(all_nights: list[NightInput],
                                                            cut: int) -> None:
    options = RatingOptions()
    scratch = rate_all(all_nights, options)
    kept = rate_all(all_nights[:cut], options)
    state: dict[Any, Any] = {}
    for changed in kept:
        state.update(changed)
    assert kept + rate_all(all_nights[cut:], options, state) == scratch
    for night, changed in zip(all_nights, scratch, strict=True):  # the games played only
        assert {g for g, _ in changed} <= {ACROSS} | {t.game for t in night.tables}


FIVE = ["Ann", "Bea", "Cid", "Dan", "Eve"]
DEALS = [{"contract": "alone", "caller": c, "trump": "clubs", "team_points": p}
         for c in FIVE for p in (65, 90, 40)]


@pytest.mark.sqlite_only
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["night", "deal", "correct", "void", "rate"]),
                          st.integers(0, 14)), min_size=1, max_size=12))
def test_the_cache_after_each_change_equals_a_rating_from_scratch(
        tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, int]]) -> None:
    service = Tally.open(tmp_path_factory.mktemp("rating") / "club.sqlite3")
    service.add_players(FIVE)
    tables: list[int] = []
    deals: list[int] = []
    for i, (what, k) in enumerate(steps):
        if what == "night" or not tables:
            night = service.new_night(f"2026-{10 + i % 3}-{10 + k}", "Club")
            tables.append(service.new_table(night, "crazy-solo", FIVE))
        if what == "deal" or not deals:
            deals.append(service.add_deal(tables[k % len(tables)], DEALS[k]))
        elif what == "correct":
            service.correct_deal(deals[k % len(deals)], DEALS[(k + 1) % 15], reason="r")
        elif what == "void":
            with suppress(RuleError):  # already void
                service.void_deal(deals[k % len(deals)], "v")
        else:
            service.refresh_ratings()
    service.refresh_ratings()
    have, want = service._part(RATINGS).compared()
    assert have == want
    with service._read() as s:
        kept = s.execute("SELECT count(*) FROM rating_mark").fetchone()[0]
    assert service.refresh_ratings() == [] and kept == len({n for n, _, _ in want})


# ---- a tournament seeded by rating ---------------------------------------------------

SIX = ["Ann", "Bea", "Cid", "Dan", "Eve", "Zed"]  # Zed is new: unrated, ordinal 0


def test_a_swiss_round_one_is_paired_by_rating(league: dict[str, int], service: Tally) -> None:
    service.add_player("Zed")
    night = service.new_night("2026-10-24", "Club")
    service.new_tournament("Cup", "schnapsen", 3, "swiss", night=night, seed="s1")
    service.register("Cup", SIX)
    drawn, _ = service.draw("Cup", seed_by="rating")
    # by rating: Eve 4.45, Dan 3.75, Cid 2.67, Zed 0, Ann −0.15, Bea −2.17; top board first
    assert [set(x.seats) for x in drawn.tables] == [{"Eve", "Dan"}, {"Cid", "Zed"},
                                                    {"Ann", "Bea"}]


def test_a_mix_round_one_spreads_the_strong(league: dict[str, int], service: Tally,
                                            cli: Cli) -> None:
    service.add_player("Zed")
    night = service.new_night("2026-10-24", "Club")
    for name in ("Mix", "Plain"):
        service.new_tournament(name, "crazy-solo", 2, "mix", table_size=3, night=night,
                               seed="s1")
        service.register(name, SIX)
    seeded, _ = service.draw("Mix", seed_by="rating")
    # tiers of two (two tables): Eve Dan, Cid Zed, Ann Bea: one of each at each table
    for a, b in (("Eve", "Dan"), ("Cid", "Zed"), ("Ann", "Bea")):
        assert not any({a, b} <= set(x.seats) for x in seeded.tables)
    plain, _ = service.draw("Plain")  # the same seed unseeded: a tier shares a table
    assert any({"Ann", "Bea"} <= set(x.seats) for x in plain.tables)
    service.new_tournament("Lots", "crazy-solo", 2, "random", table_size=3, night=night)
    service.register("Lots", SIX)
    r = cli("tournament", "draw", "Lots", "--seed-by", "rating")
    assert (r.exit_code, r.stderr) == (2, "error: --seed-by: a random draw takes no "
                                          "seeding (swiss or mix do)\n")
    r = cli("tournament", "draw", "Mix", "--seed-by", "elo")
    assert (r.exit_code, r.stderr) == (2, "error: --seed-by: elo is not rating\n")


def test_each_game_apart_and_the_options_checked(league: dict[str, int], cli: Cli,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.config.rating import check_options, rating_options
    from ledger.service.rating import Ratings

    assert rating_options() == RatingOptions()  # data/rating/default.toml: openskill's own
    monkeypatch.setattr(Ratings, "options", lambda self: RatingOptions(games="each"))
    lines = cli("rating").stdout.splitlines()
    assert lines[0].split()[:3] == ["#", "player", "game"]
    solo = openskill_itself("crazy-solo")
    best = max(solo, key=lambda p: solo[p][0] - 3 * solo[p][1])
    assert (best, lines[2].split()[:4]) == ("Dan", ["1", "Dan", "Crazy", "Solo"])
    assert len(lines) == 2 + 5 + 5  # five players at each game
    with pytest.raises(RuleError) as bad:
        check_options({"model": "Elo"}, "data/rating/club.toml")
    assert (bad.value.field, bad.value.code) == ("data/rating/club.toml: model",
                                                 "bad_rating_value")
    with pytest.raises(RuleError) as bad:
        check_options({"sigma": 0}, "data/rating/club.toml")
    assert bad.value.field == "data/rating/club.toml: sigma"
    assert check_options({"mu": 1500, "tau": 0}, "x").mu == 1500.0
