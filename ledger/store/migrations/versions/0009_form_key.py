"""form keys: the key of the form a deal was saved from, so a retry never records twice

Revision ID: 0009_form_key
Revises: 0008_tournament

A phone's deal form carries a random key (issue 24); the revision it records keeps it. A
save that arrives again with the same key (the network dropped the answer, a double tap, a
reload, the outbox sending what it kept) finds that revision inside the write transaction
and records nothing. Unique where set; old revisions and the CLI's have none.
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0009_form_key"
down_revision = "0008_tournament"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.add_column(sa.Column("form_key", sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=True))
        batch_op.create_index("ix_revision_form_key", ["form_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.drop_index("ix_revision_form_key")
        batch_op.drop_column("form_key")
