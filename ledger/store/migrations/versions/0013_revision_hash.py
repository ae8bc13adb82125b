"""each table's history a hash chain: every revision stores its hash (issue 39)

Revision ID: 0013_revision_hash
Revises: 0011_player_nights

Every revision stores the sha256 of its content (the deal's facts, author, time and reason)
and of the revision before it at the same table (`ledger.domain.chain`), written by every
path that writes a revision; `tally check` verifies each table's chain. An upgraded ledger's
revisions get their hashes here, table by table, in the order they were made.

(Revises 0011 for now: 0012 is being written beside it; at the merge this file is re-pointed
to 0012's revision id.)
"""
from typing import Any

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0013_revision_hash"
down_revision = "0012_rating_nights"
branch_labels = None
depends_on = None


class _Session:
    """The store's session shape (`execute(sql, params)` with `:name` parameters) over
    Alembic's connection, so the store's own sealing fills the hashes."""

    def __init__(self, bind: Any) -> None:
        self.bind = bind

    def execute(self, sql: str, params: Any = None) -> Any:
        return self.bind.execute(sa.text(sql), params or {})

    def executemany(self, sql: str, rows: Any) -> Any:
        rows = list(rows)
        return self.bind.execute(sa.text(sql), rows) if rows else None


def upgrade() -> None:
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.add_column(sa.Column("hash", sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=True))
    from ledger.store.chain_rows import seal_all

    seal_all(_Session(op.get_bind()))


def downgrade() -> None:
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.drop_column("hash")
