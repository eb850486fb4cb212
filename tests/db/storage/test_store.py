"""Opening databases: migrations from empty, the pragmas, refusing a newer schema; opening to read writes
nothing; a file we do not own (another program's, an empty one) keeps its bytes, an odd file gives one line;
PostgreSQL without the driver, with an empty database or a role that does not own it, is told so."""

from __future__ import annotations

import os
import sqlite3
import sys
import uuid
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db import Database, SchemaTooNewError, TournamentError, open_database
from db.errors import NotATournamentFileError, ReadOnlyDatabaseError
from db.models import Base
from db.service.tournament import update_settings
from db.storage.schema import APPLICATION_ID, SCHEMA_HEAD, head_revision
from db.storage.stamp import not_stamp
from tests.db.commands.test_cli import run
from tests.db.conftest import PG_ENV
from tests.db.helpers import ACTOR
from tests.db.real_files import one_line, run_process, sha256


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


def test_opening_for_reading_writes_nothing(event: Path) -> None:
    before = sha256(event)
    with open_database(event, writable=False) as db:
        assert db.read_only and db.backups is None
        with pytest.raises(ReadOnlyDatabaseError, match="read-only"), db.factory.begin() as s:
            update_settings(s, name="changed", actor=ACTOR)
    assert sha256(event) == before


def test_an_empty_postgresql_database_is_not_opened_without_init(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("the file cases are above")
    out = run("--db", db_url, "standings", cwd=Path.cwd())
    assert out.returncode == 1 and "holds no tournament yet" in one_line(out.stderr)
    assert run("--db", db_url, "init", "--name", "Open", cwd=Path.cwd()).returncode == 0
    assert run("--db", db_url, "standings", cwd=Path.cwd()).returncode == 0


def _foreign(path: Path) -> Path:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('shopping list')")
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize("kind", ["foreign", "empty"])
def test_a_foreign_or_empty_file_keeps_its_bytes(tmp_path: Path, kind: str) -> None:
    path = _foreign(tmp_path / "notes.mcr") if kind == "foreign" else tmp_path / "notes.mcr"
    if kind == "empty":
        path.write_bytes(b"")
    before, listing = sha256(path), sorted(os.listdir(tmp_path))
    for cmd in (["check"], ["standings"], ["export", "x.json"], ["seat", "1"], ["backup"], ["log"]):
        out = run("--db", str(path), *cmd, cwd=tmp_path)
        assert out.returncode == 1, cmd
        line = one_line(out.stderr)
        assert "not a tournament file" in line or "not an MCR Referee tournament file" in line, line
        assert "init" not in line
    with pytest.raises(NotATournamentFileError):
        open_database(path)
    with pytest.raises(NotATournamentFileError):
        open_database(path, writable=False)
    if kind == "foreign":
        out = run("--db", str(path), "init", "--name", "Open", cwd=tmp_path)
        assert out.returncode == 1 and "another program" in one_line(out.stderr)
    assert sha256(path) == before
    assert sorted(os.listdir(tmp_path)) == listing  # no -wal, -shm or backups folder either


def test_init_marks_the_file_and_an_old_unmarked_tournament_is_accepted_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "old.mcr"
    assert run("--db", str(path), "init", "--name", "Open", cwd=tmp_path).returncode == 0
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.execute("PRAGMA application_id = 0")  # as written before the marker existed
    con.close()
    before = sha256(path)
    assert run("--db", str(path), "standings", cwd=tmp_path).returncode == 0  # a reader accepts it as is
    assert sha256(path) == before
    assert run("--db", str(path), "settings", "--name", "Renamed", cwd=tmp_path).returncode == 0  # a writer marks it
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.close()


def _no_version_row(path: Path) -> None:
    with open_database(path, create=True):
        pass
    con = sqlite3.connect(path)
    con.execute("DELETE FROM alembic_version")
    con.commit()
    con.close()


def _no_version_table(path: Path) -> None:
    _no_version_row(path)
    con = sqlite3.connect(path)
    con.execute("DROP TABLE alembic_version")
    con.execute("PRAGMA application_id = 0")
    con.commit()
    con.close()


ODD = {
    "pdf": lambda p: p.write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n" * 50),
    "random": lambda p: p.write_bytes(os.urandom(8192)),
    "short": lambda p: p.write_bytes(b"SQLite"),
    "folder": lambda p: p.mkdir(),
    "no version row": _no_version_row,
    "no version table": _no_version_table,
}


@pytest.mark.parametrize("kind", sorted(ODD))
def test_every_odd_file_gives_one_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "odd.mcr"
    ODD[kind](path)
    before = None if path.is_dir() else sha256(path)
    for cmd in (["standings"], ["check"], ["seat", "1"]):
        out = run("--db", str(path), *cmd, cwd=tmp_path)
        assert out.returncode == 1
        line = one_line(out.stderr)
        assert "odd.mcr" in line and "init" not in line, line
    if before is not None:
        assert sha256(path) == before
    out = run_process("--db", str(path), "check", cwd=tmp_path)  # the installed command, a real process
    assert out.returncode == 1 and one_line(out.stderr)


def test_missing_psycopg_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were not installed
    out = run("--db", "postgresql://u:p@127.0.0.1:1/x", "standings", cwd=tmp_path)
    assert out.returncode == 1
    assert "pip install 'mcr-referee[postgres]'" in one_line(out.stderr)


def test_postgresql_role_that_does_not_own_the_database_is_told_so() -> None:
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests skipped: set {PG_ENV}")
    suffix = uuid.uuid4().hex[:8]
    role, dbname = f"mcr_guest_{suffix}", f"mcr_perm_{suffix}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            if conn.execute(text("SHOW server_version_num")).scalar_one() < "150000":
                pytest.skip("PostgreSQL < 15 lets every role create tables in public")
            conn.execute(text(f"CREATE ROLE {role} LOGIN PASSWORD 'pw-Secret-9'"))
            conn.execute(text(f"CREATE DATABASE {dbname}"))
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"PostgreSQL tests skipped: cannot create a role and a database: {exc}")
    try:
        url = make_url(base).set(username=role, password="pw-Secret-9", database=dbname)
        out = run("--db", url.render_as_string(hide_password=False), "init", "--name", "Open", cwd=Path.cwd())
        assert out.returncode == 1
        line = one_line(out.stderr)
        assert f"ALTER DATABASE {dbname} OWNER TO {role}" in line and "pw-Secret-9" not in line, line
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {dbname}"))
            conn.execute(text(f"DROP ROLE IF EXISTS {role}"))
        admin.dispose()
