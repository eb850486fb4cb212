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
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from db.errors import DatabaseFileGoneError
from db.files import LiveFile
from db.schema import parse_header

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
        self.check_reads = False  # `serve`: every read checks too, so a gone file answers 503 at once
        self.on_gone: Callable[[DatabaseFileGoneError], object] | None = None

    def check(self) -> None:
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
            set_aside(self.path, problem)  # ours, beside a file it does not belong to (any more)
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
