"""tournaments: registrations, each round's draw (seed, basis, clock) and seats

Revision ID: 0008_tournament
Revises: 0007_player_rename

A drawn table is a normal `game_table` of the night; `tournament_seat` says which round
(and which player's bye) it belongs to.
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0008_tournament"
down_revision = "0007_player_rename"
branch_labels = None
depends_on = None

Text = sqlmodel.sql.sqltypes.AutoString
Stamp = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", Text(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("game", Text(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("method", Text(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("round_minutes", sa.Integer(), nullable=True),
        sa.Column("points", Text(), nullable=False),
        sa.Column("seed", Text(), nullable=False),
        sa.Column("schedule", Text(), nullable=True),
        sa.Column("created_at", Stamp(), nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_name"), ["name"], unique=True)
        batch_op.create_index(batch_op.f("ix_tournament_night_id"), ["night_id"], unique=False)
    op.create_table(
        "tournament_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("from_round", sa.Integer(), nullable=False),
        sa.Column("withdrawn_from", sa.Integer(), nullable=True),
        sa.Column("created_at", Stamp(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("tournament_id", "player_id"),
    )
    with op.batch_alter_table("tournament_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_entry_tournament_id"),
                              ["tournament_id"], unique=False)
    op.create_table(
        "tournament_round",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", Text(), nullable=False),
        sa.Column("redraws", sa.Integer(), nullable=False),
        sa.Column("basis", Text(), nullable=True),
        sa.Column("drawn_at", Stamp(), nullable=False),
        sa.Column("started_at", Stamp(), nullable=True),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "number"),
    )
    op.create_table(
        "tournament_seat",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["table_id"], ["game_table.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "round", "player_id"),
    )
    with op.batch_alter_table("tournament_seat", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_seat_table_id"), ["table_id"],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table("tournament_seat", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_seat_table_id"))
    op.drop_table("tournament_seat")
    op.drop_table("tournament_round")
    with op.batch_alter_table("tournament_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_entry_tournament_id"))
    op.drop_table("tournament_entry")
    with op.batch_alter_table("tournament", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_night_id"))
        batch_op.drop_index(batch_op.f("ix_tournament_name"))
    op.drop_table("tournament")
