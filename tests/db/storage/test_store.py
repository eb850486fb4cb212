"""Opening databases: migrations from empty, the pragmas, refusing a newer schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from db import Database, SchemaTooNewError, TournamentError, open_database
from db.models import Base
from db.storage.schema import SCHEMA_HEAD, head_revision
from db.storage.stamp import not_stamp


def test_migrations_build_the_models_schema_from_empty(db: Database) -> None:
    with db.engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"include_name": not_stamp})
        assert ctx.get_current_revision() == head_revision()
        assert compare_metadata(ctx, Base.metadata) == []


def test_reopening_is_idempotent(db_url: str) -> None:
    for i in range(2):
        with open_database(db_url, create=i == 0) as db, db.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == head_revision()


def test_sqlite_pragmas(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.sqlite", create=True) as db, db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_a_newer_schema_is_refused_with_a_clear_message(db_url: str) -> None:
    with open_database(db_url, create=True) as db, db.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    with pytest.raises(SchemaTooNewError, match="newer version of MCR Referee.*9999_from_the_future"):
        open_database(db_url)


def test_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="does not exist"):
        open_database(tmp_path / "no" / "such" / "t.sqlite", create=True)


def test_schema_head_constant_matches_the_scripts() -> None:
    assert head_revision() == SCHEMA_HEAD


def test_migrations_are_packaged() -> None:
    root = Path(__file__).resolve().parents[3] / "db" / "storage" / "migrations"
    assert (root / "__init__.py").exists() and (root / "versions" / "__init__.py").exists()
    assert (root / "env.py").exists() and (root / "script.py.mako").exists()


def test_plain_postgresql_urls_use_psycopg3() -> None:
    from db.storage.schema import to_url

    assert to_url("postgresql://u:p@h/d").drivername == "postgresql+psycopg"
    assert to_url("postgres://u:p@h/d").drivername == "postgresql+psycopg"
    assert to_url("x.sqlite").drivername == "sqlite"
