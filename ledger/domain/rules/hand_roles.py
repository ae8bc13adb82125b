"""Hachi-Hachi Trick hand roles (手役): the table as frozen data, and finding roles in 7 cards.

The numbers live in `data/hand-roles/*.toml` (shared/rules/hachihachi-trick.md section 8);
this module holds the mechanism. Each role names a `rule`, the detector that decides whether
a hand has it:

- `counts:3-2-1-1` — the hand's rank counts, largest first (group A: one pattern per hand,
  so a hand has at most one group-A role by construction);
- `straight` — 5 consecutive ranks, Ace high or low, no wrap (A-2-3-4-5 yes, Q-K-A-2-3 no);
- `flush` — 5 or more cards of one suit;
- `straight_flush` — 5 consecutive ranks in one suit;
- `all_2_to_9` — every card 2–9 (karasu);
- `one_ace_rest_2_to_9` — exactly one Ace, the other cards 2–9 (pika_ichi);
- `no_trump` — no card of the trump suit (mugiri).

Roles in different groups add up. Within groups A, B and C only the highest-valued matching
role counts (a straight flush is a straight_flush, not also a straight and a flush); every
group-D role counts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import RANK_VALUE, Card, parse_card
from .errors import RuleError, show

GROUPS = ("A", "B", "C", "D")
SINGLE_GROUPS = ("A", "B", "C")  # only the highest-valued matching role of these counts
PLAIN_RULES = ("straight", "flush", "straight_flush", "all_2_to_9", "one_ace_rest_2_to_9",
               "no_trump")
ACES_FIXED = {"all_2_to_9": 0, "one_ace_rest_2_to_9": 1}  # karasu, pika_ichi: a forced-out
# player's Aces are what the role says (the scorer need not type them)
COUNTS_PREFIX = "counts:"
HAND_SIZE = 7  # the cards each player holds
ACES_IN_PACK = 4
LOW_RANKS = frozenset(("2", "3", "4", "5", "6", "7", "8", "9"))
ROLE_KEYS = ("id", "name_ja", "name_en", "group", "in", "forced_out", "rule")
_ID = re.compile(r"[a-z0-9_]+\Z")


@dataclass(frozen=True, slots=True)
class Role:
    """One row of the hand-role table."""

    id: str
    name_ja: str
    name_en: str
    group: str  # A, B, C or D
    in_value: int  # paid between in-players (section 4)
    forced_out: int  # owed to a forced-out player by each in-player (section 3)
    rule: str  # the detector, see the module docstring

    @property
    def shown(self) -> str:
        """The role as people know it, in both words where the table gives two: "三本 three
        of a kind"."""
        return self.name_ja if self.name_en == self.name_ja else f"{self.name_ja} {self.name_en}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name_ja": self.name_ja, "name_en": self.name_en,
                "group": self.group, "in": self.in_value, "forced_out": self.forced_out,
                "rule": self.rule}


@dataclass(frozen=True, slots=True)
class HandRoles:
    """A frozen hand-role table; `source` is the file it was read from (for people)."""

    roles: tuple[Role, ...] = ()
    source: str | None = None

    def get(self, role_id: str) -> Role | None:
        for role in self.roles:
            if role.id == role_id:
                return role
        return None

    def ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.roles)

    def aces_fixed(self) -> dict[str, int]:
        """The roles that fix a forced-out player's Aces, with the count each means.

        >>> HandRoles((Role("karasu", "カラス", "crow", "A", 0, 6, "all_2_to_9"),)).aces_fixed()
        {'karasu': 0}
        """
        return {r.id: ACES_FIXED[r.rule] for r in self.roles if r.rule in ACES_FIXED}

    def order(self, role_ids: Iterable[str]) -> tuple[str, ...]:
        """The given ids in table order (the canonical order of a player's roles)."""
        wanted = set(role_ids)
        return tuple(r.id for r in self.roles if r.id in wanted)

    def to_json(self) -> dict[str, Any]:
        """The shape `load_table` reads: `{"file": ..., "roles": [...]}`."""
        return {"file": self.source, "roles": [r.to_json() for r in self.roles]}


@dataclass(frozen=True, slots=True)
class Reading:
    """What a 7-card hand holds: its role ids (table order) and its number of Aces."""

    roles: tuple[str, ...]
    aces: int


# --- the table from data -------------------------------------------------------------------

def load_table(raw: Any) -> HandRoles:
    """A validated, frozen table from `{"file": NAME, "roles": [...]}`, a bare list of role
    mappings, or an existing `HandRoles`. Errors name the entry, e.g. `roles[3].group`.

    >>> t = load_table([{"id": "mugiri", "group": "D", "in": 1, "forced_out": 1,
    ...                  "rule": "no_trump"}])
    >>> t.roles[0].name_en, t.source
    ('mugiri', None)
    """
    if isinstance(raw, HandRoles):
        return raw
    source = None
    if isinstance(raw, Mapping):
        for key in raw:
            if key not in ("file", "roles"):
                raise RuleError(str(key), "unknown_key_table")
        source = raw.get("file")
        if source is not None and not isinstance(source, str):
            raise RuleError("file", "not_file_name", value=show(source))
        raw = raw.get("roles")
    if not isinstance(raw, (list, tuple)):
        raise RuleError("roles", "not_roles_list", value=show(raw))
    roles: list[Role] = []
    for i, item in enumerate(raw):
        role = _read_role(item, f"roles[{i}]")
        for j, earlier in enumerate(roles):
            if earlier.id == role.id:
                raise RuleError(f"roles[{i}].id", "role_id_twice", id=role.id, j=j)
            if earlier.rule == role.rule:
                raise RuleError(f"roles[{i}].rule", "role_rule_twice", rule=role.rule, j=j,
                                id=earlier.id)
        roles.append(role)
    return HandRoles(tuple(roles), source)


def _read_role(item: Any, where: str) -> Role:
    if not isinstance(item, Mapping):
        raise RuleError(where, "not_role_table", value=show(item))
    for key in item:
        if key not in ROLE_KEYS:
            raise RuleError(f"{where}.{key}", "unknown_key_of", keys=', '.join(ROLE_KEYS))
    for key in ("id", "group", "in", "forced_out", "rule"):
        if key not in item:
            raise RuleError(f"{where}.{key}", "missing")
    role_id = item["id"]
    if not isinstance(role_id, str) or not _ID.match(role_id):
        raise RuleError(f"{where}.id", "not_role_id", value=show(role_id))
    names = []
    for key in ("name_ja", "name_en"):
        name = item.get(key, role_id)
        if not isinstance(name, str) or not name.strip():
            raise RuleError(f"{where}.{key}", "not_name", value=show(name))
        names.append(name.strip())
    group = item["group"]
    if group not in GROUPS:
        raise RuleError(f"{where}.group", "not_one_of", value=show(group),
                        choices=', '.join(GROUPS))
    values = []
    for key in ("in", "forced_out"):
        value = item[key]
        if type(value) is not int:
            raise RuleError(f"{where}.{key}", "not_whole", value=show(value))
        if value < 0:
            raise RuleError(f"{where}.{key}", "negative", value=value)
        values.append(value)
    rule = _read_rule(item["rule"], f"{where}.rule")
    if (group == "A") != rule.startswith(COUNTS_PREFIX):
        raise RuleError(f"{where}.group", "group_a_rule", group=group, rule=rule)
    return Role(role_id, names[0], names[1], group, values[0], values[1], rule)


def _read_rule(rule: Any, where: str) -> str:
    if isinstance(rule, str) and rule in PLAIN_RULES:
        return rule
    if isinstance(rule, str) and rule.startswith(COUNTS_PREFIX):
        parts = rule[len(COUNTS_PREFIX):].split("-")
        if all(p.isdigit() and int(p) >= 1 for p in parts):
            counts = [int(p) for p in parts]
            if counts == sorted(counts, reverse=True) and sum(counts) == HAND_SIZE \
                    and counts[0] <= 4:
                return rule
        raise RuleError(where, "rank_counts", value=show(rule), size=HAND_SIZE)
    raise RuleError(where, "not_rule", value=show(rule), rules=', '.join(PLAIN_RULES))


# --- detection -----------------------------------------------------------------------------

def counts_rule(cards: Sequence[Card]) -> str:
    """The hand's rank-count pattern as a rule id, e.g. `counts:3-2-1-1`."""
    counts = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    return COUNTS_PREFIX + "-".join(str(n) for n in counts)


def has_straight(cards: Iterable[Card]) -> bool:
    """Five consecutive ranks; the Ace plays high (10-J-Q-K-A) or low (A-2-3-4-5), no wrap.

    >>> from .cards import parse_card as c
    >>> wheel, wrap = "AS 2H 3D 4C 5S", "QS KH AD 2C 3S"
    >>> has_straight(map(c, wheel.split())), has_straight(map(c, wrap.split()))
    (True, False)
    """
    values = {RANK_VALUE[c.rank] for c in cards}
    if 14 in values:
        values.add(1)
    return any(all(low + i in values for i in range(5)) for low in range(1, 11))


def _suits(cards: Sequence[Card]) -> dict[str, list[Card]]:
    by_suit: dict[str, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)
    return by_suit


def matches(rule: str, cards: Sequence[Card], trump: str) -> bool:
    """Whether `cards` satisfy one detector (see the module docstring)."""
    if rule.startswith(COUNTS_PREFIX):
        return counts_rule(cards) == rule
    if rule == "straight":
        return has_straight(cards)
    if rule == "flush":
        return any(len(cs) >= 5 for cs in _suits(cards).values())
    if rule == "straight_flush":
        return any(len(cs) >= 5 and has_straight(cs) for cs in _suits(cards).values())
    if rule == "all_2_to_9":
        return all(c.rank in LOW_RANKS for c in cards)
    if rule == "one_ace_rest_2_to_9":
        aces = sum(c.rank == "A" for c in cards)
        return aces == 1 and all(c.rank in LOW_RANKS for c in cards if c.rank != "A")
    if rule == "no_trump":
        return all(c.suit != trump for c in cards)
    raise ValueError(f"unknown hand-role rule {rule!r}")


def detect(cards: Sequence[Card], trump: str, table: HandRoles) -> Reading:
    """The roles and Aces of a hand, `trump` being the indicator's suit letter.

    Within groups A, B and C only the highest-valued matching role is kept (ties: the
    earlier row of the table); every matching group-D role is kept.
    """
    best: dict[str, Role] = {}
    found: list[Role] = []
    for role in table.roles:
        if not matches(role.rule, cards, trump):
            continue
        if role.group in SINGLE_GROUPS:
            held = best.get(role.group)
            if held is None or (role.in_value, role.forced_out) > (held.in_value,
                                                                    held.forced_out):
                best[role.group] = role
        else:
            found.append(role)
    kept = {r.id for r in found} | {r.id for r in best.values()}
    return Reading(table.order(kept), sum(c.rank == "A" for c in cards))


def in_total(role_ids: Iterable[str], table: HandRoles) -> int:
    """R: the sum of the roles' "in" values (section 4)."""
    return sum(_role(table, r).in_value for r in role_ids)


def forced_out_total(role_ids: Iterable[str], table: HandRoles) -> int:
    """The sum of the roles' forced-out values (section 3)."""
    return sum(_role(table, r).forced_out for r in role_ids)


def _role(table: HandRoles, role_id: str) -> Role:
    role = table.get(role_id)
    if role is None:
        raise KeyError(role_id)
    return role


def read_hand(text: str, field: str = "cards") -> tuple[Card, ...]:
    """A hand typed as card codes with spaces or commas between them: exactly `HAND_SIZE`
    cards (RuleError otherwise).

    >>> len(read_hand("AS KS QS JS 10S 9S, 8S"))
    7
    """
    cards = tuple(parse_card(w, field) for w in text.replace(",", " ").split() if w)
    if len(cards) != HAND_SIZE:
        raise RuleError(field, "cards_not_n", n=len(cards), size=HAND_SIZE)
    return cards

