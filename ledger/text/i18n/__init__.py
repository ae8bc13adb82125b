"""Every word Tally shows, in the language in use: `t("nights.title")`, `plural(...)`, `term(...)`.

One gettext catalogue per language (`ledger/text/locale/<lang>/LC_MESSAGES/tally.po`, see
`catalog`) serves the CLI, the app and the exports. Msgids are keys ("deal.number"), not
English sentences, and English has a catalogue of its own: the app's code looks texts up by
key in hundreds of places (and other work adds keys), a key stays put when the English wording
improves (an English msgid would turn every Japanese translation fuzzy), and a missing
Japanese text falls back to the English catalogue rather than showing a key. Long help pages
are Markdown files per language (`ledger/text/locale/<lang>/help/<key>.md`), found by the same key.

Game terms that Japanese players know by their Japanese names (大場 Ooba, ミズテン Mizuten …)
are shown with both words: `term("ooba")` → "Ooba 大場" in English, "大場 Ooba" in Japanese.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .catalog import messages, page_path, translations

messages_of = messages

LANGUAGES = ("en", "ja")

# (English, Japanese) for the game terms shown side by side (hachihachi-trick.md "Terms").
TERMS: dict[str, tuple[str, str]] = {
    "start_player": ("start player", "スタP"),
    "in": ("in", "出る"),
    "out": ("out", "降りる"),
    "forced_out": ("forced out", "降ろされ"),
    "out_fees": ("out-fees", "降り賃"),
    "hand_roles": ("hand roles", "手役"),
    "ooba": ("Ooba", "大場"),
    "zetsuba": ("Zetsuba", "絶場"),
    "mizuten": ("Mizuten", "ミズテン"),
}

_MISSING = object()
_language = "en"
# a language spoken for one block of this thread or task only (`speaking`), over `_language`
_speaking: ContextVar[str | None] = ContextVar("speaking", default=None)


def set_language(lang: str) -> None:
    """Choose the language for every text built from now on."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language here ({', '.join(LANGUAGES)})")
    _language = lang


def language() -> str:
    return _speaking.get() or _language


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Texts built in the block are in `lang`, in this thread (or task) only: what is stored
    in English (a deal's summary as history) is made so while the app's screens speak
    Japanese in another thread.

    >>> set_language("ja")
    >>> with speaking("en"):
    ...     t("deal.number", n=3)
    'Deal 3'
    >>> t("deal.number", n=3) != 'Deal 3'
    True
    >>> set_language("en")
    """
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language here ({', '.join(LANGUAGES)})")
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def _lookup(lang: str, key: str) -> str | None:
    text = translations(lang)._catalog.get(key)  # type: ignore[attr-defined]
    if text:
        return str(text)
    page = page_path(lang, key)
    if page.exists():
        return page.read_text(encoding="utf-8").rstrip("\n")
    return None


def text(key: str, lang: str | None = None) -> str | None:
    """The raw text of `key` in `lang` (default: the language in use), else English, else None."""
    lang = lang or language()
    found = _lookup(lang, key)
    if found is None and lang != "en":
        found = _lookup("en", key)
    return found


def t(key: str, default: Any = _MISSING, **values: Any) -> str:
    """The text for `key` in the current language (English if it has none), formatted.

    >>> t("deal.number", n=3)
    'Deal 3'
    """
    found = text(key)
    if found is None:
        if default is _MISSING:
            raise KeyError(f"no text for {key!r}")
        return str(default)
    return found.format(**values) if values else found


def plural(key: str, n: int, **values: Any) -> str:
    """The plural form of `key` for `n` in the current language (gettext's plural rules)."""
    lang = language()
    lang = lang if (key, 0) in translations(lang)._catalog else "en"  # type: ignore[attr-defined]
    form = translations(lang).ngettext(key, f"{key}.other", n)
    if form in (key, f"{key}.other"):
        raise KeyError(f"no text for {key!r}")
    return form.format(n=n, **values)


def listed(items: Iterable[str]) -> str:
    """`items` as a list in a sentence of the current language: commas in English, the
    Japanese enumeration comma in Japanese (no ASCII comma in a Japanese sentence).

    >>> listed(["table 1 −185", "table 5 −20"])
    'table 1 −185, table 5 −20'
    """
    return t("list.sep").join(items)


def term(key: str) -> str:
    """A game term with both words, in every language: the current language's first.

    >>> term("ooba")
    'Ooba 大場'
    """
    english, japanese = TERMS[key]
    return f"{japanese} {english}" if language() == "ja" else f"{english} {japanese}"


def keys(lang: str = "en") -> set[str]:
    """Every key with a text in `lang`: catalogue entries (plural ones by their key) and pages."""
    found = {k.split("[", 1)[0] for k in messages(lang)}
    pages = page_path(lang, "x").parent
    found |= {p.stem for p in pages.glob("*.md")}
    return found
