"""Look-alike names: two names that a person reading the board cannot tell apart.

`skeleton` follows Unicode's confusable detection (UTS #39): width and compatibility forms
folded (NFKC), case folded, then each character replaced by one representative of the
characters Unicode lists as confusable with it (Cyrillic "а" and Latin "a", Greek "ο" and
"o", "l" and "1" and "I"). The table is Unicode's `confusables.txt` as the
`confusable_homoglyphs` package ships it; its pairs are joined into classes (the table
lists `а → a` but not always `a → а`), each class represented by its smallest character.

Pure: the package's table is read once, at the first name compared (never at import).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache


@cache
def _representatives() -> dict[str, str]:
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.get(c, c) != c:
            parent[c] = parent.get(parent[c], parent[c])
            c = parent[c]
        return c

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"]
            if len(other) != 1 or len(char) != 1:
                continue  # "rn" for "m": a sequence, not a character
            a, b = root(char), root(other)
            if a != b:
                parent[max(a, b)] = min(a, b)  # the class keeps its smallest character
    return {c: root(c) for c in parent}


def fold(name: str) -> str:
    """A name as compared for "the same name": NFKC (full-width Ａ is A) and case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _mapped(text: str) -> str:
    reps = _representatives()  # ASCII letters have classes too ("l" and "1")
    return "".join(reps.get(c, c) for c in text)


def skeleton(name: str) -> str:
    """What a name looks like once case is folded: equal skeletons read the same.

    >>> skeleton("Ann") == skeleton("\\u0410nn") == skeleton("\\uff21nn")
    True
    >>> skeleton("Ann") == skeleton("Anne")
    False
    """
    return _mapped(fold(name))


@lru_cache(maxsize=4096)
def skeletons(name: str) -> tuple[str, str]:
    """What a name looks like, twice: folded then mapped (`skeleton`), and mapped as
    typed, then folded and mapped again. Folding first alone misses a capital that only
    its capital form shares with another script: Cyrillic "В" reads as Latin "B", but
    its small "в" is listed beside small-capital "ʙ", never beside "b"; Greek "Ε" is
    "E", its "ε" is "ɛ".

    >>> skeleton("Bea") == skeleton("\\u0412\\u0435\\u0430")
    False
    >>> skeletons("Bea")[1] == skeletons("\\u0412\\u0435\\u0430")[1]
    True
    """
    return skeleton(name), _mapped(fold(_mapped(unicodedata.normalize("NFKC", name))))


def looks_like(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that reads the same as `name` but is spelled otherwise."""
    folded, typed = skeletons(name)
    for other in others:
        if other != name:
            theirs = skeletons(other)
            if theirs[0] == folded or theirs[1] == typed:
                return other
    return None
