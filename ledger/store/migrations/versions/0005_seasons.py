"""seasons: named date ranges ranked as a league

Revision ID: 0005_seasons
Revises: 0004_settle_plan
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0005_seasons"
down_revision = "0004_settle_plan"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("date_from", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("date_to", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("scoring", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("points", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_season_name"), ["name"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_season_name"))
    op.drop_table("season")
