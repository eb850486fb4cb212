"""The open tournament database: its sessions, the check that the file is still the one opened, copies
of it, its automatic backups' hooks and closing. Opening one (recognition, engines, migrations) is :mod:`db.storage.store`;
a backup on demand is :func:`db.storage.backups.back_up`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session, sessionmaker

from db.errors import DatabaseFileGoneError, TournamentError
from db.storage.backups import Backups, list_backups
from db.storage.files import LiveFile, atomic_path, note_closed, note_open, release_live
from db.storage.guard import FileGuard, keep_open_forever
from db.storage.schema import BUSY_TIMEOUT_S
from db.storage.stamp import Stamp, file_stamp, integrity_ok, rebuild

# A checkpoint holds the write lock while it waits for readers: it waits this long at most, then checkpoints what
# it can (a partial one is fine: the backup that follows is newer than where the WAL starts).
CHECKPOINT_WAIT_MS = 50


@dataclass(frozen=True)
class Rescue:
    """What :meth:`Database.rescue` saved: the copy (None: none could be written), whether it passed the checks
    and holds every acknowledged commit (``acknowledged``; ``stamp``: what the copy holds), and where the rest
    is when it does not: the newest backup and the WAL set aside."""

    path: Path | None
    complete: bool
    acknowledged: int
    stamp: Stamp | None
    backup: Path | None
    wal: Path | None


@dataclass
class Database:
    """``factory``: sessions for user actions (``with db.factory.begin() as s``); ``reader``: read-only
    sessions that never wait for writers (reports, polling views).

    ``read_only``: opened for reading only (``read_only_reason`` says why); ``path``: the SQLite file
    (None for a server database); ``backups``: the automatic backups of the file (None when read-only
    or for a server database)."""

    engine: Engine
    factory: sessionmaker[Session]
    url: URL
    reader: sessionmaker[Session]
    path: Path | None = None
    read_only: bool = False
    read_only_reason: str | None = None
    backups: Backups | None = None
    # A batch writer (``results import``, ``players import``): on SQLite it waits politely for the file's
    # write lock, so interactive writers (the server's devices, a desk) get it first (db.storage.store).
    batch: bool = False
    _keeper: sqlite3.Connection | None = field(default=None, repr=False)
    _identity: tuple[int, int] | None = field(default=None, repr=False)
    _guard: FileGuard | None = field(default=None, repr=False)  # a file open for writing (db.storage.guard)
    _live: LiveFile | None = field(default=None, repr=False)
    _noted: tuple[int, int] | None = field(default=None, repr=False)  # as registered in db.storage.files.note_open
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _closed: bool = field(default=False, repr=False)
    _batch_free_until: float = field(default=0.0, repr=False)  # a batch writer's pause after its commit ends

    def __post_init__(self) -> None:
        if self.path is not None:  # read-only too: no output may be written over it (db.storage.files.refuse_output)
            self._noted = self._identity
            note_open(self._noted, self.path)

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def name(self) -> str:
        return self.path.name if self.path is not None else self.url.render_as_string(hide_password=True)

    # --- the file is still ours -----------------------------------------------------------------

    def check_file(self) -> None:
        """Raise :class:`DatabaseFileGoneError` when the path no longer names the file that was opened
        (deleted, moved, replaced). Compares device and inode; where the system reports no inode
        (st_ino 0 on some Windows file systems) only that a non-empty file is still there."""
        if self._guard is not None:
            self._guard.check()
            return
        if self.path is None or self._identity is None:
            return
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            st = None
        except OSError:
            return  # cannot tell (e.g. a network hiccup): SQLite reports real failures itself
        dev, ino = self._identity
        same = st is not None and ((st.st_dev, st.st_ino) == (dev, ino) if ino else st.st_size > 0)
        if same:
            return
        raise DatabaseFileGoneError(code="database_file_gone", name=self.path.name, replaced=st is not None)

    def _before_write(self) -> None:
        if self._closed:  # the engine would reconnect: a stale object (an old page's timer) must not write
            raise TournamentError(code="database_closed", name=self.name)
        self.check_file()
        if self.backups is not None:
            self.backups.before_write()

    # --- copies -----------------------------------------------------------------------------------

    def copy_to(self, target: Path) -> None:
        """A consistent copy of the open database written at ``target`` (an SQLite file; SQLite's
        online backup API from the connection this program holds, so it works even after the file was
        deleted). Not atomic by itself: callers write to a temporary name (db.storage.files.atomic_path)."""
        if self._keeper is None:
            raise TournamentError(code="copy_of_server")
        guard = self._guard
        if guard is not None and guard.overwritten and self.path is not None:
            # cp over the file: the connection reads the new bytes mixed with our WAL; the newest backup since
            # the last checkpoint plus the WAL hold the whole file (db.storage.stamp.rebuild; the store checkpoints only
            # right before a backup, so the newest backup is always such a one)
            wal = next((p for p in guard.set_aside if "-wal." in p.name), None)
            if wal is not None and rebuild(wal, [b.path for b in list_backups(self.path)], target,
                                           at_least=guard.acknowledged):
                return
        with self._lock:
            dst = sqlite3.connect(str(target))
            try:
                self._keeper.backup(dst)
            finally:
                dst.close()

    def save_copy(self, target: str | Path, *, overwrite: bool = False) -> Path:
        """Save everything the open connection holds to a new file ``target`` (atomically), e.g. after
        :class:`DatabaseFileGoneError`. Refuses an existing ``target`` unless ``overwrite``; never the
        open file itself."""
        out = Path(target).expanduser().resolve()
        if self.path is not None and out == self.path.resolve():
            raise TournamentError(code="copy_is_open_file", name=out.name)
        if out.exists() and not overwrite:
            raise TournamentError(code="copy_exists", name=out.name)
        with atomic_path(out) as tmp:
            self.copy_to(tmp)
        return out

    def read_rows(self, sql: str) -> list[tuple[Any, ...]]:
        """The rows of a plain read on the connection this program holds on the file (the automatic backups'
        checks, which must not open a session inside a write's hooks); [] for a server database or once
        closed. SQLite's errors are raised."""
        with self._lock:
            return [] if self._keeper is None else self._keeper.execute(sql).fetchall()

    def rescue(self) -> Rescue | None:
        """After the file was deleted, moved or replaced: save what this program holds beside it as
        ``event.mcr.rescued-<UTC time>.mcr``, then check it (``integrity_check``, the file's identity, and every
        commit this program acknowledged in it) before it is announced. None when the file is fine or this is
        no file; otherwise what was saved and whether it is complete, with the newest backup and the set-aside
        WAL to name when it is not."""
        guard = self._guard
        if guard is None or guard.gone is None or self.path is None:
            return None
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        try:
            saved: Path | None = self.save_copy(self.path.with_name(f"{self.path.name}.rescued-{stamp}.mcr"))
        except (TournamentError, OSError, sqlite3.Error):
            saved = None
        return self.check_copy(saved)

    def check_copy(self, saved: Path | None) -> Rescue:
        """Whether ``saved`` (a copy written by :meth:`save_copy`) passes ``integrity_check``, is this file and
        holds every commit this program acknowledged; with the newest backup and the WAL set aside, to name
        when it does not."""
        guard = self._guard
        acknowledged = guard.acknowledged if guard is not None else 0
        backups = list_backups(self.path) if self.path is not None else []
        wal = next((p for p in guard.set_aside if "-wal." in p.name), None) if guard is not None else None
        have = file_stamp(saved) if saved is not None else None
        ok = saved is not None and integrity_ok(saved) and have is not None \
            and (guard is None or have.identity in (0, guard.identity)) and have.seq >= acknowledged
        return Rescue(saved, ok, acknowledged, have, backups[-1].path if backups else None, wal)

    def check_problem(self) -> str | None:
        """SQLite's ``quick_check`` of the open file through the connection this program holds: None when it
        passes (or this is no file), else its first finding in one line (``serve`` says it before it starts)."""
        if self._keeper is None:
            return None
        try:
            rows = self.read_rows("PRAGMA quick_check")
        except sqlite3.DatabaseError as exc:
            return " ".join(str(exc).split())
        return None if rows == [("ok",)] else " ".join(str(rows[0][0]).split())[:200]

    def checkpoint(self) -> bool:
        """Write the WAL's commits into the file and restart the WAL (``TRUNCATE``), this program's own
        checkpoint: the store takes one right before each automatic backup (SQLite's automatic ones are off),
        so the file changes only when the guard knows, and the newest backup plus the WAL always hold the whole
        file. Waits :data:`CHECKPOINT_WAIT_MS` at most for other connections; True when it was complete."""
        guard = self._guard
        if self._keeper is None or guard is None or guard.gone is not None or self._closed:
            return False
        # The guard's lock across the checkpoint: it is checked right before (our WAL must never go into a file
        # put back under us), and no other thread's check reads the file half written by it.
        with guard.lock, self._lock:
            try:
                guard.refresh()
            except TournamentError:
                return False
            try:
                self._keeper.execute(f"PRAGMA busy_timeout={CHECKPOINT_WAIT_MS}")
                busy, _log, _done = self._keeper.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            except sqlite3.Error:
                busy = 1
            finally:
                with contextlib.suppress(sqlite3.Error):
                    self._keeper.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
            guard.refresh()
        return not busy

    def close(self) -> None:
        """Close the database. A file written since its last backup gets one first (the app calls this
        when it closes; a failed backup never stops the closing)."""
        if self._closed:
            return
        self._closed = True
        try:
            if self.backups is not None and not (self._guard is not None and self._guard.overwritten):
                self.backups.on_close()
        finally:
            if self._guard is not None:
                # SQLite's last close checkpoints this WAL into the file: only into the file this program wrote
                with contextlib.suppress(TournamentError):
                    self._guard.refresh()
            gone = self._guard is not None and self._guard.gone is not None
            if gone and self._keeper is not None:
                # Never SQLite's last close of an abandoned file: it would checkpoint this WAL into whatever
                # the descriptor names and delete the -wal/-shm at the path by name (db.storage.guard).
                keep_open_forever(self._keeper)
            self.engine.dispose()
            if self._keeper is not None and not gone:
                with self._lock:
                    self._keeper.close()
            self._keeper = None
            if self._live is not None:
                release_live(self._live)  # after SQLite's connections: closing our descriptor drops nothing
                self._live = None
            note_closed(self._noted)
            self._noted = None

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def make_database(engine: Engine, url: URL, **kw: Any) -> Database:
    """The Database over ``engine``: write sessions, and read-only ones that never wait for a writer."""
    reader = sessionmaker(engine.execution_options(mcr_read_only=True), expire_on_commit=False)
    db = Database(engine, sessionmaker(engine, expire_on_commit=False), url, reader, **kw)

    @event.listens_for(db.factory, "after_commit")
    def _after_commit(_s: Session) -> None:
        # the commit went into the WAL this program writes: it counts only if that is still the file's
        if db._guard is not None:
            db._guard.check(committed=True)

    return db
