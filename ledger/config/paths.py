"""Where Tally keeps things: the database (`--db`, `TALLY_DB`, user data dir) and exports.

The database is a SQLite file's path, or a PostgreSQL server's URL
(`postgresql://user@host/dbname`, kept as the text given)."""

from __future__ import annotations

import os
from pathlib import Path


def default_db() -> Path:
    from platformdirs import user_data_path

    return user_data_path("tally", appauthor=False) / "tally.sqlite3"


def resolve_db(option: str | Path | None) -> tuple[Path | str, str]:
    """The database (a path, or a server's URL) and where it came from (`--db`,
    `TALLY_DB` or `default`)."""
    if option:
        return _file(str(option), "--db"), "--db"
    env = os.environ.get("TALLY_DB")
    if env:
        return _file(env, "TALLY_DB"), "TALLY_DB"
    return default_db(), "default"


SERVER_SCHEMES = ("postgresql://", "postgres://")


def _file(text: str, field: str) -> Path | str:
    if text.startswith(SERVER_SCHEMES):
        return text
    if "://" in text:
        from ..domain.rules.errors import RuleError

        raise RuleError(field, "db_url_scheme", value=text)
    return Path(text).expanduser()


def exports_dir(option: str | Path | None = None) -> Path:
    return Path(option).expanduser() if option else Path.cwd() / "exports"
