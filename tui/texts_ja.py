"""The Japanese texts of the app, by key (see `tui.i18n`): filled in by part 2 of the TUI.

A key left out here shows in English. Keep the placeholders (`{n}`, `{name}` …) of the
English text; Hachi-Hachi's terms come from `tui.i18n.TERMS` in both languages.
"""

from __future__ import annotations

JA: dict[str, str] = {}
