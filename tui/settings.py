"""The app's own settings (the language, the last scorekeeper's name), kept in a small JSON
file in the user config dir.

Which language the app speaks: `--lang` for one run, else the saved setting (switched in the
app, `l` on the nights screen or the command palette), else the locale (LC_ALL, LC_MESSAGES
or LANG starting with `ja`), else English. Tests pass their own path.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ledger.text.i18n.lang import locale_language

from .i18n import LANGUAGES

__all__ = ["Settings", "default_path", "locale_language"]


def default_path() -> Path:
    from ledger.text.i18n.lang import settings_path

    return settings_path()


@dataclass(slots=True)
class Settings:
    """The saved settings; `path` None keeps them in memory only."""

    path: Path | None = None
    lang: str | None = None
    scorekeeper: str | None = None  # the name last given as "who keeps the score"

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the file (a missing or damaged file gives the defaults: it is only a
        preference, never worth refusing to start over)."""
        path = path or default_path()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        if not isinstance(raw, dict):
            return cls(path)
        lang, name = raw.get("lang"), raw.get("scorekeeper")
        return cls(path, lang if lang in LANGUAGES else None,
                   name if isinstance(name, str) and name else None)

    def _saved(self) -> dict[str, str | None]:
        """What is written: the language, and the scorekeeper's name once one was given."""
        out: dict[str, str | None] = {"lang": self.lang}
        if self.scorekeeper:
            out["scorekeeper"] = self.scorekeeper
        return out

    def save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self._saved(), indent=2, ensure_ascii=False) + "\n",
                       encoding="utf-8")
        tmp.replace(self.path)

    def language(self, flag: str | None = None,
                 env: Mapping[str, str] | None = None) -> str:
        """The language to start in: the flag, the saved setting, the locale."""
        from ledger.text.i18n.lang import choose

        return choose(flag, self.lang, env)
