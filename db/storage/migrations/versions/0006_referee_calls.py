"""referee calls and the players' public page: referee_calls, public_page

Revision ID: 0006
Revises: 0004
Create Date: 2026-12-02 01:20:00

Self-contained (two new tables, nothing else touched): at merge it follows whatever revision comes
before it by changing ``down_revision`` alone.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('referee_calls',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session', sa.Integer(), nullable=False),
    sa.Column('table_no', sa.Integer(), nullable=False),
    sa.Column('reason', sa.String(length=20), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('called_at', sa.DateTime(), nullable=False),
    sa.Column('taken_by', sa.String(length=100), nullable=True),
    sa.Column('taken_at', sa.DateTime(), nullable=True),
    sa.Column('closed_at', sa.DateTime(), nullable=True),
    sa.Column('ruling', sa.Text(), nullable=True),
    sa.Column('penalty_id', sa.Integer(), nullable=True),
    sa.Column('hand', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_referee_calls'))
    )
    with op.batch_alter_table('referee_calls', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_referee_calls_status'), ['status'], unique=False)
    op.create_table('public_page',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('hide_standings_after', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_public_page'))
    )


def downgrade() -> None:
    op.drop_table('public_page')
    with op.batch_alter_table('referee_calls', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_referee_calls_status'))
    op.drop_table('referee_calls')
