"""Opening a tournament database: recognition, engine, pragmas, migrations, backups, the session factory.

``open_database(path_or_url)`` accepts a file path (SQLite) or an SQLAlchemy URL (e.g.
``postgresql+psycopg://user:pw@host/db``). Sessions: ``with db.factory.begin() as s: ...`` = one user
action; ``with db.reader() as s: ...`` reads a snapshot and never waits for a writer.

What opening a SQLite file guarantees (docs/data-safety.md):

- **Nothing is written to a file before it is recognised** as a tournament: recognition reads the
  header's ``application_id`` (:data:`APPLICATION_ID`, set by ``init``), the table names and the
  schema version through a read-only connection. Files from before the marker (application_id 0, our
  tables and a version row) are accepted and marked when a writer opens them. Anything else — an empty
  file, another program's database, a PDF, a folder — is refused with one line and left unchanged;
  only ``create=True`` (``init``, ``import``, ``demo``) makes a new database, and only in a new or
  empty file.
- **Readers never take the write lock**: the version is read without a write transaction; a migration
  runs only when needed, in its own short transaction, and only when opened ``writable``.
- **Read-only files, folders and media open read-only** (``mode=ro``; ``immutable=1`` when nothing but
  this program could be writing, so no ``-shm`` file is left behind); a write is refused in one line.
- **A deleted, moved or replaced file stops the writers**: before each write transaction the path
  must still name the file that was opened (device and inode), else :class:`DatabaseFileGoneError`;
  :meth:`Database.save_copy` saves what the open connection still holds.
- **Automatic backups** beside the file (``event.mcr.backups/``), see :mod:`db.storage.backups`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL
from sqlalchemy.pool import StaticPool

from db.errors import (
    BackupError,
    DamagedDatabaseError,
    DatabaseConnectError,
    NotATournamentFileError,
    ReadOnlyDatabaseError,
    TournamentError,
)
from db.storage.backups import Backups, back_up, list_backups
from db.storage.database import Database, make_database
from db.storage.files import atomic_path, describe_os_error, hold_live, live_file, release_live
from db.storage.guard import FileGuard, set_aside
from db.storage.schema import (
    APPLICATION_ID,
    BUSY_TIMEOUT_S,
    SCHEMA_HEAD,
    FileInfo,
    FileState,
    alembic_config,
    current_revision,
    first_line,
    has_live_wal,
    inspect_file,
    known_revision,
    migrate,
    new_identity,
    read_only_reason,
    sqlite_uri,
    to_url,
    too_new,
    upgrade,
)
from db.storage.stamp import bump, ensure_stamp, rebuild, wal_is_foreign
from texts import Joined, Text

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------- engines


def _sqlite_engine(url: URL, uri: str | None, read_only: bool, holder: dict[str, Database],
                   memory: sqlite3.Connection | None = None) -> Engine:
    """``uri``: the file (None: ``url`` as it is); ``memory``: instead, this one in-memory connection."""
    def connect() -> sqlite3.Connection:
        assert uri is not None
        return sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=BUSY_TIMEOUT_S)

    if memory is not None:
        engine = create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool)
    else:
        engine = create_engine(url, creator=connect) if uri else create_engine(url)
    _SqliteEvents(holder, read_only).listen(engine)
    return engine


class _SqliteEvents:
    """What the store does at each event of a SQLite engine's connections: the pragmas when one opens, the
    write lock and the guard's checks when a transaction begins, the file's stamp and the backups after a
    commit, the refusals a person can act on when SQLite fails. ``holder["db"]`` is the ``Database``, once
    made."""

    def __init__(self, holder: dict[str, Database], read_only: bool) -> None:
        self.holder = holder
        self.read_only = read_only

    def listen(self, engine: Engine) -> None:
        event.listen(engine, "connect", self.on_connect)
        event.listen(engine, "begin", self.on_begin)
        event.listen(engine, "rollback", self.on_rollback)
        event.listen(engine, "commit", self.on_commit)
        event.listen(engine, "checkin", self.on_checkin)
        event.listen(engine, "handle_error", self.on_error)

    def on_connect(self, dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy, not pysqlite, decide when transactions begin (SQLAlchemy's documented recipe),
        # so every session is one real transaction including its reads. The journal mode (WAL) is a
        # property of the file, set once when it is created or first opened by a writer: never here.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys=ON")
        if not self.read_only:
            cur.execute("PRAGMA synchronous=FULL")
            # Checkpoints are the store's own (Database.checkpoint, before each automatic backup), so the file
            # changes only when this program knows (db.storage.guard) and a backup always starts where the WAL does
            # (the rescue, db.storage.stamp.rebuild).
            cur.execute("PRAGMA wal_autocheckpoint=0")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
        cur.close()

    def on_begin(self, conn: Any) -> None:
        # IMMEDIATE takes the write lock at the start: two stations saving at once queue (busy_timeout)
        # instead of failing when a read snapshot cannot be upgraded. Read-only sessions from
        # ``Database.reader`` use a plain (deferred) BEGIN and never wait for writers (WAL).
        deferred = self.read_only or conn.get_execution_options().get("mcr_read_only", False)
        db = self.holder.get("db")
        if not deferred and db is not None:
            db._before_write()
        elif db is not None and db._guard is not None and db._guard.check_reads:
            db.check_file()
        if deferred:
            conn.exec_driver_sql("BEGIN")
        else:
            batch = db is not None and db.batch
            _begin_immediate(conn, batch=batch, pause_until=db._batch_free_until if db is not None else 0.0)
            if batch:
                conn.info["mcr_batch"] = True
        if not deferred:
            conn.info["mcr_changes"] = conn.connection.dbapi_connection.total_changes

    def stamp(self, conn: Any) -> None:
        # Every transaction of ours that writes moves the file's own commit sequence on (db.storage.stamp): a file put
        # back from an older copy shows as older than what this program saw, and than its WAL (db.storage.guard).
        db = self.holder.get("db")
        before = conn.info.pop("mcr_changes", None)
        if db is not None and db._guard is not None and before is not None \
                and conn.connection.dbapi_connection.total_changes != before:
            raw = conn.connection.dbapi_connection
            raw.execute(f"PRAGMA user_version={db._guard.identity}")
            db._guard.committing(bump(raw))

    def on_rollback(self, conn: Any) -> None:
        # a rolled-back write: its count of changes and its stamp must not carry over to the next session on
        # this pooled connection (a reader's commit would stamp, unchecked)
        conn.info.pop("mcr_changes", None)
        db = self.holder.get("db")
        if db is not None and db._guard is not None:
            db._guard.forget_pending()

    def on_commit(self, conn: Any) -> None:
        self.stamp(conn)
        if not self.read_only and not conn.get_execution_options().get("mcr_read_only", False) and "db" in self.holder:
            db = self.holder["db"]
            if db.backups is not None:
                db.backups.wrote()

    def on_checkin(self, _dbapi_conn: Any, record: Any) -> None:
        # The connection is back in the pool: a write it made is committed (or rolled back).
        db = self.holder.get("db")
        if db is not None and record is not None and record.info.pop("mcr_batch", False):
            # the lock is free now: a batch writer leaves it to a waiting interactive writer for a moment
            db._batch_free_until = time.monotonic() + BATCH_PAUSE_S
        if db is not None and db.backups is None and db._guard is not None and _wal_size(db) > NO_BACKUPS_WAL_LIMIT:
            db.checkpoint()  # opened without backups: the store's checkpoints still bound the WAL
        if db is not None and db.backups is not None:
            try:
                db.backups.after_write()
            except Exception as exc:  # noqa: BLE001 - a failed backup never fails the write
                db.backups.failed(exc if isinstance(exc, TournamentError)
                                  else BackupError(code="backup_problem", problem=first_line(exc)))

    def on_error(self, ctx: Any) -> None:
        msg = str(ctx.original_exception)
        if "readonly database" in msg and "db" in self.holder:
            db = self.holder["db"]
            raise ReadOnlyDatabaseError(code="read_only_database", name=db.name,
                                         reason=db.read_only_reason or Text("read-only", "cause")) from ctx.original_exception
        if "disk is full" in msg and "db" in self.holder:
            raise TournamentError(code="save_no_space", name=self.holder["db"].name) from ctx.original_exception
        if "malformed" in msg and "db" in self.holder:
            # the bytes under the connection changed (a cp over the file): say so as the guard does, else damaged
            db = self.holder["db"]
            db.check_file()
            raise DamagedDatabaseError(code="database_malformed", name=db.name) from ctx.original_exception


NO_BACKUPS_WAL_LIMIT = 4 << 20  # bytes: a file written without backups is checkpointed past this


def _wal_size(db: Database) -> int:
    if db.path is None:
        return 0
    try:
        return os.stat(db.path.with_name(db.path.name + "-wal")).st_size
    except OSError:
        return 0


# A batch writer (``Database.batch``: the command line's imports) yields the file's write lock to interactive
# writers (the server's devices, a desk's confirm), which try every 1–3 ms: after each of its transactions it
# leaves the lock free for BATCH_PAUSE_S, and while the lock is busy it tries again every BATCH_RETRY_S only
# (random in the range, so 8 imports do not try together). After BATCH_PATIENCE_S of waiting it tries as
# often as anyone, so it is never starved into the busy timeout. A back-off doubling up to 80–160 ms measured
# worse (docs/web.md "Figures"): the imports, shut out, reached that patience and competed as equals again.
BATCH_PAUSE_S = 0.005
BATCH_RETRY_S = (0.02, 0.04)
BATCH_PATIENCE_S = 10.0


def _begin_immediate(conn: Any, *, batch: bool = False, pause_until: float = 0.0) -> None:
    """``BEGIN IMMEDIATE``, waiting for another program's write by trying again every 1–3 ms rather than in
    SQLite's busy handler, whose sleeps grow to 100 ms: a writer asleep there takes the lock only if it wakes
    while the lock is free, so a program writing transaction after transaction (8 imports, one line each)
    held the tables' server off for seconds. A ``batch`` writer waits politely (the constants
    above; ``pause_until``: the end of the pause after its last transaction). After ``BUSY_TIMEOUT_S`` the
    statement runs once more through SQLAlchemy, which raises what it always raised."""
    raw = conn.connection.dbapi_connection
    start = time.monotonic()
    deadline = start + BUSY_TIMEOUT_S
    if batch and pause_until > start:
        time.sleep(pause_until - start)
    raw.execute("PRAGMA busy_timeout=0")
    waited_out = True
    try:
        while time.monotonic() < deadline:
            try:
                raw.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.Error as exc:
                if not isinstance(exc, sqlite3.OperationalError) or ("locked" not in str(exc)
                                                                     and "busy" not in str(exc)):
                    waited_out = False
                    break  # not a wait: SQLAlchemy's statement below raises it, wrapped and mapped as always
            polite = batch and time.monotonic() - start < BATCH_PATIENCE_S
            time.sleep(random.uniform(*BATCH_RETRY_S) if polite else random.uniform(0.001, 0.003))
        if not waited_out:  # that statement waits for the lock as any other would, not 0 ms
            raw.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        with contextlib.suppress(sqlite3.Error):  # a broken connection: the error above is the one to see
            raw.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")


def create_db_engine(url: URL) -> Engine:
    """A plain engine (no recognition, no checks): for tools and tests. The app uses open_database."""
    if url.get_backend_name() == "sqlite":
        memory = not url.database or url.database == ":memory:"
        return _sqlite_engine(url, None if memory else sqlite_uri(Path(url.database or ""), "rwc"), False, {})
    return _server_engine(url)


def _server_engine(url: URL) -> Engine:
    try:
        return create_engine(url, pool_pre_ping=True)
    except ModuleNotFoundError as exc:
        if url.get_backend_name() == "postgresql":
            raise DatabaseConnectError(code="postgres_extra_missing") from exc
        raise DatabaseConnectError(code="driver_missing", driver=url.drivername, module=exc.name) from exc


def _server_error(url: URL, exc: Exception) -> TournamentError:
    """One line for a failure to open a server database: never SQL, never a help link."""
    shown = url.render_as_string(hide_password=True)
    msg = first_line(exc)
    if "permission denied for schema" in msg:
        role = url.username or "the role"
        return DatabaseConnectError(code="server_schema_permission", database=url.database, role=role)
    if isinstance(exc, ModuleNotFoundError):
        return DatabaseConnectError(code="postgres_extra_missing")
    return DatabaseConnectError(code="server_unavailable", url=shown, problem=msg)


# ----------------------------------------------------------------------------------------- opening


def open_database(path_or_url: str | Path, *, create: bool = False, writable: bool = True,
                  migrate_schema: bool = True, backups: bool = True,
                  second_backup_dir: str | Path | None = None) -> Database:
    """Open a tournament database.

    ``create``: a new (or empty) file or an empty server database may be made a tournament database
    (``init``, ``import``, ``demo``); otherwise only an existing tournament is opened. ``writable``:
    False opens for reading only (no write lock, no migration, no marker, no backups). A read-only file,
    folder or medium opens read-only whatever ``writable`` says. ``backups``: automatic backups of a
    file opened for writing (see :mod:`db.storage.backups`); ``second_backup_dir``: a second folder (a USB
    stick) that receives a copy of each automatic backup.
    """
    url = to_url(path_or_url)
    if url.get_backend_name() != "sqlite":
        return _open_server(url, create=create, migrate_schema=migrate_schema)
    if not url.database or url.database == ":memory:":
        engine = create_db_engine(url)
        upgrade(engine, mark=False)
        return make_database(engine, url)
    return _open_file(url, create=create, writable=writable, migrate_schema=migrate_schema,
                      backups=backups, second_backup_dir=second_backup_dir)


def _open_server(url: URL, *, create: bool, migrate_schema: bool) -> Database:
    engine = _server_engine(url)
    try:
        if migrate_schema:
            if not create and current_revision(engine) is None:
                raise NotATournamentFileError(code="server_no_tournament",
                                              url=url.render_as_string(hide_password=True))
            migrate(engine, url)
    except TournamentError:
        engine.dispose()
        raise
    except Exception as exc:
        engine.dispose()
        raise _server_error(url, exc) from exc
    return make_database(engine, url)


def _open_file(url: URL, *, create: bool, writable: bool, migrate_schema: bool, backups: bool,
               second_backup_dir: str | Path | None) -> Database:
    path = Path(url.database or "")
    name = path.name
    _prepare_path(path, create)
    info, reason, immutable = _inspect(path)
    _refuse_to_open(info, name, create, reason)
    read_only = reason is not None or not writable
    needs_upgrade = info.state is FileState.NEW or info.revision != SCHEMA_HEAD
    mode = "ro" if read_only else ("rwc" if info.state is FileState.NEW else "rw")
    if read_only and needs_upgrade and migrate_schema:
        # An older schema, opened to read: read an upgraded copy in memory; the file stays as it is.
        return _open_upgraded_copy(url, path, sqlite_uri(path, mode, immutable=immutable), reason)
    uri = sqlite_uri(path, mode, immutable=read_only and immutable)
    holder: dict[str, Database] = {}
    engine = _sqlite_engine(url, uri, read_only, holder)
    keeper: sqlite3.Connection | None = None
    try:
        keeper = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=BUSY_TIMEOUT_S,
                                 isolation_level=None)
        if not read_only:
            keeper.execute("PRAGMA wal_autocheckpoint=0")  # the store's own checkpoints only (see _on_connect)
        st = os.stat(path)
        db = make_database(engine, url, path=path, read_only=read_only,
                       read_only_reason=reason or (Text("opened for reading", "cause") if read_only else None),
                       _keeper=keeper, _identity=(st.st_dev, st.st_ino))
        if not read_only:
            _take_for_writing(db, path, keeper, info, holder)
            if backups:
                db.backups = Backups(db, second_backup_dir)
        holder["db"] = db
        if migrate_schema and not read_only and needs_upgrade:
            if info.revision is not None:
                _backup_before_upgrade(db, info.revision)
            upgrade(engine, mark=info.state is FileState.NEW)
        if db.backups is not None:
            db.backups.opened()
        return db
    except TournamentError:
        _close_failed(engine, keeper, holder)
        raise
    except Exception as exc:
        _close_failed(engine, keeper, holder)
        cause = describe_os_error(exc) if isinstance(exc, OSError) else first_line(exc)
        raise TournamentError(code="open_failed", name=name, cause=cause) from exc


def _prepare_path(path: Path, create: bool) -> None:
    """Refuse a missing file (or, to create one, a missing folder); set a WAL that is not the file's aside."""
    name = path.name
    if not path.exists() and not path.is_dir():
        if not create:
            raise NotATournamentFileError(code="no_such_tournament_file", name=name)
        if not path.parent.is_dir():
            raise TournamentError(code="create_folder_missing", path=str(path), folder=str(path.parent))
    if live_file(path) is None and wal_is_foreign(path):
        # a -wal (and -shm) left by another file at this path (deleted, moved or replaced under a program), or
        # by this file before an older copy was put back: SQLite would apply it to this file and damage it. Set
        # aside, never applied (issues 18, 35), and what it holds saved beside the file when a backup fits.
        _rescue_orphan(path, set_aside(path, "it does not belong to the file now at the path"))


def _inspect(path: Path) -> tuple[FileInfo, str | None, bool]:
    """What the file is, why it can only be read (None: it can be written) and whether it is read as
    immutable."""
    reason = read_only_reason(path)
    immutable = reason is not None and not has_live_wal(path)
    try:
        info = inspect_file(path, immutable=immutable and path.exists())
    except NotATournamentFileError:
        # A read-only place the check missed: SQLite cannot read a WAL file there without making its -shm
        # ("unable to open database file"). Read it as immutable, as a read-only place found is read.
        if immutable or not path.is_file() or has_live_wal(path):
            raise
        info = inspect_file(path, immutable=True)
        reason, immutable = Text("the folder is read-only", "cause"), True
    return info, reason, immutable


def _refuse_to_open(info: FileInfo, name: str, create: bool, reason: str | None) -> None:
    """An empty file not to create, a tournament where one is to be created, a newer schema, or a new file
    in a read-only place: refused before anything is opened."""
    if info.state is FileState.NEW and not create:
        raise NotATournamentFileError(code="file_empty", name=name)
    if info.has_tournament and create:
        raise TournamentError(code="file_has_tournament", name=name)
    if info.revision is not None and not known_revision(info.revision):
        from alembic.script import ScriptDirectory

        raise too_new(name, info.revision, ScriptDirectory.from_config(alembic_config()).get_current_head())
    if reason is not None and create:
        raise ReadOnlyDatabaseError(code="create_read_only", name=name, reason=reason)


def _take_for_writing(db: Database, path: Path, keeper: sqlite3.Connection, info: FileInfo,
                      holder: dict[str, Database]) -> None:
    """Recognised as ours (or new and ``create``): only now may the file be changed. WAL, the application
    id, the file's identity and stamp, then the guard that watches it."""
    if info.journal_mode != "wal":
        keeper.execute("PRAGMA journal_mode=WAL")
    if info.state is FileState.LEGACY:
        keeper.execute(f"PRAGMA application_id={APPLICATION_ID}")
    identity = keeper.execute("PRAGMA user_version").fetchone()[0]
    if not identity:  # a new file, or one from before identities: its own from now on
        identity = _stamp_identity(keeper)
    ensure_stamp(keeper, identity)
    db._live = hold_live(path)
    holder["db"] = db
    db._guard = FileGuard(path, db._live, identity)
    if not db._guard.stamped:
        # a new file, or one from before stamps: the main file carries the stamp only after a checkpoint;
        # until then a copy put back could not be told from it (issue 35)
        db.checkpoint()


def _rescue_orphan(path: Path, moved: list[Path]) -> Path | None:
    """A WAL set aside at opening: when it is this file's own (a crash, then an older copy put back), rebuild
    the file as its writer left it from the newest backup it follows plus the WAL (db.storage.stamp.rebuild), checked,
    as ``NAME.rescued-<UTC time>.mcr`` beside it. Said in one line either way; the WAL is kept."""
    wal = next((p for p in moved if "-wal." in p.name), None)
    if wal is None:
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.rescued-{stamp}.mcr")
    try:
        with atomic_path(target) as tmp:
            found = rebuild(wal, [b.path for b in list_backups(path)], tmp)
            if found is None:
                raise FileNotFoundError
    except (OSError, TournamentError):
        log.warning("%s: the WAL beside it did not belong to it; set aside as %s (kept: it may hold results no "
                    "backup holds)", path.name, wal.name)
        return None
    log.warning("%s: the WAL beside it did not belong to it (an older copy put back?); set aside as %s, and the "
                "file as that WAL left it (commit %d) saved as %s", path.name, wal.name, found.seq, target.name)
    return target


def _stamp_identity(keeper: sqlite3.Connection) -> int:
    """Give a file without one its identity, read again and stamped in one write transaction: two programs
    opening such a file at once must not stamp two (each would take the other's commits for a replaced
    file). Only a file without an identity waits for the write lock here; any other opens without it."""
    keeper.execute("BEGIN IMMEDIATE")
    try:
        identity = keeper.execute("PRAGMA user_version").fetchone()[0]
        if not identity:
            identity = new_identity()
            keeper.execute(f"PRAGMA user_version={identity}")
        keeper.execute("COMMIT")
    except BaseException:
        keeper.execute("ROLLBACK")
        raise
    return int(identity)


def _close_failed(engine: Engine, keeper: sqlite3.Connection | None, holder: dict[str, Database]) -> None:
    """An open that failed: its connections first, then the descriptor the store kept (db.storage.files)."""
    engine.dispose()
    if keeper is not None:
        keeper.close()
    db = holder.get("db")
    if db is not None and db._live is not None:
        release_live(db._live)
        db._live = None


def _backup_before_upgrade(db: Database, revision: str) -> None:
    """A copy of the file as the older version left it (``…-before-upgrade.mcr``, never rotated away),
    taken before the migration; when it cannot be made the file is not upgraded (and not opened)."""
    try:
        back_up(db, "upgrade")
    except (TournamentError, OSError, sqlite3.Error) as exc:
        cause = describe_os_error(exc) if isinstance(exc, OSError) else first_line(exc)
        raise BackupError(code="upgrade_backup_failed", name=db.name, revision=revision, head=SCHEMA_HEAD,
                          cause=cause) from exc


def _open_upgraded_copy(url: URL, path: Path, uri: str, reason: str | None) -> Database:
    """Open a file of an older (known) schema for reading without changing it: its content is copied into
    memory (SQLite's backup API, a consistent snapshot) and the copy migrated to this version's schema, so
    every query reads the columns it knows. Read-only (``query_only``); ``backup`` and ``save_copy`` copy
    the file itself, as the older version wrote it."""
    keeper = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    holder: dict[str, Database] = {}
    engine = _sqlite_engine(url, None, True, holder, memory=memory)
    try:
        keeper.backup(memory)
        upgrade(engine, mark=False)
        memory.execute("PRAGMA query_only=ON")
        st = os.stat(path)
    except Exception as exc:
        engine.dispose()
        memory.close()
        keeper.close()
        if isinstance(exc, TournamentError):
            raise
        cause = describe_os_error(exc) if isinstance(exc, OSError) else first_line(exc)
        raise TournamentError(code="open_failed", name=path.name, cause=cause) from exc
    db = make_database(engine, url, path=path, read_only=True,
                   read_only_reason=Joined([reason or Text("opened for reading", "cause"),
                                          Text("an older version's file, read upgraded in memory", "cause")],
                                         Text("; ", "cause.sep")), _keeper=keeper, _identity=(st.st_dev, st.st_ino))
    holder["db"] = db
    return db
