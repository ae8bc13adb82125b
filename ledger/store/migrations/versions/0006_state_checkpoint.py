"""where a table stands after each deal, kept so a new deal need not fold the whole table

Revision ID: 0006_state_checkpoint
Revises: 0005_seasons

A cache of the fold (`ledger.domain.replay`): one row per deal, the engine's state, the deals
played and each seat's net after its current revision. A database upgraded to here has
none yet; the first deal recorded at a table folds it once and stores them all, and until
then every read folds (or sums the transfers) as before.
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0006_state_checkpoint"
down_revision = "0005_seasons"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deal_state",
        sa.Column("deal_id", sa.Integer(), nullable=False),
        sa.Column("state", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("nets", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["deal.id"]),
        sa.PrimaryKeyConstraint("deal_id"),
    )


def downgrade() -> None:
    op.drop_table("deal_state")
