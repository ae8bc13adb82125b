"""The gettext catalogues: complete in Japanese, placeholders kept, nothing extracted missing."""

from __future__ import annotations

import string
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from ledger.text.i18n import catalog, keys

ROOT = Path(__file__).resolve().parent.parent


def entries(lang: str) -> dict[str, tuple[str, ...]]:
    """Each key's forms (one for a singular message, nplurals for a plural one)."""
    with catalog.po_path(lang).open("rb") as f:
        cat = read_po(f)
    out = {}
    for m in cat:
        if m.id:
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            out[key] = m.string if isinstance(m.string, tuple) else (m.string,)
    return out


def pages(lang: str) -> dict[str, str]:
    folder = catalog.LOCALE_DIR / lang / "help"
    return {p.stem: p.read_text(encoding="utf-8") for p in folder.glob("*.md")}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_has_a_japanese_translation_with_the_same_placeholders() -> None:
    en, ja = entries("en"), entries("ja")
    assert sorted(set(en) ^ set(ja)) == []
    assert [k for k, forms in ja.items() if not all(f.strip() for f in forms)] == []
    assert [k for k in en
            if any(placeholders(f) != placeholders(en[k][-1]) for f in (*ja[k], *en[k]))] == []
    assert sorted(pages("en")) == sorted(pages("ja"))
    assert [k for k, md in pages("en").items() if placeholders(md) != placeholders(
        pages("ja")[k])] == []


def test_plural_forms_follow_each_language() -> None:
    en, ja = entries("en"), entries("ja")
    plurals = [k for k, forms in en.items() if len(forms) > 1]
    assert plurals  # there is at least one to check
    assert all(len(en[k]) == 2 and len(ja[k]) == 1 for k in plurals)


def test_compiled_catalogue_matches_its_po_file(tmp_path: Path) -> None:
    import gettext
    import io

    for lang in ("en", "ja"):
        compiled = gettext.GNUTranslations(io.BytesIO(catalog.compile_po(catalog.po_path(lang))))
        for key, forms in entries(lang).items():
            if len(forms) == 1 and (key, 0) not in compiled._catalog:  # type: ignore[attr-defined]
                assert compiled.gettext(key) == forms[0]


def test_extraction_finds_no_message_missing_from_the_catalogue() -> None:
    """pybabel's extractor over the code: every literal key given to t(), plural() or
    a Binding's description is in the catalogue (or is a help page)."""
    keywords = {"t": None, "plural": (1,), "text": None}
    found: set[str] = set()
    for package in ("ledger", "tui"):
        for _file, _line, message, _comments, _ctx in extract_from_dir(
                ROOT / package, method_map=[("**.py", "python")], keywords=keywords):
            found.add(message if isinstance(message, str) else message[0])
    known = keys("en")
    assert len(found) > 100  # the extractor did see the code
    missing = sorted(m for m in found if "." in m and " " not in m and not made_of(m, known))
    assert missing == []


def made_of(message: str, known: set[str]) -> bool:
    """Babel's extractor joins the strings of `t("a.b" if x else "c.d")` into one message
    ("a.bc.d"), with any compared word between: accept a run of known keys and plain words."""
    ok = [True] + [False] * len(message)
    for end in range(1, len(message) + 1):
        for start in range(end):
            piece = message[start:end]
            if ok[start] and (piece in known or ("." not in piece and piece.isalpha())):
                ok[end] = True
                break
    return ok[-1]


def test_a_stale_compiled_file_is_compiled_again(tmp_path: Path, monkeypatch) -> None:
    import os
    import shutil

    folder = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE_DIR, folder)
    po = folder / "ja" / "LC_MESSAGES" / "tally.po"
    mo = po.with_suffix(".mo")
    mo.unlink(missing_ok=True)
    monkeypatch.setattr(catalog, "LOCALE_DIR", folder)
    catalog.translations.cache_clear()
    try:
        assert catalog.translations("ja").gettext("key.quit") == "終了"
        assert mo.exists()
        po.write_text(po.read_text(encoding="utf-8").replace('"終了"', '"おわり"'),
                      encoding="utf-8")
        os.utime(po, ns=(mo.stat().st_mtime_ns + 10**9,) * 2)
        catalog.translations.cache_clear()
        assert catalog.translations("ja").gettext("key.quit") == "おわり"
    finally:
        catalog.translations.cache_clear()
