"""payments and a night's money rate

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rate", sqlmodel.sql.sqltypes.AutoString(), nullable=True))
        batch_op.add_column(sa.Column("currency", sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=True))
    op.create_table(
        "payment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("payer_id", sa.Integer(), nullable=False),
        sa.Column("payee_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("author", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.ForeignKeyConstraint(["payer_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["payee_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payment_night_id"), ["night_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_payment_night_id"))
    op.drop_table("payment")
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_column("currency")
        batch_op.drop_column("rate")
