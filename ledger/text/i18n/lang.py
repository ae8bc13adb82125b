"""Which language to speak: `--lang` for one run, else the saved setting, else the locale.

The saved setting is the one the app's language switch writes (`settings.json` in the user
config folder); it comes before the locale because it is a choice the person made in Tally, and
a locale that overrode it would make the app's "saved" switch undo itself at the next start.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

SETTINGS_FILE = "settings.json"


def settings_path() -> Path:
    from platformdirs import user_config_path

    return user_config_path("tally", appauthor=False) / SETTINGS_FILE


def locale_language(env: Mapping[str, str] | None = None) -> str:
    """`ja` when the locale says Japanese (the first of LC_ALL, LC_MESSAGES, LANG that is
    set decides, as POSIX has it), else `en`.

    >>> locale_language({"LANG": "ja_JP.UTF-8"}), locale_language({"LANG": "C.UTF-8"})
    ('ja', 'en')
    """
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def saved_language(path: Path | None = None) -> str | None:
    """The saved setting (None when there is none or the file is damaged: only a preference)."""
    from . import LANGUAGES

    try:
        raw = json.loads((path or settings_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if lang in LANGUAGES else None


def choose(flag: str | None = None, saved: str | None = None,
           env: Mapping[str, str] | None = None) -> str:
    return flag or saved or locale_language(env)
