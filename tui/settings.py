"""The app's own settings (the language), kept in a small JSON file in the user config dir.

Which language the app speaks: `--lang` for one run, else the saved setting (switched in the
app, `l` on the nights screen or the command palette), else the locale (LC_ALL, LC_MESSAGES
or LANG starting with `ja`), else English. Tests pass their own path.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .i18n import LANGUAGES

FILE_NAME = "settings.json"


def default_path() -> Path:
    from platformdirs import user_config_path

    return user_config_path("tally", appauthor=False) / FILE_NAME


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


@dataclass(slots=True)
class Settings:
    """The saved settings; `path` None keeps them in memory only."""

    path: Path | None = None
    lang: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the file (a missing or damaged file gives the defaults: it is only a
        preference, never worth refusing to start over)."""
        path = path or default_path()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        lang = raw.get("lang") if isinstance(raw, dict) else None
        return cls(path, lang if lang in LANGUAGES else None)

    def save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"lang": self.lang}, indent=2) + "\n", encoding="utf-8")
        tmp.replace(self.path)

    def language(self, flag: str | None = None,
                 env: Mapping[str, str] | None = None) -> str:
        """The language to start in: the flag, the saved setting, the locale."""
        return flag or self.lang or locale_language(env)
