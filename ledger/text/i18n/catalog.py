"""The gettext catalogues: `ledger/text/locale/<lang>/LC_MESSAGES/tally.po`, compiled by Babel.

Why compiled here and not at build time: the project is used as an editable install (and CI
runs nothing but `pip install -e '.[test]'` and pytest), where no build hook runs, and a
`.mo` file in git is a binary that cannot be merged. So the `.po` file is the one source: the
first use compiles it with Babel next to it when the `.mo` is missing or older, and compiles it
in memory when the package folder is read-only. The `.mo` files are git-ignored.
"""

from __future__ import annotations

import gettext
import io
import os
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "tally"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_po(po: Path) -> bytes:
    """The `.mo` bytes of `po`, by Babel (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _fresh_mo(po: Path) -> bytes | None:
    """The compiled file's bytes when it is at least as new as the `.po`."""
    mo = po.with_suffix(".mo")
    try:
        if mo.stat().st_mtime_ns >= po.stat().st_mtime_ns:
            return mo.read_bytes()
    except OSError:
        pass
    return None


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of `lang` (compiled now if it is stale)."""
    po = po_path(lang)
    data = _fresh_mo(po)
    if data is None:
        data = compile_po(po)
        mo = po.with_suffix(".mo")
        tmp = mo.with_suffix(f".{os.getpid()}.tmp")
        try:  # atomically, so two processes starting at once never read half a file
            tmp.write_bytes(data)
            tmp.replace(mo)
        except OSError:
            tmp.unlink(missing_ok=True)  # read-only install: in memory is fine
    return gettext.GNUTranslations(io.BytesIO(data))


@cache
def messages(lang: str) -> dict[str, str]:
    """Every singular message of `lang` by key (plural entries by `key.one`/`key.other`...)."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as f:
        catalog = read_po(f)
    out: dict[str, str] = {}
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            for i, form in enumerate(forms):
                out[f"{m.id[0]}[{i}]"] = str(form or "")
        else:
            out[str(m.id)] = str(m.string or "")
    return out


def page_path(lang: str, key: str) -> Path:
    """A help page: Markdown, one file per page and language."""
    return LOCALE_DIR / lang / "help" / f"{key}.md"
