"""player renames: what each player was called before, so deals recorded under the old name
still replay

Revision ID: 0007_player_rename
Revises: 0006_state_checkpoint

A deal's stored outcome names its players as they were called when it was recorded; the
revision is history and is never rewritten. A rename is recorded here with the last revision
id at that moment, and the store reads every earlier revision with the new name
(`ledger.store.renames`).
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0007_player_rename"
down_revision = "0006_state_checkpoint"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_rename",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("old_name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("new_name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("last_revision_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("player_rename", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_player_rename_player_id"), ["player_id"],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table("player_rename", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_rename_player_id"))
    op.drop_table("player_rename")
