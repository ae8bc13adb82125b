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
from dataclasses import dataclass, field, replace
from typing import Any

from ledger.service import FormFacts
from ledger.text.i18n.errors import render_message

from .words import Words

SEP = "|"
WHOLE = re.compile(r"^[+-]?\d{1,9}$")
YES, NO = "yes", "no"
NOBODY = ""  # an optional player field's "no one"
OPEN = "open"  # posted once per fold open on the page (its field): drawn open again
PAIR = "pair"  # a choice of a player field and of a field asked of its value (`FieldFact.of`)


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str
    checked: bool


@dataclass(frozen=True, slots=True)
class Control:
    """One control: radio buttons or checkboxes (`options`), a checkbox, a number box or
    a text box."""

    name: str  # the form's name for it (`kind|field[|who]`)
    label: str  # what it shows (its accessible name, unless `aria` says more)
    widget: str  # "radio" | "checks" | "check" | "number" | "text"
    value: str = ""
    options: tuple[Option, ...] = ()
    low: int | None = None
    high: int | None = None
    size: int | None = None  # cards: how many
    aria: str = ""  # its accessible name where the label alone does not say it: the field
    # and the name ("Tricks — Fay"), as a box of a name's row shows the name only


@dataclass(frozen=True, slots=True)
class Row:
    """What a field asks of one name (a nested group named by it), or of nobody (None)."""

    label: str | None
    controls: tuple[Control, ...]
    fixed: str | None = None  # a value the rules fix for this name (forced out)


@dataclass(frozen=True, slots=True)
class Group:
    """A field: a fieldset named by its legend, holding a row, or one row per name."""

    field: str
    legend: str
    rows: tuple[Row, ...]
    fixed: str | None = None  # a value the rules fix: shown, not asked
    hint: str = ""  # what the numbers make together
    error: str | None = None
    folded: bool = False  # optional: drawn in a fold (a hand's cards, roles)
    open: bool = False  # the fold drawn open (filled in, or open as posted)
    said: str = ""  # what the engine says of it as filled in (the indicator's Ooba ×2)


@dataclass
class Form:
    groups: list[Group] = field(default_factory=list)
    hidden: dict[str, str] = field(default_factory=dict)  # forced values, sent as they are
    error: str | None = None  # a refusal naming no field on the form


def read_posted(data: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The contract JSON a posted form says (fields it does not fill are left out).

    >>> read_posted([("choice|contract", "solo"), ("number|team_points", "73"),
    ...              ("number|tricks|Ann", "4"), ("flag|split", "no"), ("player|partner", ""),
    ...              ("multi|roles|Ann", "teshi"), ("multi|roles|Ann", "shiso")])
    {'contract': 'solo', 'team_points': 73, 'tricks': {'Ann': 4}, 'split': False, \
'partner': None, 'roles': {'Ann': ['teshi', 'shiso']}}
    >>> read_posted([("pair|winner|game_points", "Jun|2")]), read_posted([
    ...     ("pair|winner|game_points", "|")])
    ({'winner': 'Jun', 'game_points': 2}, {'winner': None})
    """
    out: dict[str, Any] = {}
    for key, raw in data:
        parts = key.split(SEP, 2)
        if len(parts) < 2:
            continue
        kind, name = parts[0], parts[1]
        if kind == PAIR and len(parts) == 3:  # one choice of two fields: "Jun|2"
            who, _, of = raw.strip().rpartition(SEP)
            out[name] = who or None
            if of:
                out[parts[2]] = int(of) if WHOLE.match(of) else of
            continue
        value = _value(kind, raw.strip())
        if value is _OMIT:
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
        if kind == "multi":
            place.setdefault(path[-1], []).append(value)
        else:
            place[path[-1]] = value
    return out


_OMIT = object()


def _value(kind: str, raw: str) -> Any:
    if kind == "player" and not raw:
        return None  # "no one" (alone, a drawn deal): said, not left out
    if not raw:
        return _OMIT
    if kind == "number":  # a whole number as a number; anything else as typed (refused)
        return int(raw) if WHOLE.match(raw) else raw
    if kind == "int":  # a choice among numbers (game points 1–3)
        return int(raw) if WHOLE.match(raw) else raw
    if kind == "flag":
        return raw == YES
    if kind == "cards":
        return [c for c in re.split(r"[\s,]+", raw.upper()) if c]
    if kind == "card":
        return raw.upper()
    return raw


def top_names(facts: FormFacts) -> set[str]:
    """The contract keys the form may send: its fields, and the parts of a field that are
    fields of their own (a hand's roles and Aces, Mizuten beside the declarations); a
    number field's parts are inside it (`at_close.points`)."""
    names = set(facts.fields)
    for spec in getattr(facts, "form", ()):
        if spec.name in facts.fields and spec.kind != "number":
            names.update(p.name for p in spec.parts)
    return names


def settled(partial: Mapping[str, Any], facts_for: Callable[[dict[str, Any]], FormFacts]
            ) -> tuple[dict[str, Any], FormFacts]:
    """The partial outcome kept to the fields that apply to it, and its facts (the facts
    of a partial decide its fields; dropping a field can change them: asked again until
    they stand, at most a few times)."""
    current = dict(partial)
    facts = facts_for(current)
    for _ in range(4):
        allowed = top_names(facts)
        kept = {k: v for k, v in current.items() if k in allowed}
        kept.update({k: v for k, v in facts.forced.items()  # a value the rules fix, sent
                     if k in facts.fields and not isinstance(v, Mapping)})
        if kept == current:
            break
        current = kept
        facts = facts_for(current)
    return {**current, **_certain_numbers(facts, current)}, facts


def _certain_numbers(facts: FormFacts, partial: Mapping[str, Any]) -> dict[str, Any]:
    """The numbers the rules make certain (a name's tricks, the rest of the total), each
    field's put beside the ones typed: shown, not asked, and settled with the rest."""
    out: dict[str, Any] = {}
    for spec in getattr(facts, "form", ()):
        fixed = facts.forced.get(spec.name)
        if spec.kind == "number" and spec.name in facts.fields and isinstance(fixed, Mapping):
            typed = partial.get(spec.name)
            out[spec.name] = {**(typed if isinstance(typed, Mapping) else {}), **fixed}
    return out


def build(facts: FormFacts, partial: Mapping[str, Any], words: Words,
          error: tuple[str, str] | None = None, opened: Iterable[str] = ()) -> Form:
    """The groups to draw for `facts`, filled with `partial`; `error` (field, line) is shown
    in the group it names, else above the form. A field the rules fix is shown, not sent:
    `settled` puts it in (so a value one contract fixed is gone once another is chosen).
    An optional field asked per name is drawn in a fold, open when filled in, refused or
    named in `opened` (the folds open as the form was posted)."""
    form = Form()
    placed = error is None
    asked = [spec for spec in getattr(facts, "form", ()) if spec.name in facts.fields]
    pairs = {spec.of: spec for spec in asked if spec.of and spec.kind == "choice" and any(
        o.name == spec.of and o.kind == "player" for o in asked)}
    for spec in asked:
        if spec.of in pairs and pairs[spec.of] is spec:
            continue  # asked in the group of the field it is of
        paired = pairs.get(spec.name)
        group = replace(_pair(spec, paired, partial, words) if paired else
                        _group(spec, facts, partial, words),
                        said=said(facts, spec.name, words))
        if spec.optional and spec.each:
            group = replace(group, folded=True, open=_filled(spec, partial)
                            or spec.name in opened)
        if error is not None and (_names(error[0], spec.name) or any(
                _names(error[0], p.name) for p in spec.parts if spec.kind != "number")
                or (paired and _names(error[0], paired.name))):
            group = replace(group, error=error[1], open=True)
            placed = True
        form.groups.append(group)
    if not placed and error is not None:
        form.error = error[1]
    return form


def said(facts: FormFacts, name: str, words: Words) -> str:
    """The engine's notes on field `name` (`FormFacts.notes`) in words, one line: each
    note's catalogue text, a "term.x" value the game term, a tuple its items.

    >>> from ledger.service import FormFacts
    >>> said(FormFacts(notes={"indicator": (("hh.named", {"name": "term.ooba",
    ...                                                   "multiplier": 2}),)}),
    ...      "indicator", Words("en"))
    'Ooba 大場 ×2'
    """
    lines = []
    for key, values in getattr(facts, "notes", {}).get(name, ()):
        shown = {k: (words.t(v) if isinstance(v, str) and v.startswith("term.") else
                     " ".join(map(str, v)) if isinstance(v, tuple | list) else v)
                 for k, v in values.items()}
        lines.append(words.t(key, **shown))
    return " · ".join(lines)


def hint(error: Exception, facts: FormFacts, words: Words,
         more: Mapping[str, str] | None = None) -> str:
    """A refusal as the form says it under the preview: the field by its label ("Tricks —
    Fumi: is missing"), not its name in the contract; a refusal of no field on the form
    as its line alone (`more`: the labels of the page's other boxes, by name). Rendered in
    the language in use."""
    line = refusal(error, words)
    if _own(error, words):  # said as the form's boxes, field and all
        return line
    where = str(getattr(error, "field", "") or "")
    named = field_label(where, facts, words) or (more or {}).get(where, "")
    return words.t("phone.hint", field=named, line=line) if named else line


def refusal(error: Exception, words: Words) -> str:
    """A refusal's line as the form says it: the phone's own words where the engine's name
    the contract's keys ("give exactly one of team_points and gang_points" is said as the
    two boxes of the form), else the refusal in the language in use."""
    if _own(error, words):
        return words.t(f"phone.err.{error.code}", **{  # type: ignore[attr-defined]
            k: str(v) for k, v in (getattr(error, "values", None) or {}).items()})
    return render_message(error)


def _own(error: Exception, words: Words) -> bool:
    code = getattr(error, "code", None)
    return bool(code and words.t(f"phone.err.{code}", default=""))


def field_label(field_name: str, facts: FormFacts, words: Words) -> str:
    """How the form labels the place a refusal names ("tricks.Fumi": "Tricks — Fumi",
    "at_close.points.Kai": "Points at the close — Kai"); "" for none on the form.

    >>> from ledger.domain.rules.game import FieldFact
    >>> f = FormFacts(fields=("tricks",), form=(FieldFact("tricks", "number", "slot.tricks",
    ...                                                   each=("Fumi", "Gen")),))
    >>> field_label("tricks.Fumi", f, Words("en")), field_label("deal", f, Words("en"))
    ('Tricks — Fumi', '')
    """
    steps = [p for p in re.split(r"[.\[\] ]", field_name) if p]
    if not steps:
        return ""
    specs = [f for f in getattr(facts, "form", ()) if f.name in facts.fields]
    spec = next((f for f in specs if f.name == steps[0]), None) or next(
        (p for f in specs if f.kind != "number" for p in f.parts if p.name == steps[0]), None)
    if spec is None:
        return ""
    rest = steps[1:]
    if rest and (part := next((p for p in spec.parts if p.name == rest[0]), None)):
        spec, rest = part, rest[1:]
    label = words.t(spec.label, default=spec.name)
    if not rest:
        return label
    who = rest[-1]
    if spec.kind in ("number", "player") and spec.labels and who in spec.each:
        who = str(spec.labels[spec.each.index(who)])
    return words.t("phone.named", field=label, name=who)


def _filled(spec: Any, partial: Mapping[str, Any]) -> bool:
    return any(partial.get(n) for n in (spec.name, *(p.name for p in spec.parts)))


def _names(error_field: str, name: str) -> bool:
    """Does a refusal of `error_field` ("tricks.P1", "team_points") name field `name`?"""
    head = re.split(r"[.\[ ]", error_field, maxsplit=1)[0]
    return head == name or error_field == name


def _kind(spec: Any, within: Any = None) -> str:
    if spec.kind == "cards":
        return "card" if spec.size == 1 and not spec.each else "cards"
    if spec.kind == "choice" and within is not None and within.kind == "cards":
        return "multi"  # the roles a hand holds: any of them
    if spec.kind == "choice" and spec.choices and all(type(c) is int for c in spec.choices):
        return "int"
    return str(spec.kind)


def _name(spec: Any, who: str | None = None, within: Any = None) -> str:
    field_name = (f"{within.name}.{spec.name}" if within is not None and within.kind == "number"
                  else spec.name)
    return SEP.join([_kind(spec, within), field_name] + ([who] if who is not None else []))


def _group(spec: Any, facts: FormFacts, partial: Mapping[str, Any], words: Words) -> Group:
    legend = words.t(spec.label, default=spec.name)
    forced = facts.forced.get(spec.name)
    if spec.name in facts.forced and not isinstance(forced, Mapping):
        return Group(spec.name, legend, (), fixed=_choice_label(spec, forced, words))
    hint = words.t("phone.total", n=spec.total) if spec.total is not None else ""
    value = partial.get(spec.name)
    if not spec.each:
        controls = [] if spec.kind == "number" and spec.parts else [
            _control(spec, words, legend, value, None, said=spec.name in partial)]
        controls += _parts(spec, partial, words, None)
        return Group(spec.name, legend, (Row(None, tuple(controls)),), hint=hint)
    values = value if isinstance(value, Mapping) else {}
    fixed = forced if isinstance(forced, Mapping) else {}
    side_labels = (spec.labels if spec.kind in ("number", "player") and spec.labels
                   else ())
    rows: list[Row] = []
    for i, who in enumerate(spec.each):
        shown = str(side_labels[i]) if i < len(side_labels) else str(who)
        if who in fixed:  # what the rules fix is shown; a part stays (Mizuten: untick it)
            rows.append(Row(shown, tuple(_parts(spec, partial, words, who, shown)),
                            fixed=_choice_label(spec, fixed[who], words)))
            continue
        own = [] if spec.kind == "number" and spec.parts else [
            _control(spec, words, _own_label(spec, words, shown), values.get(who), str(who),
                     aria=words.t("phone.named", name=shown, field=words.t("phone.cards")
                                  if spec.kind == "cards" else legend))]
        own += _parts(spec, partial, words, who, shown)
        # numbers one per name sit in one group, each box named by its name; anything
        # else is a group per name ("Ann": in / out)
        nested = not (spec.kind == "number" and not spec.parts)
        rows.append(Row(shown if nested else None, tuple(own)))
    return Group(spec.name, legend, tuple(rows), hint=hint)


def _pair(spec: Any, of: Any, partial: Mapping[str, Any], words: Words) -> Group:
    """A player field and the field asked of its value as one choice, a row per player
    ("Jun: 1 · 2 Schneider · 3 Schwarz"), its "no one" (drawn) a row of its own: one tap
    where two would say the same thing."""
    legend = words.t("phone.both", first=words.t(spec.label, default=spec.name),
                     second=words.t(of.label, default=of.name))
    name = SEP.join([PAIR, spec.name, of.name])
    now = (partial.get(spec.name), partial.get(of.name))
    values = list(zip(of.choices, _labels(of, words), strict=False))
    rows = [Row(shown, (Control(name, shown, "radio", options=tuple(
        Option(f"{who}{SEP}{value}", label, now == (who, value)) for value, label in values)),))
        for who, shown in zip(spec.choices, _labels(spec, words), strict=False)]
    if spec.optional:
        none = (words.t(spec.none, default="") if spec.none else "") or words.t("phone.nobody")
        drawn = spec.name in partial and partial[spec.name] is None
        rows.append(Row(None, (Control(name, none, "radio",
                                       options=(Option(SEP, none, drawn),)),)))
    return Group(spec.name, legend, tuple(rows))


def _own_label(spec: Any, words: Words, shown: str) -> str:
    """What a name's own control shows: a number box its name (the field is the group's
    legend), a name's cards "Cards" (the name is its row's legend)."""
    return words.t("phone.cards") if spec.kind == "cards" else shown


def _parts(spec: Any, partial: Mapping[str, Any], words: Words, who: Any,
           shown: str | None = None) -> list[Control]:
    """The parts of a field asked beside it (of `who`, shown as `shown`, when it asks one
    per name)."""
    out: list[Control] = []
    for part in spec.parts:
        if who is not None and part.each and who not in part.each:
            continue
        label = words.t(part.label, default=part.name, name=shown or "")  # "Bea's points"
        aria = words.t("phone.named", field=label, name=shown) if shown is not None else ""
        if who is None and part.each and part.kind == "number" and spec.kind != "number":
            typed = partial.get(part.name)  # a number per name beside a choice (the tricks
            for name in part.each:  # that answer "split or play"), each box named by both
                got = typed.get(name) if isinstance(typed, Mapping) else None
                out.append(Control(SEP.join(["number", part.name, name]),
                                   words.t("phone.named", field=label, name=name), "number",
                                   "" if got is None else str(got), low=part.low,
                                   high=part.high))
            continue
        if spec.kind == "number":  # inside the field: at_close.points.Bea
            inner = partial.get(spec.name)
            raw = inner.get(part.name) if isinstance(inner, Mapping) else None
        else:
            raw = partial.get(part.name)
        if part.kind == "flag":  # said of one player (Mizuten: the start player's)
            out.append(Control(SEP.join(["flag", part.name]), label, "check",
                               options=(Option(YES, label, raw is True or raw == who),),))
            continue
        got = raw.get(who) if isinstance(raw, Mapping) and who is not None else (
            raw if who is None else None)
        kind = _kind(part, spec)
        name = SEP.join([kind, f"{spec.name}.{part.name}" if spec.kind == "number"
                         else part.name] + ([str(who)] if who is not None else []))
        if kind == "multi":
            chosen = set(got or ())
            out.append(Control(name, label, "checks", options=tuple(
                Option(str(c), lab, c in chosen)
                for c, lab in zip(part.choices, _labels(part, words), strict=False)),
                aria=aria))
        elif part.kind == "number":
            out.append(Control(name, label, "number", "" if got is None else str(got),
                               low=part.low, high=part.high, aria=aria))
        else:
            out.append(_control(part, words, label, got, None, name=name))
    return out


def _choice_label(spec: Any, value: Any, words: Words) -> str:
    choices = (True, False) if spec.kind == "flag" else spec.choices  # a flag: yes, no
    for choice, label in zip(choices, _labels(spec, words), strict=False):
        if choice == value:
            return label
    return str(value)


def _labels(spec: Any, words: Words) -> list[str]:
    if spec.names:  # as the rules name them (a hand role)
        return [str(x) for x in spec.names]
    if spec.kind == "player":  # names, or how a side is shown ("Ann+Chie")
        return [str(x) for x in (spec.labels or spec.choices)]
    if spec.kind == "flag":
        keys = spec.labels or ("phone.yes", "phone.no")
        return [words.t(k, default=k) for k in keys]
    if spec.labels:
        return [words.t(k, default=str(c)) for k, c in zip(spec.labels, spec.choices,
                                                             strict=False)]
    return [str(c) for c in spec.choices]


def _control(spec: Any, words: Words, label: str, value: Any, who: str | None,
             name: str | None = None, said: bool = False, aria: str = "") -> Control:
    name = name or _name(spec, who)
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
            none = words.t(spec.none, default="") if spec.none else ""
            options.append(Option(NOBODY, none or words.t("phone.nobody"),
                                  said and value is None))
        return Control(name, label, "radio", options=tuple(options))
    if spec.kind == "number":
        return Control(name, label, "number", "" if value is None else str(value),
                       low=spec.low, high=spec.high, aria=aria)
    text = " ".join(value) if isinstance(value, list | tuple) else ("" if value is None
                                                                     else str(value))
    return Control(name, label, "text", text, size=spec.size, aria=aria)
