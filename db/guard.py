"""The check that a tournament file open for writing is still the one on disk, with the WAL this program
writes (issue 18, docs/data-safety.md "The file on disk is the one written").

Before every write transaction and after its commit the store asks :meth:`FileGuard.check`:

- the path still names the file that was opened (device and inode: not deleted, moved or replaced by ``mv``);
- its header, read through the descriptor the store keeps (:class:`db.files.LiveFile`, never a second
  ``open()``), still carries the file's identity (``user_version``, random, set at creation or at the first
  write open) and a change counter that never went back (a ``cp`` of another file, or of an older copy of this
  one, over the same inode);
- the ``-wal`` at the path is still the one this program's connections write (not deleted by another
  program's checkpoint after this program's locks were lost: the split brain).

When one fails the file is *abandoned*: every later write is refused (``database_file_gone``), the WAL this
program wrote is renamed aside when it still sits at the path (so it is never applied to the file now there),
and its connections are never closed by SQLite's rules (closing the last one would checkpoint this WAL into
whatever file the descriptor names and delete the -wal/-shm by *name*): the process keeps them till it ends.
What they hold is saved with ``Database.save_copy`` / :meth:`Database.rescue`.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from db.errors import DatabaseFileGoneError
from db.files import LiveFile
from db.schema import WAL_MAGIC, Header, parse_header

log = logging.getLogger(__name__)


def _key(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def wal_path(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def set_aside(path: Path, reason: str) -> list[Path]:
    """Rename ``path``'s -wal and -shm to ``NAME-wal.orphan-<UTC time>`` (never deleted: they may hold the
    only copy of some hands); returns the new names."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    moved = []
    for part in ("-wal", "-shm"):
        src = path.with_name(path.name + part)
        dst = path.with_name(f"{path.name}{part}.orphan-{stamp}")
        try:
            os.rename(src, dst)
        except FileNotFoundError:
            continue
        except OSError as exc:
            log.warning("could not set %s aside: %s", src, exc)
            continue
        moved.append(dst)
        log.warning("%s: %s set aside as %s (%s)", path.name, src.name, dst.name, reason)
    return moved


def keep_open_forever(conn: sqlite3.Connection) -> None:
    """Never let Python close ``conn`` (not even at exit): an extra reference that is never dropped. The
    kernel closes its descriptors when the process ends, without SQLite's checkpoint-and-delete."""
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(conn))


class FileGuard:
    """The identity of one file open for writing and the check of it (see the module doc)."""

    def __init__(self, path: Path, live: LiveFile | None, identity: int) -> None:
        self.path = path
        self.live = live
        self.identity = identity
        self.wal = _key(wal_path(path))
        head = parse_header(live.header()) if live is not None else None
        self.counter = head.counter if head is not None else 0
        self.gone: DatabaseFileGoneError | None = None
        # cp over the same inode: what the connection reads mixes the new bytes with our WAL, so no automatic
        # backup is taken from it any more (a backup named after the file must be a consistent one)
        self.overwritten = False
        self.set_aside: list[Path] = []  # our -wal and -shm, renamed when the file went
        self.check_reads = False  # `serve`: every read checks too, so a gone file answers 503 at once
        self.on_gone: Callable[[DatabaseFileGoneError], object] | None = None
        # One check at a time: a check that read the header before a checkpoint moved its counter on must not
        # compare after another thread's check recorded the newer counter (it saw "a counter that went back"
        # and abandoned a healthy file: `serve` checks on each of its threads).
        self._lock = threading.RLock()

    def check(self) -> None:
        with self._lock:
            self._check()

    def _check(self) -> None:
        if self.gone is not None:
            raise self.gone
        problem = self._problem()
        if problem is None:
            return
        self.overwritten = problem.startswith("overwritten")
        self.gone = DatabaseFileGoneError(code="database_file_gone", name=self.path.name,
                                          replaced=problem != "deleted")
        log.error("%s: %s while open: nothing more is written to it", self.path, problem)
        if self.live is not None:
            self.live.abandoned = True
        if problem != "WAL not ours" and self.wal is not None and _key(wal_path(self.path)) == self.wal:
            self.set_aside = set_aside(self.path, problem)  # ours, beside a file it no longer belongs to
        if self.on_gone is not None:
            with contextlib.suppress(Exception):
                self.on_gone(self.gone)
        raise self.gone

    def _problem(self) -> str | None:
        key = _key(self.path)
        if key is None:
            return "deleted"
        if self.live is not None and key != (self.live.dev, self.live.ino):
            return "replaced (another file at the path)"
        if self.live is not None and self.live.fd is not None:  # no descriptor on Windows: no header check
            head = parse_header(self.live.header())
            if head is None or (head.identity not in (0, self.identity)) or head.counter < self.counter:
                return "overwritten (another file's content)"
            self.counter = head.counter
        wal = _key(wal_path(self.path))
        if self.wal is None:
            self.wal = wal
        elif wal != self.wal:
            return "WAL not ours"  # another program checkpointed and deleted the WAL this program writes
        return None


def wal_frames(wal: Path) -> tuple[int, dict[int, bytes], int, Header | None] | None:
    """The committed frames of ``wal`` as SQLite's recovery reads them (salts match the header, up to the last
    commit frame): (page size, {page: its newest image}, pages in the database after the last commit, the
    first page-1 frame's header). None when it holds no commit."""
    with open(wal, "rb") as f:
        head = f.read(32)
        if len(head) < 32 or int.from_bytes(head[:4], "big") not in WAL_MAGIC:
            return None
        size = int.from_bytes(head[8:12], "big")
        size = 65536 if size == 1 else size
        salts = head[16:24]
        pending: dict[int, bytes] = {}
        pages: dict[int, bytes] = {}
        db_pages = 0
        first: Header | None = None
        while True:
            fh = f.read(24)
            if len(fh) < 24 or fh[8:16] != salts:
                break
            data = f.read(size)
            if len(data) < size:
                break
            pgno, commit = int.from_bytes(fh[:4], "big"), int.from_bytes(fh[4:8], "big")
            pending[pgno] = data
            if pgno == 1 and first is None:
                first = parse_header(data)
            if commit:
                pages.update(pending)
                pending.clear()
                db_pages = commit
    return (size, pages, db_pages, first) if db_pages else None


def rebuild(wal: Path, backups: list[Path], target: Path) -> bool:
    """Write at ``target`` the file as this program last committed it, from the newest backup taken since the
    WAL's first commit (its change counter at least the one before it, the same identity) with the WAL's
    frames applied over it, as a checkpoint does. For a file overwritten by ``cp``: the connection then reads
    a mix of the new bytes and the WAL, but the backup and the WAL hold the whole file. False when no backup
    fits (the caller copies from the connection instead)."""
    try:
        found = wal_frames(wal)
    except OSError:
        return False
    if found is None or found[3] is None:
        return False
    size, pages, db_pages, first = found
    for backup in reversed(backups):  # newest first
        try:
            base = backup.read_bytes()
        except OSError:
            continue
        head = parse_header(base[:100])
        if head is None or head.identity not in (0, first.identity) or head.counter < first.counter - 1 \
                or int.from_bytes(base[16:18], "big") not in (size, 1 if size == 65536 else size):
            continue
        image = bytearray(base[: db_pages * size].ljust(db_pages * size, b"\0"))
        for pgno, data in pages.items():
            if pgno <= db_pages:
                image[(pgno - 1) * size: pgno * size] = data
        target.write_bytes(bytes(image))
        con = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
        try:
            ok = con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        except sqlite3.Error:
            ok = False
        finally:
            con.close()
        if ok:
            return True
    return False
