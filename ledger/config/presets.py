"""Rule presets from `data/presets/<game>.toml`, validated and frozen into option objects.

Every preset in a file starts from that file's `[default]` and changes what it names.
A key `hand_roles = "NAME"` is replaced by the table in `data/hand-roles/NAME.toml`, so a
table freezes the role values it was created with. A file's top-level `house_rules` list
names the options that come from outside the seed documents (the club's own numbers); its
`readings` list names the options where the seed is silent and the rules documents chose a
reading (shared/rules/sixty-six.md: `close_judged`, `four_hand_scale`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..domain.rules import RuleError, game_named
from ..domain.rules.errors import show
from ..domain.rules.game import AnyGame, Options
from . import confirm


def data_dir() -> Path:
    """The shipped `data/` folder (in the wheel it is `ledger/_data`)."""
    here = Path(__file__).resolve().parent.parent  # ledger/
    for candidate in (here / "_data", here.parent / "data"):
        if (candidate / "presets").is_dir():
            return candidate
    raise FileNotFoundError("Tally's data folder (presets) is missing from this install")


@cache
def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RuleError(str(path), "no_such_file") from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(str(path), "not_toml", why=exc) from None


def _preset_file(game: AnyGame) -> Path:
    return data_dir() / "presets" / f"{game.name}.toml"


def _presets(game: AnyGame) -> dict[str, dict[str, Any]]:
    """The file's presets: its tables (top-level keys such as `house_rules` are not)."""
    return {name: body for name, body in _read_toml(_preset_file(game)).items()
            if isinstance(body, dict)}


def preset_names(game: AnyGame) -> list[tuple[str, str]]:
    """(name, description) of each preset of a game, `default` first."""
    return [(name, str(body.get("description", ""))) for name, body in _presets(game).items()]


def house_rules(game: AnyGame) -> list[tuple[str, Any]]:
    """(option, default value) of the options the preset file marks as house rules."""
    return _marked(game, "house_rules")


def readings(game: AnyGame) -> list[tuple[str, Any]]:
    """(option, default value) of the options the preset file marks as readings: the seed
    is silent there and the rules documents chose one club reading."""
    return _marked(game, "readings")


def _marked(game: AnyGame, key: str) -> list[tuple[str, Any]]:
    names = _read_toml(_preset_file(game)).get(key, [])
    default = preset_mapping(game)
    return [(str(name), default.get(name)) for name in names]


def _hand_roles(name: Any, where: str) -> Any:
    if not isinstance(name, str):
        return name  # already a frozen table (a list), e.g. from a stored table
    path = data_dir() / "hand-roles" / f"{name}.toml"
    if not path.is_file():
        raise RuleError(f"{where}.hand_roles", "no_roles_file", value=show(name), file=path.name)
    return {"file": path.name, "roles": _read_toml(path).get("roles")}


def preset_mapping(game: AnyGame, name: str = "default") -> dict[str, Any]:
    """The raw options of a preset (default merged under it), description removed."""
    presets = _presets(game)
    if not isinstance(name, str) or name not in presets:
        raise RuleError("preset", "not_game_preset", value=show(name), game=game.name,
                        presets=', '.join(presets))
    merged = {**presets.get("default", {}), **presets[name]}
    merged.pop("description", None)
    return merged


def build_options(game: AnyGame, raw: Mapping[str, Any], where: str) -> Options:
    """Options from a raw mapping; errors name `where` (a file and preset, or `--set`)."""
    raw = dict(raw)
    if "hand_roles" in raw:
        raw["hand_roles"] = _hand_roles(raw["hand_roles"], where)
    try:
        return game.make_options(raw)
    except RuleError as exc:
        raise RuleError(f"{where}.{exc.field}", exc.code, **exc.values) from None


def load(game_name: str, preset: str = "default",
         overrides: Mapping[str, Any] | None = None, source: str = "--set"
         ) -> tuple[AnyGame, Options]:
    """The game and its frozen options for a preset plus overrides; errors about an override
    name `source` (`--set key`, or `options.key` for `tally calc`)."""
    game = game_named(game_name)
    path = _preset_file(game)
    where = f"data/presets/{path.name}: {preset}"
    _, raw = confirm.split(preset_mapping(game, preset), where)  # a table's, not the game's
    build_options(game, raw, where)  # the file itself must be valid
    if overrides and source == "--set":  # a table takes it; `tally calc` does not
        overrides = {k: v for k, v in overrides.items() if k != confirm.KEY}
    if overrides:
        for key in overrides:
            if key not in raw and key != "hand_roles":
                field = f"--set {key}" if source == "--set" else f"{source}.{key}"
                raise RuleError(field, "unknown_option_for", game=game.name)
        raw.update(overrides)
        where = source
    return game, build_options(game, raw, where)


def confirm_mode(game_name: str, preset: str = "default",
                 overrides: Mapping[str, Any] | None = None) -> str:
    """The `confirm` mode (`ledger.config.confirm`) of a table made with a preset and
    `--set` overrides (`confirm=opponent` there wins over the preset's)."""
    game = game_named(game_name)
    where = f"data/presets/{_preset_file(game).name}: {preset}"
    mode, _ = confirm.split(preset_mapping(game, preset), where)
    if overrides and confirm.KEY in overrides:
        mode = confirm.check(overrides[confirm.KEY], f"--set {confirm.KEY}")
    return mode


def parse_set(items: Iterable[str]) -> dict[str, Any]:
    """`key=value` strings, values read as TOML (`4`, `true`, `["10","J"]`) or else text."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise RuleError("--set", "not_key_value", value=show(item))
        try:
            out[key] = tomllib.loads(f"v = {text.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            out[key] = text.strip()
    return out
