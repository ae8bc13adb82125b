"""Every label, message and help text of the app, looked up by key: `t("nights.title")`.

English is complete; a language's table may leave keys out and falls back to English
(`ja` is filled in by part 2 of the TUI). Game terms that people know in Japanese
(Hachi-Hachi's Ooba 大場, Mizuten ミズテン, …) are shown with both words in every language:
`term("ooba")` → "Ooba 大場".
"""

from __future__ import annotations

from typing import Any

from .texts_en import EN
from .texts_ja import JA

LANGUAGES = ("en", "ja")
TABLES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}

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


def set_language(lang: str) -> None:
    """Choose the language for every text built from now on."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language here ({', '.join(LANGUAGES)})")
    _language = lang


def language() -> str:
    return _language


def t(key: str, default: Any = _MISSING, **values: Any) -> str:
    """The text for `key` in the current language (English if it has none), formatted.

    >>> t("deal.number", n=3)
    'Deal 3'
    """
    text = TABLES[_language].get(key) or EN.get(key)
    if text is None:
        if default is _MISSING:
            raise KeyError(f"no text for {key!r}")
        return str(default)
    return text.format(**values) if values else text


def plural(key: str, n: int, **values: Any) -> str:
    """`key.one` for one, `key.other` otherwise (languages without plurals give both)."""
    return t(f"{key}.one" if n == 1 else f"{key}.other", n=n, **values)


def term(key: str) -> str:
    """A game term with both words, in every language: the current language's first.

    >>> term("ooba")
    'Ooba 大場'
    """
    english, japanese = TERMS[key]
    return f"{japanese} {english}" if _language == "ja" else f"{english} {japanese}"
