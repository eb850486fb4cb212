"""a game table's hand record: hands.detail

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07 02:00:00

One nullable JSON column of ``hands``: the record of a hand of a table whose session is a game (Riichi,
``scoring.riichi.lines``): who declared riichi, the winners and their values or tiles, the tenpai players, the
kind of an abortive draw. MCR's hands keep it empty, so an MCR file is unchanged but for the column.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('hands', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('detail', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('detail')
