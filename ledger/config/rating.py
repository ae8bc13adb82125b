"""Rating options, from `data/rating/<name>.toml`, validated into `RatingOptions`.

A bad file is a clear error naming the file, the key and the value, as with the presets.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..domain.rating import MODELS, RatingOptions
from ..domain.rules import RuleError
from ..domain.rules.errors import show
from .presets import _read_toml, data_dir

NUMBERS = ("mu", "sigma", "beta", "tau")
KEYS = ("description", "model", *NUMBERS, "provisional_games", "games")


def rating_dir() -> Path:
    return data_dir() / "rating"


@cache
def rating_options(name: str = "default") -> RatingOptions:
    """The options in `data/rating/<name>.toml`."""
    path = rating_dir() / f"{name}.toml"
    if not name or "/" in name or "\\" in name or name.startswith(".") or not path.is_file():
        raise RuleError("rating", "not_rating_file", value=show(name))
    return check_options(_read_toml(path), f"data/rating/{path.name}")


def check_options(raw: dict[str, object], where: str) -> RatingOptions:
    """The options of a parsed file, or RuleError(`where: key`, what is wrong with it)."""
    for key, value in raw.items():
        if key not in KEYS:
            raise RuleError(f"{where}: {key}", "unknown_key_rating", keys=', '.join(KEYS))
        ok = (value in MODELS if key == "model"
              else value in ("across", "each") if key == "games"
              else isinstance(value, str) if key == "description"
              else (isinstance(value, int) and not isinstance(value, bool) and value >= 0)
              if key == "provisional_games"
              else (isinstance(value, int | float) and not isinstance(value, bool)
                    and value >= 0 and (key == "tau" or value > 0)))
        if not ok:
            raise RuleError(f"{where}: {key}", "bad_rating_value", value=show(value))
    facts = {k: v for k, v in raw.items() if k != "description"}
    for key in NUMBERS:
        if key in facts:
            facts[key] = float(facts[key])  # type: ignore[arg-type]
    return RatingOptions(**facts)  # type: ignore[arg-type]
