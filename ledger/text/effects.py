"""What a correction changes in the later deals, in words (the records are
`ledger.domain.rederive.Effect`): the app's correction panel and its void question."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .i18n import t
from .i18n.formats import signed
from .summaries import render

# what a deal carries forward that a scorekeeper reads (in this order)
STATE = ("round", "score", "pot", "next_start_player", "next_dealer")


def effect_lines(effects: Iterable[Any], game: str, seats: Sequence[str] = ()) -> list[str]:
    """One line per effect, in the language in use: "deal 3 now ends the game", "deal 4:
    Dan 5 – Zoë 5 → Dan 5 – Zoë 4" (the summaries rendered from the deal's facts before
    and after), or, when the two read the same, the state that changed ("deal 2: round
    2 → 1")."""
    lines = []
    for effect in effects:
        if effect.code == "chips":
            lines.append(t("effect.chips", n=effect.deal, change=net_change(
                effect.values["old"], effect.values["new"])))
            continue
        if effect.code != "changed":
            lines.append(t(f"effect.{effect.code}", n=effect.deal))
            continue
        outcome, old, new = (effect.values[k] for k in ("outcome", "old", "new"))
        before = render(game, outcome, old, seats=tuple(seats))
        after = render(game, outcome, new, seats=tuple(seats))
        if before != after:
            lines.append(t("effect.reads", n=effect.deal, change=changed_part(before, after)))
            continue
        for key in STATE:  # the summary reads the same: the state it carries changed
            if key in old and old.get(key) != new.get(key):
                lines.append(t("effect.state", n=effect.deal, what=t(f"effect.key.{key}"),
                               old=_show(old[key]), new=_show(new.get(key))))
    return lines


def net_change(old: Mapping[str, int], new: Mapping[str, int]) -> str:
    """"Ivo +20 → +10, Resi −20 → −10": each moved net, signed with the minus sign.

    >>> net_change({"Ivo": 20, "Resi": -20}, {"Ivo": 10, "Resi": -10})
    'Ivo +20 → +10, Resi −20 → −10'
    """
    return t("effect.sep").join(f"{name} {signed(old[name])} → {signed(new[name])}"
                                for name in old)


def changed_part(old: str, new: str) -> str:
    """"Dan 5 – Zoë 5 → Dan 5 – Zoë 4" rather than both whole summaries, when their first
    parts (before "; ") read the same.

    >>> changed_part("A claims; A 1 – B 0", "A claims; A 2 – B 0")
    'A 1 – B 0 → A 2 – B 0'
    """
    a, b = old.split("; "), new.split("; ")
    while len(a) > 1 and len(b) > 1 and a[0] == b[0]:
        a, b = a[1:], b[1:]
    return f"{'; '.join(a)} → {'; '.join(b)}"


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return " – ".join(f"{k} {v}" for k, v in value.items())
    return "–" if value is None else str(value)
