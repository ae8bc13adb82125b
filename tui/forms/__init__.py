"""Deal forms (one per game, by name, see `registry`) and the small dialogs.

Importing this package registers every game's form; part 2 adds its games' modules here.
"""

from . import crazy_solo  # noqa: F401  (registers the Crazy Solo form)
from .registry import GameUI, register, ui_for

__all__ = ["GameUI", "register", "ui_for"]
