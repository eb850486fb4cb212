"""Automatic and manual backups of a tournament file, made by the store whichever program writes.

For ``event.mcr`` the copies go to ``event.mcr.backups/`` beside it, named by the UTC time they were
taken (they open like any tournament file, and the Open dialog's ``*.mcr`` filter shows them)::

    event.mcr.backups/event-20261201T101500Z.mcr            automatic
    event.mcr.backups/event-20261201T121900Z-session3.mcr   the state when session 3 was complete
    event.mcr.backups/event-20261201T130000Z-manual.mcr     `mcr-tournament backup` / Back up now
    event.mcr.backups/event-20261201T090000Z-before-upgrade.mcr   the file as an older version left it

Every backup, whoever asks for it, is made by :func:`back_up` (the command line's ``backup``, the app's Back up
now, the automatic, end-of-session, closing and before-upgrade copies; for a server database the JSON export
of ``backup DIR``). It knows the open database only as a :class:`BackupSource` (``db.storage.database.Database`` is
one), so this module imports neither ``db.storage.database`` nor anything above it.

Each copy is consistent (SQLite's online backup API from the connection the program holds, safe while
other stations write) and written atomically (temporary file, fsync, rename). When:

- at the first write after opening, *before* it (the state the program found), unless another backup
  of the file is less than :data:`FLOOR` seconds old;
- then at most every :data:`INTERVAL` seconds while writes happen;
- after each write that completes a session (every table of it at its last hand, time called, or
  signed off);
- when the database is closed after writes that no backup holds yet (unless one is less than
  :data:`FLOOR` seconds old).

Before a program migrates a file to a newer schema it always copies the file as it was
(``…-before-upgrade.mcr``, never rotated away); if that copy fails the file is not upgraded.

Rotation keeps the newest :data:`KEEP` automatic copies plus the last copy of each completed session
and every manual and before-upgrade one. A failed automatic backup never stops a write: ``Backups.last_error`` says why.
A second folder (a USB stick) receives a copy of every backup taken in the backups folder (automatic,
session and manual), rotated the same way; when that copy fails, ``last_error`` says so for an automatic
backup and a manual one raises (the copy beside the file is made either way).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Engine

from db.errors import BackupError, TournamentError
from db.storage.files import atomic_path, describe_os_error, write_atomic
from db.storage.schema import FileState, inspect_file, sqlite_uri
from db.storage.stamp import check_problem
from db.storage.transfer import export_snapshot

KEEP = 20
log = logging.getLogger(__name__)
_HELD: set[Path] = set()  # old backups rotation could not delete, already logged
INTERVAL = 300.0
FLOOR = 60.0
WAL_LIMIT = 64 << 20  # bytes: a WAL this large gets its backup and checkpoint before INTERVAL is up
SUFFIX = ".mcr"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<ts>\d{8}T\d{6}Z)(?:-(?P<kind>session(?P<session>\d+)|manual|before-upgrade))?"
                   r"(?:-(?P<n>\d+))?\.mcr$")


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    taken_at: datetime  # UTC
    kind: str  # "auto", "session", "manual" or "upgrade" (the file as it was before a schema upgrade)
    session: int | None
    size: int


def backup_folder(db_path: str | Path) -> Path:
    """``event.mcr`` → ``event.mcr.backups``."""
    p = Path(db_path)
    return p.with_name(p.name + ".backups")


# A backup's whole path (its temporary file's, the longest) stays under this: Windows' MAX_PATH is 260.
PATH_MAX = 240
SHORT_STEM = 24  # the start of a long stem kept in a backup's name, before "~" and a hash of the whole


def short_stem(stem: str) -> str:
    """The stem a backup of a file with a long name carries: its start and a hash of the whole stem (the same
    on every system and in every folder, so the backups are found again).

    >>> short_stem("第五届国标麻将公开赛" * 4)
    '第五届国标麻将公开赛第五届国标麻将公开赛第五届国~833813'
    """
    return f"{stem[:SHORT_STEM]}~{hashlib.sha1(stem.encode('utf-8')).hexdigest()[:6]}"


def _backup_stem(stem: str, folder: Path) -> str:
    """``stem``, or :func:`short_stem` when the name or the path would be too long: the longest name
    (``-20261201T101500Z-before-upgrade-99.mcr``) as a temporary file (``.NAME.PID.tmp``)."""
    longest = f".{stem}-20261201T101500Z-before-upgrade-99{SUFFIX}.4194304.tmp"
    too_long = len(longest.encode("utf-8")) > 255 or len(str(folder.absolute() / longest)) >= PATH_MAX
    return short_stem(stem) if too_long else stem


def _ignores_case(folder: Path) -> bool:
    """Whether the disk holding ``folder`` ignores case (Windows, macOS): the same folder under its name in
    other letters. On such a disk ``Event.mcr`` opened as ``event.mcr`` still finds its backups."""
    other = folder.with_name(folder.name.swapcase())
    if other.name == folder.name:
        return False
    try:
        return other.exists() and os.path.samefile(folder, other)
    except OSError:
        return False


def list_backups(db_path: str | Path, folder: str | Path | None = None) -> list[BackupInfo]:
    """The backups of ``db_path`` in ``folder`` (default: beside it), oldest first."""
    stem = Path(db_path).stem
    where = Path(folder) if folder is not None else backup_folder(db_path)
    out = []
    try:
        entries = list(where.iterdir())
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise BackupError(code="backup_list_failed", folder=str(where), cause=describe_os_error(exc)) from exc
    fold = str.casefold if _ignores_case(where) else str
    stems = {fold(stem), fold(short_stem(stem))}
    for p in entries:
        m = _NAME.match(p.name)
        if not m or fold(m["stem"]) not in stems:
            continue
        try:
            size = p.stat().st_size
        except OSError:
            continue
        taken = datetime.strptime(m["ts"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
        kind = "auto" if not m["kind"] else {"manual": "manual", "before-upgrade": "upgrade"}.get(m["kind"], "session")
        out.append(BackupInfo(p, taken, kind, int(m["session"]) if m["session"] else None, size))
    out.sort(key=lambda b: (b.taken_at, int(_NAME.match(b.path.name)["n"] or 1)))  # type: ignore[index]
    return out


def _unique_name(folder: Path, stem: str, kind: str, session: int | None, now: datetime) -> Path:
    tag = {"auto": "", "manual": "-manual", "upgrade": "-before-upgrade"}.get(kind, f"-session{session}")
    base = f"{stem}-{now.strftime('%Y%m%dT%H%M%SZ')}{tag}"
    target, n = folder / f"{base}{SUFFIX}", 1
    while target.exists():
        n += 1
        target = folder / f"{base}-{n}{SUFFIX}"
    return target


def rotate(db_path: str | Path, folder: Path, keep: int = KEEP) -> list[Path]:
    """Delete the automatic backups beyond the newest ``keep``; a completed session's last copy and
    manual copies are kept (an earlier copy of a session, superseded by a later one, counts as
    automatic). Returns the deleted paths."""
    items = list_backups(db_path, folder)
    last_of_session = {b.session: b for b in items if b.kind == "session"}
    pool = [b for b in items if b.kind == "auto" or (b.kind == "session" and last_of_session[b.session] is not b)]
    drop = pool[:-keep] if keep > 0 else pool
    deleted = []
    for b in drop:
        try:
            b.path.unlink(missing_ok=True)
        except PermissionError as exc:
            # Windows: a virus scanner or another instance has it open. Keep it and delete the others; the
            # next rotation tries it again. Said once per file, in the log.
            if b.path not in _HELD:
                _HELD.add(b.path)
                log.warning("old backup %s kept for now: %s", b.path, describe_os_error(exc))
            continue
        deleted.append(b.path)
    return deleted


class BackupSource(Protocol):
    """What a backup needs of an open database (``db.storage.database.Database`` is one). ``path``: the SQLite file
    (None for a server database); ``backups``: its automatic backups (None when it has none: read-only, a
    server database, or opened with ``backups=False``)."""

    @property
    def path(self) -> Path | None: ...

    @property
    def engine(self) -> Engine: ...

    @property
    def backups(self) -> Backups | None: ...

    def copy_to(self, target: Path) -> None:
        """A consistent copy of the open SQLite database written at ``target``."""

    def read_rows(self, sql: str) -> list[tuple[Any, ...]]:
        """The rows of a plain read on the connection the program holds ([] when it holds none)."""

    def checkpoint(self) -> bool:
        """The program's own checkpoint of the file it writes (False when none was taken or it was partial)."""


def back_up(source: BackupSource, kind: str = "manual", *, folder: str | Path | None = None,
            session: int | None = None) -> Path:
    """Make a backup now, the one way every backup is made; returns its path.

    An SQLite file: a consistent copy into ``folder`` (default: the backups folder beside the file), named by
    the time and ``kind`` ("manual", never rotated away; "auto"; "session" with ``session``; "upgrade").
    When the file has automatic backups and the copy goes into their folder, the newer copies are rotated
    and the copy is copied to the second folder too (a failure there raises for a manual backup and sets
    ``Backups.last_error`` for the others). Works on a database opened read-only too.

    A server database: a JSON export read in one snapshot, ``tournament-<UTC time>.json`` in ``folder``
    (which must be given)."""
    if source.path is None:
        if folder is None:
            raise TournamentError(code="server_backup_needs_folder")
        return _export(source, Path(folder))
    where = None if folder is None else Path(folder)
    auto = source.backups
    if auto is None:
        return _copy(source, source.path, where, kind, session)
    return auto._take(kind, session, where)


def _make_folder(where: Path) -> None:
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(code="backup_folder_failed", folder=where.name, cause=describe_os_error(exc)) from exc


def _copy(source: BackupSource, path: Path, folder: Path | None, kind: str, session: int | None) -> Path:
    """One consistent copy of the open SQLite file ``path`` into ``folder`` (default: its backups folder),
    written atomically."""
    where = folder if folder is not None else backup_folder(path)
    _make_folder(where)
    target = _unique_name(where, _backup_stem(path.stem, where), kind, session, datetime.now(UTC))
    with atomic_path(target) as tmp:
        source.copy_to(tmp)
        # a copy of a damaged file is no backup: refused before it is named as one, so rotation never deletes
        # a good copy in its favour
        problem = check_problem(tmp, quick=True)
        if problem is not None:
            raise BackupError(code="backup_damaged", name=path.name, problem=problem)
    return target


def _export(source: BackupSource, folder: Path) -> Path:
    """A server database's backup: the export read in one snapshot, written atomically into ``folder``."""
    _make_folder(folder)
    target = folder / f"tournament-{datetime.now(UTC).strftime('%Y%m%dT%H%M%SZ')}.json"
    return write_atomic(target, export_snapshot(source.engine))


def restore_backup(backup: str | Path, target: str | Path) -> Path:
    """Copy the chosen backup to a new file ``target`` (never over an existing file, so never over the
    open tournament). The copy is checked to be a tournament file first and written atomically."""
    src = Path(backup).expanduser().resolve()
    out = Path(target).expanduser().resolve()
    if not src.is_file():
        raise BackupError(code="no_such_backup", name=src.name)
    if out.exists():
        raise BackupError(code="restore_target_exists", name=out.name)
    if inspect_file(src, immutable=True).state is FileState.NEW:
        raise BackupError(code="backup_empty", name=src.name)
    with atomic_path(out) as tmp:
        s = sqlite3.connect(sqlite_uri(src, "ro", immutable=True), uri=True)
        d = sqlite3.connect(str(tmp))
        try:
            s.backup(d)
        finally:
            d.close()
            s.close()
    return out


class Backups:
    """The automatic backups of one open, writable tournament file: when a copy is due, rotation, the second
    folder. The store calls ``opened``, ``before_write``, ``wrote``/``after_write`` and ``on_close``; the app
    may call ``list_backups``, ``last_backup_time``, ``known_backup_time``, set ``second_folder``. Copies are
    made by :func:`back_up` (which comes back here for the bookkeeping)."""

    def __init__(self, source: BackupSource, second_folder: str | Path | None = None) -> None:
        assert source.path is not None
        self.source = source
        self.path = source.path
        self.folder = backup_folder(source.path)
        self.second_folder: Path | None = None if second_folder is None else Path(second_folder)
        self.keep = KEEP
        self.interval = INTERVAL
        self.floor = FLOOR
        self.last_error: str | None = None  # why the last automatic backup failed (None: it worked)
        self.last_refusal: TournamentError | None = None  # the same with its code (the GUI translates it)
        self.last_duration: float | None = None  # seconds the last backup took
        self._last: float | None = None  # time.time() of the newest backup known to this program
        self._first_write_seen = False
        self._pending = False
        self._changed = False
        self._complete: set[int] = set()
        self._lock = threading.RLock()

    # --- the API -----------------------------------------------------------------------------------

    def list_backups(self, folder: str | Path | None = None) -> list[BackupInfo]:
        return list_backups(self.path, folder if folder is not None else self.folder)

    def last_backup_time(self) -> datetime | None:
        """When the newest backup of this file was taken (by any program), UTC; None if there is none."""
        items = self.list_backups()
        newest = items[-1].taken_at.timestamp() if items else None
        known = max((t for t in (newest, self._last) if t is not None), default=None)
        return None if known is None else datetime.fromtimestamp(known, UTC)

    def known_backup_time(self) -> datetime | None:
        """The newest backup this program knows of without looking at the folder (the one found when the
        file was opened, or its own since), UTC; None if none."""
        return None if self._last is None else datetime.fromtimestamp(self._last, UTC)

    def _take(self, kind: str, session: int | None, folder: Path | None) -> Path:
        """:func:`back_up` of this file into ``folder`` (default: the backups folder, and then a copy in the
        second folder when one is set), noted as this program's newest backup."""
        where = folder if folder is not None else self.folder
        with self._lock:
            t0 = time.perf_counter()
            # the WAL starts again where this copy starts: the newest backup plus the WAL then always hold the
            # whole file, whatever happens to the file itself (the rescue, db.storage.stamp.rebuild)
            self.source.checkpoint()
            target = _copy(self.source, self.path, where, kind, session)
            self.last_duration = time.perf_counter() - t0
            self._last = time.time()
            self._changed = False
            if where == self.folder:
                if kind != "manual":
                    rotate(self.path, where, self.keep)
                if self.second_folder is not None and (problem := self._copy_to_second(target)):
                    if kind == "manual":
                        raise problem
                    self.failed(problem)
            return target

    # --- called by the store -------------------------------------------------------------------

    def opened(self) -> None:
        self._complete = self._completed_sessions()
        items = self.list_backups() if self.folder.is_dir() else []
        self._last = items[-1].taken_at.timestamp() if items else None

    def before_write(self) -> None:
        """The first write of this program: keep the state it found (unless a backup is very recent)."""
        if self._first_write_seen:
            return
        self._first_write_seen = True
        if self._has_tournament() and not self._recent(self.floor):
            self._auto("auto")

    def wrote(self) -> None:
        """A write transaction is committing (engine event); ``after_write`` follows when its
        connection is returned."""
        self._pending = True

    def after_write(self) -> None:
        if not self._pending:
            return
        with self._lock:
            self._pending = False
            self._changed = True
            done = self._completed_sessions()
            finished, self._complete = sorted(done - self._complete), done
            for k in finished:
                self._auto("session", session=k)
            if not finished and (not self._recent(self.interval)
                                 or (self._wal_large() and not self._recent(self.floor))) and self._has_tournament():
                self._auto("auto")

    def on_close(self) -> None:
        self.after_write()
        if self._changed and not self._recent(self.floor):
            self._auto("auto")

    # --- helpers -----------------------------------------------------------------------------------

    def _wal_large(self) -> bool:
        """The WAL grew past :data:`WAL_LIMIT` since the last checkpoint (a storm of writes): back up and
        checkpoint before the interval is up, so reads stay fast and the WAL bounded."""
        try:
            return os.stat(self.path.with_name(self.path.name + "-wal")).st_size > WAL_LIMIT
        except OSError:
            return False

    def _recent(self, seconds: float) -> bool:
        return self._last is not None and time.time() - self._last < seconds

    def _auto(self, kind: str, session: int | None = None) -> None:
        self.failed(None)  # before: a failed copy to the second folder is noted while it is made
        try:
            back_up(self.source, kind, session=session)
        except TournamentError as exc:
            self.failed(exc)
        except Exception as exc:  # noqa: BLE001 - a failed backup never stops the write
            self.failed(BackupError(code="auto_backup_failed", cause=describe_os_error(exc)))

    def failed(self, refusal: TournamentError | None) -> None:
        """Note why the last automatic backup (or its copy to the second folder) failed; None: it worked."""
        self.last_refusal = refusal
        self.last_error = None if refusal is None else str(refusal)

    def _copy_to_second(self, made: Path) -> BackupError | None:
        """Copy ``made`` into the second folder and rotate there; why it failed, or None."""
        assert self.second_folder is not None
        try:
            self.second_folder.mkdir(parents=True, exist_ok=True)
            with atomic_path(self.second_folder / made.name) as tmp:
                shutil.copyfile(made, tmp)
            rotate(self.path, self.second_folder, self.keep)
        except TournamentError as exc:
            return BackupError(code="second_backup_refused", refusal=exc)
        except OSError as exc:
            return BackupError(code="second_backup_failed", folder=str(self.second_folder),
                               cause=describe_os_error(exc))
        return None

    def _query(self, sql: str) -> list[tuple[Any, ...]]:
        try:
            return self.source.read_rows(sql)
        except sqlite3.Error:  # e.g. no tournament table yet: nothing to back up, no session complete
            return []

    def _has_tournament(self) -> bool:
        return bool(self._query("SELECT 1 FROM tournament WHERE id = 1"))

    def _completed_sessions(self) -> set[int]:
        """Sessions whose every table is finished (its last hand in: ``views.last_hand``, in SQL) or
        signed off: the same notion as ``queries.table_progress``. Sessions already complete are not looked at again (a
        correction that reopens one is kept by the periodic and closing backups), so the query after
        each write only reads the tables of the sessions in play."""
        known = self._complete
        skip = f"WHERE st.session NOT IN ({','.join(str(int(k)) for k in sorted(known))}) " if known else ""
        rows = self._query(
            "SELECT st.session, COUNT(*), SUM(CASE WHEN st.signed_off "
            "OR COALESCE((SELECT MAX(h.hand_no) FROM hands h WHERE h.table_id = st.id), 0) "
            ">= CASE WHEN st.time_called_after < t.hands_per_session THEN st.time_called_after "
            "ELSE t.hands_per_session END "
            f"THEN 1 ELSE 0 END) FROM session_tables st JOIN tournament t ON t.id = 1 {skip}GROUP BY st.session")
        return known | {int(k) for k, n, done in rows if n and n == done}
