"""Opening a tournament database: engine, pragmas, migrations, and the session factory.

``open_database(path_or_url)`` accepts a file path (SQLite) or an SQLAlchemy URL (e.g.
``postgresql+psycopg://user:pw@host/db``). Migrations run on open; a database whose schema is newer than
this program knows is refused. Sessions: ``with db.factory.begin() as s: ...`` = one user action.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker

from db.errors import SchemaTooNewError, TournamentError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# The newest migration's revision. Kept here so opening an up-to-date database needs no Alembic import
# (a test checks it matches the scripts).
SCHEMA_HEAD = "0001"


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def to_url(path_or_url: str | Path) -> URL:
    """A file path becomes ``sqlite:///<absolute path>``; anything with ``://`` is taken as a URL."""
    text = str(path_or_url)
    if "://" in text:
        # Plain postgresql:// would pick psycopg2; this app ships psycopg 3.
        for plain in ("postgresql://", "postgres://"):
            if text.startswith(plain):
                text = "postgresql+psycopg://" + text[len(plain):]
        try:
            return make_url(text)
        except Exception as exc:  # noqa: BLE001 - sqlalchemy raises ArgumentError with a terse text
            raise TournamentError(f"--db {text!r} is not a valid database URL: {exc}") from exc
    return make_url("sqlite:///" + str(Path(text).expanduser().resolve()))


def _sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy, not pysqlite, decide when transactions begin (SQLAlchemy's documented recipe),
        # so every session is one real transaction including its reads.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        # IMMEDIATE takes the write lock at the start: two stations saving at once queue (busy_timeout)
        # instead of failing when a read snapshot cannot be upgraded. Read-only sessions from
        # ``Database.reader`` use a plain (deferred) BEGIN and never wait for writers (WAL).
        deferred = conn.get_execution_options().get("mcr_read_only", False)
        conn.exec_driver_sql("BEGIN" if deferred else "BEGIN IMMEDIATE")


@dataclass
class Database:
    """``factory``: sessions for user actions (``with db.factory.begin() as s``); ``reader``: read-only
    sessions that never wait for writers (reports, polling views)."""

    engine: Engine
    factory: sessionmaker[Session]
    url: URL
    reader: sessionmaker[Session]

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def create_db_engine(url: URL) -> Engine:
    if url.get_backend_name() == "sqlite":
        db_path = url.database
        if db_path and db_path != ":memory:":
            parent = Path(db_path).parent
            if not parent.is_dir():
                raise TournamentError(f"cannot create the database {db_path}: folder {parent} does not exist")
        engine = create_engine(url)
        _sqlite_pragmas(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def migrate(engine: Engine, url: URL) -> None:
    """Bring the schema to head; refuse a schema this program does not know (written by a newer one)."""
    rev = current_revision(engine)
    if rev == SCHEMA_HEAD:
        return
    from alembic import command
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    if rev is not None:
        try:
            script.get_revision(rev)
        except Exception as exc:  # noqa: BLE001 - alembic raises CommandError / ResolutionError
            raise SchemaTooNewError(
                f"{url.render_as_string(hide_password=True)} was written by a newer version of MCR Referee "
                f"(schema {rev!r}; this version knows up to {script.get_current_head()!r}). "
                f"Update MCR Referee to open it. / 数据库版本较新，请升级程序。"
            ) from exc
        if rev == script.get_current_head():
            return
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def open_database(path_or_url: str | Path, *, migrate_schema: bool = True) -> Database:
    """Open (creating if needed) a tournament database and migrate it to the current schema."""
    url = to_url(path_or_url)
    engine = create_db_engine(url)
    try:
        if migrate_schema:
            migrate(engine, url)
    except TournamentError:
        engine.dispose()
        raise
    except Exception as exc:
        engine.dispose()
        raise TournamentError(
            f"cannot open {url.render_as_string(hide_password=True)}: {type(exc).__name__}: {exc}"
        ) from exc
    reader = sessionmaker(engine.execution_options(mcr_read_only=True), expire_on_commit=False)
    return Database(engine, sessionmaker(engine, expire_on_commit=False), url, reader)
