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
from texts import Text

Writer = Callable[[BinaryIO], None]


# Windows: the file is open in another program (Excel, Acrobat, a virus scanner, another instance).
SHARING_VIOLATION, LOCK_VIOLATION = 32, 33
IN_USE = Text("another program has the file open: close it there and try again", "cause")
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
            return Text("no space left on device", "cause")
        if exc.errno == errno.EROFS:
            return Text("the medium is read-only", "cause")
        if exc.errno in (errno.EACCES, errno.EPERM):
            return Text("permission denied", "cause")
        text = exc.strerror or str(exc)
    elif isinstance(exc, sqlite3.Error):
        text = str(exc)
        if "disk is full" in text:
            return Text("no space left on device", "cause")
        if "readonly" in text:
            return Text("the medium is read-only", "cause")
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
