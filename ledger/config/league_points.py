"""Points tables for placement scoring, from `data/league/<name>.toml`, validated.

A file holds `points = [10, 7, 5, 3, 1]` (first place first; later places score 0) and an
optional `description`. A bad file is a clear error naming the file, the key and the value,
as with the presets.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from .presets import _read_toml, data_dir

KEYS = ("points", "description")


def league_dir() -> Path:
    return data_dir() / "league"


def table_names() -> list[str]:
    return sorted(p.stem for p in league_dir().glob("*.toml"))


@cache
def points_table(name: str = "default") -> tuple[int, ...]:
    """The points of places 1, 2, … in table `name`."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise RuleError("points", "not_points_table", value=show(name))
    path = league_dir() / f"{name}.toml"
    if not path.is_file():
        raise RuleError("points", "no_points_file", value=show(name), name=name,
                        names=', '.join(table_names()))
    return check_table(_read_toml(path), f"data/league/{path.name}")


def check_table(raw: dict[str, object], where: str) -> tuple[int, ...]:
    """The points of a parsed file, or RuleError(`where: key`, what is wrong with it)."""
    for key in raw:
        if key not in KEYS:
            raise RuleError(f"{where}: {key}", "unknown_key_points", keys=', '.join(KEYS))
    if "description" in raw and not isinstance(raw["description"], str):
        raise RuleError(f"{where}: description", "not_text", value=show(raw['description']))
    points = raw.get("points")
    if not isinstance(points, list) or not points:
        raise RuleError(f"{where}: points", "points_list", value=show(points))
    for i, value in enumerate(points):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleError(f"{where}: points[{i}]", "not_whole_ge0", value=show(value))
        if i and value > points[i - 1]:
            raise RuleError(f"{where}: points[{i}]", "more_than_place", value=value, place=i,
                            points=points[i - 1])
    return tuple(points)
