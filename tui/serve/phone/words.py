"""The phone pages' words: the shared catalogues, in the language of the request.

The server's `--lang` if it was given, else the browser's `Accept-Language` (Japanese or
English). The catalogue's texts are looked up by language directly; what the service's
facts are rendered through (a refusal, a deal's summary) reads the language in use, so
that is set around each page's rendering (on the event loop, never across an await).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...i18n import LANGUAGES, TERMS, language, set_language, text

_MISSING = object()


def from_header(header: str | None, default: str = "en") -> str:
    """The first language of `Accept-Language` that Tally speaks.

    >>> from_header("ja-JP,ja;q=0.9,en;q=0.8")
    'ja'
    """
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and q > 0:
            best.append((-q, i, lang))
    return min(best)[2] if best else default


class Words:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, default: Any = _MISSING, **values: Any) -> str:
        """The catalogue's text for `key`; `term.<x>` is a game term with both words."""
        if key.startswith("term.") and key[5:] in TERMS:
            english, japanese = TERMS[key[5:]]
            return f"{japanese} {english}" if self.lang == "ja" else f"{english} {japanese}"
        found = text(key, self.lang)
        if found is None:
            if default is _MISSING:
                raise KeyError(f"no text for {key!r}")
            return str(default)
        return found.format(**values) if values else found

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """The language in use set to this request's while a page is rendered."""
        before = language()
        set_language(self.lang)
        try:
            yield
        finally:
            set_language(before)
