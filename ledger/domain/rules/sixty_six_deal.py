"""One two-player deal of Sixty-Six or Schnapsen: its facts, and the game points they score.

Rules: shared/rules/sixty-six.md sections 2–4; contract: shared/rules/calc-contract.md.
Three-player Sixty-Six plays its deals with these rules too.

    {"ending": "claim", "by": "A", "points": {"A": 68, "B": 40}, "tricks": {"A": 4, "B": 3}}
    {"ending": "close", "by": "A", "closer_won": false, "points": {...}, "tricks": {...},
     "at_close": {"points": {"B": 0}, "tricks": {"B": 0}}}
    {"ending": "exhausted", "last_trick": "B", "points": {...}, "tricks": {...}}
    {"ending": "scored", "winner": "A", "game_points": 2}      (quick entry; a draw: null / 0)

`points` are card points with the marriages that count, without the last-trick 10 (added
here in Sixty-Six). Points that cannot happen are refused; the bounds are sound, not tight:
a player with no trick has 0 (a marriage counts only after a trick); t tricks hold at least
the 2t lowest and at most the 2t highest cards, plus at most 100 for marriages (trump 40 +
three plain 20s), and the same holds for both players' tricks together; a played-out deal
(stock used up) holds exactly 120 plus marriages (120, 140, … 220) in all its tricks. A close
happens while the stock still has cards: at most 5 tricks before it in Sixty-Six, 4 in
Schnapsen.

A claim in Sixty-Six made after all 12 tricks needs `last_trick`, because the 10 may be
what takes the claimer (or the opponent) over the line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from . import fields as F
from .errors import RuleError, Said, show

CLAIM_AT = 66
SCHNEIDER_BELOW = 33
MARRIAGES_MAX = 100  # trump marriage 40 + three plain marriages of 20
MARRIAGE = 20
PACK_POINTS = 120
GAME_POINTS_MAX = 3  # the most one deal scores (Schwarz)
ENDINGS = ("claim", "close", "exhausted", "scored")
KEYS = ("ending", "by", "points", "tricks", "closer_won", "at_close", "last_trick", "winner",
        "game_points", "dealer")
# what each ending may carry besides "ending" and "dealer"
ALLOWED = {
    "claim": ("by", "points", "tricks", "last_trick"),
    "close": ("by", "points", "tricks", "closer_won", "at_close"),
    "exhausted": ("points", "tricks", "last_trick"),
    "scored": ("winner", "game_points"),
}

Pair = tuple[tuple[str, int], ...]  # per player, in the deal's seat order


@dataclass(frozen=True, slots=True)
class Rules:
    """What differs between the two-player games."""

    name: str
    tricks: int  # tricks in a deal
    cards: tuple[int, ...]  # the pack's card values, highest first
    last_trick: int  # bonus for the last trick of a played-out deal
    schnapsen: bool  # Schnapsen's false claims, closes and used-up stock

    def most(self, tricks: int) -> int:
        """The most card points `tricks` tricks can hold (the 2t highest cards)."""
        return sum(self.cards[: 2 * tricks])

    def least(self, tricks: int) -> int:
        """The fewest card points `tricks` tricks can hold (the 2t lowest cards)."""
        return sum(self.cards[len(self.cards) - 2 * tricks:]) if tricks else 0

    @property
    def close_limit(self) -> int:
        """The most tricks played before a close (the stock is empty after half the deal)."""
        return self.tricks // 2 - 1


_CARDS_66 = (11,) * 4 + (10,) * 4 + (4,) * 4 + (3,) * 4 + (2,) * 4 + (0,) * 4
SIXTY_SIX = Rules("sixty-six", 12, _CARDS_66, 10, False)
SCHNAPSEN = Rules("schnapsen", 10, _CARDS_66[:20], 0, True)


@dataclass(frozen=True, slots=True)
class Deal:
    """A two-player deal as recorded (also the outcome of three-player Sixty-Six)."""

    ending: str  # one of ENDINGS
    by: str | None = None  # claimer or closer
    points: Pair = ()
    tricks: Pair = ()
    closer_won: bool | None = None
    at_close_points: Pair = ()  # the opponent's (and perhaps the closer's) points at the close
    at_close_tricks: Pair = ()
    last_trick: str | None = None
    winner: str | None = None  # quick entry; None for a drawn deal
    game_points: int | None = None  # quick entry, 0–3
    dealer: str | None = None  # who dealt, when the scorer names it


def scale(points: int, tricks: int) -> int:
    """The 1-2-3 scale, judged on the loser: Schwarz is about tricks, not points.

    >>> scale(40, 3), scale(25, 2), scale(0, 0)
    (1, 2, 3)
    """
    if tricks == 0:
        return 3
    return 2 if points < SCHNEIDER_BELOW else 1


class Out(Enum):
    """Why a seat at the table is not in this deal (three-player Sixty-Six)."""

    SITS_OUT = "sits_out"  # deals this hand
    OUT_OF_GAME = "out_of_game"  # has reached the target


SITS_OUT, OUT_OF_GAME = Out.SITS_OUT, Out.OUT_OF_GAME


def _player(value: Any, field: str, players: tuple[str, ...],
            why_out: Mapping[str, Out]) -> str:
    if not isinstance(value, str):
        raise RuleError(field, "not_player", value=show(value))
    name = value.strip()
    if name in players:
        return name
    if why_out.get(name) is SITS_OUT:
        raise RuleError(field, "sits_out", name=name)
    if why_out.get(name) is OUT_OF_GAME:
        raise RuleError(field, "ss.out_of_game", name=name)
    raise RuleError(field, "not_at_table", value=show(value))


def _pair(raw: Any, field: str, players: tuple[str, ...], why_out: Mapping[str, Out],
          hi: int, needed: tuple[str, ...]) -> dict[str, int]:
    """A {player: whole number} object naming at least `needed`, in the deal's seat order."""
    if raw is None:
        raise RuleError(field, "missing")
    if not isinstance(raw, Mapping):
        raise RuleError(field, "ss.not_player_numbers", value=show(raw))
    got: dict[str, int] = {}
    for key, value in raw.items():
        name = key.strip() if isinstance(key, str) else None
        if name not in players:  # field names are built only for a refusal
            name = _player(key, f"{field}.{key}", players, why_out)
        if name in got:
            raise RuleError(field, "twice", value=show(name))
        if type(value) is not int or not 0 <= value <= hi:
            F.check_int(f"{field}.{name}", value, 0, hi)
        got[name] = value
    for name in needed:
        if name not in got:
            raise RuleError(field, "ss.no_entry_for", name=name)
    return {p: got[p] for p in players if p in got}


def _check_position(points: Mapping[str, int], tricks: Mapping[str, int], rules: Rules,
                    where: str = "") -> None:
    """Refuse card points that the tricks cannot hold (see the module's bounds)."""
    for name, p in points.items():
        t = tricks[name]
        if t == 0 and p > 0:
            raise RuleError(f"{where}points.{name}", "ss.points_no_trick", points=p)
        if p > rules.most(t) + MARRIAGES_MAX:
            raise RuleError(f"{where}points.{name}", "ss.too_many_points", points=p, tricks=t,
                            most=rules.most(t) + MARRIAGES_MAX)
        if p < rules.least(t):
            raise RuleError(f"{where}points.{name}", "ss.too_few_points", points=p, tricks=t,
                            least=rules.least(t))
    total_tricks = sum(tricks.values())
    if total_tricks > rules.tricks:
        raise RuleError(f"{where}tricks", "ss.tricks_in_all", n=total_tricks, tricks=rules.tricks)
    if len(points) == 2:
        total = sum(points.values())
        if total > rules.most(total_tricks) + MARRIAGES_MAX:
            raise RuleError(f"{where}points", "ss.too_many_in_all", points=total,
                            tricks=total_tricks, most=rules.most(total_tricks) + MARRIAGES_MAX)
        if total < rules.least(total_tricks):
            raise RuleError(f"{where}points", "ss.too_few_in_all", points=total,
                            tricks=total_tricks, least=rules.least(total_tricks))


# per ending, the keys it must not carry (anything but its own, "ending" and "dealer")
_FOREIGN = {ending: tuple(k for k in KEYS if k not in (*own, "ending", "dealer"))
            for ending, own in ALLOWED.items()}


def _refuse_others(obj: Mapping[str, Any], ending: str) -> None:
    for key in _FOREIGN[ending]:
        if obj.get(key) is not None:
            raise RuleError(key, "ss.not_this_ending", ending=ending)


def _other(players: tuple[str, ...], name: str) -> str:
    return next(p for p in players if p != name)


def parse_deal(obj: Mapping[str, Any], rules: Rules, players: tuple[str, str],
               why_out: Mapping[str, Out] | None = None, dealer: str | None = None) -> Deal:
    """Validate one deal's contract JSON; `players` are the two who play it.

    `why_out` explains seats that are at the table but not in this deal (three-player's
    dealer); `dealer` is the deal's `dealer` key, already checked by the caller.
    """
    why_out = why_out or {}
    F.check_keys(obj, KEYS)
    ending = F.get_choice(obj, "ending", ENDINGS)
    _refuse_others(obj, ending)
    if ending == "scored":
        return _parse_scored(obj, players, why_out, dealer)

    by = None
    if ending in ("claim", "close"):
        if obj.get("by") is None:
            what = Said("w.claimed") if ending == "claim" else Said("w.closed")
            raise RuleError("by", "ss.who_missing", what=what)
        by = _player(obj["by"], "by", players, why_out)
    most = rules.most(rules.tricks) + MARRIAGES_MAX
    tricks = _pair(obj.get("tricks"), "tricks", players, why_out, rules.tricks, players)
    points = _pair(obj.get("points"), "points", players, why_out, most, players)
    _check_position(points, tricks, rules)
    total_tricks = sum(tricks.values())

    last_trick = None
    if obj.get("last_trick") is not None:
        last_trick = _player(obj["last_trick"], "last_trick", players, why_out)
        if tricks[last_trick] == 0:
            raise RuleError("last_trick", "ss.no_trick", name=last_trick)
    closer_won: bool | None = None
    at_points: dict[str, int] = {}
    at_tricks: dict[str, int] = {}
    if ending == "claim":
        _check_claim_last_trick(rules, total_tricks, last_trick)
    elif ending == "close":
        assert by is not None
        closer_won, at_points, at_tricks = _parse_close(obj, rules, players, why_out, by,
                                                        points, tricks)
    else:
        if total_tricks != rules.tricks:
            raise RuleError("tricks", "ss.exhausted_tricks", n=total_tricks, tricks=rules.tricks)
        total = sum(points.values())
        if total < PACK_POINTS or (total - PACK_POINTS) % MARRIAGE:
            raise RuleError("points", "ss.played_out_points", n=total, pack=PACK_POINTS)
        if last_trick is None:
            raise RuleError("last_trick", "ss.last_trick_missing")
    return Deal(ending, by=by, points=tuple(points.items()), tricks=tuple(tricks.items()),
                closer_won=closer_won, at_close_points=tuple(at_points.items()),
                at_close_tricks=tuple(at_tricks.items()), last_trick=last_trick, dealer=dealer)


def refuse_one_point(deal: Deal) -> None:
    """No trick makes 1 card point (a trick of two cards holds 0 or at least 2), so a player
    with 1, at the end or at a close, is refused. Checked where a deal is entered (`record`,
    `correct`, `calc`: `Game.check_entered`), not when a stored deal replays: deals stored
    before this check keep settling as recorded.

    >>> refuse_one_point(Deal("claim", by="A", points=(("A", 70), ("B", 1))))
    Traceback (most recent call last):
    ledger.domain.rules.errors.RuleError: points.B: 1 card point cannot happen (no trick makes 1)
    """
    for where, pair in (("points", deal.points), ("at_close.points", deal.at_close_points)):
        for name, p in pair:
            if p == 1:
                raise RuleError(f"{where}.{name}", "ss.one_point")


def _check_claim_last_trick(rules: Rules, total_tricks: int, last_trick: str | None) -> None:
    after_last = rules.last_trick > 0 and total_tricks == rules.tricks
    if after_last and last_trick is None:
        raise RuleError("last_trick", "ss.last_trick_counts", tricks=rules.tricks,
                        bonus=rules.last_trick)
    if not after_last and last_trick is not None:
        when = (Said("w.only_after_all", n=rules.tricks) if rules.last_trick
                else Said("w.no_last_trick_bonus", game=rules.name))
        raise RuleError("last_trick", "ss.claim_last_trick", value=last_trick, when=when)


def _parse_close(obj: Mapping[str, Any], rules: Rules, players: tuple[str, str],
                 why_out: Mapping[str, Out], closer: str, points: Mapping[str, int],
                 tricks: Mapping[str, int]) -> tuple[bool, dict[str, int], dict[str, int]]:
    if obj.get("closer_won") is None:
        raise RuleError("closer_won", "ss.missing_bool")
    won = F.get_bool(obj, "closer_won")
    if won and points[closer] < CLAIM_AT:
        raise RuleError("closer_won", "ss.closer_short", closer=closer, points=points[closer],
                        target=CLAIM_AT)
    raw = obj.get("at_close")
    if raw is None:
        raise RuleError("at_close", "ss.at_close_missing")
    if not isinstance(raw, Mapping):
        raise RuleError("at_close", "not_object", value=show(raw))
    for key in raw:
        if key not in ("points", "tricks"):
            raise RuleError(f"at_close.{key}", "unknown_field")
    opponent = _other(players, closer)
    at_tricks = _pair(raw.get("tricks"), "at_close.tricks", players, why_out, rules.tricks,
                      (opponent,))
    at_points = _pair(raw.get("points"), "at_close.points", players, why_out,
                      rules.most(rules.tricks) + MARRIAGES_MAX, (opponent,))
    if set(at_points) != set(at_tricks):
        raise RuleError("at_close", "ss.same_players")
    _check_position(at_points, at_tricks, rules, "at_close.")
    before = sum(at_tricks.values())
    limit = rules.close_limit
    if before > limit:
        raise RuleError("at_close.tricks", "ss.before_close", n=before, stock=limit + 1)
    for name in at_points:
        if at_tricks[name] > tricks[name]:
            raise RuleError(f"at_close.tricks.{name}", "ss.close_above_end",
                            at_close=at_tricks[name], at_end=tricks[name])
        if at_points[name] > points[name]:
            raise RuleError(f"at_close.points.{name}", "ss.close_above_end",
                            at_close=at_points[name], at_end=points[name])
    return won, at_points, at_tricks


def _parse_scored(obj: Mapping[str, Any], players: tuple[str, str],
                  why_out: Mapping[str, Out], dealer: str | None) -> Deal:
    winner = None
    if obj.get("winner") is not None:
        winner = _player(obj["winner"], "winner", players, why_out)
    if obj.get("game_points") is None:
        if winner is not None:
            raise RuleError("game_points", "ss.scored_missing", name=winner)
        points = 0
    else:
        points = F.get_int(obj, "game_points", 0, GAME_POINTS_MAX)
    if winner is None and points:
        raise RuleError("winner", "ss.game_points_missing", n=points)
    return Deal("scored", winner=winner if points else None, game_points=points, dealer=dealer)


def score(deal: Deal, rules: Rules, *, false_claim_schwarz: bool = True,
          exhausted_scores: str = "scale", close_judged: str = "at_close"
          ) -> tuple[str | None, int]:
    """(winner, game points) of a deal; (None, 0) for a drawn deal.

    The keywords are the table's options (`sixty_six_options`): a false claim gives 3 when
    the opponent has no trick (else a flat 2); a played-out Schnapsen deal scores on the
    1-2-3 scale (`one`: a flat 1); a successful Schnapsen close is judged on the opponent's
    position at the close (`whole_deal`: at the deal's end, as in Sixty-Six).

    >>> d = parse_deal({"ending": "claim", "by": "A", "points": {"A": 68, "B": 40},
    ...                 "tricks": {"A": 4, "B": 3}}, SIXTY_SIX, ("A", "B"))
    >>> score(d, SIXTY_SIX)
    ('A', 1)
    """
    if deal.ending == "scored":
        return deal.winner, deal.game_points or 0
    players = tuple(p for p, _ in deal.points)
    points, tricks = dict(deal.points), dict(deal.tricks)

    def total(name: str) -> int:
        return points[name] + (rules.last_trick if deal.last_trick == name else 0)

    if deal.ending == "claim":
        assert deal.by is not None
        opponent = _other(players, deal.by)
        if total(deal.by) >= CLAIM_AT:
            return deal.by, scale(total(opponent), tricks[opponent])
        return opponent, 3 if false_claim_schwarz and tricks[opponent] == 0 else 2
    if deal.ending == "close":
        assert deal.by is not None
        opponent = _other(players, deal.by)
        at_points, at_tricks = dict(deal.at_close_points), dict(deal.at_close_tricks)
        if not deal.closer_won:
            return opponent, 3 if at_tricks[opponent] == 0 else 2
        if rules.schnapsen and close_judged == "at_close":
            return deal.by, scale(at_points[opponent], at_tricks[opponent])
        return deal.by, scale(points[opponent], tricks[opponent])
    assert deal.last_trick is not None
    if rules.schnapsen:  # the last trick wins the hand outright, no 10 bonus
        winner = deal.last_trick
        if exhausted_scores == "one":
            return winner, 1
        loser = _other(players, winner)
        return winner, scale(points[loser], tricks[loser])
    first, second = players
    if total(first) == total(second):
        return None, 0
    winner, loser = (first, second) if total(first) > total(second) else (second, first)
    return winner, scale(total(loser), tricks[loser])


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """The deal as contract JSON (without "game" and "players")."""
    out: dict[str, Any] = {"ending": deal.ending}
    if deal.dealer is not None:
        out["dealer"] = deal.dealer
    if deal.ending == "scored":
        out["winner"] = deal.winner
        out["game_points"] = deal.game_points
        return out
    if deal.by is not None:
        out["by"] = deal.by
    out["points"] = dict(deal.points)
    out["tricks"] = dict(deal.tricks)
    if deal.closer_won is not None:
        out["closer_won"] = deal.closer_won
        out["at_close"] = {"points": dict(deal.at_close_points),
                           "tricks": dict(deal.at_close_tricks)}
    if deal.last_trick is not None:
        out["last_trick"] = deal.last_trick
    return out

