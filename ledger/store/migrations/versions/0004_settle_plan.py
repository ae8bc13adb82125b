"""settlement plans: the lines shown when payment started, kept so they stand still

Revision ID: 0004_settle_plan
Revises: 0003
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0004_settle_plan"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "settle_plan",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("mode", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("after_payment", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("author", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("settle_plan", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_settle_plan_night_id"), ["night_id"],
                              unique=False)
    op.create_table(
        "plan_line",
        sa.Column("plan_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=True),
        sa.Column("payer_id", sa.Integer(), nullable=False),
        sa.Column("payee_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["plan_id"], ["settle_plan.id"]),
        sa.ForeignKeyConstraint(["payer_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["payee_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("plan_id", "position"),
    )


def downgrade() -> None:
    op.drop_table("plan_line")
    with op.batch_alter_table("settle_plan", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_settle_plan_night_id"))
    op.drop_table("settle_plan")
