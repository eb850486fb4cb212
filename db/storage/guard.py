"""The check that a tournament file open for writing is still the one on disk, with the WAL this program
writes (docs/data-safety.md "The file on disk is the one written").

Before every write transaction and after its commit the store asks :meth:`FileGuard.check`:

- the path still names the file that was opened (device and inode: not deleted, moved or replaced by ``mv``);
- its content, read through the descriptor the store keeps (:class:`db.storage.files.LiveFile`, never a second
  ``open()``), is still this file at least as new as last seen: only a checkpoint writes the main file of a
  WAL database, so when ``fstat`` and the header show no change that is all; otherwise the file's own commit
  sequence (:mod:`db.storage.stamp`) is read from its bytes and must carry the file's identity and not have gone back
  (a ``cp`` of another file, or of an older copy of this one, over the same inode; SQLite's change counter
  does not tell, it does not count commits in WAL mode);
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
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from db.errors import DatabaseFileGoneError
from db.storage.files import HEADER_SIZE, LiveFile
from db.storage.schema import parse_header
from db.storage.stamp import stamp_and_root

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


@dataclass(frozen=True)
class Seen:
    """The main file as last verified: what ``fstat`` said, its header, the page that holds its stamp (read
    again at every check: a copy with another sequence differs there, whatever the file times say), and the
    stamp itself."""

    size: int
    mtime_ns: int
    ctime_ns: int
    header: bytes
    seq: int
    counter: int  # SQLite's change counter: it never goes back either (an extra test)
    root: int | None  # the stamp's page, None while the main file has none yet
    root_page: bytes
    at_ns: int  # when it was verified (wall clock, as the file's times)

    def same(self, st: os.stat_result, header: bytes | None, root_page: bytes) -> bool:
        """Nothing wrote the file since: its size, times, header and stamp page as they were, and the times not
        so close to the verification that a write in the same clock tick could hide (the kernel's file times
        are coarse: "racy" as git calls it, then the content is read again)."""
        return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, header, root_page) == (
            self.size, self.mtime_ns, self.ctime_ns, self.header, self.root_page) \
            and self.at_ns - st.st_ctime_ns > RACY_NS


RACY_NS = 100_000_000  # 0.1 s: well over the kernel's coarse clock tick (1-10 ms)
DEEP_TRIES = 4  # a checkpoint by another program may be under way: read the content again before judging
DEEP_PAUSE_S = 0.05


class FileGuard:
    """The identity of one file open for writing and the check of it (see the module doc)."""

    def __init__(self, path: Path, live: LiveFile | None, identity: int) -> None:
        self.path = path
        self.live = live
        self.identity = identity
        self.wal = _key(wal_path(path))
        self.seen: Seen | None = None
        self.gone: DatabaseFileGoneError | None = None
        # cp over the same inode: what the connection reads mixes the new bytes with our WAL, so no automatic
        # backup is taken from it any more (a backup named after the file must be a consistent one)
        self.overwritten = False
        self.set_aside: list[Path] = []  # our -wal and -shm, renamed when the file went
        self.check_reads = False  # `serve`: every read checks too, so a gone file answers 503 at once
        self.on_gone: Callable[[DatabaseFileGoneError], object] | None = None
        self.acknowledged = 0  # the newest commit sequence whose check after the commit passed
        self.highest = 0  # the newest commit sequence this program stamped: a later stamp must be above it
        self._pending = threading.local()  # the sequence of the commit this thread is making
        # One check at a time: two threads must not verify the content at once, nor one record a baseline
        # older than the other's (`serve` checks on each of its threads); held across this program's own
        # checkpoint too, so no check reads the file half written by it.
        self.lock = threading.RLock()
        with self.lock:
            live = self.live
            if self._verify_content(force=True) is not None and live is not None and live.fd is not None:
                # SQLite opened it, so it is the file: its bytes as they are are the baseline (seq 0)
                st = os.fstat(live.fd)
                head = live.header() or b""
                parsed = parse_header(head)
                self.seen = Seen(st.st_size, st.st_mtime_ns, st.st_ctime_ns, head, 0,
                                 parsed.counter if parsed is not None else 0, None, b"", 0)

    @property
    def stamped(self) -> bool:
        """Whether the main file itself carries the stamp yet (False: a new file, or one from before stamps,
        until its first checkpoint)."""
        return self.seen is not None and self.seen.root is not None

    def committing(self, seq: int | None) -> None:
        """This thread's write transaction stamped ``seq`` (db.storage.stamp.bump) and is about to commit. A sequence not
        above the newest this program stamped means the file went back under it (an older copy put back after
        another program's checkpoint): the commit is refused and the file abandoned."""
        self._pending.seq = seq
        if seq is None:
            return
        with self.lock:
            if self.gone is None and seq <= self.highest:
                self._abandon(f"overwritten (the commit sequence went back: {seq} after {self.highest})")
            self.highest = max(self.highest, seq)

    def check(self, *, committed: bool = False) -> None:
        """Raise :class:`DatabaseFileGoneError` when the file is no longer the one written. ``committed``: the
        check after this thread's commit: when it passes, that commit counts as acknowledged."""
        with self.lock:
            self._check()
            if committed:
                seq = getattr(self._pending, "seq", None)
                self._pending.seq = None
                if seq is not None:
                    self.acknowledged = max(self.acknowledged, seq)

    def forget_pending(self) -> None:
        """This thread's write transaction was rolled back: its stamp never counts."""
        self._pending.seq = None

    def refresh(self) -> None:
        """After this program's own checkpoint: read the content again and take it as the new baseline (it
        must still be this file, at least as new as before)."""
        with self.lock:
            if self.gone is None:
                self._check(force=True)

    def _check(self, force: bool = False) -> None:
        if self.gone is not None:
            raise self.gone
        problem = self._problem(force)
        if problem is None:
            return
        self._abandon(problem)

    def _abandon(self, problem: str) -> None:
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

    def _problem(self, force: bool = False) -> str | None:
        key = _key(self.path)
        if key is None:
            return "deleted"
        if self.live is not None and key != (self.live.dev, self.live.ino):
            return "replaced (another file at the path)"
        if self.live is not None and self.live.fd is not None:  # no descriptor on Windows: no content check
            problem = self._verify_content(force)
            if problem is not None:
                return problem
        wal = _key(wal_path(self.path))
        if self.wal is None:
            self.wal = wal
        elif wal != self.wal:
            return "WAL not ours"  # another program checkpointed and deleted the WAL this program writes
        return None

    def _verify_content(self, force: bool = False) -> str | None:
        """The main file's bytes are still this file's, at least as new as last seen. Only a checkpoint
        (ours or another program's) writes them while the file is open: when ``fstat``, the header and the
        stamp's page say nothing changed that is all (a few microseconds); otherwise the whole content is read
        through the kept descriptor and its stamp compared (db.storage.stamp)."""
        live = self.live
        if live is None or live.fd is None:
            return None
        head = live.header()
        parsed = parse_header(head)
        if parsed is None or parsed.identity not in (0, self.identity):
            return "overwritten (another file's content)"
        try:
            st = os.fstat(live.fd)
        except OSError:
            return None  # cannot tell: SQLite reports real failures itself
        seen = self.seen
        if not force and seen is not None and seen.same(st, head, self._root_page(seen.root)):
            return None
        stamp, image = None, None
        for attempt in range(DEEP_TRIES):
            if attempt:
                time.sleep(DEEP_PAUSE_S)
            st = os.fstat(live.fd)
            image = live.content()
            stamp, root = stamp_and_root(image) if image is not None else (None, None)
            steady = os.fstat(live.fd)
            if (steady.st_size, steady.st_mtime_ns) != (st.st_size, st.st_mtime_ns):
                continue  # written while it was read (a checkpoint under way): read again
            if stamp is not None and stamp.identity in (0, self.identity) and \
                    (seen is None or stamp.seq >= seen.seq):
                break
        if stamp is None or image is None or stamp.identity not in (0, self.identity):
            return "overwritten (another file's content)"
        if seen is not None and stamp.seq < seen.seq:
            return f"overwritten (an older copy: commit {stamp.seq}, the file was at {seen.seq})"
        now = parse_header(image[:HEADER_SIZE])
        counter = now.counter if now is not None else 0
        if seen is not None and counter < seen.counter:
            return f"overwritten (an older copy: change counter {counter}, the file was at {seen.counter})"
        self.seen = Seen(st.st_size, st.st_mtime_ns, st.st_ctime_ns, image[:HEADER_SIZE], stamp.seq, counter,
                         root, self._page_of(image, root), time.time_ns())
        return None

    def _root_page(self, root: int | None) -> bytes:
        """The stamp's page as the file holds it now (b"" when the file has none yet)."""
        if root is None or self.live is None or self.live.fd is None:
            return b""
        size = self._page_size()
        try:
            return os.pread(self.live.fd, size, (root - 1) * size)
        except OSError:
            return b""

    def _page_size(self) -> int:
        head = self.seen.header if self.seen is not None else b""
        size = int.from_bytes(head[16:18], "big") if len(head) >= 18 else 4096
        return 65536 if size == 1 else (size or 4096)

    @staticmethod
    def _page_of(image: bytes, root: int | None) -> bytes:
        if root is None:
            return b""
        size = int.from_bytes(image[16:18], "big")
        size = 65536 if size == 1 else size
        return image[(root - 1) * size: root * size]
