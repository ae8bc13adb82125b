"""A deal form drawn from the service's form facts, and the posted form read back.

Each field the facts describe (`FormFacts.form`, one `FieldFact` per field: its kind,
label, choices, range, the names it asks once each) becomes one labelled group of native
controls: radio buttons for a choice, a player or yes/no, a number box per name
(`inputmode="numeric"`), a text box for cards. Nothing of a game's rules is written here
or in the templates: what a field offers is what the engine said.

A control's `name` says how to read it back (`kind|field` or `kind|field|who`), so the
posted form becomes the contract JSON without asking the facts again; the facts then say
which fields apply, and values of fields that no longer apply (a partner after "Alone")
are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ledger.service import FormFacts

from .words import Words

SEP = "|"
WHOLE = re.compile(r"^[+-]?\d{1,9}$")
YES, NO = "yes", "no"
NOBODY = ""  # an optional player field's "no one"


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str
    checked: bool


@dataclass(frozen=True, slots=True)
class Control:
    """One control: a set of radio buttons (`options`), a number box or a text box."""

    name: str  # the form's name for it (`kind|field[|who]`)
    label: str  # its accessible name: the field's label, or the name it is asked for
    widget: str  # "radio" | "number" | "text"
    value: str = ""
    options: tuple[Option, ...] = ()
    low: int | None = None
    high: int | None = None
    size: int | None = None  # cards: how many


@dataclass(frozen=True, slots=True)
class Group:
    """A field: a fieldset named by its legend, holding one control or one per name."""

    field: str
    legend: str
    controls: tuple[Control, ...]
    each: bool  # one control per name (their labels are the names)
    fixed: str | None = None  # a value the rules fix: shown, not asked
    hint: str = ""  # what the numbers make together
    error: str | None = None


@dataclass
class Form:
    groups: list[Group] = field(default_factory=list)
    hidden: dict[str, str] = field(default_factory=dict)  # forced values, sent as they are
    error: str | None = None  # a refusal naming no field on the form


def read_posted(data: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The contract JSON a posted form says (fields it does not fill are left out).

    >>> read_posted([("choice|contract", "solo"), ("number|team_points", "73"),
    ...              ("number|tricks|Ann", "4"), ("flag|split", "no"), ("player|partner", "")])
    {'contract': 'solo', 'team_points': 73, 'tricks': {'Ann': 4}, 'split': False}
    """
    out: dict[str, Any] = {}
    for key, raw in data:
        parts = key.split(SEP, 2)
        if len(parts) < 2:
            continue
        kind, name = parts[0], parts[1]
        value = _value(kind, raw.strip())
        if value is None:
            continue
        path = name.split(".")
        if len(parts) == 3:
            path.append(parts[2])
        place = out
        for step in path[:-1]:
            nxt = place.get(step)
            if not isinstance(nxt, dict):
                nxt = place[step] = {}
            place = nxt
        place[path[-1]] = value
    return out


def _value(kind: str, raw: str) -> Any:
    if not raw:
        return None
    if kind == "number":  # a whole number as a number; anything else as typed (refused)
        return int(raw) if WHOLE.match(raw) else raw
    if kind == "flag":
        return raw == YES
    if kind == "cards":
        return [c for c in re.split(r"[\s,]+", raw.upper()) if c]
    if kind == "card":
        return raw.upper()
    return raw


def settled(partial: Mapping[str, Any], facts_for: Callable[[dict[str, Any]], FormFacts]
            ) -> tuple[dict[str, Any], FormFacts]:
    """The partial outcome kept to the fields that apply to it, and its facts (the facts
    of a partial decide its fields; dropping a field can change them: asked again until
    they stand, at most a few times)."""
    current = dict(partial)
    facts = facts_for(current)
    for _ in range(4):
        kept = {k: v for k, v in current.items() if k in facts.fields}
        kept.update({k: v for k, v in facts.forced.items() if k in facts.fields})
        if kept == current:
            break
        current = kept
        facts = facts_for(current)
    return current, facts


def build(facts: FormFacts, partial: Mapping[str, Any], words: Words,
          error: tuple[str, str] | None = None) -> Form:
    """The groups to draw for `facts`, filled with `partial`; `error` (field, line) is shown
    in the group it names, else above the form."""
    form = Form()
    placed = error is None
    for spec in getattr(facts, "form", ()):
        if spec.name not in facts.fields:
            continue
        group = _group(spec, facts, partial.get(spec.name), words)
        if group.fixed is not None:
            form.hidden[_name(spec)] = str(facts.forced[spec.name])
        if error is not None and _names(error[0], spec.name):
            group = Group(group.field, group.legend, group.controls, group.each, group.fixed,
                          group.hint, error[1])
            placed = True
        form.groups.append(group)
    if not placed and error is not None:
        form.error = error[1]
    return form


def _names(error_field: str, name: str) -> bool:
    """Does a refusal of `error_field` ("tricks.P1", "team_points") name field `name`?"""
    head = re.split(r"[.\[ ]", error_field, maxsplit=1)[0]
    return head == name or error_field == name


def _kind(spec: Any) -> str:
    if spec.kind == "cards":
        return "card" if spec.size == 1 and not spec.each else "cards"
    return str(spec.kind)


def _name(spec: Any, who: str | None = None) -> str:
    return SEP.join([_kind(spec), spec.name] + ([who] if who is not None else []))


def _group(spec: Any, facts: FormFacts, value: Any, words: Words) -> Group:
    legend = words.t(spec.label, default=spec.name)
    if spec.name in facts.forced:
        forced = facts.forced[spec.name]
        return Group(spec.name, legend, (), False, fixed=_choice_label(spec, forced, words))
    hint = (words.t("phone.total", n=spec.total) if spec.total is not None else "")
    if spec.each:
        values = value if isinstance(value, Mapping) else {}
        controls = tuple(_control(spec, words, str(who), values.get(who), str(who))
                         for who in spec.each)
        return Group(spec.name, legend, controls, True, hint=hint)
    return Group(spec.name, legend, (_control(spec, words, legend, value, None),), False,
                 hint=hint)


def _choice_label(spec: Any, value: Any, words: Words) -> str:
    for choice, label in zip(spec.choices, _labels(spec, words), strict=False):
        if choice == value:
            return label
    return str(value)


def _labels(spec: Any, words: Words) -> list[str]:
    if spec.kind == "player":  # names, or how a side is shown ("Ann+Chie")
        return [str(x) for x in (spec.labels or spec.choices)]
    if spec.kind == "flag":
        keys = spec.labels or ("phone.yes", "phone.no")
        return [words.t(k, default=k) for k in keys]
    if spec.labels:
        return [words.t(k, default=str(c)) for k, c in zip(spec.labels, spec.choices,
                                                             strict=False)]
    return [str(c) for c in spec.choices]


def _control(spec: Any, words: Words, label: str, value: Any, who: str | None) -> Control:
    name = _name(spec, who)
    if spec.kind in ("choice", "player", "flag"):
        if spec.kind == "flag":
            values: list[str] = [YES, NO]
            shown = YES if value is True else NO if value is False else None
        else:
            values = [str(c) for c in spec.choices]
            shown = None if value is None else str(value)
        labels = _labels(spec, words)
        options = [Option(v, lab, v == shown) for v, lab in zip(values, labels, strict=False)]
        if spec.optional and spec.kind == "player":
            options.append(Option(NOBODY, words.t("phone.nobody"), False))
        return Control(name, label, "radio", options=tuple(options))
    if spec.kind == "number":
        return Control(name, label, "number", "" if value is None else str(value),
                       low=spec.low, high=spec.high)
    text = " ".join(value) if isinstance(value, list | tuple) else ("" if value is None
                                                                     else str(value))
    return Control(name, label, "text", text, size=spec.size)
