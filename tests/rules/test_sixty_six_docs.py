"""The Sixty-Six family's doctests and shipped presets."""

from __future__ import annotations

import doctest
import importlib

import pytest

from ledger.config import presets
from ledger.domain.rules import GAMES

MODULES = ["sixty_six", "sixty_six_deal", "sixty_six_four", "sixty_six_match",
           "sixty_six_options", "sixty_six_quick", "sixty_six_three", "sixty_six_two_player"]
VARIANTS = ["sixty-six", "schnapsen", "sixty-six-three", "sixty-six-four"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"ledger.domain.rules.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0


@pytest.mark.parametrize("game", VARIANTS)
def test_presets_load(game: str) -> None:
    names = [name for name, _ in presets.preset_names(GAMES[game])]
    assert names[0] == "default"
    for name in names:
        _, options = presets.load(game, name)
        assert options.target == (10 if name == "to-ten" else 7) and options.stake == 10


def test_preset_defaults_follow_section_10() -> None:
    assert presets.load("schnapsen")[1].schneider_double is True
    assert presets.load("sixty-six")[1].schneider_double is False
    assert presets.load("sixty-six-three")[1].dealer_cap == 6
    four = presets.load("sixty-six-four")[1]
    assert (four.draw_carry, four.ten_of_trumps_bonus) == (False, False)
    assert presets.load("sixty-six", "winner-deals")[1].dealer_rule == "winner"
    assert presets.load("sixty-six", "one-game")[1].one_match is True
