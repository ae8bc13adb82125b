"""What a person hands the command line, read and checked as a use case: a deal's JSON on
standard input, the nets of `settle --nets -`, `--set key=value` options, and the paths in use
(`tally where`). The CLI calls these and never the config, io or domain packages itself."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from ..config import paths, presets
from ..domain.rules import RuleError
from ..domain.rules.names import clean_nets
from ..io.reading import read_stdin
from .calc import read_json_object

MAX_CHIPS = 10**12  # a chip amount typed in (`pay --amount`); a night's nets are far less


def read_json_input(stream: TextIO | None, field: str = "input") -> dict[str, Any]:
    """One JSON object from `stream` (standard input; refused at a terminal or empty)."""
    if stream is None or stream.isatty():
        raise RuleError(field, "stdin_or_flags")
    text = read_stdin(stream, field)  # capped while reading; a leading BOM dropped
    if not text.strip():
        raise RuleError(field, "stdin_empty")
    return read_json_object(text, field)


def read_nets(raw: Any) -> Any:
    """`settle --nets -`: names by `name_key` ("Ann" and "Ann " are one player, refused
    as a duplicate) and each whole number within MAX_CHIPS; `settle_nets` checks the rest."""
    nets = clean_nets(raw, "nets")
    if isinstance(nets, dict):
        for name, value in nets.items():
            if type(value) is int and abs(value) > MAX_CHIPS:
                raise RuleError(f"nets.{name}", "beyond_chips", value=value,
                                max=format(MAX_CHIPS, ','))
    return nets


def read_names(path: Path) -> list[str]:
    """`tournament register --csv`: the names of a pre-registration file (its first
    column), read by `ledger.io.registrations`."""
    from ..io.registrations import read_names as read

    return read(path)


def table_options(items: Iterable[str]) -> dict[str, Any]:
    """`--set key=value` changes of a new table's options (values read as TOML)."""
    return presets.parse_set(items)


def deal_so_far(items: Iterable[str]) -> dict[str, Any]:
    """`round fields --given key=value`: a partial deal, values read as TOML."""
    try:
        return presets.parse_set(items)
    except RuleError as exc:
        raise RuleError("--given", exc.code, **exc.values) from None


def database_path(option: str | Path | None) -> tuple[Path | str, str]:
    """The database a command opens and where that came from (`--db`, `TALLY_DB`,
    `default`)."""
    return paths.resolve_db(option)


def describe_database(location: str | Path) -> tuple[str, str]:
    """(engine, the database as people may see it: never a password), without connecting."""
    from ..store.engine import describe

    return describe(location)


def data_dir() -> Path:
    """The shipped presets and tables (`data/`)."""
    return presets.data_dir()
