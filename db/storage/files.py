"""Atomic file outputs: a kill or a full disk leaves the previous file as it was.

``write_atomic(path, data)`` writes ``data`` (bytes, text, or a function that writes to a binary file)
to a temporary file in the same folder, flushes and fsyncs it, then renames it over ``path``
(``os.replace``, atomic on POSIX and Windows) and fsyncs the folder. ``atomic_path(path)`` does the
same for writers that need a file name (SQLite's backup API). A failure removes the temporary file and
raises :class:`db.errors.OutputError` with one line naming the file and the cause::

    could not write results.json: no space left on device

The temporary file is ``.NAME.PID.tmp`` beside ``NAME``. A run killed while writing (``kill -9``, a power cut)
leaves it behind; the next run that writes in that folder removes it (:func:`sweep_temp_files`): only a file
named exactly so, whose PID is not a process running on this computer, and that nobody has changed for
:data:`STALE_AFTER_S` seconds. The age keeps the temporary file of a writer this computer cannot see (another
computer writing into a shared folder, a sandbox with its own process ids) while it is being written.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import sqlite3
import sys
import threading
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


log = logging.getLogger(__name__)
TEMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>[1-9][0-9]{0,9})\.tmp$")  # what _temp_name makes
# A temporary file unchanged this long is no longer being written by anyone: a writer writes it in one go, then
# fsyncs it (seconds on a slow stick) and renames it. Five minutes also cover a shared folder's clock being off.
STALE_AFTER_S = 300.0
SWEEP_EVERY_S = 60.0  # how often one program looks again in a folder it writes in
_swept: dict[Path, float] = {}  # folder -> time.monotonic() of this program's last sweep there
_swept_lock = threading.Lock()


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this computer (True when that cannot be told: the file is kept)."""
    if pid <= 0 or pid > 0x7FFFFFFF:
        return True  # no process of ours has that id (and ``os.kill(0, …)`` would mean our process group)
    if sys.platform == "win32":  # os.kill would end it on Windows: ask for the process instead
        import ctypes
        from ctypes import wintypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.OpenProcess.restype = wintypes.HANDLE
        kernel32.OpenProcess.argtypes = (wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return ctypes.get_last_error() != 87  # ERROR_INVALID_PARAMETER: no such process (else: not ours)
        try:
            code = wintypes.DWORD()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE; else it has ended (a handle someone holds keeps its id)
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it runs as another user
        return True
    return True


def sweep_temp_files(folder: str | Path) -> list[Path]:
    """Remove the temporary files that killed runs left in ``folder`` (see the module doc); returns them.
    Never one of this process's (another thread may be writing it); a file that cannot be removed stays."""
    where = Path(folder)
    with _swept_lock:
        _swept[where] = time.monotonic()
    removed: list[Path] = []
    try:
        entries = list(os.scandir(where))
    except OSError:
        return removed
    now, me = time.time(), os.getpid()
    for entry in entries:
        m = TEMP_NAME.match(entry.name)
        if m is None or int(m["pid"]) == me:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not entry.is_file(follow_symlinks=False) or now - st.st_mtime < STALE_AFTER_S:
                continue
            if pid_alive(int(m["pid"])):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        log.info("removed %s, left by a run that was stopped while writing", entry.path)
        removed.append(Path(entry.path))
    return removed


def _sweep_now_and_then(folder: Path) -> None:
    with _swept_lock:
        last = _swept.get(folder)
    if last is None or time.monotonic() - last >= SWEEP_EVERY_S:
        sweep_temp_files(folder)


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends without error the file written there
    is fsynced and renamed over ``path``. On any error the temporary file is removed and ``path`` is
    left as it was. A ``path`` that is a tournament (:func:`refuse_output`) is refused before anything is
    written."""
    target = Path(path)
    refuse_output(target)
    folder = target.resolve().parent
    if not folder.is_dir():
        raise OutputError(code="output_folder_missing", name=target.name, folder=str(folder))
    tmp = _temp_name(folder / target.name)
    _sweep_now_and_then(folder)
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
# checkpoints and deletes the -wal/-shm, and this program writes on into a deleted WAL. So no
# code of ours may open() and close() a tournament file, its -wal or its -shm while SQLite has it open in
# this process. The store registers each file it opens for writing here; the file helpers below refuse a
# live file, and ``db.storage.schema.inspect_file`` reads no header of one. Each live file keeps ONE descriptor
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

    def content(self) -> bytes | None:
        """The whole file this descriptor names (the guard's check of its stamp, db.storage.stamp), read through the
        descriptor: never a second ``open()`` of a live file."""
        if self.fd is None:
            return None
        parts: list[bytes] = []
        offset = 0
        try:
            while True:
                chunk = os.pread(self.fd, 1 << 20, offset)
                if not chunk:
                    return b"".join(parts)
                parts.append(chunk)
                offset += len(chunk)
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


# ------------------------------------------------------------------------------ no output over a tournament
#
# ``export e.mcr`` typed for ``export e.json`` replaced the tournament by its export, rc 0, and
# ``export e.mcr-wal`` a crash's WAL. Every writer of an output goes through :func:`atomic_path`, so the refusal
# is made there once: the file must not be a tournament this process has open (read-only ones included, by device
# and inode: another spelling or a hard link is the same file), nor its -wal/-shm/-journal, nor any file whose
# SQLite header carries our application_id. Files open here are recognised without opening them (closing a
# descriptor of ours would drop SQLite's locks on them); any other existing file has its first 100 bytes read.

JOURNAL_SUFFIXES = ("-wal", "-shm", "-journal")
SQLITE_MAGIC = b"SQLite format 3\x00"
APPLICATION_ID_AT = 68  # the header's application_id (big-endian); db.storage.schema.APPLICATION_ID is the value
TOURNAMENT_MARK = 0x4D435252  # 'MCRR' = db.storage.schema.APPLICATION_ID (db.storage.schema imports this module, not the reverse)
_OPEN: dict[tuple[int, int], tuple[Path, int]] = {}  # file key -> (path, how many open databases), read or write
_open_lock = threading.Lock()


def note_open(key: tuple[int, int] | None, path: Path) -> None:
    """A tournament file (any mode) is open in this process: outputs over it, its -wal or -shm are refused."""
    if key is None or not key[1]:
        return
    with _open_lock:
        _, count = _OPEN.get(key, (path, 0))
        _OPEN[key] = (path, count + 1)


def note_closed(key: tuple[int, int] | None) -> None:
    if key is None:
        return
    with _open_lock:
        found = _OPEN.get(key)
        if found is not None:
            if found[1] <= 1:
                del _OPEN[key]
            else:
                _OPEN[key] = (found[0], found[1] - 1)


def has_tournament_mark(header: bytes) -> bool:
    """Whether an SQLite header (the file's first bytes) carries the tournament marker.

    >>> has_tournament_mark(SQLITE_MAGIC + bytes(52) + TOURNAMENT_MARK.to_bytes(4, "big"))
    True
    >>> has_tournament_mark(b"PK\x03\x04") or has_tournament_mark(SQLITE_MAGIC + bytes(84))
    False
    """
    end = APPLICATION_ID_AT + 4
    return len(header) >= end and header.startswith(SQLITE_MAGIC) \
        and int.from_bytes(header[APPLICATION_ID_AT:end], "big") == TOURNAMENT_MARK


def _open_tournaments() -> list[tuple[tuple[int, int], Path]]:
    """(key, path) of every tournament file open in this process: for writing (``_LIVE``) or not (``_OPEN``)."""
    with _open_lock:
        found = [(key, path) for key, (path, _n) in _OPEN.items()]
    # abandoned ones too: SQLite still holds them (kept open for good), so they are never open()ed here
    found += [(key, entry.path) for key, entry in list(_LIVE.items())]
    return found


def _first_bytes(path: Path) -> bytes:
    """A regular file's first bytes; a file SQLite has open here is read through the kept descriptor, never
    open()ed (the POSIX lock rule). b"" when it cannot be read."""
    try:
        if not path.is_file():
            return b""
        key = _key(path)
        entry = _LIVE.get(key) if key is not None else None
        if entry is not None:
            return entry.header() or b""
        with open(path, "rb") as f:
            return f.read(HEADER_SIZE)
    except OSError:
        return b""


def _marked(path: Path) -> bool:
    """A regular file whose header carries the tournament marker; False when it cannot be read."""
    return has_tournament_mark(_first_bytes(path))


WAL_MAGICS = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")  # SQLite's WAL header (either byte order)


def _set_aside_wal(path: Path) -> bool:
    """A WAL (or its -shm) the guard set aside (``NAME-wal.orphan-<time>``), or any file that is a WAL: it may hold
    the only copy of some results."""
    if "-wal.orphan-" in path.name or "-shm.orphan-" in path.name:
        return path.exists()
    return _first_bytes(path)[:4] in WAL_MAGICS


def tournament_output_problem(path: str | Path) -> OutputError | None:
    """Why writing ``path`` would destroy a tournament (see above), or None. Reads no file open here."""
    target = Path(path)
    key = _key(target)
    opened = _open_tournaments()
    for main_key, main in opened:
        if key is not None and key == main_key:
            return OutputError(code="output_is_tournament", name=target.name, db=str(main))
        for suffix in JOURNAL_SUFFIXES:
            if key is not None and key == _key(Path(f"{main}{suffix}")):
                return OutputError(code="output_is_tournament_journal", name=target.name, db=str(main))
    journal_of = next((target.with_name(target.name[: -len(s)]) for s in JOURNAL_SUFFIXES
                       if target.name.endswith(s) and len(target.name) > len(s)), None)
    if journal_of is not None and (journal_key := _key(journal_of)) is not None:
        open_main = next((p for k, p in opened if k == journal_key), None)
        if open_main is not None or _marked(journal_of):
            return OutputError(code="output_is_tournament_journal", name=target.name,
                               db=str(open_main or journal_of))
    if key is not None and _marked(target):
        return OutputError(code="output_is_other_tournament", name=target.name)
    if key is not None and _set_aside_wal(target):
        return OutputError(code="output_is_wal", name=target.name)
    return None


def refuse_output(path: str | Path) -> None:
    """Refuse an output over a tournament file, its -wal/-shm/-journal, or any file with the tournament marker
    (:func:`tournament_output_problem`): one line, nothing written."""
    refuse_live(path)  # open for writing here: said as before ("… open in this program")
    problem = tournament_output_problem(path)
    if problem is not None:
        raise problem
