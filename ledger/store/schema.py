"""The tables as SQLAlchemy Core sees them at run time.

`models.py` holds the same tables as SQLModel classes, for Alembic's autogenerate and for
readers; the commands and the app run on these Core tables, because importing SQLModel
(pydantic and the ORM with it) costs a command line more than half a second before it does
anything. `tests/test_schema.py` proves both match what the migrations create.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    TypeDecorator,
    UniqueConstraint,
)


class UTCDateTime(TypeDecorator[datetime]):
    """Aware datetimes in, UTC datetimes out (as SQLModel's type of the same name)."""

    impl = DateTime
    cache_ok = True

    def __init__(self) -> None:
        super().__init__(timezone=True)

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            raise ValueError("datetimes are stored with their time zone")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:  # SQLite keeps UTC without an offset
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


metadata = MetaData()

player = Table(
    "player", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Index("ix_player_name", "name", unique=True),
)

night = Table(
    "night", metadata,
    Column("id", Integer, primary_key=True),
    Column("date", String, nullable=False),
    Column("venue", String),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("closed_at", UTCDateTime()),
    Column("rate", String),
    Column("currency", String),
)

game_table = Table(
    "game_table", metadata,
    Column("id", Integer, primary_key=True),
    Column("night_id", Integer, ForeignKey("night.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("game", String, nullable=False),
    Column("preset", String, nullable=False),
    Column("options", String, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    UniqueConstraint("night_id", "number"),
    Index("ix_game_table_night_id", "night_id"),
)

seat = Table(
    "seat", metadata,
    Column("table_id", Integer, ForeignKey("game_table.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("player.id"), nullable=False),
    Index("ix_seat_player_id", "player_id"),
)

deal = Table(
    "deal", metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_table.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    UniqueConstraint("table_id", "number"),
)

revision = Table(
    "revision", metadata,
    Column("id", Integer, primary_key=True),
    Column("deal_id", Integer, ForeignKey("deal.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String, nullable=False),
    Column("outcome", String),
    Column("summary", String, nullable=False),
    Column("extra", String, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("author", String),
    Column("reason", String),
    UniqueConstraint("deal_id", "seq"),
    Index("ix_revision_deal_id_id", "deal_id", "id"),
)

transfer = Table(
    "transfer", metadata,
    Column("id", Integer, primary_key=True),
    Column("revision_id", Integer, ForeignKey("revision.id"), nullable=False),
    Column("payer_id", Integer, ForeignKey("player.id")),
    Column("payee_id", Integer, ForeignKey("player.id")),
    Column("amount", Integer, nullable=False),
    Column("reason", String, nullable=False),
    Index("ix_transfer_revision_moves", "revision_id", "payer_id", "payee_id", "amount"),
)

payment = Table(
    "payment", metadata,
    Column("id", Integer, primary_key=True),
    Column("night_id", Integer, ForeignKey("night.id"), nullable=False),
    Column("payer_id", Integer, ForeignKey("player.id"), nullable=False),
    Column("payee_id", Integer, ForeignKey("player.id"), nullable=False),
    Column("amount", Integer, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("author", String),
    Index("ix_payment_night_id", "night_id"),
)
