"""Database fixtures: every core test runs on a real SQLite file, and on PostgreSQL when
``MCR_TEST_POSTGRES_URL`` is set (each test gets a fresh schema, dropped afterwards)."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db import Database, open_database
from db.service.demo import create_demo
from tests.db.real_files import NOBODY, ROOT, run_process

PG_ENV = "MCR_TEST_POSTGRES_URL"


def _pg_url_or_skip() -> str:
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"PostgreSQL tests skipped: set {PG_ENV} (e.g. postgresql+psycopg://mcr:mcr@127.0.0.1/mcr_test; "
                    ".ci/run starts a server and sets it)")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL (or file path) of an empty database of each backend."""
    if request.param == "sqlite":
        yield str(tmp_path / "tournament.sqlite")
        return
    base = _pg_url_or_skip()
    schema = f"t_{uuid.uuid4().hex[:12]}"
    try:
        admin = create_engine(base)
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as exc:  # noqa: BLE001 - any connection failure means "no server"
        pytest.skip(f"PostgreSQL tests skipped: cannot reach {make_url(base).render_as_string()}: {exc}")
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = open_database(db_url, create=True)
    try:
        yield database
    finally:
        database.close()


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The demo tournament in ``event.mcr``: session 1 played, session 2 seated, no backups yet."""
    path = tmp_path / "event.mcr"
    create_demo(path)
    shutil.rmtree(tmp_path / "event.mcr.backups", ignore_errors=True)  # start each test without backups
    return path


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder another user can reach (pytest's tmp_path is private to root)."""
    if not ROOT or shutil.which("setpriv") is None:
        pytest.skip("read-only tests run the command as `nobody`: need Linux, root and setpriv")
    where = Path(tempfile.mkdtemp(prefix="mcr-ro-"))
    where.chmod(0o755)
    try:
        probe = run_process("--help", cwd=where, user=NOBODY)
        if probe.returncode != 0:
            pytest.skip(f"`nobody` cannot run mcr-tournament here: {probe.stderr.strip()[:200]}")
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)
