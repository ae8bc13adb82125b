"""indexes for a decade of history: transfers covered by their revision, fewer duplicates

Revision ID: 0003
Revises: 0002

Standings, exports and `check` read a revision's transfers (payer, payee, amount) by
revision id: one covering index serves them without touching the table rows. It starts
with revision_id, so the plain index on revision_id is dropped, as is the one on
deal.table_id, which the unique (table_id, number) index already provides; every deal
recorded then writes two index entries fewer.
"""
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_transfer_revision_moves", "transfer",
                    ["revision_id", "payer_id", "payee_id", "amount"], unique=False)
    op.drop_index("ix_transfer_revision_id", table_name="transfer")
    op.drop_index("ix_deal_table_id", table_name="deal")


def downgrade() -> None:
    op.create_index("ix_deal_table_id", "deal", ["table_id"], unique=False)
    op.create_index("ix_transfer_revision_id", "transfer", ["revision_id"], unique=False)
    op.drop_index("ix_transfer_revision_moves", table_name="transfer")
