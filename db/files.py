"""Atomic file outputs: a kill or a full disk leaves the previous file as it was.

``write_atomic(path, data)`` writes ``data`` (bytes, text, or a function that writes to a binary file)
to a temporary file in the same folder, flushes and fsyncs it, then renames it over ``path``
(``os.replace``, atomic on POSIX and Windows) and fsyncs the folder. ``atomic_path(path)`` does the
same for writers that need a file name (SQLite's backup API). A failure removes the temporary file and
raises :class:`db.errors.OutputError` with one line naming the file and the cause::

    could not write results.json: no space left on device
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from db.errors import OutputError

Writer = Callable[[BinaryIO], None]


# Windows: the file is open in another program (Excel, Acrobat, a virus scanner, another instance).
SHARING_VIOLATION, LOCK_VIOLATION = 32, 33
IN_USE = "another program has the file open: close it there and try again"
REPLACE_TRIES = 10  # os.replace onto a file another program holds: about 1 s in all before giving up
REPLACE_PAUSE_S = 0.1


class FileInUseError(PermissionError):
    """Windows refused to replace a file: another program has it open (WinError 5, 32 or 33)."""


def in_use(exc: BaseException) -> bool:
    """Whether ``exc`` is Windows refusing a file another program has open."""
    return isinstance(exc, FileInUseError) or (
        isinstance(exc, PermissionError) and getattr(exc, "winerror", None) in (SHARING_VIOLATION, LOCK_VIOLATION))


def describe_os_error(exc: BaseException) -> str:
    """The cause of an OSError (or SQLite's I/O errors) in words, lower case, no errno number."""
    if isinstance(exc, OSError):
        if in_use(exc):
            return IN_USE
        if exc.errno == errno.ENOSPC:
            return "no space left on device"
        if exc.errno == errno.EROFS:
            return "the medium is read-only"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "permission denied"
        text = exc.strerror or str(exc)
    elif isinstance(exc, sqlite3.Error):
        text = str(exc)
        if "disk is full" in text:
            return "no space left on device"
        if "readonly" in text:
            return "the medium is read-only"
    else:
        text = str(exc)
    text = text.splitlines()[0] if text else type(exc).__name__
    return text[:1].lower() + text[1:]


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY if os.name == "posix" else os.O_RDWR)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def replace(src: Path, dst: Path) -> None:
    """``os.replace``, tried again for about a second while Windows says another program has ``dst`` open
    (a virus scanner lets go within moments; Excel does not, and then the error says to close it there)."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(src, dst)
            return
        except PermissionError as exc:
            # MoveFileEx says WinError 5 (access denied) for a target open in another program, 32 or 33
            # for some; POSIX never refuses to replace an open file
            if not (in_use(exc) or getattr(exc, "winerror", None) == 5) or not dst.exists():
                raise
            if attempt == REPLACE_TRIES - 1:
                raise FileInUseError(exc.errno, exc.strerror, str(dst)) from exc
            time.sleep(REPLACE_PAUSE_S)


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends without error the file written there
    is fsynced and renamed over ``path``. On any error the temporary file is removed and ``path`` is
    left as it was."""
    target = Path(path)
    refuse_live(target)
    folder = target.resolve().parent
    if not folder.is_dir():
        raise OutputError(code="output_folder_missing", name=target.name, folder=str(folder))
    tmp = _temp_name(folder / target.name)
    try:
        tmp.unlink(missing_ok=True)
        yield tmp
        _fsync_file(tmp)
        replace(tmp, target)
    except (OSError, sqlite3.Error) as exc:
        tmp.unlink(missing_ok=True)
        raise OutputError(code="output_failed", name=target.name, cause=describe_os_error(exc)) from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_folder(folder)


def write_atomic(path: str | Path, data: bytes | str | Writer, *, encoding: str = "utf-8") -> Path:
    """Write ``data`` to ``path`` atomically (see the module doc); returns ``path``.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> write_atomic(d / "a.txt", "one").read_text(), write_atomic(d / "a.txt", b"two").read_text()
    ('one', 'two')
    >>> sorted(p.name for p in d.iterdir())  # no temporary file is left
    ['a.txt']
    """
    target = Path(path)
    with atomic_path(target) as tmp, open(tmp, "wb") as f:
        if isinstance(data, str):
            f.write(data.encode(encoding))
        elif isinstance(data, bytes | bytearray | memoryview):
            f.write(data)
        else:
            data(f)
        f.flush()
    return target


# ------------------------------------------------------------------------------ live tournament files
#
# POSIX (fcntl) locks belong to the process and the file: closing ANY descriptor of a file drops all the
# process's locks on it, SQLite's included. Then another program thinks it is the last connection,
# checkpoints and deletes the -wal/-shm, and this program writes on into a deleted WAL (issue 18). So no
# code of ours may open() and close() a tournament file, its -wal or its -shm while SQLite has it open in
# this process. The store registers each file it opens for writing here; the file helpers below refuse a
# live file, and ``db.schema.inspect_file`` reads no header of one. Each live file keeps ONE descriptor
# of ours for the header check (:meth:`LiveFile.header`), closed only after SQLite's last connection to it.

HEADER_SIZE = 100  # the SQLite header: change counter at 24, user_version (the file's identity) at 60


class LiveFile:
    """One tournament file open in this process: its device and inode, and a descriptor (POSIX) that
    reads its header without opening it again. ``users``: the open databases on it."""

    def __init__(self, path: Path, dev: int, ino: int, fd: int | None) -> None:
        self.path, self.dev, self.ino, self.fd = path, dev, ino, fd
        self.users = 0
        self.abandoned = False  # gone or replaced: the descriptor stays open until the process ends

    def header(self) -> bytes | None:
        """The first 100 bytes of the file this descriptor names (the same inode, whatever the path
        names now): a ``cp`` over the file shows here. None where there is no descriptor."""
        if self.fd is None:
            return None
        try:
            return os.pread(self.fd, HEADER_SIZE, 0)
        except OSError:
            return None


_LIVE: dict[tuple[int, int], LiveFile] = {}


def _key(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if st.st_ino else None


def live_file(path: str | Path) -> LiveFile | None:
    """The live file ``path`` names (by device and inode), or None. Also its -wal and -shm."""
    p = Path(path)
    for suffix in ("-wal", "-shm"):
        if p.name.endswith(suffix):
            main = p.with_name(p.name[: -len(suffix)])
            found = live_file(main)
            if found is not None:
                return found
    key = _key(p)
    return None if key is None else _LIVE.get(key)


def hold_live(path: Path) -> LiveFile | None:
    """Register ``path`` (existing) as live in this process; returns its entry (shared by every open
    database on it). The descriptor is opened before SQLite's connection, so opening it drops nothing."""
    key = _key(path)
    if key is None:
        return None
    entry = _LIVE.get(key)
    if entry is None:
        fd = None
        if os.name == "posix":
            with contextlib.suppress(OSError):
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        entry = _LIVE[key] = LiveFile(path, key[0], key[1], fd)
    entry.users += 1
    return entry


def release_live(entry: LiveFile) -> None:
    """One database on ``entry`` closed (after its SQLite connections): the last one closes the
    descriptor, unless the file was abandoned (its SQLite connections are kept open till the end)."""
    entry.users -= 1
    if entry.users > 0 or (entry.abandoned and entry.fd is not None):
        return  # (an abandoned entry's descriptor keeps its inode number from being reused by another file)
    _LIVE.pop((entry.dev, entry.ino), None)
    if entry.fd is not None:
        with contextlib.suppress(OSError):
            os.close(entry.fd)
        entry.fd = None


def refuse_live(path: str | Path) -> None:
    """Refuse to open, read or write over a tournament file (or its -wal/-shm) open in this process."""
    if _LIVE and live_file(path) is not None:
        raise OutputError(code="file_is_open_tournament", name=Path(path).name)
