"""the audit entry as data: audit_log.session, table_no, hand, player, what_code, what_params

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06 23:00:00

Six nullable columns of ``audit_log``: the place an entry is about and its message as a code with its
parameters (``db.audit_what``). The entries already in the file get them from their English ``what``, read
here once (``db.storage.audit_legacy``); an entry it cannot read back exactly keeps them empty. ``what``
itself is kept as it is. Self-contained: at a merge it follows whatever revision comes before it by
changing ``down_revision`` alone.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from db.storage.audit_legacy import columns

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None

_ADDED = ("session", "table_no", "hand", "player", "what_code", "what_params")


def upgrade() -> None:
    with op.batch_alter_table('audit_log', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('session', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('table_no', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('hand', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('player', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('what_code', sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column('what_params', sa.JSON(), nullable=True))
    log = sa.table('audit_log', sa.column('id', sa.Integer()), sa.column('what', sa.Text()),
                   sa.column('session', sa.Integer()), sa.column('table_no', sa.Integer()),
                   sa.column('hand', sa.Integer()), sa.column('player', sa.String()),
                   sa.column('what_code', sa.String()), sa.column('what_params', sa.JSON(none_as_null=True)))
    conn = op.get_bind()
    update = (sa.update(log).where(log.c.id == sa.bindparam('p_id'))
              .values({k: sa.bindparam(f'p_{k}', type_=log.c[k].type) for k in _ADDED}))
    rows = []
    for entry_id, what in conn.execute(sa.select(log.c.id, log.c.what)).all():  # read whole before writing
        found = columns(what)
        if found["what_code"] is not None:
            rows.append({"p_id": entry_id, **{f"p_{k}": v for k, v in found.items()}})
        if len(rows) >= 1000:
            conn.execute(update, rows)
            rows = []
    if rows:
        conn.execute(update, rows)


def downgrade() -> None:
    # ALTER TABLE … DROP COLUMN (SQLite ≥ 3.35): no table rebuild
    with op.batch_alter_table('audit_log', schema=None, recreate='never') as batch_op:
        for name in reversed(_ADDED):
            batch_op.drop_column(name)
