"""each night's ratings, kept as a cache with the fingerprint of the night's inputs

Revision ID: 0012_rating_nights
Revises: 0011_player_nights

The ratings of `tally rating` (issue 40) after each night, for the players of that night
(`rating_night`), each rated night's fingerprint (`rating_mark`) and how far they have read
(`rating_watermark`): the ratings are made again from the first night whose fingerprint
changed, and `tally check` re-derives them. An
upgraded ledger starts with none: the first `tally rating` rates every night.
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0012_rating_nights"
down_revision = "0011_player_nights"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_mark",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("date", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("fingerprint", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("night_id"),
    )
    op.create_table(
        "rating_night",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("game", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("night_id", "game", "player_id"),
    )
    op.create_table(
        "rating_watermark",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("revision_id", sa.Integer(), nullable=False),
        sa.Column("revisions", sa.Integer(), nullable=False),
        sa.Column("options", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("rating_watermark")
    op.drop_table("rating_night")
    op.drop_table("rating_mark")
