"""Which engine holds a ledger: `postgresql://…` (or `postgres://…`) is a server, anything
else a SQLite file. The PostgreSQL adapter (and psycopg) is imported only for a URL."""

from __future__ import annotations

from pathlib import Path

from .db import Database

SCHEMES = ("postgresql://", "postgres://")


def is_server(location: str | Path) -> bool:
    return isinstance(location, str) and location.startswith(SCHEMES)


def describe(location: str | Path) -> tuple[str, str]:
    """(engine, the database for people: never a password), without connecting."""
    if is_server(location):
        from .postgres.url import without_password

        return "postgresql", without_password(str(location))
    return "sqlite", str(location)


def open_database(location: str | Path) -> Database:
    """The database at `location` (nothing is connected until the first transaction)."""
    if is_server(location):
        from .postgres.db import PostgresDatabase

        return PostgresDatabase(str(location))
    from .sqlite.db import SqliteDatabase

    return SqliteDatabase(location)
