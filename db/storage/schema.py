"""What a tournament database is, before any session: its address (``to_url``), the migrations, their head
and running them, the SQLite file marker and tables, and recognising a tournament file through a
read-only connection that writes nothing (``inspect_file``). ``db.storage.store`` opens databases with it; ``db.storage.backups`` and ``db.storage.transfer`` use it
without needing the store."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path, PurePath, PureWindowsPath
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import URL, make_url

from db.errors import DamagedDatabaseError, NotATournamentFileError, SchemaTooNewError, TournamentError
from db.storage.files import TOURNAMENT_MARK, WAL_MAGICS, describe_os_error, live_file
from texts import Text

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# The newest migration's revision. Kept here so opening an up-to-date database needs no Alembic import
# (a test checks it matches the scripts).
SCHEMA_HEAD = "0008"
# SQLite header field ``application_id``: 'MCRR'. Set by ``init``; marks a file as a tournament.
APPLICATION_ID = TOURNAMENT_MARK  # 0x4D435252 (db.storage.files reads it in headers too)
# The tables of a tournament file (besides ``alembic_version``): how a file from before the marker
# is recognised.
TOURNAMENT_TABLES = frozenset({"tournament", "players", "session_tables", "seats", "hands", "penalties",
                               "audit_log"})
BUSY_TIMEOUT_S = 30


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


def first_line(exc: BaseException) -> str:
    """An exception's message cut to its first line, without SQLAlchemy's SQL and help-link lines."""
    orig = getattr(exc, "orig", None)  # sqlalchemy.exc.DBAPIError: the driver's own message
    msg = str(orig if orig is not None else exc).strip()
    line = msg.splitlines()[0].strip() if msg else type(exc).__name__
    return line.split(" [SQL:")[0].split("(Background on this error")[0].strip()


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
            raise TournamentError(code="database_url_invalid", url=text, problem=first_line(exc)) from exc
    # URL.create, not a parsed string: a file name may contain '?' or '#'.
    return URL.create("sqlite", database=str(Path(text).expanduser().resolve()))


# ----------------------------------------------------------------------------------- recognition


class FileState(Enum):
    NEW = "new"  # does not exist, 0 bytes, or an SQLite database without any table
    OURS = "ours"  # carries APPLICATION_ID
    LEGACY = "legacy"  # from before the marker: our tables and a version row


@dataclass(frozen=True)
class FileInfo:
    state: FileState
    revision: str | None = None
    journal_mode: str | None = None
    has_tournament: bool = False


def sqlite_uri(path: PurePath, mode: str, immutable: bool = False) -> str:
    """``file:///abs/path?mode=…``; on Windows ``file:///C:/…`` and ``file:////server/share/…`` (an empty
    authority, then the UNC path), without the extended-length prefix of a long resolved path, which SQLite
    does not take. Spaces, ``?``, ``#``, ``%`` and non-ASCII letters (as UTF-8) are quoted."""
    if isinstance(path, PureWindowsPath):
        text = str(path)
        if text.startswith("\\\\?\\UNC\\"):
            text = "\\\\" + text[8:]
        elif text.startswith("\\\\?\\"):
            text = text[4:]
        posix = PureWindowsPath(text).as_posix()
    else:
        posix = path.as_posix()
    uri = "file://" + quote(posix if posix.startswith("/") else "/" + posix, safe="/:")
    return uri + f"?mode={mode}" + ("&immutable=1" if immutable else "")


def read_only_reason(path: Path) -> str | None:
    """Why this program cannot write ``path`` (an existing file), or None when it can."""
    folder = path.parent
    try:
        if os.name == "posix" and os.statvfs(folder).f_flag & os.ST_RDONLY:
            return Text("the medium is read-only", "cause")
    except OSError:
        pass
    if path.exists() and not os.access(path, os.W_OK):
        return Text("the file is read-only", "cause")
    if not os.access(folder, os.W_OK):
        return Text("the folder is read-only", "cause")
    return _probe_folder(folder)


ERROR_WRITE_PROTECT = 19  # Windows: "The media is write protected."


def _probe_folder(folder: Path) -> str | None:
    """Create and delete a temporary file in ``folder``: on Windows ``os.access`` says yes to every folder,
    a write-protected stick and a read-only share included, and there is no ``statvfs``."""
    try:
        fd, name = tempfile.mkstemp(prefix=".mcr-probe-", dir=folder)
    except PermissionError as exc:
        return Text("the medium is read-only", "cause") if getattr(exc, "winerror", None) == ERROR_WRITE_PROTECT \
            else Text("the folder is read-only", "cause")
    except OSError as exc:
        # anything else (a folder that is gone, …) is not "read-only": opening the file says what it is
        return Text("the medium is read-only", "cause") if exc.errno == errno.EROFS else None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)
    return None


def has_live_wal(path: Path) -> bool:
    wal = Path(str(path) + "-wal")
    try:
        return wal.stat().st_size > 0
    except OSError:
        return False


def inspect_file(path: Path, *, immutable: bool = False) -> FileInfo:
    """Recognise ``path`` through a read-only connection that writes nothing. Raises a one-line
    :class:`NotATournamentFileError` / :class:`DamagedDatabaseError` for anything not a tournament."""
    name = path.name
    if path.is_dir():
        raise NotATournamentFileError(code="file_is_folder", name=name)
    if not path.exists():
        return FileInfo(FileState.NEW)
    try:
        size = path.stat().st_size
        if size == 0:
            return FileInfo(FileState.NEW)
        live = live_file(path)
        if live is not None:  # open here already: its header through our descriptor, never a second open()
            header = (live.header() or b"SQLite format 3\x00")[:16]
        else:
            with open(path, "rb") as f:
                header = f.read(16)
    except OSError as exc:
        raise NotATournamentFileError(code="file_cannot_read", name=name, cause=describe_os_error(exc)) from exc
    if header != b"SQLite format 3\x00":
        raise NotATournamentFileError(code="not_sqlite", name=name)
    try:
        con = sqlite3.connect(sqlite_uri(path, "ro", immutable), uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as exc:
        raise NotATournamentFileError(code="file_cannot_read", name=name, cause=first_line(exc)) from exc
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        journal = con.execute("PRAGMA journal_mode").fetchone()[0]
        rows: list[Any] = []
        if "alembic_version" in tables:
            rows = con.execute("SELECT version_num FROM alembic_version").fetchall()
        has_tournament = "tournament" in tables and con.execute("SELECT 1 FROM tournament").fetchone() is not None
    except sqlite3.DatabaseError as exc:
        raise NotATournamentFileError(code="sqlite_unreadable", name=name, problem=first_line(exc)) from exc
    finally:
        con.close()
    ours = app_id == APPLICATION_ID
    if not ours and app_id != 0:
        raise NotATournamentFileError(code="other_program_file", name=name)
    if not ours and not tables:
        return FileInfo(FileState.NEW)
    if not ours and not tables >= TOURNAMENT_TABLES:
        raise NotATournamentFileError(code="other_program_database", name=name)
    if len(rows) != 1 or not rows[0][0]:
        raise DamagedDatabaseError(code="damaged_database", name=name)
    return FileInfo(FileState.OURS if ours else FileState.LEGACY, str(rows[0][0]), str(journal), has_tournament)


# ------------------------------------------------------------------------------------ migrations


def current_revision(engine: Engine) -> str | None:
    with engine.connect().execution_options(mcr_read_only=True) as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def too_new(name: str, rev: str, head: str | None) -> SchemaTooNewError:
    return SchemaTooNewError(code="schema_too_new", name=name, revision=rev, head=head)


def known_revision(rev: str) -> bool:
    if rev == SCHEMA_HEAD:
        return True
    from alembic.script import ScriptDirectory

    try:
        ScriptDirectory.from_config(alembic_config()).get_revision(rev)
    except Exception:  # noqa: BLE001 - alembic raises CommandError / ResolutionError
        return False
    return True


def upgrade(engine: Engine, *, mark: bool) -> None:
    """Run the migrations to head in one transaction (the caller made sure it is needed)."""
    from alembic import command

    cfg = alembic_config()
    with engine.begin() as conn:
        if mark:
            conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def migrate(engine: Engine, url: URL) -> None:
    """Bring a server database's schema to head; refuse a schema this program does not know."""
    rev = current_revision(engine)
    if rev == SCHEMA_HEAD:
        return
    if rev is not None and not known_revision(rev):
        from alembic.script import ScriptDirectory

        raise too_new(url.render_as_string(hide_password=True), rev,
                       ScriptDirectory.from_config(alembic_config()).get_current_head())
    if rev is not None and rev == head_revision():
        return
    upgrade(engine, mark=False)


# ------------------------------------------------------------------------ whose WAL is it



@dataclass(frozen=True)
class Header:
    """The fields of a tournament file's SQLite header the store checks: the change counter (offset 24;
    our writers change page 1 in every transaction, so it grows with each commit) and ``user_version``
    (offset 60: the file's random identity, :func:`new_identity`)."""

    counter: int
    identity: int


def parse_header(data: bytes | None) -> Header | None:
    if not data or len(data) < 64 or data[:16] != b"SQLite format 3\x00":
        return None
    return Header(int.from_bytes(data[24:28], "big"), int.from_bytes(data[60:64], "big", signed=True))


def new_identity() -> int:
    """A random identity for a new file (``PRAGMA user_version``, never 0: 0 means "none yet")."""
    import secrets

    return secrets.randbelow(2**31 - 2) + 1


@dataclass(frozen=True)
class WalPages:
    """What a WAL file says about the file it belongs to: its valid page-1 frames' headers (oldest first)."""

    frames: int  # valid frames (the header's salts), committed or not
    page1: tuple[Header, ...]


def wal_header(head: bytes) -> tuple[int, bytes] | None:
    """A WAL header's page size and salts (the frames that count carry the same salts), or None when ``head``
    (its first 32 bytes) is no WAL header."""
    if len(head) < 32 or head[:4] not in WAL_MAGICS:
        return None
    size = int.from_bytes(head[8:12], "big")
    size = 65536 if size == 1 else size
    if size < 512 or size & (size - 1):
        return None
    return size, head[16:24]


def read_wal(wal: Path) -> WalPages | None:
    """The page-1 frames of ``wal`` (a -wal file NOT open in this process), or None when it is empty or not
    a WAL. Frames count while their salts match the header's (as SQLite's recovery reads them)."""
    try:
        with open(wal, "rb") as f:
            geometry = wal_header(f.read(32))
            if geometry is None:
                return None
            size, salts = geometry
            frames, page1 = 0, []
            while True:
                f.seek(32 + frames * (24 + size))
                fh = f.read(24)
                if len(fh) < 24 or fh[8:16] != salts:
                    break
                if int.from_bytes(fh[:4], "big") == 1:
                    found = parse_header(f.read(100))
                    if found is not None:
                        page1.append(found)
                frames += 1
    except OSError:
        return None
    return WalPages(frames, tuple(page1))


def wal_is_orphan(path: Path) -> bool:
    """Whether the -wal beside ``path`` (neither open in this process) belongs to another file: the file at
    ``path`` is gone or empty, carries another identity, or is older than the WAL's first transaction
    (its change counter below it: a copy put back over the file). Then SQLite must not apply it. The WAL is
    read before the file, so a checkpoint by another program in between only makes the file newer."""
    wal = read_wal(Path(str(path) + "-wal"))
    if wal is None or wal.frames == 0:
        return False
    try:
        with open(path, "rb") as f:
            main = parse_header(f.read(100))
    except OSError:
        main = None
    if main is None:
        return True
    ids = {h.identity for h in wal.page1 if h.identity}
    if main.identity and ids and main.identity not in ids:
        return True
    return bool(wal.page1) and main.counter < wal.page1[0].counter - 1
