"""each player's night over every game, kept beside the per-game sums

Revision ID: 0011_player_nights
Revises: 0010_night_sums

Each player's net and deals (not void) at one night over every game, with the night's date
(`ledger.store.sums`): the league over many nights reads one row a player a night. A cache
of `night_sum`, moved with it by every revision and verified by `tally check`. An upgraded
ledger gets its rows here, added up from its `night_sum` rows (as `sums.DERIVE_NIGHTS` does,
as it stood when this migration was written).
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0011_player_nights"
down_revision = "0010_night_sums"
branch_labels = None
depends_on = None

FILL = """
INSERT INTO player_night (night_id, player_id, date, net, deals)
SELECT s.night_id, s.player_id, n.date, sum(s.net), sum(s.deals)
FROM night_sum s JOIN night n ON n.id = s.night_id
GROUP BY s.night_id, s.player_id, n.date
"""


def upgrade() -> None:
    op.create_table(
        "player_night",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("date", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("net", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("night_id", "player_id"),
    )
    op.execute(FILL)


def downgrade() -> None:
    op.drop_table("player_night")
