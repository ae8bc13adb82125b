"""Which language the app starts in: `--lang`, else the saved setting, else the locale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tui import i18n
from tui.settings import Settings, locale_language


def test_the_locale_decides_by_posix_precedence() -> None:
    assert locale_language({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert locale_language({"LANG": "en_GB.UTF-8"}) == "en"
    assert locale_language({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}) == "ja"
    assert locale_language({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"
    assert locale_language({"LC_MESSAGES": "ja_JP", "LANG": "C"}) == "ja"
    assert locale_language({"LC_ALL": "", "LANG": "ja_JP.eucJP"}) == "ja"
    assert locale_language({}) == "en"


def test_settings_are_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    assert Settings.load(path).lang is None  # no file yet: defaults
    settings = Settings(path, "ja")
    settings.save()
    assert Settings.load(path) == Settings(path, "ja")
    path.write_text("{not json", encoding="utf-8")  # damaged: defaults, no refusal
    assert Settings.load(path).lang is None
    path.write_text('{"lang": "xx"}', encoding="utf-8")  # not a language here
    assert Settings.load(path).lang is None
    Settings(None, "ja").save()  # in memory only: writes nothing


def test_the_flag_then_the_setting_then_the_locale() -> None:
    japanese = {"LANG": "ja_JP.UTF-8"}
    assert Settings(None, None).language(None, japanese) == "ja"
    assert Settings(None, "en").language(None, japanese) == "en"
    assert Settings(None, "en").language("ja", {}) == "ja"


def test_run_app_starts_in_the_chosen_language(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.app
    import tui.launch
    import tui.settings

    started: list[dict[str, Any]] = []

    class Stub:
        def __init__(self, service: object, **options: Any) -> None:
            started.append({"lang": i18n.language(), **options})

        def run(self) -> None:
            """Not here: the language was chosen before the app was built."""

    config = tmp_path / "settings.json"
    monkeypatch.setattr(tui.settings, "default_path", lambda: config)
    monkeypatch.setattr(tui.app, "make_app", Stub)
    monkeypatch.setattr(Tally, "open", classmethod(lambda cls, path: object()))
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    try:
        tui.launch.run_app(tmp_path / "a.sqlite3")
        assert started[-1]["lang"] == "ja"  # the locale
        Settings(config, "en").save()
        tui.launch.run_app(tmp_path / "a.sqlite3")
        assert started[-1]["lang"] == "en"  # the saved setting beats the locale
        tui.launch.run_app(tmp_path / "a.sqlite3", lang="ja")
        assert started[-1]["lang"] == "ja"  # the flag beats both, for this run
        assert Settings.load(config).lang == "en"  # and is not saved
        assert started[-1]["settings"].path == config
    finally:
        i18n.set_language("en")
