"""global identities for `tally sync`: a night's uid and origin, the ledger's own id, and the
players another ledger's sync was matched to (issue 39)

Revision ID: 0014_sync_identity
Revises: 0013_revision_hash

A night gets a uid (derived from its date, venue and creation time, given the first time its
ledger syncs: every copy of a ledger gives it the same) that names it in every ledger it is
synced into, and there the id of the ledger that recorded it (`origin`). A
ledger's own id lives in `ledger_setting`. A league remembers which of its players each
venue's player is (`peer_player`: the venue's ledger id and player id), so the question is
asked once.
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0014_sync_identity"
down_revision = "0013_revision_hash"
branch_labels = None
depends_on = None

Text = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.add_column(sa.Column("uid", Text(), nullable=True))
        batch_op.add_column(sa.Column("origin", Text(), nullable=True))
        batch_op.create_index("ix_night_uid", ["uid"], unique=True)
    op.create_table(
        "ledger_setting",
        sa.Column("key", Text(), nullable=False),
        sa.Column("value", Text(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "peer_player",
        sa.Column("ledger", Text(), nullable=False),
        sa.Column("remote_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("ledger", "remote_id"),
    )


def downgrade() -> None:
    op.drop_table("peer_player")
    op.drop_table("ledger_setting")
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_index("ix_night_uid")
        batch_op.drop_column("origin")
        batch_op.drop_column("uid")
