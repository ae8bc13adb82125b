"""per-night per-player sums, kept with each deal's revision

Revision ID: 0010_night_sums
Revises: 0009_form_key

Each player's net and deals (not void) at one night's tables of one game, over the deals'
current revisions (`ledger.store.sums`): standings and the league read these rows instead of
summing every transfer. A cache of the transfers, written with every revision and verified
by `tally check`. An upgraded ledger gets them here, derived from its transfers and seats
(the statement `sums.DERIVE` makes, as it stood when this migration was written).
"""
import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0010_night_sums"
down_revision = "0009_form_key"
branch_labels = None
depends_on = None

FILL = """
INSERT INTO night_sum (night_id, game, player_id, net, deals)
WITH cur AS (SELECT deal_id, max(id) AS rid FROM revision GROUP BY deal_id),
pairs AS (SELECT d.table_id, t.payer_id, t.payee_id, sum(t.amount) AS x FROM cur
          JOIN deal d ON d.id = cur.deal_id JOIN transfer t ON t.revision_id = cur.rid
          GROUP BY d.table_id, t.payer_id, t.payee_id),
moves AS (SELECT table_id, payee_id AS pid, x AS net, 0 AS seated FROM pairs
          WHERE payee_id IS NOT NULL
          UNION ALL SELECT table_id, payer_id, -x, 0 FROM pairs WHERE payer_id IS NOT NULL
          UNION ALL SELECT s.table_id, s.player_id, 0, 1 FROM seat s),
played AS (SELECT d.table_id, count(*) AS n FROM cur JOIN deal d ON d.id = cur.deal_id
           JOIN revision r ON r.id = cur.rid WHERE r.kind <> 'void' GROUP BY d.table_id),
cells AS (SELECT table_id, pid, sum(net) AS net, max(seated) AS seated FROM moves
          GROUP BY table_id, pid)
SELECT g.night_id, g.game, c.pid, sum(c.net),
       sum(CASE WHEN c.seated = 1 THEN coalesce(p.n, 0) ELSE 0 END)
FROM cells c JOIN game_table g ON g.id = c.table_id
LEFT JOIN played p ON p.table_id = c.table_id
GROUP BY g.night_id, g.game, c.pid
"""


def upgrade() -> None:
    op.create_table(
        "night_sum",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("game", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("net", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("night_id", "game", "player_id"),
    )
    op.execute(FILL)


def downgrade() -> None:
    op.drop_table("night_sum")
