"""Merge `texts_en.py` / `texts_ja.py` style dictionaries into the gettext catalogues.

Run from the repository root:

    python tools/texts_to_po.py tui/texts_en.py tui/texts_ja.py
    python tools/texts_to_po.py --rev i15-live          # the texts files as on a branch

Each key becomes a msgid of `ledger/text/locale/<lang>/LC_MESSAGES/tally.po` (key-based msgids:
see `ledger/text/i18n/__init__.py`); `<base>.one` / `<base>.other` pairs become one plural entry;
the long help pages (`help.*` / `rules.*` with a paragraph break) become Markdown files in
`ledger/text/locale/<lang>/help/<key>.md`. Entries already in the catalogues and not in the given
files are kept, so this can be re-run after merging a branch that still adds keys to the old
dictionaries. Not part of the package: it is a tool for people.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "ledger" / "locale"
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "ja": "nplurals=1; plural=0;"}


def load_dict(source: str) -> dict[str, str]:
    """The one dict literal a texts file assigns (EN or JA)."""
    namespace: dict[str, object] = {}
    exec(compile(source, "texts", "exec"), namespace)
    for name, value in namespace.items():
        if name.isupper() and isinstance(value, dict) and value:
            return value  # type: ignore[return-value]
    raise SystemExit("no dictionary of texts found")


def is_page(key: str, english: str) -> bool:
    return key.startswith(("help.", "rules.")) and "\n" in english


def open_catalog(lang: str) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / "tally.po"
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang)
    return Catalog(locale=lang, project="tally", version="1", charset="utf-8")


def merge(lang: str, texts: dict[str, str], english: dict[str, str]) -> int:
    catalog = open_catalog(lang)
    catalog.project, catalog.version = "tally", "1"
    catalog.fuzzy = False  # the header: a fuzzy one is left out of the compiled catalogue
    catalog.copyright_holder = "the Tally authors"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "the Tally authors"
    catalog.language_team = "Tally"
    catalog._set_mime_headers([("Plural-Forms", PLURAL_FORMS[lang])])  # babel's own setter
    pages = LOCALE / lang / "help"
    changed = 0
    bases = {k[: -len(".one")] for k in texts if k.endswith(".one")
             and k[: -len(".one")] + ".other" in texts}
    for key, text in texts.items():
        base = key.rsplit(".", 1)[0]
        if base in bases and key.endswith((".one", ".other")):
            continue
        if is_page(key, english.get(key, text)):
            pages.mkdir(parents=True, exist_ok=True)
            (pages / f"{key}.md").write_text(text.rstrip("\n") + "\n", encoding="utf-8")
            changed += 1
            continue
        flags = ["python-brace-format"] if "{" in text else []
        catalog.add(key, text, flags=flags)
        changed += 1
    for base in sorted(bases):
        forms = [texts[f"{base}.one"], texts[f"{base}.other"]] if lang != "ja" \
            else [texts[f"{base}.other"]]
        catalog.add((base, f"{base}.other"), tuple(forms), flags=["python-brace-format"])
        changed += 1
    path = LOCALE / lang / "LC_MESSAGES" / "tally.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0, omit_header=False, sort_output=False,
                 include_previous=False)
    return changed


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", default=["tui/texts_en.py", "tui/texts_ja.py"])
    parser.add_argument("--rev", help="read the texts files as they are at this git revision")
    args = parser.parse_args(argv)
    sources = []
    for name in args.files:
        if args.rev:
            sources.append(subprocess.run(["git", "show", f"{args.rev}:{name}"], cwd=ROOT,
                                          check=True, capture_output=True, text=True).stdout)
        else:
            sources.append((ROOT / name).read_text(encoding="utf-8"))
    english, japanese = load_dict(sources[0]), load_dict(sources[1])
    print("en:", merge("en", english, english), "entries")
    print("ja:", merge("ja", japanese, english), "entries")


if __name__ == "__main__":
    main(sys.argv[1:])
