"""session clock: session_clocks and clock_tables

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 12:40:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('session_clocks',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session', sa.Integer(), nullable=False),
    sa.Column('length_s', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=True),
    sa.Column('paused_at', sa.DateTime(), nullable=True),
    sa.Column('paused_total_s', sa.Integer(), nullable=False),
    sa.Column('ended_at', sa.DateTime(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_session_clocks')),
    sa.UniqueConstraint('session', name=op.f('uq_session_clocks_session'))
    )
    op.create_table('clock_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session', sa.Integer(), nullable=False),
    sa.Column('table_no', sa.Integer(), nullable=False),
    sa.Column('extra_s', sa.Integer(), nullable=False),
    sa.Column('bell_at', sa.DateTime(), nullable=True),
    sa.Column('confirmed_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_clock_tables')),
    sa.UniqueConstraint('session', 'table_no', name=op.f('uq_clock_tables_session'))
    )


def downgrade() -> None:
    op.drop_table('clock_tables')
    op.drop_table('session_clocks')
