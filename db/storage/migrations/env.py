"""Alembic environment. Run programmatically by ``db.storage.store`` (no alembic.ini at runtime): the caller
passes an open connection in ``config.attributes["connection"]``."""

from __future__ import annotations

from alembic import context

from db.models import Base
from db.storage.stamp import not_stamp

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when someone runs the alembic CLI by hand
    from sqlalchemy import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///tournament.sqlite")
    connection = engine.connect()

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite cannot ALTER most things; batch mode rebuilds tables
    compare_type=True,
    include_name=not_stamp,  # the file's commit sequence (db.storage.stamp) is no part of the schema
)
with context.begin_transaction():
    context.run_migrations()
