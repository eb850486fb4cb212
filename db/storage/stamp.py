"""The file's own commit sequence (docs/data-safety.md "The file on disk is the one written").

SQLite's header change counter does not count commits in WAL mode when one connection does the writing (it
writes the same value at every commit until it reads page 1 again), so the store keeps a sequence of its own:
the one-row table ``file_stamp`` (``identity``, ``seq``), whose ``seq`` every write transaction of ours moves
on by one (:func:`bump`). Its page is in every commit, so the sequence can be read

- from the main file alone (the state its last checkpoint left: :func:`stamp_of_image` over its bytes, read
  through the descriptor the store keeps, never a second ``open()`` of a live file), and
- from each commit in the ``-wal`` (:func:`wal_commits`, the stamp's page of that commit put into an image).

With them a copy put back over the file (its sequence older than the one last seen there), another tournament
(another identity) and a WAL that does not follow the file (its first commit more than one after the file's
state) are told apart from a checkpoint, at any pace. The table is not part of the ORM schema: it is a property
of the file, like ``application_id`` and ``user_version``, made by the store when a writer opens the file
(:func:`ensure_stamp`), so exports and the migrations do not see it.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from db.storage.schema import parse_header, sqlite_uri, wal_header, wal_is_orphan

TABLE = "file_stamp"
SQLITE_MAGIC = b"SQLite format 3\x00"


def not_stamp(name: str | None, type_: str, _parents: object) -> bool:
    """Alembic's ``include_name``: the stamp table is the file's, not the schema's (autogenerate leaves it)."""
    return not (type_ == "table" and name == TABLE)


@dataclass(frozen=True)
class Stamp:
    """Whose file (``identity``, the random number also in ``user_version``) and how far its commits went
    (``seq``; 0: no commit stamped yet, or a file from before stamps)."""

    identity: int
    seq: int


def ensure_stamp(conn: sqlite3.Connection, identity: int) -> None:
    """Make the stamp table and its row in a file opened for writing (``conn``: a plain connection in
    autocommit mode). Only a file without it waits for the write lock."""
    if _has_row(conn):
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), "
                     "identity INTEGER NOT NULL, seq INTEGER NOT NULL)")
        conn.execute(f"INSERT OR IGNORE INTO {TABLE} (id, identity, seq) VALUES (1, ?, 0)", (identity,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _has_row(conn: sqlite3.Connection) -> bool:
    try:
        return conn.execute(f"SELECT 1 FROM {TABLE} WHERE id = 1").fetchone() is not None
    except sqlite3.OperationalError:  # no such table
        return False


def bump(conn: sqlite3.Connection) -> int | None:
    """Move the sequence on by one inside the caller's write transaction; the new value (None: no table)."""
    try:
        row = conn.execute(f"UPDATE {TABLE} SET seq = seq + 1 WHERE id = 1 RETURNING seq").fetchone()
    except sqlite3.OperationalError:
        return None
    return None if row is None else int(row[0])


def stamp_of_image(image: bytes) -> Stamp | None:
    """The stamp of a database image (a file's bytes). None when the bytes are no readable SQLite database;
    ``Stamp(user_version, 0)`` for a readable one without the table (a file from before stamps, or one whose
    stamp is still only in its WAL)."""
    return stamp_and_root(image)[0]


def stamp_and_root(image: bytes) -> tuple[Stamp | None, int | None]:
    """The image's stamp (as :func:`stamp_of_image`) and the page that holds its one row (its table's root, a
    leaf; None while it has none), read in one pass over the image."""
    if len(image) < 512 or image[:16] != SQLITE_MAGIC:
        return None, None
    data = bytearray(image)
    data[18] = data[19] = 1  # WAL mode: an image in memory is read as a rollback-journal file
    header = parse_header(bytes(data[:100]))
    identity = header.identity if header is not None else 0
    con = sqlite3.connect(":memory:")
    try:
        con.deserialize(bytes(data))
        found = con.execute("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?",
                            (TABLE,)).fetchone()
        if found is None:  # readable (the schema was read), but no stamp yet
            return Stamp(identity, 0), None
        row = con.execute(f"SELECT identity, seq FROM {TABLE} WHERE id = 1").fetchone()
    except (sqlite3.Error, ValueError, OverflowError):
        return None, None
    finally:
        con.close()
    stamp = Stamp(identity, 0) if row is None else Stamp(int(row[0]), int(row[1]))
    return stamp, int(found[0])


@dataclass(frozen=True)
class WalCommits:
    """The committed transactions of a ``-wal`` as SQLite's recovery reads them (the header's salts, up to
    the last commit frame): the page size, each commit's pages (its newest image of each), and the pages in
    the database after each commit."""

    page_size: int
    commits: tuple[dict[int, bytes], ...]
    db_pages: tuple[int, ...]


def wal_commits(wal: Path) -> WalCommits | None:
    """Read ``wal`` (a -wal NOT open in this process, or one set aside); None when it holds no commit."""
    with open(wal, "rb") as f:
        found = wal_header(f.read(32))
        if found is None:
            return None
        size, salts = found
        commits: list[dict[int, bytes]] = []
        sizes: list[int] = []
        pending: dict[int, bytes] = {}
        while True:
            fh = f.read(24)
            if len(fh) < 24 or fh[8:16] != salts:
                break
            data = f.read(size)
            if len(data) < size:
                break
            pgno, commit = int.from_bytes(fh[:4], "big"), int.from_bytes(fh[4:8], "big")
            pending[pgno] = data
            if commit:
                commits.append(pending)
                sizes.append(commit)
                pending = {}
    return WalCommits(size, tuple(commits), tuple(sizes)) if commits else None


def apply(base: bytes, wal: WalCommits, upto: int | None = None) -> bytes:
    """``base`` with the WAL's commits (the first ``upto`` of them; all by default) written over it, as a
    checkpoint does."""
    size = wal.page_size
    commits = wal.commits if upto is None else wal.commits[:upto]
    db_pages = wal.db_pages[len(commits) - 1] if commits else len(base) // size
    image = bytearray(base[: db_pages * size].ljust(db_pages * size, b"\0"))
    for pages in commits:
        for pgno, data in pages.items():
            if pgno <= db_pages:
                image[(pgno - 1) * size: pgno * size] = data
    return bytes(image)


@dataclass(frozen=True)
class WalStamps:
    """The stamps of a WAL's first stamped commit and of its end state (None: the WAL stamps nothing, e.g. a
    file from before stamps, or written by another program only)."""

    first: Stamp | None
    last: Stamp | None
    end: bytes  # the image after every commit


def wal_stamps(base: bytes, wal: WalCommits) -> WalStamps:
    """What the WAL's commits say of themselves, read over ``base`` (the file they are applied to)."""
    end = apply(base, wal)
    last, root = stamp_and_root(end)
    if last is None or root is None:
        return WalStamps(None, last, end)
    size = wal.page_size
    for pages in wal.commits:
        if root in pages:
            image = bytearray(end)
            image[(root - 1) * size: root * size] = pages[root]
            return WalStamps(stamp_of_image(bytes(image)), last, end)
    return WalStamps(None, last, end)


def wal_follows(main: Stamp, first: Stamp | None) -> bool:
    """Whether a WAL whose first stamped commit is ``first`` may be applied to a file stamped ``main``: the
    same identity, and the file not older than the state just before that commit (a partial checkpoint may
    have carried it further; a copy put back is older)."""
    if first is None:
        return True
    return main.identity in (0, first.identity) and main.seq >= first.seq - 1


def check_problem(path: Path, quick: bool = False) -> str | None:
    """SQLite's ``integrity_check`` (or ``quick_check``) of a file that is no live tournament file (a backup, a
    rescued copy): None when it passes, else its first finding in one line."""
    try:
        con = sqlite3.connect(sqlite_uri(path, "ro", immutable=True), uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        rows = con.execute(f"PRAGMA {'quick_check' if quick else 'integrity_check'}").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    finally:
        con.close()
    return None if rows == [("ok",)] else " ".join(str(rows[0][0]).split())[:200]


def integrity_ok(path: Path, quick: bool = False) -> bool:
    """Whether :func:`check_problem` finds nothing."""
    return check_problem(path, quick) is None


def file_stamp(path: Path) -> Stamp | None:
    """The stamp of a closed file (a backup, a rescued copy)."""
    try:
        return stamp_of_image(path.read_bytes())
    except OSError:
        return None


def rebuild(wal: Path, backups: list[Path], target: Path, *, at_least: int = 0) -> Stamp | None:
    """Write at ``target`` the file as its writer last committed it: the newest of ``backups`` (oldest first)
    that the WAL follows (the same identity, not older than the state before the WAL's first commit), with the
    WAL's commits written over it as a checkpoint does; kept only when it passes ``integrity_check`` and its
    sequence reaches ``at_least`` (the last commit acknowledged). Its stamp, or None when no backup fits."""
    try:
        commits = wal_commits(wal)
    except OSError:
        return None
    if commits is None:
        return None
    for backup in reversed(backups):
        try:
            base = backup.read_bytes()
        except OSError:
            continue
        have = stamp_of_image(base)
        if have is None or len(base) % commits.page_size:
            continue
        # all the commits, else all but the last (a crash may have torn it: SQLite's checksums drop it)
        for upto in (len(commits.commits), len(commits.commits) - 1):
            if upto < 1:  # the only commit torn: the backup itself, when it holds what was acknowledged
                if have.seq >= at_least and have.seq > 0:
                    target.write_bytes(base)
                    if integrity_ok(target):
                        return have
                break
            part = WalCommits(commits.page_size, commits.commits[:upto], commits.db_pages[:upto])
            stamps = wal_stamps(base, part)
            if stamps.first is None or stamps.last is None or not wal_follows(have, stamps.first) \
                    or stamps.last.seq < at_least:
                continue
            target.write_bytes(stamps.end)
            if integrity_ok(target):
                return stamps.last
    return None


def wal_is_foreign(path: Path, tries: int = 3, pause: float = 0.05) -> bool:
    """Whether the -wal beside ``path`` (neither open in this process) must not be applied to the file at
    ``path``: the file is gone, empty or unreadable, carries another identity, or is older than the state
    before the WAL's first commit (a copy put back over the file, after a crash or across a checkpoint). The
    WAL is read before the file, so another program's checkpoint in between only makes the file newer; a
    verdict of "foreign" is read again ``tries`` times (a checkpoint under way tears a read), and only a
    steady one counts. A WAL that stamps nothing (a file from before stamps) is judged as before
    (:func:`db.storage.schema.wal_is_orphan`)."""
    for attempt in range(tries):
        if attempt:
            time.sleep(pause)
        try:
            commits = wal_commits(Path(str(path) + "-wal"))
        except OSError:
            return False
        if commits is None:
            return False
        try:
            main = path.read_bytes()
        except OSError:
            main = b""
        have = stamp_of_image(main)
        if have is not None:
            stamps = wal_stamps(main, commits)
            if stamps.first is None or stamps.first.seq <= 1:
                # no stamps, or stamps that start in this WAL (a file from before them): the older rule too
                if wal_is_orphan(path):
                    continue
                if stamps.first is None:
                    return False
            if wal_follows(have, stamps.first):
                return False
    return True
