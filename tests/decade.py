"""A decade of club history, generated with the rules engines (for `tests.bench` and the
robustness tests).

Every deal is a candidate JSON object kept only if the table's engine accepts it in the
table's state (`parse`, then `settle` to move the state on), so each file imports cleanly.
Corrections and voids are planned the same way: a replacement is kept only if every later
deal of the table still replays, which is what `Tally.correct_deal` demands.

Not a test module (pytest collects `test_*.py` only).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from ledger.config import presets
from ledger.domain.rules import GAMES, RuleError
from ledger.domain.rules.game import Game, Options, State

__test__ = False

Candidate = Callable[[random.Random, Game, State, tuple[str, ...]], dict[str, Any]]

FIRST = ["Ann", "Bea", "Chie", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai",
         "Lea", "Mo", "Nia", "Otto", "Pia", "Quinn", "Rui", "Sven", "Tove", "Udo", "Vera",
         "Wim", "Xia", "Yuki", "Zoe", "春子", "太郎", "Åsa", "Željko"]
TRUMPS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = "SHDC"
EASY_ROLES = ("sanbon", "full_house", "kuttsuki", "straight", "flush", "mugiri")


def members(n: int = 60) -> list[str]:
    """`n` distinct club members (some with non-ASCII names)."""
    names = list(FIRST)
    k = 2
    while len(names) < n:
        names += [f"{f} {k}" for f in FIRST]
        k += 1
    return names[:n]


# ---- candidates per game ----------------------------------------------------------------


def crazy_solo(rng: random.Random, game: Game, state: State,
               seats: tuple[str, ...]) -> dict[str, Any]:
    if rng.random() < 0.04:
        return {"contract": "pass"}
    contract = rng.choices(("solo", "heart-solo", "alone", "heart-alone"), (70, 20, 7, 3))[0]
    caller = rng.choice(seats)
    out: dict[str, Any] = {"contract": contract, "caller": caller,
                           "trump": "hearts" if "heart" in contract else rng.choice(TRUMPS)}
    if contract in ("solo", "heart-solo"):
        out["partner"] = rng.choice([s for s in seats if s != caller])
    key = "team_points" if rng.random() < 0.8 else "gang_points"
    out[key] = min(120, max(0, int(rng.gauss(64, 18))))
    return out


def _cards(rng: random.Random, n: int, exclude: set[str]) -> list[str]:
    deck = [f"{r}{s}" for r in RANKS for s in SUITS if f"{r}{s}" not in exclude]
    return rng.sample(deck, n)


def hachihachi(rng: random.Random, game: Game, state: State,
               seats: tuple[str, ...]) -> dict[str, Any]:
    start = state.start_player
    i = seats.index(start)
    order = seats[i:] + seats[:i]
    indicator = _cards(rng, 1, set())[0]
    mizuten = rng.random() < 0.05
    declarations: dict[str, str] = {}
    ins: list[str] = []
    for k, name in enumerate(order):
        if len(ins) == 3:
            break
        go_in = (mizuten and k == 0) or rng.random() < 0.45
        if not (mizuten and k == 0):
            declarations[name] = "in" if go_in else "out"
        if go_in:
            ins.append(name)
    if mizuten:
        declarations = {start: "in", **declarations}
    forced = [p for p in order if p not in declarations]
    out: dict[str, Any] = {"indicator": indicator, "declarations": declarations}
    if mizuten:
        out["mizuten"] = True
    split = len(ins) == 2 and rng.random() < 0.3
    if split:
        out["split"] = True
    played = len(ins) >= 2 and not split
    if played:
        cuts = sorted(rng.randint(0, 7) for _ in range(len(ins) - 1))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, 7], strict=True)]
        out["tricks"] = dict(zip(ins, counts, strict=True))
    role_players = forced + (ins if played else [])
    roles = {p: [rng.choice(EASY_ROLES)] for p in role_players if rng.random() < 0.3}
    if roles:
        out["roles"] = roles
    aces = {p: rng.randint(1, 2) for p in forced if rng.random() < 0.4}
    if aces:
        out["aces"] = aces
    if forced and rng.random() < 0.1:  # a typed hand: the engine finds its roles and Aces
        who = rng.choice(forced)
        out.setdefault("hands", {})[who] = _cards(rng, 7, {indicator})
        out.get("roles", {}).pop(who, None)
        out.get("aces", {}).pop(who, None)
    return out


def _two(rng: random.Random, a: str, b: str, tricks: int) -> dict[str, Any]:
    """A two-player Sixty-Six / Schnapsen deal between `a` and `b` (`tricks` per deal)."""
    x, y = rng.sample([a, b], 2)
    kind = rng.random()
    if kind < 0.15:
        return {"ending": "scored", "winner": x, "game_points": rng.choice((1, 1, 1, 2, 2, 3))}
    if kind < 0.65:
        tx = rng.randint(3, tricks // 2 + 1)
        ty = rng.randint(0, min(4, tricks - 1 - tx))
        px = rng.randint(66, 88) if rng.random() < 0.93 else rng.randint(50, 65)
        py = rng.randint(2 * ty * 2, 2 * ty * 11) if ty else 0
        return {"ending": "claim", "by": x, "points": {x: px, y: py}, "tricks": {x: tx, y: ty}}
    if kind < 0.85:
        tx = rng.randint(2, tricks - 2)
        px = rng.randint(40, 80)
        py = 120 + 20 * rng.choice((0, 0, 0, 1, 2)) - px
        return {"ending": "exhausted", "points": {x: px, y: py},
                "tricks": {x: tx, y: tricks - tx}, "last_trick": rng.choice([x, y])}
    limit = tricks // 2 - 1
    ty0 = rng.randint(0, min(2, limit))
    py0 = rng.randint(2 * ty0 * 2, 2 * ty0 * 11) if ty0 else 0
    won = rng.random() < 0.7
    tx = rng.randint(3, 6)
    ty = ty0 + rng.randint(0, 1)
    px = rng.randint(66, 85) if won else rng.randint(30, 65)
    py = py0 + (rng.randint(2, 20) if ty > ty0 else 0)
    return {"ending": "close", "by": x, "closer_won": won, "points": {x: px, y: py},
            "tricks": {x: tx, y: ty}, "at_close": {"points": {y: py0}, "tricks": {y: ty0}}}


def sixty_six(rng: random.Random, game: Game, state: State,
              seats: tuple[str, ...]) -> dict[str, Any]:
    players = game.players_of(state) if game.players_of else seats
    tricks = 10 if game.name == "schnapsen" else 12
    return _two(rng, players[0], players[1], tricks)


def sixty_six_four(rng: random.Random, game: Game, state: State,
                   seats: tuple[str, ...]) -> dict[str, Any]:
    if rng.random() < 0.1:
        return {"ending": "scored", "winner": rng.choice(seats),
                "game_points": rng.choice((1, 1, 2, 3))}
    p = min(130, max(0, int(rng.gauss(65, 25))))
    p = {1: 0, 129: 130}.get(p, p)  # a side with 1 card point cannot happen
    a = rng.choice((seats[0], seats[2]))
    b = rng.choice((seats[1], seats[3]))
    return {"points": {a: p, b: 130 - p}}


GENERATORS: dict[str, Candidate] = {
    "crazy-solo": crazy_solo,
    "hachihachi-trick": hachihachi,
    "sixty-six": sixty_six,
    "schnapsen": sixty_six,
    "sixty-six-three": sixty_six,
    "sixty-six-four": sixty_six_four,
}
SEATS = {"crazy-solo": (5, 6), "hachihachi-trick": (4, 6), "sixty-six": (2, 2),
         "schnapsen": (2, 2), "sixty-six-three": (3, 3), "sixty-six-four": (4, 4)}
LONG = {"hachihachi-trick": {"rounds": 40}}  # a long game so a table holds ~30 deals
PRESETS = {"sixty-six": ("default", "winner-deals", "to-ten"), "schnapsen": ("default",
           "winner-deals"), "sixty-six-four": ("default", "hoyle")}


def games() -> list[str]:
    """The games there is a generator for, among those the engines register now."""
    return [g for g in GENERATORS if g in GAMES]


# ---- a table's deals ----------------------------------------------------------------------


@dataclass
class TableDeals:
    game: str
    preset: str
    overrides: dict[str, Any]
    seats: tuple[str, ...]
    lines: list[dict[str, Any]] = field(default_factory=list)
    fixes: list[dict[str, Any]] = field(default_factory=list)
    refused: int = 0


def _accept(game: Game, options: Options, state: State, obj: dict[str, Any]
            ) -> tuple[dict[str, Any], State] | None:
    try:
        outcome = game.parse(obj, state, options)
    except RuleError:
        return None
    return game.to_json(outcome), game.settle(state, outcome, options)[1]


def next_deal(rng: random.Random, game: Game, options: Options, state: State,
              seats: tuple[str, ...], tries: int = 200) -> tuple[dict[str, Any], State] | None:
    """A valid deal for this state: (its JSON as written to a file, the state after it)."""
    make = GENERATORS[game.name]
    for _ in range(tries):
        obj = make(rng, game, state, seats)
        got = _accept(game, options, state, obj)
        if got is not None:
            return obj, got[1]
    return None


def _replays(game: Game, options: Options, seats: tuple[str, ...],
             outcomes: list[dict[str, Any] | None]) -> bool:
    state = game.initial(seats, options)
    for obj in outcomes:
        if obj is None:
            continue
        got = _accept(game, options, state, obj)
        if got is None:
            return False
        state = got[1]
    return True


def table_deals(rng: random.Random, game_name: str, seats: tuple[str, ...], n: int,
                preset: str = "default", overrides: dict[str, Any] | None = None,
                fix_rate: float = 0.02) -> TableDeals:
    """`n` valid deals (fewer if the table's game ends), and corrections / voids planned
    at about `fix_rate` of them that keep every later deal replayable."""
    overrides = dict(overrides or {})
    game, options = presets.load(game_name, preset, overrides)
    out = TableDeals(game_name, preset, overrides, seats)
    state = game.initial(seats, options)
    states = []
    for _ in range(n):
        if game.status(state, options).get("finished"):
            break
        got = next_deal(rng, game, options, state, seats)
        if got is None:
            break
        states.append(state)
        obj, state = got
        if rng.random() < 0.15:  # some scorers paste whole calc objects
            obj = {"game": game_name, "players": list(game.players_of(states[-1])
                                                      if game.players_of else seats), **obj}
        out.lines.append(obj)
    current: list[dict[str, Any] | None] = [
        {k: v for k, v in o.items() if k not in ("game", "players")} for o in out.lines]
    for number in range(1, len(out.lines) + 1):
        if rng.random() >= fix_rate:
            continue
        void = rng.random() < 0.3
        for _ in range(10):
            if void:
                new = None
            else:
                st = _state_before(game, options, seats, current, number)
                got = next_deal(rng, game, options, st, seats, tries=20)
                if got is None:
                    break
                new = got[0]
            trial = [*current[:number - 1], new, *current[number:]]
            if _replays(game, options, seats, trial):
                current = trial
                out.fixes.append({"number": number, "outcome": new,
                                  "reason": "misdeal" if void else "recount"})
                break
            void = False
    return out


def _state_before(game: Game, options: Options, seats: tuple[str, ...],
                  outcomes: list[dict[str, Any] | None], number: int) -> State:
    state = game.initial(seats, options)
    for obj in outcomes[:number - 1]:
        if obj is not None:
            got = _accept(game, options, state, obj)
            assert got is not None
            state = got[1]
    return state


# ---- the decade ----------------------------------------------------------------------------


def nights_plan(rng: random.Random, nights: int, roster: list[str],
                deals_per_table: int = 30) -> Iterator[tuple[str, str, list[TableDeals]]]:
    """(date, venue, tables) of each weekly night: four tables, every game family."""
    available = games()
    solo = [g for g in ("crazy-solo", "hachihachi-trick") if g in available]
    family = [g for g in available if g not in solo] or solo
    first = date(2016, 1, 7)
    for i in range(nights):
        day = (first + timedelta(weeks=i)).isoformat()
        kinds = [*solo, family[(2 * i) % len(family)], family[(2 * i + 1) % len(family)]][:4]
        while len(kinds) < 4:
            kinds.append(available[len(kinds) % len(available)])
        pool = rng.sample(roster, len(roster))
        tables = []
        for kind in kinds:
            lo, hi = SEATS[kind]
            seats = tuple(pool[:rng.randint(lo, hi)])
            pool = pool[len(seats):]
            n = max(1, int(rng.gauss(deals_per_table, 3)))
            preset = rng.choice(PRESETS.get(kind, ("default",)))
            tables.append(table_deals(rng, kind, seats, n, preset, LONG.get(kind)))
        yield day, rng.choice(("Club", "Club", "Club", "Café Nord")), tables


def write_plan(out: Path, nights: int, seed: int = 1) -> dict[str, Any]:
    """Write `plan.json` and one JSONL file per table under `out`; returns the plan."""
    rng = random.Random(seed)
    roster = members()
    files = out / "deals"
    files.mkdir(parents=True, exist_ok=True)
    plan: dict[str, Any] = {"members": roster, "nights": [], "deals": 0, "fixes": 0,
                            "refused": 0}
    for n, (day, venue, tables) in enumerate(nights_plan(rng, nights, roster), start=1):
        entry: dict[str, Any] = {"date": day, "venue": venue, "tables": []}
        for k, t in enumerate(tables, start=1):
            path = files / f"night{n:04d}-table{k}.jsonl"
            path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in t.lines),
                            encoding="utf-8")
            entry["tables"].append({"game": t.game, "preset": t.preset,
                                    "overrides": t.overrides, "seats": list(t.seats),
                                    "file": str(path), "deals": len(t.lines),
                                    "fixes": t.fixes})
            plan["deals"] += len(t.lines)
            plan["fixes"] += len(t.fixes)
        plan["nights"].append(entry)
    (out / "plan.json").write_text(json.dumps(plan, ensure_ascii=False), encoding="utf-8")
    return plan
