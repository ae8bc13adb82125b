"""A deal form's facts in words (`tally round fields`): for each field the engine asks, its
label and the values it takes, in the language in use."""

from __future__ import annotations

from typing import Any

from .i18n import t, term


def label_text(key: str, **values: Any) -> str:
    """A field's label: a catalogue key, or `term.<x>` for the game term x (both words)."""
    return term(key.removeprefix("term.")) if key.startswith("term.") else t(key, **values)


def takes_text(spec: Any) -> str:
    """What field `spec` (a `FieldFact`) takes: "claim | close", "0–220 each: Ann, Bea",
    "Ann | Bea, or none", "yes | no", "7 cards each: P4, P5".

    >>> from ledger.domain.rules.game import FieldFact
    >>> takes_text(FieldFact("tricks", "number", "slot.tricks", low=0, high=7, total=7,
    ...                      each=("P1", "P2")))
    '0–7 each: P1, P2; 7 in all'
    """
    kind = spec.kind
    if kind in ("choice", "player"):
        shown = [str(c) for c in spec.choices]
        if kind == "player" and spec.labels:
            shown = [f"{c} ({label})" for c, label in zip(shown, spec.labels, strict=True)]
        text = " | ".join(shown)
        if spec.optional:
            text = t("cli.takes.or_none", text=text)
    elif kind == "number":
        text = f"{spec.low}–{spec.high}" if spec.high is not None else ""
        if spec.parts:
            text = "; ".join(f"{p.quick_flag} {p.low}–{p.high}" for p in spec.parts)
    elif kind == "flag":
        text = t("cli.takes.flag")
    else:  # cards
        text = t("cli.takes.cards", n=spec.size)
    if spec.each:
        text = t("cli.takes.each", text=text, names=", ".join(spec.each))
    if getattr(spec, "total", None) is not None:
        text = t("cli.takes.total", text=text, total=spec.total)
    return text
