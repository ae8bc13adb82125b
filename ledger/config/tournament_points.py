"""Tournament points files, `data/tournament/<name>.toml`, and schedule files, validated.

A points file says what a round's places score and how the ranking breaks ties
(`ledger.domain.tournament.ranking.Rules`, keys described in `data/tournament/schnapsen.toml`).
A bad file is one clear error naming the file, the key and the value, as with the presets.
A schedule file (`--draw schedule --schedule FILE`) is TOML: `rounds = [[[1, 2], [3, 4]], …]`,
each round a list of tables, each table a list of start numbers (the order of registration).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.tournament.ranking import (
    AFTER_TIME,
    AT_TIME,
    BYE_IN_BUCHHOLZ,
    PLACE_BY,
    TIE_BREAKS,
    Rules,
)
from . import confirm
from .league_points import check_table
from .presets import _read_toml, data_dir

KEYS = ("description", "preset", "places", "place_by", "ranking", "at_time", "bye_points",
        "bye_in_buchholz", "after_time", "round_deals", "confirm")
CHIP_GAMES = ("crazy-solo", "hachihachi-trick")


def points_dir() -> Path:
    return data_dir() / "tournament"


def points_names() -> list[str]:
    return sorted(p.stem for p in points_dir().glob("*.toml"))


def default_points(game: str) -> str:
    """The file a game's tournament uses unless `--points` names one: the game's own, else
    the chip games' one."""
    return game if (points_dir() / f"{game}.toml").is_file() else "chips"


@cache
def tournament_points(name: str) -> Rules:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise RuleError("--points", "tn_not_points_name", value=show(name))
    path = points_dir() / f"{name}.toml"
    if not path.is_file():
        raise RuleError("--points", "tn_no_points_file", value=show(name), name=name,
                        names=", ".join(points_names()))
    return check_points(_read_toml(path), f"data/tournament/{path.name}")


def _choice(raw: dict[str, Any], key: str, where: str, choices: tuple[str, ...],
            default: str) -> str:
    value = raw.get(key, default)
    if value not in choices:
        raise RuleError(f"{where}: {key}", "tn_not_choice", value=show(value),
                        choices=", ".join(choices))
    return str(value)


def check_points(raw: dict[str, Any], where: str) -> Rules:
    """A parsed points file as `Rules`, or RuleError(`where: key`, what is wrong)."""
    for key in raw:
        if key not in KEYS:
            raise RuleError(f"{where}: {key}", "tn_unknown_key", keys=", ".join(KEYS))
    for key in ("description", "preset"):
        if key in raw and not isinstance(raw[key], str):
            raise RuleError(f"{where}: {key}", "not_text", value=show(raw[key]))
    try:
        places = check_table({"points": raw.get("places")}, where)
    except RuleError as exc:  # said of the key as this file names it
        raise RuleError(exc.field.replace(": points", ": places"), exc.code, **exc.values) from None
    ranking = raw.get("ranking", ["points", "chips"])
    if not isinstance(ranking, list) or not ranking or ranking[0] != "points" or any(
            r not in TIE_BREAKS for r in ranking) or len(set(ranking)) != len(ranking):
        raise RuleError(f"{where}: ranking", "tn_ranking", value=show(ranking),
                        names=", ".join(TIE_BREAKS))
    bye = raw.get("bye_points", 0)
    if isinstance(bye, bool) or not isinstance(bye, int) or bye < 0:
        raise RuleError(f"{where}: bye_points", "not_whole_ge0", value=show(bye))
    deals = raw.get("round_deals", 0)
    if isinstance(deals, bool) or not isinstance(deals, int) or not 0 <= deals <= 1000:
        raise RuleError(f"{where}: round_deals", "tn_round_deals", value=show(deals))
    return Rules(places=places, place_by=_choice(raw, "place_by", where, PLACE_BY, "chips"),
                 ranking=tuple(ranking), at_time=_choice(raw, "at_time", where, AT_TIME, "score"),
                 bye_points=bye, preset=raw.get("preset", "default"),
                 description=raw.get("description", ""),
                 bye_in_buchholz=_choice(raw, "bye_in_buchholz", where, BYE_IN_BUCHHOLZ,
                                         "none"),
                 after_time=_choice(raw, "after_time", where, AFTER_TIME, "finish_deal"),
                 round_deals=deals,
                 confirm=_choice(raw, "confirm", where, confirm.MODES, "")
                 if "confirm" in raw else "")


def read_schedule(path: Path) -> list[list[list[int]]]:
    """The rounds of a schedule file: tables of start numbers, each number once a round."""
    import tomllib

    where = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise RuleError(where, "no_such_file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RuleError(where, "not_toml", why=exc) from None
    rounds = raw.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RuleError(f"{where}: rounds", "tn_schedule_rounds", value=show(rounds))
    for i, tables in enumerate(rounds):
        seen: set[int] = set()
        ok = bool(isinstance(tables, list) and tables)
        for t in tables if ok else ():
            if not isinstance(t, list) or not all(
                    isinstance(k, int) and not isinstance(k, bool) and k >= 1 for k in t):
                ok = False
            else:
                ok = ok and not seen.intersection(t) and len(set(t)) == len(t)
                seen.update(t)
        if not ok:
            raise RuleError(f"{where}: rounds[{i}]", "tn_schedule_round", value=show(tables))
    return rounds
