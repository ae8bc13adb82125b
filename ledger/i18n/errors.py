"""A refusal said in the language in use: `error: <field>: <message>`.

A `RuleError` may carry a code and its values (`RuleError(field, english, code, **values)`):
the catalogue's `err.<code>` text says it. Most of the rules' refusals predate codes; for
them the English message itself is read as a fact: the catalogue's `err.*` English texts are
templates (`{value} is above {max}`), and the one that matches gives the code and the values,
said again by the same key in the language in use. A message no template knows stays English
(better an English sentence than none). English output is the message itself, unchanged.
"""

from __future__ import annotations

import re
import string
from functools import cache

from . import language, messages_of, text


def render_error(exc: Exception) -> str:
    """`field: message` for `exc` (a RuleError) in the language in use."""
    field = getattr(exc, "field", None)
    if field is None:
        return str(exc)
    return f"{field}: {render_message(exc)}"


def render_notice(notice: object) -> str:
    """`field: text` for a warning (`views.Notice`) in the language in use."""
    from . import t

    return f"{getattr(notice, 'field', '')}: " + t(f"warn.{getattr(notice, 'code', '')}",
                                                   **getattr(notice, "values", {}))


def render_message(exc: Exception) -> str:
    message = str(getattr(exc, "message", exc))
    lang = language()
    if lang == "en":
        return message
    code = getattr(exc, "code", None)
    values = dict(getattr(exc, "values", {}) or {})
    if code and text(f"err.{code}", lang):
        try:
            return str(text(f"err.{code}", lang)).format(**{k: str(v) for k, v in values.items()})
        except (KeyError, IndexError):
            pass
    return translate_message(message, lang)


def translate_message(message: str, lang: str) -> str:
    """The English `message` in `lang` by the first template that reads it, else as is."""
    for key, pattern in _patterns():
        m = pattern.fullmatch(message)
        if m:
            target = text(key, lang)
            if target:
                values = {k: _value(v, lang) for k, v in m.groupdict().items()}
                return target.format(**values)
    return message


def _value(value: str, lang: str) -> str:
    """A value inside a message: a nested message (after "but", "; ") translated too."""
    return translate_message(value, lang) if " " in value else value


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(key, regex) per English template, the most literal first (so `is missing` does not
    swallow `is missing (one of …)`)."""
    found = []
    for key, english in messages_of("en").items():
        if not key.startswith("err.") or "[" in key:
            continue
        regex, literal = [], 0
        for lit, name, _spec, _conv in string.Formatter().parse(english):
            regex.append(re.escape(lit))
            literal += len(lit)
            if name:
                regex.append(f"(?P<{name}>.+?)")
        found.append((literal, key, re.compile("".join(regex), re.S)))
    found.sort(key=lambda item: -item[0])
    return tuple((key, pattern) for _, key, pattern in found)
