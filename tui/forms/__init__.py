"""Deal forms (one per game, by name, see `registry`) and the small dialogs.

Importing this package registers every game's form.
"""

from . import crazy_solo, hachihachi, sixty_six, sixty_six_four  # noqa: F401  (register their games' forms)
from .registry import GameUI, register, ui_for

__all__ = ["GameUI", "register", "ui_for"]
