"""Playing cards as people type them: `AS`, `10H`, `QD`, `TC`, `♠Q`, `10♥`."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleError, show

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_BY_NAME = {v: k for k, v in SUIT_NAMES.items()}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
}
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
# Poker order for straights: 2 low … A high (A may also play low, see rank_values).
RANK_VALUE = {r: v for v, r in enumerate(reversed(RANKS), start=2)}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def parse_card(text: object, field: str = "card") -> Card:
    """Read one card. Rank `A K Q J 10 9 … 2` (or `T`), suit `S H D C` or a symbol, either order.

    >>> parse_card("10h"), parse_card("♠Q"), parse_card("TC")
    (Card(rank='10', suit='H'), Card(rank='Q', suit='S'), Card(rank='10', suit='C'))
    """
    if not isinstance(text, str):
        raise RuleError(field, "not_card", value=show(text))
    raw = text.strip().upper()
    suit = rank = None
    for candidate, rest in ((raw[-1:], raw[:-1]), (raw[:1], raw[1:])):
        s = _SYMBOL_TO_SUIT.get(candidate, candidate if candidate in SUITS else None)
        r = "10" if rest == "T" else rest
        if s and r in RANKS:
            suit, rank = s, r
            break
    if suit is None or rank is None:
        raise RuleError(field, "not_card_try", value=show(text))
    return Card(rank, suit)


def parse_suit(text: object, field: str = "trump") -> str:
    """A suit by name (`clubs`), letter (`C`) or symbol (`♣`); returns the letter."""
    if isinstance(text, str):
        t = text.strip()
        letter = SUIT_BY_NAME.get(t.lower()) or _SYMBOL_TO_SUIT.get(t)
        if letter is None and t.upper() in SUITS:
            letter = t.upper()
        if letter:
            return letter
    raise RuleError(field, "not_suit", value=show(text))
