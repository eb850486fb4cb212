"""player EMA fields: ema_number, first_name, last_name

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 12:40:00

Three nullable columns of ``players``; existing rows keep every value (``country`` stays as it was, free
text included: only new input is checked against ISO 3166, docs/tournament.md).
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ema_number', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('first_name', sa.String(length=100), nullable=True))
        batch_op.add_column(sa.Column('last_name', sa.String(length=100), nullable=True))


def downgrade() -> None:
    # ALTER TABLE … DROP COLUMN (SQLite ≥ 3.35): no table rebuild, which the seats' foreign key would refuse.
    with op.batch_alter_table('players', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('last_name')
        batch_op.drop_column('first_name')
        batch_op.drop_column('ema_number')
