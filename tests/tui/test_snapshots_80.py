"""Every screen at 80×24, in English and in Japanese: a picture of each,
on the night of every game (tests/tui/test_nothing_cut.py's walk, which checks the same
screens' text), so a word or number cut at the edge shows as a changed picture. The
English night and the deal forms of Crazy Solo, Hachi-Hachi, Schnapsen and the four-hand
game have their 80×24 pictures in test_snapshots_narrow.py already."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tui.i18n import set_language

from .test_nothing_cut import WALK, every_game_night
from .test_snapshots import shoot

SHOT_BEFORE = {("en", "night"), ("en", "form-crazy-solo"), ("en", "form-hachihachi-trick"),
               ("en", "form-schnapsen"), ("en", "form-sixty-six-four")}
CASES = [(lang, screen) for lang in ("en", "ja") for screen in WALK
         if (lang, screen) not in SHOT_BEFORE]


@pytest.mark.parametrize(("lang", "screen"), CASES, ids=[f"{s}-{lang}" for lang, s in CASES])
def test_every_screen_at_80x24(snap_compare: Any, tally: Tally, tmp_path: Path, lang: str,
                               screen: str) -> None:
    every_game_night(tally)
    set_language(lang)
    try:
        assert shoot(snap_compare, tally, tmp_path, *WALK[screen], size=(80, 24))
    finally:
        set_language("en")
