"""stages and cuts, the check-in desk: stages, checkins

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 01:10:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('stages',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('first_session', sa.Integer(), nullable=False),
    sa.Column('sessions', sa.Integer(), nullable=False),
    sa.Column('cut', sa.Integer(), nullable=False),
    sa.Column('carry', sa.String(length=10), nullable=False),
    sa.Column('seating', sa.String(length=10), nullable=False),
    sa.Column('advance', sa.JSON(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stages')),
    sa.UniqueConstraint('first_session', name=op.f('uq_stages_first_session')),
    sa.UniqueConstraint('name', name=op.f('uq_stages_name'))
    )
    op.create_table('checkins',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('present', sa.Boolean(), nullable=False),
    sa.Column('late', sa.Boolean(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_checkins_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_checkins')),
    sa.UniqueConstraint('session', 'player_id', name=op.f('uq_checkins_session'))
    )
    with op.batch_alter_table('checkins', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_checkins_player_id'), ['player_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('checkins', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_checkins_player_id'))
    op.drop_table('checkins')
    op.drop_table('stages')
